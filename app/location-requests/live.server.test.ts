// Live sharing's server rules (docs/decisions/046): the start's bounds, the secret, the rate, the end
// (410 and nothing stored after it), the trail's cap, the events told once, and the job that ends a
// share at its time.
import { randomBytes } from "node:crypto";

import { describe, expect, it } from "vitest";

import { db } from "~/db/db.server";
import { runJobs, settleStartedJobs } from "~/jobs/jobs.server";
import { revoke, sharePrecise } from "~/location-requests/answer.server";
import { createLocationRequest, type CreateInput } from "~/location-requests/create.server";
import { LIVE_TRAIL_MAX } from "~/location-requests/live-limits";
import {
  endLiveAtTime,
  liveEndJobKey,
  liveState,
  startLive,
  stopLive,
  updateLive,
} from "~/location-requests/live.server";
import { recipientRef } from "~/location-requests/recipient-controls.server";
import { notificationJobKey } from "~/notifications/events.server";
import { eraseRecipientData } from "~/privacy/recipient-erasure.server";
import { openLink } from "~/recipient/recipient.server";
import { config } from "~/server/config.server";
import { DAY, MINUTE } from "~/utils/time";

const HERE = { latitude: 14.5995, longitude: 120.9842, accuracyMeters: 12 };
/** About 111 m north of HERE per 0.001 degree. */
const north = (steps: number) => ({ ...HERE, latitude: HERE.latitude + steps * 0.001 });
const SECOND = 1000;

async function sharedRequest(extra: Partial<CreateInput> = {}) {
  const user = await db().user.create({
    data: { email: `live-${randomBytes(6).toString("hex")}@example.com`, passwordHash: "x", notifyByEmail: true },
  });
  const created = await createLocationRequest({
    userId: user.id,
    channel: "link",
    requesterName: "Ana",
    locale: "en",
    title: "Rosa",
    ...extra,
  });
  if (!created.ok) throw new Error(`not created: ${created.error}`);
  await sharePrecise(created.request.code, HERE);
  return { user, ...created.request };
}

const row = (id: string) => db().locationRequest.findUniqueOrThrow({ where: { id } });
const trail = (requestId: string) => db().livePosition.findMany({ where: { requestId }, orderBy: { id: "asc" } });
const eventJobs = async (id: string) => {
  await settleStartedJobs();
  return (await db().job.findMany({ where: { key: { startsWith: `notify:email:${id}:live` } } })).map((job) => job.key);
};

async function started(minutes = 15, now = new Date()) {
  const request = await sharedRequest();
  const start = await startLive(request.code, minutes, now);
  if (!start.ok) throw new Error(`not started: ${start.reason}`);
  return { ...request, secret: start.secret, liveUntil: start.liveUntil, now };
}

