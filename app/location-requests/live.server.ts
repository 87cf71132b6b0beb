// Live sharing, the recipient's side (docs/decisions/046): after a precise share the recipient may keep
// sharing for a while from their open page. The page that starts it gets a random secret, shown to it
// once; only its hash is stored, so only that page can send updates or stop it. An update is refused
// (410, stored nowhere) once the share's time is up, it was stopped, or the recipient stopped sharing
// or erased their data; faster than the agreed rate (live-limits.ts) it is refused with 429. The end,
// however it comes (stopped, page closed, time up, revoked, erased), clears the secret's hash: that
// one change is what records "live_ended", so it is told once.
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

import { db, type Tx } from "~/db/db.server";
import type { Prisma } from "~/generated/prisma-sqlite/client";
import { nearestPlace } from "~/geo/nearest-place.server";
import { enqueueJob, jobKind, PAYMENT_POLICY, type JobKinds } from "~/jobs/jobs.server";
import {
  LIVE_DURATIONS_MINUTES,
  LIVE_END_JOB,
  LIVE_TRAIL_MAX,
  liveWaitSeconds,
  metersBetween,
} from "~/location-requests/live-limits";
import { NOT_ACCEPTED } from "~/location-requests/request-state";
import { recordRequestEvent, tellNow } from "~/notifications/events.server";
import { config } from "~/server/config.server";
import { DAY, MINUTE } from "~/utils/time";

/** What the live-sharing rules read of a request. */
export type LiveRow = {
  id: string;
  userId: string;
  status: string;
  decision: string | null;
  delivery: string;
  createdAt: Date;
  latitude: number | null;
  longitude: number | null;
  accuracyMeters: number | null;
  locatedAt: Date | null;
  liveUntil: Date | null;
  liveEndedAt: Date | null;
  liveSecretHash: string | null;
};

const LIVE_SELECT = {
  id: true,
  userId: true,
  status: true,
  decision: true,
  delivery: true,
  createdAt: true,
  latitude: true,
  longitude: true,
  accuracyMeters: true,
  locatedAt: true,
  liveUntil: true,
  liveEndedAt: true,
  liveSecretHash: true,
} as const;

const hashSecret = (secret: string) => createHash("sha256").update(secret).digest("hex");

/** Whether `secret` is the one whose hash is stored (compared in constant time). */
function secretMatches(secret: string, hash: string | null) {
  if (!hash) return false;
  const given = Buffer.from(hashSecret(secret), "hex");
  const stored = Buffer.from(hash, "hex");
  return given.length === stored.length && timingSafeEqual(given, stored);
}

/** The end of the request's answering window: no live share runs past it. */
const windowEnd = (row: Pick<LiveRow, "createdAt">) => row.createdAt.getTime() + config().REQUEST_TTL_DAYS * DAY;

/** Whether the request holds a precise share that a live share can follow (or is following). */
const preciseShare = (row: LiveRow) =>
  row.status === "gps_tracked" && row.decision === null && row.delivery !== NOT_ACCEPTED && row.latitude !== null;

/** The live share's state for the recipient's page. */
export type LiveState =
  | { state: "offer"; minutes: number[] }
  | { state: "running"; until: Date }
  | { state: "ended"; at: Date }
  | { state: "none" };

/**
 * What the share page offers or says: the durations that fit before the answering window closes (none
 * fit: nothing is offered), the share that is running, or the end of the one that ran. One live share
 * per request: its events are told once per request.
 */
export function liveState(row: LiveRow, now = new Date()): LiveState {
  if (row.liveUntil) {
    const end = row.liveEndedAt ?? row.liveUntil;
    if (row.liveSecretHash && end.getTime() > now.getTime() && preciseShare(row))
      return { state: "running", until: row.liveUntil };
    return { state: "ended", at: end.getTime() < now.getTime() ? end : now };
  }
  if (!preciseShare(row)) return { state: "none" };
  const left = windowEnd(row) - now.getTime();
  const minutes = LIVE_DURATIONS_MINUTES.filter((m) => m * MINUTE <= left);
  return minutes.length ? { state: "offer", minutes } : { state: "none" };
}

/** Whether updates are taken now: started, not ended, not past its time, still a precise share. */
const running = (row: LiveRow, now: Date) => liveState(row, now).state === "running";

