// The situations the OpenAPI examples name (`x-replay.given`, app/api/openapi/operations.server.ts
// GIVEN), each prepared against the running API of ./openapi-replay.ts before its example is replayed.
import { expect } from "vitest";

import { type Replay } from "~/api/openapi/document.server";
import { type Given } from "~/api/openapi/operations.server";
import { db } from "~/db/db.server";
import { createLocationRequest } from "~/location-requests/create.server";
import { encodeCursor } from "~/location-requests/list.server";
import { optOut, recipientKey, recordDecline, undoOptOut } from "~/location-requests/recipient-controls.server";
import { createEndpoint } from "~/webhooks/endpoints.server";

import { allowConsoleError } from "./console";
import { createUser, signedInUser, userWithData } from "./factories";
import { startLiveShare } from "./live-shares";
import {
  call,
  fill,
  ipSeq,
  lastMail,
  LIMITS,
  openCheckout,
  payAtStripe,
  paypalFake,
  repeat,
  send,
  sendgrid,
  SMS_TARGET,
  stripeFake,
  stripeSignature,
  subscriberToken,
  twilio,
} from "./openapi-replay";

export type Prepared = { values: Record<string, string>; cleanup?: () => void | Promise<void> };
export type Context = { ip: string; replay: Replay };

export const GIVENS: Record<Given, (context: Context) => Promise<Prepared>> = {
  account: async () => {
    const { email, password } = await createUser();
    return { values: { email, password } };
  },
  subscriber: async () => ({ values: { token: await subscriberToken() } }),
  expired: async () => ({ values: { token: (await signedInUser({ days: -1 })).token } }),
  signInsFailed: async ({ ip }) => {
    const { email } = await createUser();
    await repeat(5, 401, () =>
      call(ip, "POST", "/api/v1/auth/login", { body: { email, password: "wrong one", encrypted: false } }),
    );
    return { values: { email, password: "unused" } };
  },
  resetCode: async ({ ip }) => {
    const { email } = await createUser();
    await repeat(1, 200, () => call(ip, "POST", "/api/v1/auth/sendCode", { body: { email, type: 1 } }));
    const code = /\b(\d{6})\b/.exec(
      JSON.parse(lastMail())
        .content.map((c: { value: string }) => c.value)
        .join(" "),
    )![1]!;
    return { values: { email, code } };
  },
  codesSent: async ({ ip }) => {
    const { email } = await createUser();
    await repeat(3, 200, () => call(ip, "POST", "/api/v1/auth/sendCode", { body: { email, type: 1 } }));
    return { values: { email } };
  },
  codeChecksUsed: async ({ ip }) => {
    const body = {
      email: "nobody@example.com",
      password: "new password 1",
      verificationCode: "000000",
      encrypted: false,
    };
    await repeat(Number(LIMITS.RESET_LIMIT_PER_IP), 400, () =>
      call(ip, "POST", "/api/v1/auth/resetPassword", { body }),
    );
    return { values: {} };
  },
  emailRefused: async () => {
    allowConsoleError();
    const token = await subscriberToken();
    sendgrid.refuse = true;
    return { values: { token }, cleanup: () => void (sendgrid.refuse = false) };
  },
  paidCheckout: async ({ ip }) => {
    const checkout = await openCheckout(ip);
    await payAtStripe(ip, checkout.id);
    const query = await call(ip, "GET", `/api/v1/personnal/registerQuery/${checkout.id}`, {
      headers: { Cookie: `checkout_browser=${checkout.cookie}` },
    });
    const { data } = (await query.json()) as { data: { status: string; authCode: string } };
    expect(data.status).toBe("success");
    return { values: { authCode: data.authCode, checkoutCookie: checkout.cookie } };
  },
  openCheckout: async ({ ip }) => ({ values: { checkoutId: (await openCheckout(ip)).id } }),
  paidCheckoutUnasked: async ({ ip }) => {
    const checkout = await openCheckout(ip);
    await payAtStripe(ip, checkout.id);
    return { values: { checkoutId: checkout.id, checkoutCookie: checkout.cookie } };
  },
  checkoutsUsed: async ({ ip }) => {
    const email = `limited-${ipSeq}@example.com`;
    for (let i = 0; i < Number(LIMITS.CHECKOUT_LIMIT_PER_EMAIL); i += 1) await openCheckout(ip, email);
    return { values: { email } };
  },
  paymentProviderDown: async () => {
    allowConsoleError();
    paypalFake.control.failNext = 500;
    return { values: {}, cleanup: () => void (paypalFake.control.failNext = null) };
  },
  stripeRefusesCancel: async () => {
    allowConsoleError();
    const { user, token } = await signedInUser();
    await db().subscription.update({
      where: { userId: user.id },
      data: { provider: "stripe", providerSubscriptionId: `sub_refused_${user.id}` },
    });
    stripeFake.control.cancelFailures = Number.POSITIVE_INFINITY;
    return { values: { token }, cleanup: () => void (stripeFake.control.cancelFailures = 0) };
  },
  ownRequest: async () => {
    const cursorOf = async (id: string) =>
      encodeCursor(
        "older",
        await db().locationRequest.findUniqueOrThrow({ where: { id }, select: { id: true, createdAt: true } }),
      );
    const { user, token } = await signedInUser();
    const created = await createLocationRequest({
      userId: user.id,
      channel: "sms",
      target: SMS_TARGET,
      requesterName: "Ana",
      locale: "ph",
    });
    if (!created.ok) throw new Error(`could not create the request: ${created.error}`);
    return {
      values: { token, requestId: created.request.id, cursor: await cursorOf(created.request.id) },
    };
  },
  liveShare: async () => {
    const { user, token } = await signedInUser();
    const created = await createLocationRequest({
      userId: user.id,
      channel: "link",
      requesterName: "Ana",
      locale: "en",
    });
    if (!created.ok) throw new Error(`could not create the request: ${created.error}`);
    await startLiveShare(created.request.id, {
      until: new Date(Date.now() + 3600_000),
      fixes: [0, 1, 2].map((i) => ({ latitude: 14.6507 + i / 2000, longitude: 121.0494 + i / 2000 })),
    });
    const first = await db().livePosition.findFirstOrThrow({
      where: { requestId: created.request.id },
      orderBy: { id: "asc" },
    });
    return { values: { token, requestId: created.request.id, after: String(first.id) } };
  },
  smsSent: async ({ ip, replay }) => {
    const token = await subscriberToken();
    await repeat(1, 200, () =>
      call(ip, "POST", "/api/v1/locate/sendSms", { headers: { Authorization: token }, body: replay.body }),
    );
    return { values: { token } };
  },
  emailSent: async ({ ip, replay }) => {
    const token = await subscriberToken();
    await repeat(1, 200, () =>
      call(ip, "POST", "/api/v1/locate/sendEmail", { headers: { Authorization: token }, body: replay.body }),
    );
    return { values: { token } };
  },
  linkCreated: async ({ ip, replay }) => {
    const token = await subscriberToken();
    await repeat(1, 200, () =>
      call(ip, "POST", "/api/v1/locate/createLink", { headers: { Authorization: token }, body: replay.body }),
    );
    return { values: { token } };
  },
  voiceSent: async ({ ip }) => {
    const token = await subscriberToken();
    await repeat(1, 200, () =>
      call(ip, "POST", "/api/v1/voice/send", {
        headers: { Authorization: token },
        body: { senderName: "Ana", countryCode: "+63", phone: "9171234567", message: "Call me when you land." },
      }),
    );
    return { values: { token } };
  },
  numberOptedOut: async () => {
    const key = (await recipientKey("sms", SMS_TARGET))!;
    await optOut(key, "page");
    return { values: { token: await subscriberToken() }, cleanup: () => undoOptOut(key).then(() => undefined) };
  },
  addressOptedOut: async () => {
    const key = (await recipientKey("email", "rosa@example.com"))!;
    await optOut(key, "page");
    return { values: { token: await subscriberToken() }, cleanup: () => undoOptOut(key).then(() => undefined) };
  },
  voiceOptedOut: async () => {
    await db().voiceOptOut.create({ data: { number: SMS_TARGET } });
    return {
      values: { token: await subscriberToken() },
      cleanup: () =>
        db()
          .voiceOptOut.deleteMany({ where: { number: SMS_TARGET } })
          .then(() => undefined),
    };
  },
  declinedRecently: async () => {
    const { user, token } = await signedInUser();
    await recordDecline((await recipientKey("sms", SMS_TARGET))!, user.id, new Date(Date.now() - 3600_000));
    return { values: { token } };
  },
  smsRefused: async () => {
    allowConsoleError();
    twilio.failWith = 400;
    return { values: { token: await subscriberToken() }, cleanup: () => void (twilio.failWith = undefined) };
  },
  reportsUsed: async ({ ip, replay }) => {
    await repeat(Number(LIMITS.DEVICE_REPORT_LIMIT_PER_IP), 200, () =>
      call(ip, "POST", "/api/v1/locate/userAgent", { body: replay.body }),
    );
    return { values: {} };
  },
  accountWithData: async () => {
    const { token, password } = await userWithData();
    return { values: { token, password } };
  },
  stripeRefusesAccountDeletion: async () => {
    allowConsoleError();
    const { user, token, password } = await signedInUser();
    await db().subscription.update({
      where: { userId: user.id },
      data: { provider: "stripe", providerSubscriptionId: `sub_refused_delete_${user.id}` },
    });
    stripeFake.control.cancelFailures = Number.POSITIVE_INFINITY;
    return { values: { token, password }, cleanup: () => void (stripeFake.control.cancelFailures = 0) };
  },
  deletionPasswordsWrong: async ({ ip }) => {
    const { token, password } = await signedInUser();
    await repeat(5, 403, () =>
      call(ip, "DELETE", "/api/v1/personnal/account", {
        headers: { Authorization: token },
        body: { password: "not the password", encrypted: false },
      }),
    );
    return { values: { token, password } };
  },
  keyUsed: async ({ ip, replay }) => {
    // The same client sends the key first with another body (a field the schema ignores).
    const values = { token: await subscriberToken() };
    const first = fill(replay, values);
    const answer = await send(
      {
        ...first,
        headers: { ...first.headers, "Content-Type": "application/json" },
        body: { ...((first.body as object | undefined) ?? {}), note: "another body" },
      },
      ip,
    );
    expect(answer.status).toBeLessThan(300);
    return { values };
  },
  webhookEndpoint: async () => {
    const { user, token } = await signedInUser();
    const created = await createEndpoint(user.id, "http://127.0.0.1:9/hooks/locator");
    if (!created.ok) throw new Error(`could not add the endpoint: ${created.error}`);
    const endpointId = created.endpoint.id;
    await db().webhookDelivery.create({
      data: {
        endpointId,
        eventId: "evt_3f1c9a0b7e2d4c5a6b7c8d9e",
        type: "location_request.shared",
        body: "{}",
        attempts: 1,
        lastStatus: 200,
        lastAttemptAt: new Date(),
        deliveredAt: new Date(),
      },
    });
    return { values: { token, endpointId } };
  },
  endpointsFull: async () => {
    const { user, token } = await signedInUser();
    for (let i = 0; i < 5; i += 1) await createEndpoint(user.id, `http://127.0.0.1:9/hooks/${i}`);
    return { values: { token } };
  },
  stripeSigned: async ({ replay }) => ({ values: { stripeSignature: stripeSignature(JSON.stringify(replay.body)) } }),
};
