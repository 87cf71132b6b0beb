// The bounds of live sharing (docs/decisions/046), shared by the recipient's page, the server that
// takes updates and the requester's view.

/** The durations a recipient may choose, in minutes: never longer than the request's answering window. */
export const LIVE_DURATIONS_MINUTES = [15, 60, 480] as const;

/** The fewest seconds between two stored updates of one live share (the page sends no more often). */
export const LIVE_MIN_INTERVAL_SECONDS = 10;

/** A move of more than this many metres is sent before the interval has passed. */
export const LIVE_MIN_MOVE_METERS = 50;

/** The newest positions kept per request as its trail; older ones are dropped as new ones arrive. */
export const LIVE_TRAIL_MAX = 100;