describe("starting a live share", () => {
  it("follows a precise share only, for one of the offered durations, once per request", async () => {
    const request = await sharedRequest();
    expect(await startLive(request.code, 20)).toEqual({ ok: false, reason: "duration" });
    const first = await startLive(request.code, 60);
    expect(first).toMatchObject({ ok: true });
    expect(await startLive(request.code, 15)).toEqual({ ok: false, reason: "started" });

    await db().usageSlot.deleteMany({ where: { key: { endsWith: request.user.id } } });
    const pending = await createLocationRequest({
      userId: request.user.id,
      channel: "link",
      requesterName: "Ana",
      locale: "en",
    });
    if (!pending.ok) throw new Error("not created");
    expect(await startLive(pending.request.code, 15)).toEqual({ ok: false, reason: "closed" });
  });

  it("is refused after an approximate share", async () => {
    const request = await sharedRequest();
    // What shareApproximate stores: the area of the recipient's address, never a precise fix to follow.
    await db().locationRequest.update({ where: { id: request.id }, data: { status: "ip_located" } });
    expect(await startLive(request.code, 15)).toEqual({ ok: false, reason: "closed" });
  });

  it("never runs past the answering window, and offers only what fits", async () => {
    const request = await sharedRequest();
    const created = (await row(request.id)).createdAt.getTime();
    // Two hours before the window closes: 15 minutes and 1 hour fit, 8 hours do not.
    const now = new Date(created + config().REQUEST_TTL_DAYS * DAY - 120 * MINUTE);
    expect(liveState(await row(request.id), now)).toEqual({ state: "offer", minutes: [15, 60] });
    expect(await startLive(request.code, 480, now)).toEqual({ ok: false, reason: "duration" });
    // Ten minutes before it closes nothing fits: nothing is offered.
    const late = new Date(created + config().REQUEST_TTL_DAYS * DAY - 10 * MINUTE);
    expect(liveState(await row(request.id), late)).toEqual({ state: "none" });
    expect(await startLive(request.code, 60, now)).toMatchObject({ ok: true });
  });

  it("stores only the secret's hash, starts the trail at the shared position, records live_started", async () => {
    const { id, secret, liveUntil, now } = await started(15);
    const stored = await row(id);
    expect(stored.liveUntil).toEqual(liveUntil);
    expect(liveUntil.getTime() - now.getTime()).toBe(15 * MINUTE);
    expect(stored.liveSecretHash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored.liveSecretHash).not.toContain(secret);
    expect((await trail(id)).map((p) => p.latitude)).toEqual([HERE.latitude]);
    expect(await eventJobs(id)).toEqual([notificationJobKey("email", id, "live_started")]);
    expect(await db().job.findUnique({ where: { key: liveEndJobKey(id) } })).toMatchObject({
      nextRunAt: liveUntil,
    });
  });
});

describe("updates", () => {
  it("are taken only with the secret of the page that started the share", async () => {
    const { code, id, secret, now } = await started();
    const at = new Date(now.getTime() + 11 * SECOND);
    const other = randomBytes(32).toString("base64url");
    expect(await updateLive(code, other, north(1), at)).toEqual({ ok: false, reason: "forbidden" });
    expect(await updateLive(code, secret, north(1), at)).toEqual({ ok: true });
    const stored = await row(id);
    expect(stored).toMatchObject({ latitude: north(1).latitude, locatedAt: at });
    expect((await trail(id)).map((p) => p.latitude)).toEqual([HERE.latitude, north(1).latitude]);
  });

  it("are refused faster than the interval, sooner after a move, less often on a weak signal", async () => {
    const { code, secret, now } = await started();
    const t = (seconds: number) => new Date(now.getTime() + seconds * SECOND);
    expect(await updateLive(code, secret, north(1), t(20))).toEqual({ ok: true });
    // Hardly moved: 10 s apart.
    expect(await updateLive(code, secret, { ...north(1), latitude: north(1).latitude + 0.0001 }, t(24))).toEqual({
      ok: false,
      reason: "tooSoon",
      retryAfterSeconds: 6,
    });
    // Moved more than 50 m: after 2 s.
    expect(await updateLive(code, secret, north(2), t(21))).toMatchObject({ reason: "tooSoon", retryAfterSeconds: 1 });
    expect(await updateLive(code, secret, north(2), t(22))).toEqual({ ok: true });
    // A weak signal (accuracy worse than 100 m): 30 s, even after a move.
    const weak = { ...north(4), accuracyMeters: 150 };
    expect(await updateLive(code, secret, weak, t(40))).toMatchObject({ reason: "tooSoon", retryAfterSeconds: 12 });
    expect(await updateLive(code, secret, weak, t(52))).toEqual({ ok: true });
  });

  it("keep the newest LIVE_TRAIL_MAX positions as the trail", async () => {
    const { code, id, secret, now } = await started(480);
    const extra = 5;
    for (let i = 1; i <= LIVE_TRAIL_MAX + extra; i++) {
      const result = await updateLive(code, secret, north(i), new Date(now.getTime() + i * 11 * SECOND));
      expect(result).toEqual({ ok: true });
    }
    const kept = await trail(id);
    expect(kept).toHaveLength(LIVE_TRAIL_MAX);
    expect(kept[0]!.latitude).toBeCloseTo(north(extra + 1).latitude, 9);
    expect(kept.at(-1)!.latitude).toBeCloseTo(north(LIVE_TRAIL_MAX + extra).latitude, 9);
  });
});

