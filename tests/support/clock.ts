// Rate limits count in fixed windows aligned to the clock (app/limits/rate-limit.server.ts): a test
// that counts up to a limit and expects the next attempt refused fails when a window ends between the
// two (one did, at 10:00 in CI). Such a test first waits, if need be, until the current window has
// room left for it.
import { setTimeout as sleep } from "node:timers/promises";

/** How long a counting test may take, at most, inside one window. */
const ROOM_MS = 10_000;

/** Waits until the current window of `windowMs` has at least ten seconds left (at most ten seconds). */
export async function awayFromWindowEnd(windowMs: number) {
  const left = windowMs - (Date.now() % windowMs);
  if (left < ROOM_MS) await sleep(left + 50);
}
