// The providers' delivery reports (docs/decisions/035): Twilio's SMS StatusCallback signed with the auth
// token (the real SDK signs and checks), SendGrid's Event Webhook signed with ECDSA (a key pair made
// here; the route checks with @sendgrid/eventwebhook). A valid report moves a request's delivery
// forward, an unknown outcome included; a bad signature changes nothing.
import { generateKeyPairSync, sign, type KeyObject } from "node:crypto";

import twilio from "twilio";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { db } from "~/db/db.server";
import { createLocationRequest } from "~/location-requests/create.server";
import { UNCONFIRMED } from "~/location-requests/delivery.server";
import { requestLabel } from "~/location-requests/request-state";
import { action as emailEvents, loader as emailEventsLoader } from "~/routes/email.events";
import { action as smsStatus } from "~/routes/sms.status";
import { config, resetConfig } from "~/server/config.server";

import { sendgridEnv, startSendGridFake } from "../../tests/fakes/sendgrid";
import { startTwilioFake, twilioEnv } from "../../tests/fakes/twilio";
import { createUser } from "../../tests/support/factories";

type Fake = Awaited<ReturnType<typeof startTwilioFake>>;
let fake: Fake | undefined;
const SETTINGS = [...Object.keys(twilioEnv("")), ...Object.keys(sendgridEnv("")), "SENDGRID_WEBHOOK_PUBLIC_KEY"];
afterEach(async () => {
  for (const key of SETTINGS) delete process.env[key];
  resetConfig();
  await fake?.close();
  fake = undefined;
});

const args = (request: Request) => ({ request, params: {}, context: {} });
const mobile = () => `+63917${String(Math.floor(Math.random() * 1e7)).padStart(7, "0")}`;
const row = (id: string) => db().locationRequest.findUniqueOrThrow({ where: { id } });
const slotFree = async (key: string) => (await db().usageSlot.findUnique({ where: { key } })) === null;
const label = (r: { status: string; decision: string | null; delivery: string; createdAt: Date }) =>
  requestLabel(r, config().REQUEST_TTL_DAYS);

async function sentRequest(channel: "sms" | "email") {
  const { user } = await createUser();
  const target = channel === "sms" ? mobile() : `r${Math.random().toString(16).slice(2)}@example.com`;
  const created = await createLocationRequest({ userId: user.id, channel, target, requesterName: "Ana", locale: "en" });
  if (!created.ok) throw new Error(created.error);
  return { user, id: created.request.id };
}

