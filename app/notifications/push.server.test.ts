// The Web Push channel (docs/decisions/048) against a local push service that checks the VAPID
// signature and decrypts the payload with the subscription's own key (tests/fakes/push-service.ts):
// the notification names the request, never the position or the number, in the requester's
// language; 404/410 forget the device; a refusal is tried again; a send without an answer never.
import { randomBytes } from "node:crypto";

import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";

import { db } from "~/db/db.server";
import { runJobs, settleStartedJobs } from "~/jobs/jobs.server";
import { decline, sharePrecise } from "~/location-requests/answer.server";
import { createLocationRequest, type CreateInput } from "~/location-requests/create.server";
import { notificationJobKey } from "~/notifications/events.server";
import { acceptedEndpoint, deviceLabel, MAX_PUSH_DEVICES, savePushDevice } from "~/notifications/push-devices.server";
import { deviceJobKey, shownName } from "~/notifications/push.server";
import { rawKeys, vapidKeys } from "~/notifications/vapid.server";
import { pushProvider, webPushProvider } from "~/providers/push.server";
import { DAY } from "~/utils/time";

import { startPushService } from "../../tests/fakes/push-service";

const HERE = { latitude: 14.5995, longitude: 120.9842, accuracyMeters: 12 };
const ANDROID_CHROME =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36";

let service: Awaited<ReturnType<typeof startPushService>>;
beforeAll(async () => {
  service = await startPushService();
});
afterAll(() => service.close());

/** The real sender (posting to the stand-in), in place of the sandbox's outbox. */
function sendForReal() {
  const real = webPushProvider();
  return vi
    .spyOn(pushProvider(), "send")
    .mockImplementation((target, message, keys) => real.send(target, message, keys));
}
afterEach(() => {
  const send = pushProvider().send;
  if (vi.isMockFunction(send)) send.mockRestore();
});

async function account(locale = "en") {
  return db().user.create({
    data: {
      email: `push-${randomBytes(6).toString("hex")}@example.com`,
      passwordHash: "x",
      locale,
      notifyByEmail: false,
    },
  });
}

/** A device of the account subscribed at the stand-in, answering `status`. */
async function device(userId: string, status = 201) {
  const sub = service.subscribe(status);
  await db().pushSubscription.create({
    data: { userId, endpoint: sub.endpoint, p256dh: sub.p256dh, auth: sub.auth, device: "Chrome · Android" },
  });
  return sub;
}

async function request(userId: string, extra: Partial<CreateInput> = {}) {
  await db().usageSlot.deleteMany({ where: { key: { endsWith: userId } } });
  const created = await createLocationRequest({
    userId,
    channel: "link",
    requesterName: "Ana",
    locale: "en",
    title: "Rosa's phone",
    ...extra,
  });
  if (!created.ok) throw new Error(`not created: ${created.error}`);
  return created.request;
}

const receivedBy = async (id: string) => {
  await settleStartedJobs();
  return service.received.filter((entry) => entry.subscription === id);
};

describe("a request event on the devices the requester turned on", () => {
  it("arrives signed and encrypted, names the request and links to it, never the position or number", async () => {
    sendForReal();
    const user = await account();
    const sub = await device(user.id);
    const { id, code } = await request(user.id, { channel: "sms", target: "+639171234567" });
    await sharePrecise(code, HERE);
    const [got] = await receivedBy(sub.id);
    expect(got?.error).toBeNull();
    expect(got!.claims!.aud).toBe(service.origin);
    expect(got!.claims!.sub).toMatch(/^mailto:/);
    expect(got!.payload).toMatchObject({
      title: "Rosa's phone shared a location",
      body: "Open to see it.",
      url: `/dashboard/?id=${id}`,
    });
    for (const secret of ["14.59", "120.98", "+639171234567", "9171234567"])
      expect(got!.plaintext).not.toContain(secret);
    const row = await db().pushSubscription.findUniqueOrThrow({ where: { endpoint: sub.endpoint } });
    expect(row.lastSentAt).not.toBeNull();
  });

  it("tells every device once, in the requester's language, for each event", async () => {
    sendForReal();
    const user = await account("id");
    const [phone, laptop] = [await device(user.id), await device(user.id)];
    const { id, code } = await request(user.id, { locale: "ph" });
    await decline(code);
    await decline(code);
    for (const sub of [phone, laptop]) {
      const got = await receivedBy(sub.id);
      expect(got).toHaveLength(1);
      expect(got[0]!.payload).toMatchObject({
        title: "Rosa's phone menolak permintaan Anda",
        url: `/id/dashboard/?id=${id}`,
      });
    }
  });

  it("says nothing of who when the request has no name, or a name with a number in it", async () => {
    sendForReal();
    const user = await account("ph");
    const sub = await device(user.id);
    const { code } = await request(user.id, { title: "Mama 0917 123 4567" });
    await decline(code);
    const [got] = await receivedBy(sub.id);
    expect(got!.payload).toMatchObject({ title: "Tinanggihan ang iyong kahilingan ng lokasyon" });
    expect(got!.plaintext).not.toContain("0917");
    expect(shownName("")).toBeNull();
    expect(shownName("Lola")).toBe("Lola");
  });

  it("forgets a device the push service no longer knows (404 and 410)", async () => {
    sendForReal();
    const user = await account();
    const [gone, expired, kept] = [await device(user.id, 410), await device(user.id, 404), await device(user.id)];
    const { id, code } = await request(user.id);
    await sharePrecise(code, HERE);
    await settleStartedJobs();
    const left = await db().pushSubscription.findMany({ where: { userId: user.id } });
    expect(left.map((row) => row.endpoint)).toEqual([kept.endpoint]);
    expect(await receivedBy(gone.id)).toHaveLength(1);
    expect(await receivedBy(expired.id)).toHaveLength(1);
    const jobs = await db().job.findMany({
      where: { key: { startsWith: notificationJobKey("push", id, "shared") } },
    });
    expect(jobs.every((job) => job.doneAt !== null)).toBe(true);
  });

  it("tries a refused send again later, and never repeats one that got no answer", async () => {
    const user = await account();
    const refused = await device(user.id);
    const { id, code } = await request(user.id);
    const subscription = await db().pushSubscription.findUniqueOrThrow({ where: { endpoint: refused.endpoint } });
    const key = deviceJobKey(notificationJobKey("push", id, "shared"), subscription.id);
    const send = vi
      .spyOn(pushProvider(), "send")
      .mockResolvedValueOnce({ ok: false, error: "Web Push: 503" })
      .mockResolvedValueOnce({ ok: false, error: "Web Push: no answer within 8000 ms", unknown: true });
    await sharePrecise(code, HERE);
    await settleStartedJobs();
    expect(send).toHaveBeenCalledTimes(1);
    let job = await db().job.findUniqueOrThrow({ where: { key } });
    expect(job.doneAt).toBeNull();
    await runJobs(new Date(Date.now() + DAY), { keys: [key] });
    expect(send).toHaveBeenCalledTimes(2);
    job = await db().job.findUniqueOrThrow({ where: { key } });
    expect(job.doneAt).not.toBeNull();
    await runJobs(new Date(Date.now() + 2 * DAY), { keys: [key] });
    expect(send).toHaveBeenCalledTimes(2);
    // A subscription that is still there is kept: only 404/410 forget it.
    expect(await db().pushSubscription.count({ where: { userId: user.id } })).toBe(1);
  });

  it("writes no push job for an account without devices", async () => {
    const user = await account();
    const { id, code } = await request(user.id);
    await sharePrecise(code, HERE);
    await settleStartedJobs();
    expect(await db().job.count({ where: { key: { startsWith: `notify:push:${id}` } } })).toBe(0);
  });

  it("keeps the notification in the outbox in sandbox and demo (nothing leaves the machine)", async () => {
    const user = await account();
    await device(user.id);
    const { code } = await request(user.id);
    await decline(code);
    await settleStartedJobs();
    const kept = await db().outboxMessage.findMany({
      where: { channel: "push", subject: "Rosa's phone declined your request" },
    });
    expect(kept.length).toBeGreaterThan(0);
  });
});

