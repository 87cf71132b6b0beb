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

/** A move (more than LIVE_MIN_MOVE_METERS) may come sooner than the interval, but never sooner than this. */
export const LIVE_MOVE_MIN_INTERVAL_SECONDS = 2;

/** A fix less accurate than this many metres is a weak signal: its moves are mostly noise. */
export const LIVE_WEAK_ACCURACY_METERS = 100;

/** The fewest seconds between two updates on a weak signal (moves or not). */
export const LIVE_WEAK_INTERVAL_SECONDS = 30;

/** The durable job that ends a live share when its time is up (app/location-requests/live.server.ts). */
export const LIVE_END_JOB = "liveShareEnd";

/**
 * How many more seconds an update must wait after the previous one (0: it may go now). The one rule
 * of the page that sends (its script repeats it, in ES5, from these constants) and of the server that
 * refuses faster updates with 429.
 */
export function liveWaitSeconds(elapsedSeconds: number, movedMeters: number, accuracyMeters: number) {
  const interval =
    accuracyMeters > LIVE_WEAK_ACCURACY_METERS
      ? LIVE_WEAK_INTERVAL_SECONDS
      : movedMeters > LIVE_MIN_MOVE_METERS
        ? LIVE_MOVE_MIN_INTERVAL_SECONDS
        : LIVE_MIN_INTERVAL_SECONDS;
  return Math.max(0, interval - elapsedSeconds);
}

/** The distance in metres between two positions (haversine, on a sphere of the Earth's mean radius). */
export function metersBetween(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }) {
  const toRad = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * toRad;
  const dLon = (b.longitude - a.longitude) * toRad;
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(a.latitude * toRad) * Math.cos(b.latitude * toRad) * Math.sin(dLon / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.min(1, Math.sqrt(h)));
}