describe("Twilio's SMS status callback", () => {
  beforeEach(async () => {
    fake = await startTwilioFake();
    Object.assign(process.env, twilioEnv(fake.origin));
    resetConfig();
  });

  /** A status callback as Twilio posts it to the URL set on the message (or with a wrong signature). */
  function status(callbackUrl: string, params: Record<string, string>, signed = true) {
    const signature = signed ? twilio.getExpectedTwilioSignature("t", callbackUrl, params) : "forged";
    const { pathname, search } = new URL(callbackUrl);
    return smsStatus(
      args(
        new Request(`http://127.0.0.1:3000${pathname}${search}`, {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Twilio-Signature": signature },
          body: new URLSearchParams(params),
        }),
      ),
    ) as Promise<Response>;
  }

  it("is set on each message; a signed report moves the delivery forward, never back", async () => {
    const { id } = await sentRequest("sms");
    const created = new URLSearchParams(fake!.requests.at(-1)!.body);
    const callbackUrl = created.get("StatusCallback")!;
    expect(callbackUrl).toBe(`${config().publicUrl.origin}/sms/status?request=${id}`);
    const sid = (await row(id)).providerMessageId!;
    expect(sid).toMatch(/^SM/);

    const delivered = await status(callbackUrl, { MessageSid: sid, MessageStatus: "delivered", AccountSid: "AC1" });
    expect(delivered.status).toBe(204);
    expect(await row(id)).toMatchObject({ delivery: "delivered" });
    expect(label(await row(id)).delivery).toBe("sent");
    // A late "sent" (they may come in any order) does not undo it.
    await status(callbackUrl, { MessageSid: sid, MessageStatus: "sent", AccountSid: "AC1" });
    expect(await row(id)).toMatchObject({ delivery: "delivered" });
  });

  it("refuses a wrong signature (403), a signature for another request, and another message's id", async () => {
    const { id } = await sentRequest("sms");
    const callbackUrl = new URLSearchParams(fake!.requests.at(-1)!.body).get("StatusCallback")!;
    const sid = (await row(id)).providerMessageId!;
    const params = { MessageSid: sid, MessageStatus: "undelivered", ErrorCode: "30003" };
    expect((await status(callbackUrl, params, false)).status).toBe(403);
    // Signed for another request's URL, posted to this one's.
    const { id: other } = await sentRequest("sms");
    const signature = twilio.getExpectedTwilioSignature("t", callbackUrl.replace(id, other), params);
    const moved = await smsStatus(
      args(
        new Request(`http://127.0.0.1:3000/sms/status?request=${id}`, {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Twilio-Signature": signature },
          body: new URLSearchParams(params),
        }),
      ),
    );
    expect((moved as Response).status).toBe(403);
    // Signed, but naming a message that is not this request's.
    expect((await status(callbackUrl, { ...params, MessageSid: "SMother" })).status).toBe(204);
    expect(await row(id)).toMatchObject({ delivery: "sent" });
  });

  it("settles a send whose outcome was unknown: undelivered is Not delivered and the slot comes back", async () => {
    const { user, id } = await sentRequest("sms");
    const callbackUrl = new URLSearchParams(fake!.requests.at(-1)!.body).get("StatusCallback")!;
    // What a send with no answer in time leaves: unknown, no message id, the slot used.
    await db().locationRequest.update({ where: { id }, data: { delivery: UNCONFIRMED, providerMessageId: null } });
    expect(await slotFree(`sms:${user.id}`)).toBe(false);
    const answer = await status(callbackUrl, { MessageSid: "SM123", MessageStatus: "undelivered", ErrorCode: "30003" });
    expect(answer.status).toBe(204);
    const settled = await row(id);
    expect(settled).toMatchObject({ delivery: "failed", providerMessageId: "SM123" });
    expect(settled.deliveryError).toMatch(/undelivered \(error 30003\)/);
    expect(label(settled)).toMatchObject({ key: "not_delivered" });
    expect(await slotFree(`sms:${user.id}`)).toBe(true);
  });

  it("settles an unknown send as sent when Twilio says so, keeping the slot", async () => {
    const { user, id } = await sentRequest("sms");
    const callbackUrl = new URLSearchParams(fake!.requests.at(-1)!.body).get("StatusCallback")!;
    await db().locationRequest.update({ where: { id }, data: { delivery: UNCONFIRMED, providerMessageId: null } });
    await status(callbackUrl, { MessageSid: "SM9", MessageStatus: "sent" });
    expect(await row(id)).toMatchObject({ delivery: "sent", deliveryError: null });
    expect(await slotFree(`sms:${user.id}`)).toBe(false);
  });
});

