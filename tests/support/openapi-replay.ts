// The API as the server runs it, with every provider against its local fake, for the tests of the
// OpenAPI document (app/api/openapi/openapi.test.ts, replay.test.ts); the situations its examples name
// are prepared in ./openapi-givens.ts.
import { dereference } from "@readme/openapi-parser";
import addFormats from "ajv-formats";
import Ajv2020 from "ajv/dist/2020.js";
import Stripe from "stripe";
import { afterAll, beforeAll, expect } from "vitest";

import { EXAMPLE_APP, openApiDocument, type Replay } from "~/api/openapi/document.server";
import { db } from "~/db/db.server";
import { resetConfig } from "~/server/config.server";

import { PAYPAL_ENV, startPayPalFake } from "../fakes/paypal";
import { sendgridEnv, startSendGridFake } from "../fakes/sendgrid";
import { startStripeFake, STRIPE_WEBHOOK_SECRET, stripeEnv } from "../fakes/stripe";
import { startTwilioFake, twilioEnv } from "../fakes/twilio";
import { startApiApp, type ApiApp } from "./api-app";
import { signedInUser } from "./factories";

export type MediaType = { schema: object; examples: Record<string, { value: unknown; "x-replay": Replay }> };
export type ResponseObject = {
  headers?: Record<string, { required?: boolean }>;
  content: { "application/json": MediaType };
};
export type OperationObject = { operationId: string; responses: Record<string, ResponseObject> };

export const LIMITS = {
  RESET_LIMIT_PER_IP: "3",
  CHECKOUT_LIMIT_PER_EMAIL: "2",
  DEVICE_REPORT_LIMIT_PER_IP: "3",
  // Many examples ask the same number; the recipient's daily limit has its own tests.
  RECIPIENT_DAILY_LIMIT: "1000",
};

export const twilio = { failWith: undefined as number | undefined };
export const sendgrid = { refuse: false };
export let stripeFake: Awaited<ReturnType<typeof startStripeFake>>;
export let paypalFake: Awaited<ReturnType<typeof startPayPalFake>>;
let closeFakes: () => Promise<unknown>;
let env: Record<string, string>;
export let app: ApiApp;
export let lastMail = () => "";

export const document = await openApiDocument();
/** The document with every $ref resolved: each answer's schema whole. */
export const resolved = (await dereference(structuredClone(document) as never)) as unknown as {
  paths: Record<string, Record<string, OperationObject>>;
  "x-not-found": ResponseObject;
};

/**
 * Starts the fakes of every provider (Stripe, PayPal, Twilio, SendGrid) and the API as the server runs it
 * (tests/support/api-app.ts) before the file's tests, and stops them after.
 */
export function replayEnvironment() {
  beforeAll(async () => {
    stripeFake = await startStripeFake();
    paypalFake = await startPayPalFake();
    const twilioFake = await startTwilioFake(twilio);
    const sendgridFake = await startSendGridFake(sendgrid);
    closeFakes = () => Promise.all([stripeFake, paypalFake, twilioFake, sendgridFake].map((fake) => fake.close()));
    lastMail = () => sendgridFake.requests.at(-1)?.body ?? "";
    env = {
      ...stripeEnv(stripeFake.origin),
      ...PAYPAL_ENV,
      TEST_PAYPAL_API_BASE: paypalFake.origin,
      ...twilioEnv(twilioFake.origin),
      ...sendgridEnv(sendgridFake.origin),
      ...LIMITS,
      // Each example comes from its own client address (X-Forwarded-For from the loopback "proxy").
      TRUST_PROXY: "loopback",
    };
    Object.assign(process.env, env);
    resetConfig();
    // With the request log in front, as the server has it: every answer carries X-Request-Id.
    app = await startApiApp({ requestLog: true });
  });
  afterAll(async () => {
    await app?.close();
    for (const name of Object.keys(env)) delete process.env[name];
    resetConfig();
    await closeFakes();
  });
}

export function schemaValidator() {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  return ajv;
}

export let ipSeq = 0;
export const nextIp = () => `198.51.${Math.floor(++ipSeq / 250)}.${(ipSeq % 250) + 1}`;

/** A request to the API from the example's client address. */
export function call(
  ip: string,
  method: string,
  path: string,
  init: { headers?: Record<string, string>; body?: unknown } = {},
) {
  return fetch(app.origin + path, {
    method,
    headers: {
      APP: EXAMPLE_APP,
      "X-Forwarded-For": ip,
      ...(init.body === undefined ? {} : { "Content-Type": "application/json" }),
      ...init.headers,
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
}

export const cookieOf = (answer: Response) =>
  answer.headers
    .getSetCookie()
    .find((cookie) => cookie.startsWith("checkout_browser="))!
    .split(";")[0]!
    .slice("checkout_browser=".length);

export async function openCheckout(ip: string, email = `buyer-${ipSeq}-${Date.now()}@example.com`) {
  const answer = await call(ip, "POST", "/api/v1/auth/registerAndSign/stripe", {
    body: { name: "Ana", surname: "Reyes", email, adult: true },
  });
  expect(answer.status).toBe(200);
  const { data } = (await answer.json()) as { data: { id: string } };
  return { id: data.id, cookie: cookieOf(answer), email };
}

export const stripe = new Stripe("sk_test_x");
export const stripeSignature = (payload: string) =>
  stripe.webhooks.generateTestHeaderString({ payload, secret: STRIPE_WEBHOOK_SECRET });

/** Completes a Stripe checkout as Stripe's webhook does. */
export async function payAtStripe(ip: string, checkoutId: string) {
  const checkout = await db().checkout.findUniqueOrThrow({ where: { id: checkoutId } });
  const payload = JSON.stringify({
    id: `evt_replay_${checkoutId}`,
    object: "event",
    type: "checkout.session.completed",
    created: Math.floor(Date.now() / 1000),
    api_version: "2026-10-28.endive",
    livemode: false,
    data: {
      object: {
        id: checkout.providerSessionId,
        object: "checkout.session",
        mode: "subscription",
        payment_status: "paid",
        client_reference_id: checkoutId,
        subscription: `sub_replay_${checkoutId}`,
        customer: "cus_replay",
        metadata: { checkoutId },
      },
    },
  });
  const answer = await fetch(`${app.origin}/api/v1/webhooks/stripe`, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      "Stripe-Signature": stripeSignature(payload),
      "X-Forwarded-For": ip,
    },
    body: payload,
  });
  expect(answer.status).toBe(200);
}

export const SMS_TARGET = "+639171234567";
export const subscriberToken = async () => (await signedInUser()).token;

/** Sends the same request `times` times, each answered `status`. */
export async function repeat(times: number, status: number, send: () => Promise<Response>) {
  for (let i = 0; i < times; i += 1) expect((await send()).status).toBe(status);
}

/** The replay with the situation's values in place of `{{name}}`; a name left over fails. */
export function fill<T>(value: T, values: Record<string, string>): T {
  const text = JSON.stringify(value).replace(/\{\{(\w+)\}\}/g, (whole, name: string) => {
    if (!(name in values)) throw new Error(`${whole} has no value in this situation`);
    return JSON.stringify(values[name]).slice(1, -1);
  });
  return JSON.parse(text) as T;
}

export async function send(replay: Replay, ip: string) {
  const body =
    replay.raw !== undefined
      ? (replay.raw.text ?? "x".repeat(replay.raw.bytes ?? 0))
      : replay.body === undefined
        ? undefined
        : JSON.stringify(replay.body);
  return fetch(app.origin + replay.path, {
    method: replay.method,
    headers: { ...replay.headers, "X-Forwarded-For": ip },
    body,
  });
}
