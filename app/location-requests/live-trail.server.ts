// What a requester reads of a live share: whether it is on, and its trail (docs/decisions/049).
// Every read goes by the key (requestId, id) and takes a bounded number of rows, so that following
// a share costs the same with one position stored as with LIVE_TRAIL_MAX.
import { z } from "zod";

import { db } from "~/db/db.server";

import { LIVE_TRAIL_MAX } from "./live-limits";

/** The newest positions the requester's page draws as the trail behind the newest one. */
export const VIEW_TRAIL_MAX = 20;

/** A live share's state: `live` while it runs, `ended` once it stopped or ran out; null for a one-off share. */
export type LiveState = "live" | "ended";

export function liveState(
  row: { liveUntil: Date | string | null; liveEndedAt: Date | string | null },
  now = new Date(),
): LiveState | null {
  if (!row.liveUntil) return null;
  return !row.liveEndedAt && new Date(row.liveUntil).getTime() > now.getTime() ? "live" : "ended";
}

export type TrailPoint = {
  id: number;
  latitude: number;
  longitude: number;
  accuracyMeters: number | null;
  recordedAt: string;
};

const pointSelect = { id: true, latitude: true, longitude: true, accuracyMeters: true, recordedAt: true } as const;
const present = (row: {
  id: number;
  latitude: number;
  longitude: number;
  accuracyMeters: number | null;
  recordedAt: Date;
}) => ({
  ...row,
  recordedAt: row.recordedAt.toISOString(),
});

/**
 * The newest `limit` positions of a request's trail, oldest first (the order a line is drawn in):
 * read backwards on the index (requestId, id), so the rows read are `limit` at most whatever is stored.
 */
export async function recentTrail(requestId: string, limit = VIEW_TRAIL_MAX): Promise<TrailPoint[]> {
  const rows = await db().livePosition.findMany({
    where: { requestId },
    select: pointSelect,
    orderBy: { id: "desc" },
    take: Math.min(Math.max(limit, 1), LIVE_TRAIL_MAX),
  });
  return rows.reverse().map(present);
}

/**
 * Whether a request's trail may be shown: a precise share whose position is still held. An approximate
 * share stays an area (it has no trail); once the recipient stopped, declined or erased, or the
 * retention period took the position, its trail is never shown, whatever rows are still stored.
 */
export function hasTrail(row: { status: string; decision: string | null; latitude: number | null }) {
  return row.status === "gps_tracked" && row.decision === null && row.latitude !== null;
}

/** GET /api/v1/locate/requests/{id}/trail's query: positions after a key already read, oldest first. */
export const trailQuery = z.object({
  // A digit string (a query parameter is text; a coerced number would be documented as nullable).
  after: z
    .string()
    .regex(/^\d{1,15}$/)
    .transform(Number)
    .optional()
    .describe("`nextAfter` of a page already read: only positions recorded after it. Omit for the oldest kept."),
  limit: z.coerce.number().int().min(1).max(LIVE_TRAIL_MAX).default(LIVE_TRAIL_MAX),
});

/**
 * One page of a request's trail, only for its owner (null otherwise, like a missing request): the
 * positions after `after`, oldest first, and `nextAfter`, the key to ask with next (the last position
 * read; `after` again when there is nothing new, so a client following the share keeps asking with it).
 */
export async function readTrail(userId: string, requestId: string, query: { after?: number; limit?: number }) {
  const owned = await db().locationRequest.findFirst({
    where: { id: requestId, userId },
    select: { id: true, status: true, decision: true, latitude: true, liveUntil: true, liveEndedAt: true },
  });
  if (!owned) return null;
  const limit = Math.min(Math.max(query.limit ?? LIVE_TRAIL_MAX, 1), LIVE_TRAIL_MAX);
  const after = query.after ?? 0;
  const rows = hasTrail(owned)
    ? await db().livePosition.findMany({
        where: { requestId, id: { gt: after } },
        select: pointSelect,
        orderBy: { id: "asc" },
        take: limit + 1,
      })
    : [];
  const more = rows.length > limit;
  const items = rows.slice(0, limit).map(present);
  return {
    live: liveState(owned),
    liveUntil: owned.liveUntil?.toISOString() ?? null,
    liveEndedAt: owned.liveEndedAt?.toISOString() ?? null,
    items,
    more,
    nextAfter: items.at(-1)?.id ?? after,
  };
}