describe("SendGrid's event webhook", () => {
  let privateKey: KeyObject;
  beforeEach(async () => {
    fake = await startSendGridFake();
    const pair = generateKeyPairSync("ec", { namedCurve: "prime256v1" });
    privateKey = pair.privateKey;
    Object.assign(process.env, sendgridEnv(fake.origin), {
      SENDGRID_WEBHOOK_PUBLIC_KEY: pair.publicKey.export({ type: "spki", format: "der" }).toString("base64"),
    });
    resetConfig();
  });

  /** Events as SendGrid posts them, signed over the timestamp and the body (or signed by another key). */
  function events(list: unknown[], key: KeyObject = privateKey, atMs = Date.now()) {
    const body = JSON.stringify(list);
    const timestamp = String(Math.floor(atMs / 1000));
    const signature = sign("sha256", Buffer.from(timestamp + body), key).toString("base64");
    return emailEvents(
      args(
        new Request("http://127.0.0.1:3000/email/events", {
          method: "POST",
          headers: {
            "Content-Type": "application/json",
            "X-Twilio-Email-Event-Webhook-Signature": signature,
            "X-Twilio-Email-Event-Webhook-Timestamp": timestamp,
          },
          body,
        }),
      ),
    ) as Promise<Response>;
  }

  it("names the request on each e-mail; a signed delivered event marks it delivered", async () => {
    const { id } = await sentRequest("email");
    expect(JSON.parse(fake!.requests.at(-1)!.body)).toMatchObject({ custom_args: { requestId: id } });
    const messageId = (await row(id)).providerMessageId!;
    const answer = await events([
      { email: "x@example.com", event: "processed", requestId: id, sg_message_id: `${messageId}.filter0001` },
      { email: "x@example.com", event: "delivered", requestId: id, sg_message_id: `${messageId}.filter0001` },
      // Not ours, and not an event at all: skipped.
      { email: "y@example.com", event: "delivered", sg_message_id: "other.1" },
      "nonsense",
    ]);
    expect(answer.status).toBe(204);
    expect(await row(id)).toMatchObject({ delivery: "delivered" });
  });

  it("refuses a body signed by another key, or changed after signing (403), and changes nothing", async () => {
    const { id } = await sentRequest("email");
    const other = generateKeyPairSync("ec", { namedCurve: "prime256v1" }).privateKey;
    expect((await events([{ event: "bounce", requestId: id }], other)).status).toBe(403);
    const timestamp = String(Math.floor(Date.now() / 1000));
    const signed = sign("sha256", Buffer.from(timestamp + "[]"), privateKey).toString("base64");
    const tampered = await emailEvents(
      args(
        new Request("http://127.0.0.1:3000/email/events", {
          method: "POST",
          headers: {
            "Content-Type": "application/json",
            "X-Twilio-Email-Event-Webhook-Signature": signed,
            "X-Twilio-Email-Event-Webhook-Timestamp": timestamp,
          },
          body: JSON.stringify([{ event: "bounce", requestId: id }]),
        }),
      ),
    );
    expect((tampered as Response).status).toBe(403);
    const unsigned = await emailEvents(
      args(new Request("http://127.0.0.1:3000/email/events", { method: "POST", body: "[]" })),
    );
    expect((unsigned as Response).status).toBe(403);
    expect(await row(id)).toMatchObject({ delivery: "sent" });
  });

  it("refuses a delivery signed outside SENDGRID_EVENT_MAX_AGE_MINUTES (a replay), and changes nothing", async () => {
    const { id } = await sentRequest("email");
    const bounce = [{ event: "bounce", requestId: id }];
    expect((await events(bounce, privateKey, Date.now() - 30 * 24 * 3600_000)).status).toBe(403);
    expect((await events(bounce, privateKey, Date.now() - 11 * 60_000)).status).toBe(403);
    expect((await events(bounce, privateKey, Date.now() + 11 * 60_000)).status).toBe(403);
    expect(await row(id)).toMatchObject({ delivery: "sent" });
    // Within the window (the default, 10 minutes), the same event is taken.
    expect((await events(bounce, privateKey, Date.now() - 9 * 60_000)).status).toBe(204);
    expect(await row(id)).toMatchObject({ delivery: "failed" });
  });

  it("settles an unknown send: a bounce is Not delivered and gives the slot back", async () => {
    const { user, id } = await sentRequest("email");
    await db().locationRequest.update({ where: { id }, data: { delivery: UNCONFIRMED } });
    const answer = await events([{ event: "bounce", requestId: id, reason: "550 No such user" }]);
    expect(answer.status).toBe(204);
    const settled = await row(id);
    expect(settled).toMatchObject({ delivery: "failed" });
    expect(settled.deliveryError).toMatch(/bounce \(550 No such user\)/);
    expect(await slotFree(`email:${user.id}`)).toBe(true);
  });

  it("answers 404 while no verification key is configured, 400 for a signed body that is not a list", async () => {
    expect((await events({ not: "a list" } as unknown as unknown[])).status).toBe(400);
    delete process.env.SENDGRID_WEBHOOK_PUBLIC_KEY;
    resetConfig();
    expect((await events([])).status).toBe(404);
    expect(((await emailEventsLoader()) as Response).status).toBe(405);
  });
});
