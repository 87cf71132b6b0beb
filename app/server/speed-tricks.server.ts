// The speed tricks that `npm run bench -- --tricks` measures against the simple path each replaces
// (docs/performance.md, "What each speed trick buys"). A server started with TEST_WITHOUT_TRICKS
// naming some of them (comma-separated) takes the simple path for those. Only the bench sets it; the
// configuration checks the names and, like every TEST_ setting, refuses it in live mode
// (app/server/config.server.ts); a server without it runs every trick. Each trick's test holds it to its simple path's answer (`onSimplePath`).
export const SPEED_TRICKS = [
  "route-subsets",
  "raw-reads",
  "driver-reader",
  "packed",
  "reviews-cache",
  "direct-resources",
  "express-prototypes",
  "consent-slots",
] as const;
export type SpeedTrick = (typeof SPEED_TRICKS)[number];

let without: ReadonlySet<string> = new Set(
  (process.env.TEST_WITHOUT_TRICKS ?? "").split(",").map((name) => name.trim()),
);

/** Whether this process runs `trick` now (always, unless the bench or a test asked for the simple path). */
export function trickOn(trick: SpeedTrick): boolean {
  return !without.has(trick);
}

/** `run` with `tricks` on their simple path: a test compares its answer with the trick's. */
export async function onSimplePath<T>(tricks: readonly SpeedTrick[], run: () => Promise<T>): Promise<T> {
  const before = without;
  without = new Set([...before, ...tricks]);
  try {
    return await run();
  } finally {
    without = before;
  }
}