describe("the devices and the sender's key", () => {
  it("posts only to the browsers' push services when messages leave the machine", () => {
    expect(acceptedEndpoint("https://fcm.googleapis.com/fcm/send/abc", true)).toBe(true);
    expect(acceptedEndpoint("https://updates.push.services.mozilla.com/wpush/v2/abc", true)).toBe(true);
    expect(acceptedEndpoint("https://wns2-par02p.notify.windows.com/w/?token=abc", true)).toBe(true);
    expect(acceptedEndpoint("https://web.push.apple.com/abc", true)).toBe(true);
    for (const hostile of [
      "http://fcm.googleapis.com/fcm/send/abc",
      "https://127.0.0.1/push",
      "https://localhost/push",
      "https://fcm.googleapis.com:8443/x",
      "https://fcm.googleapis.com.evil.example/x",
      "https://user:pw@fcm.googleapis.com/x",
      "https://169.254.169.254/latest/meta-data",
      "javascript:alert(1)",
    ])
      expect(acceptedEndpoint(hostile, true), hostile).toBe(false);
  });

  it("names a device by its browser and system", () => {
    expect(deviceLabel(ANDROID_CHROME)).toBe("Chrome · Android · Pixel 8");
    expect(deviceLabel(null)).toBe("");
  });

  it("keeps at most MAX_PUSH_DEVICES devices per account, and moves a browser to the account that subscribes it", async () => {
    const [user, other] = [await account(), await account()];
    const keys = service.subscribe();
    for (let i = 0; i < MAX_PUSH_DEVICES; i += 1)
      expect(await savePushDevice(user.id, { ...keys, endpoint: `${keys.endpoint}-${i}` }, ANDROID_CHROME)).toEqual({
        ok: true,
      });
    expect(await savePushDevice(user.id, { ...keys, endpoint: `${keys.endpoint}-x` }, null)).toEqual({
      ok: false,
      tooMany: true,
    });
    // The same browser again: no new row.
    expect(await savePushDevice(user.id, { ...keys, endpoint: `${keys.endpoint}-0` }, null)).toEqual({ ok: true });
    expect(await savePushDevice(other.id, { ...keys, endpoint: `${keys.endpoint}-0` }, null)).toEqual({ ok: true });
    expect(await db().pushSubscription.count({ where: { userId: user.id } })).toBe(MAX_PUSH_DEVICES - 1);
    expect(await db().pushSubscription.count({ where: { userId: other.id } })).toBe(1);
  });

  it("makes the VAPID pair once and keeps it, in the form browsers take", async () => {
    const keys = await vapidKeys();
    expect(Buffer.from(keys.publicKey, "base64url")).toHaveLength(65);
    expect(Buffer.from(keys.privateKey, "base64url")).toHaveLength(32);
    const stored = await db().rsaKey.findUniqueOrThrow({ where: { id: "vapid" } });
    expect(rawKeys(stored.privatePem)).toEqual({ publicKey: keys.publicKey, privateKey: keys.privateKey });
  });
});
