// Settings' push devices (docs/decisions/048) against hostile posts: the server posts to whatever
// endpoint a device gives, so with APP_MODE=live only the browsers' push services are accepted (never
// an address inside the network, a cloud metadata address, plain http or another port); malformed
// keys are a translated 400 that stores nothing; a device of another account is never removed; and
// the number of devices is bounded (409, not a 500 or an endless list).
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { db } from "~/db/db.server";
import { MAX_PUSH_DEVICES } from "~/notifications/push-devices.server";
import { action, handle } from "~/routes/dashboard.modules.settings";
import { resetConfig } from "~/server/config.server";
import type { FormReply } from "~/utils/parse-form";

import { formRequest, routeArgs, signedInUser } from "../support/factories";
import { replyTexts } from "../support/reply-text";

const P256DH = Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 7)]).toString("base64url");
const AUTH = Buffer.alloc(16, 9).toString("base64url");
const FCM = "https://fcm.googleapis.com/fcm/send/";

async function post(token: string, fields: Record<string, string>) {
  try {
    return await action(routeArgs(formRequest("/dashboard/modules/Settings", fields, { Cookie: `token=${token}` })));
  } catch (thrown) {
    return thrown;
  }
}
const statusOf = (result: unknown) =>
  result instanceof Response ? result.status : ((result as { init?: { status?: number } }).init?.status ?? 200);

let mode: string | undefined;
beforeAll(() => {
  mode = process.env.APP_MODE;
  process.env.APP_MODE = "live";
  resetConfig();
});
afterAll(() => {
  if (mode === undefined) delete process.env.APP_MODE;
  else process.env.APP_MODE = mode;
  resetConfig();
});

describe("turning push on for a device", () => {
  it("refuses every endpoint that is not a browser's push service, storing nothing", async () => {
    const { user, token } = await signedInUser();
    for (const endpoint of [
      "http://127.0.0.1:8080/push",
      "https://localhost/push",
      "https://10.0.0.5/push",
      "https://169.254.169.254/latest/meta-data/",
      "https://[::1]/push",
      "https://fcm.googleapis.com:444/fcm/send/x",
      "https://fcm.googleapis.com.attacker.example/x",
      "https://internal.service.local/x",
      "http://fcm.googleapis.com/fcm/send/x",
      "file:///etc/passwd",
      `${FCM}${"x".repeat(2100)}`,
    ]) {
      const result = await post(token, { intent: "pushOn", endpoint, p256dh: P256DH, auth: AUTH });
      expect(statusOf(result), endpoint).toBe(400);
      // The reply names the message; the settings page says it in the person's language.
      const reply = (result as { data: FormReply }).data;
      expect(replyTexts(reply, "en", handle).push).toBe(
        "This device’s notification details could not be read. Please try again.",
      );
    }
    expect(await db().pushSubscription.count({ where: { userId: user.id } })).toBe(0);
  });

  it("answers any hostile key or endpoint with a 4xx or a redirect, never a 5xx", async () => {
    const { token } = await signedInUser();
    const text = fc.oneof(fc.string({ maxLength: 300 }), fc.constantFrom("", P256DH, AUTH, `${FCM}a`, "\u0000", "=="));
    await fc.assert(
      fc.asyncProperty(text, text, text, async (endpoint, p256dh, auth) => {
        const status = statusOf(await post(token, { intent: "pushOn", endpoint, p256dh, auth }));
        expect([302, 400, 409]).toContain(status);
      }),
      { numRuns: 40, seed: 20261128 },
    );
  });

  it("stores a real push service's subscription, and bounds the devices of one account", async () => {
    const { user, token } = await signedInUser();
    for (let i = 0; i < MAX_PUSH_DEVICES; i += 1)
      expect(
        statusOf(await post(token, { intent: "pushOn", endpoint: `${FCM}d${i}`, p256dh: P256DH, auth: AUTH })),
      ).toBe(302);
    expect(statusOf(await post(token, { intent: "pushOn", endpoint: `${FCM}dx`, p256dh: P256DH, auth: AUTH }))).toBe(
      409,
    );
    expect(await db().pushSubscription.count({ where: { userId: user.id } })).toBe(MAX_PUSH_DEVICES);
  });
});

describe("removing a device", () => {
  it("never removes another account's device, whatever id is posted", async () => {
    const owner = await signedInUser();
    const other = await signedInUser();
    const device = await db().pushSubscription.create({
      data: { userId: owner.user.id, endpoint: `${FCM}owned-${owner.user.id}`, p256dh: P256DH, auth: AUTH, device: "" },
    });
    for (const id of [device.id, `${device.id}' OR '1'='1`, "", "x".repeat(5000)])
      expect(statusOf(await post(other.token, { intent: "pushRemove", id }))).toBe(302);
    expect(await db().pushSubscription.findUnique({ where: { id: device.id } })).not.toBeNull();
    expect(statusOf(await post(owner.token, { intent: "pushRemove", id: device.id }))).toBe(302);
    expect(await db().pushSubscription.findUnique({ where: { id: device.id } })).toBeNull();
  });
});
