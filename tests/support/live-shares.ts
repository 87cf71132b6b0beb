// Live shares written straight into the database, as the recipient's update endpoint would leave them
// (the request's own position is the newest; the trail keeps the newest LIVE_TRAIL_MAX): tests of the
// requester's side need no recipient's page.
import { db } from "~/db/db.server";
import { LIVE_TRAIL_MAX } from "~/location-requests/live-limits";

export type Fix = { latitude: number; longitude: number; accuracyMeters?: number };

/** Makes `requestId` a precise live share running until `until` (or ended at `endedAt`), with `fixes` recorded in order. */
export async function startLiveShare(
  requestId: string,
  options: { until: Date; endedAt?: Date | null; fixes?: Fix[]; status?: "gps_tracked" | "ip_located" },
) {
  await db().locationRequest.update({
    where: { id: requestId },
    data: {
      status: options.status ?? "gps_tracked",
      liveUntil: options.until,
      liveEndedAt: options.endedAt ?? null,
    },
  });
  for (const fix of options.fixes ?? []) await appendPosition(requestId, fix);
}

/** One update of a live share: a trail row, the request's position, and the oldest rows past the cap dropped. */
export async function appendPosition(requestId: string, fix: Fix, at = new Date()) {
  const accuracyMeters = fix.accuracyMeters ?? 12;
  await db().livePosition.create({
    data: { requestId, latitude: fix.latitude, longitude: fix.longitude, accuracyMeters, recordedAt: at },
  });
  await db().locationRequest.update({
    where: { id: requestId },
    data: { latitude: fix.latitude, longitude: fix.longitude, accuracyMeters, locatedAt: at },
  });
  const kept = await db().livePosition.findMany({
    where: { requestId },
    select: { id: true },
    orderBy: { id: "desc" },
    skip: LIVE_TRAIL_MAX,
    take: 1,
  });
  if (kept[0]) await db().livePosition.deleteMany({ where: { requestId, id: { lte: kept[0].id } } });
}