/** The position a live share begins from (the one-off share's), so that the page paces its first update. */
export type LiveFrom = { latitude: number; longitude: number; locatedAt: Date };

export type LiveStart =
  | { ok: true; secret: string; liveUntil: Date; from: LiveFrom }
  | { ok: false; reason: "closed" | "duration" | "started" };

/**
 * Starts a live share of `minutes` (one of LIVE_DURATIONS_MINUTES, ending within the answering
 * window): stores the secret's hash and the end, adds the shared position as the trail's first point,
 * records "live_started" and the job that ends it at its time, in one transaction.
 */
export async function startLive(code: string, minutes: number, now = new Date()): Promise<LiveStart> {
  if (!(LIVE_DURATIONS_MINUTES as readonly number[]).includes(minutes)) return { ok: false, reason: "duration" };
  const secret = randomBytes(32).toString("base64url");
  const liveUntil = new Date(now.getTime() + minutes * MINUTE);
  const result = await db().$transaction(async (tx): Promise<LiveStart & { keys?: string[] }> => {
    const row = await tx.locationRequest.findUnique({ where: { code }, select: LIVE_SELECT });
    if (!row || !preciseShare(row) || windowEnd(row) <= now.getTime()) return { ok: false, reason: "closed" };
    if (row.liveUntil) return { ok: false, reason: "started" };
    if (liveUntil.getTime() > windowEnd(row)) return { ok: false, reason: "duration" };
    // The same rule in the WHERE clause: two starts racing each other cannot both begin.
    const { count } = await tx.locationRequest.updateMany({
      where: { id: row.id, liveUntil: null, decision: null, status: "gps_tracked" },
      data: { liveUntil, liveSecretHash: hashSecret(secret) },
    });
    if (count === 0) return { ok: false, reason: "started" };
    await tx.livePosition.create({
      data: {
        requestId: row.id,
        latitude: row.latitude!,
        longitude: row.longitude!,
        accuracyMeters: row.accuracyMeters,
        recordedAt: row.locatedAt ?? now,
      },
    });
    await enqueueJob(tx, liveEndJobKey(row.id), LIVE_END_JOB, { requestId: row.id }, liveUntil);
    const keys = await recordRequestEvent(tx, row, { requestId: row.id, event: "live_started" });
    const from = { latitude: row.latitude!, longitude: row.longitude!, locatedAt: row.locatedAt ?? now };
    return { ok: true, secret, liveUntil, from, keys };
  });
  if (!result.ok) return result;
  tellNow(result.keys ?? []);
  return { ok: true, secret: result.secret, liveUntil: result.liveUntil, from: result.from };
}

export type LivePositionInput = { latitude: number; longitude: number; accuracyMeters: number };

export type LiveUpdate =
  | { ok: true }
  | { ok: false; reason: "gone" }
  | { ok: false; reason: "forbidden" }
  | { ok: false; reason: "tooSoon"; retryAfterSeconds: number };

/**
 * One update from the page that started the share: refused (and stored nowhere) when the share is
 * over or the secret is not its own, or when it comes faster than the rate allows; else the request's
 * position becomes this one and the trail gains it, dropping the oldest past LIVE_TRAIL_MAX.
 */
export async function updateLive(
  code: string,
  secret: string,
  position: LivePositionInput,
  now = new Date(),
): Promise<LiveUpdate> {
  return db().$transaction(async (tx): Promise<LiveUpdate> => {
    const row = await tx.locationRequest.findUnique({ where: { code }, select: LIVE_SELECT });
    if (!row || !running(row, now)) return { ok: false, reason: "gone" };
    if (!secretMatches(secret, row.liveSecretHash)) return { ok: false, reason: "forbidden" };
    const elapsed = row.locatedAt ? (now.getTime() - row.locatedAt.getTime()) / 1000 : Infinity;
    const moved = metersBetween({ latitude: row.latitude!, longitude: row.longitude! }, position);
    const wait = liveWaitSeconds(elapsed, moved, position.accuracyMeters);
    if (wait > 0) return { ok: false, reason: "tooSoon", retryAfterSeconds: Math.ceil(wait) };
    // Written only if no other update came in between (the previous locatedAt) and the share still runs.
    const { count } = await tx.locationRequest.updateMany({
      where: {
        id: row.id,
        locatedAt: row.locatedAt,
        liveSecretHash: row.liveSecretHash,
        liveEndedAt: null,
        liveUntil: { gt: now },
        decision: null,
      },
      data: {
        latitude: position.latitude,
        longitude: position.longitude,
        accuracyMeters: Math.max(position.accuracyMeters, 1),
        address: nearestPlace(position.latitude, position.longitude),
        locatedAt: now,
      },
    });
    if (count === 0) return { ok: false, reason: "tooSoon", retryAfterSeconds: Math.ceil(liveWaitSeconds(0, 0, 0)) };
    await tx.livePosition.create({
      data: { requestId: row.id, ...position, accuracyMeters: Math.max(position.accuracyMeters, 1), recordedAt: now },
    });
    await trimTrail(tx, row.id);
    return { ok: true };
  });
}

