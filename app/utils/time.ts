/** Lengths of time in milliseconds, the unit of Date arithmetic and of every `*_MS` setting. */
export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/** The later of two times; a missing first one counts as never. */
export const later = (a: Date | null | undefined, b: Date) => (a && a.getTime() > b.getTime() ? a : b);