describe("the end", () => {
  it("refuses updates after liveUntil and stores nothing", async () => {
    const { code, id, secret, liveUntil } = await started();
    expect(await updateLive(code, secret, north(3), liveUntil)).toEqual({ ok: false, reason: "gone" });
    expect((await row(id)).latitude).toBe(HERE.latitude);
    expect(await trail(id)).toHaveLength(1);
  });

  it("a stop ends it once: 410 afterwards, live_ended recorded once, the time-up job adds nothing", async () => {
    const { code, id, secret, now, liveUntil } = await started();
    expect(await stopLive(code, randomBytes(32).toString("base64url"), now)).toBe("forbidden");
    expect(await stopLive(code, secret, new Date(now.getTime() + MINUTE))).toBe("stopped");
    expect(await stopLive(code, secret, new Date(now.getTime() + MINUTE))).toBe("gone");
    expect(await updateLive(code, secret, north(1), new Date(now.getTime() + 2 * MINUTE))).toEqual({
      ok: false,
      reason: "gone",
    });
    const stored = await row(id);
    expect(stored.liveEndedAt).toEqual(new Date(now.getTime() + MINUTE));
    expect(stored.liveSecretHash).toBeNull();
    expect(await endLiveAtTime(id, new Date(liveUntil.getTime() + SECOND))).toBe("ended");
    expect((await eventJobs(id)).sort()).toEqual(
      [notificationJobKey("email", id, "live_ended"), notificationJobKey("email", id, "live_started")].sort(),
    );
  });

  it("the durable job ends it at its time, not before", async () => {
    const { code, id, secret, liveUntil } = await started();
    expect(await endLiveAtTime(id, new Date(liveUntil.getTime() - SECOND))).toBe("early");
    expect((await row(id)).liveSecretHash).not.toBeNull();
    await runJobs(new Date(liveUntil.getTime() + SECOND), { keys: [liveEndJobKey(id)] });
    const stored = await row(id);
    expect(stored.liveSecretHash).toBeNull();
    // Ended at its time: liveEndedAt names only an end before it.
    expect(stored.liveEndedAt).toBeNull();
    expect(await eventJobs(id)).toContain(notificationJobKey("email", id, "live_ended"));
    expect(await stopLive(code, secret)).toBe("gone");
    expect(liveState(stored, new Date(liveUntil.getTime() + SECOND))).toEqual({ state: "ended", at: liveUntil });
  });

  it("the recipient's Stop sharing ends it and deletes the trail", async () => {
    const { code, id, secret, now } = await started();
    expect(await updateLive(code, secret, north(1), new Date(now.getTime() + 11 * SECOND))).toEqual({ ok: true });
    expect(await revoke(code)).toBe(true);
    expect(await trail(id)).toEqual([]);
    expect(await updateLive(code, secret, north(2), new Date(now.getTime() + 30 * SECOND))).toEqual({
      ok: false,
      reason: "gone",
    });
    expect(await eventJobs(id)).toContain(notificationJobKey("email", id, "live_ended"));
  });

  it("the recipient's erasure ends it and deletes every trail", async () => {
    const target = `rosa-${randomBytes(4).toString("hex")}@example.com`;
    const request = await sharedRequest({ channel: "email", target });
    const start = await startLive(request.code, 15);
    if (!start.ok) throw new Error("not started");
    const link = await openLink(await recipientRef(request.code));
    expect(await eraseRecipientData(link!)).toBe(1);
    expect(await trail(request.id)).toEqual([]);
    expect(await updateLive(request.code, start.secret, north(1), new Date(Date.now() + 11 * SECOND))).toEqual({
      ok: false,
      reason: "gone",
    });
    expect(await eventJobs(request.id)).toContain(notificationJobKey("email", request.id, "live_ended"));
  });
});