/** Keeps the newest LIVE_TRAIL_MAX positions of a request's trail. */
async function trimTrail(tx: Tx, requestId: string) {
  const oldestKept = await tx.livePosition.findFirst({
    where: { requestId },
    orderBy: { id: "desc" },
    skip: LIVE_TRAIL_MAX - 1,
    select: { id: true },
  });
  if (oldestKept) await tx.livePosition.deleteMany({ where: { requestId, id: { lt: oldestKept.id } } });
}

/** The page that started the share stops it ("Stop sharing", or the page closing). */
export async function stopLive(code: string, secret: string, now = new Date()) {
  const row = await db().locationRequest.findUnique({ where: { code }, select: LIVE_SELECT });
  if (!row || !running(row, now)) return "gone" as const;
  if (!secretMatches(secret, row.liveSecretHash)) return "forbidden" as const;
  const keys = await db().$transaction((tx) => endLiveShares(tx, { id: row.id }, now));
  tellNow(keys);
  return "stopped" as const;
}

/**
 * Ends every running live share among the requests `where` names, inside the caller's transaction
 * (a stop, the recipient's "Stop sharing" or erasure, the time-up job): the secret's hash goes, an end
 * before its time is kept as liveEndedAt, and each records "live_ended". Returns the events' job keys,
 * for `tellNow` after the commit.
 */
export async function endLiveShares(tx: Tx, where: Prisma.LocationRequestWhereInput, now = new Date()) {
  const rows = await tx.locationRequest.findMany({
    where: { AND: [where, { liveSecretHash: { not: null } }] },
    select: { id: true, userId: true, liveUntil: true },
  });
  const keys: string[] = [];
  for (const row of rows) {
    const early = row.liveUntil && row.liveUntil.getTime() > now.getTime();
    // The hash's change from set to cleared is the once-only end, whoever gets there first.
    const { count } = await tx.locationRequest.updateMany({
      where: { id: row.id, liveSecretHash: { not: null } },
      data: { liveSecretHash: null, ...(early ? { liveEndedAt: now } : {}) },
    });
    if (count > 0) keys.push(...(await recordRequestEvent(tx, row, { requestId: row.id, event: "live_ended" })));
  }
  return keys;
}

// --- The end at the share's time: a durable job due at liveUntil. ---

export const liveEndJobKey = (requestId: string) => `live-end:${requestId}`;

/** Ends the share of this request if its time is up; "early" when the job ran before it (clock skew). */
export async function endLiveAtTime(requestId: string, now = new Date()) {
  const row = await db().locationRequest.findUnique({ where: { id: requestId }, select: { liveUntil: true } });
  if (!row?.liveUntil) return "gone" as const;
  if (row.liveUntil.getTime() > now.getTime()) return "early" as const;
  const keys = await db().$transaction((tx) => endLiveShares(tx, { id: requestId }, now));
  tellNow(keys);
  return "ended" as const;
}

const liveEndJob = jobKind<{ requestId: string }>({
  // Nothing is sent here: a failure (the database away) waits and tries again.
  policy: () => PAYMENT_POLICY,
  async perform(_key, { requestId }, { now }) {
    if ((await endLiveAtTime(requestId, now)) === "early") return { retry: "the live share is not over yet" };
    return { done: true };
  },
});

/** This module's kinds of job (app/jobs/kinds.server.ts joins them into JOB_KINDS). */
export const liveShareJobKinds = {
  [LIVE_END_JOB]: liveEndJob,
} satisfies JobKinds;
