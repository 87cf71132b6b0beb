// The OpenAPI document (GET /api/v1/openapi.json) and the running API cannot drift apart:
// - the document is valid OpenAPI 3.1 (@readme/openapi-parser);
// - every /api/v1 route of the route table is described, with the methods its module answers;
// - every answer of every operation has an example, and every example is replayed: its request
//   (`x-replay`) is sent over HTTP to the API as the server runs it (the edge in front of Remix and
//   the route modules, tests/support/api-app.ts), in the situation it names (prepared below), and the
//   answer must have the example's status and validate against the documented schema for that status
//   (JSON Schema 2020-12, objects closed), with the documented headers and, where it does not name a
//   time or a count, the example's message.
// The real Stripe, PayPal, Twilio and SendGrid providers run against the local fakes of tests/fakes.
import { compileErrors, dereference, validate } from "@readme/openapi-parser";
import addFormats from "ajv-formats";
import Ajv2020 from "ajv/dist/2020.js";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { EXAMPLE_APP, openApiDocument, type Replay } from "~/api/openapi/document.server";
import { API_OPERATIONS, GIVEN, type Given } from "~/api/openapi/operations.server";
import { db } from "~/db/db.server";
import { createLocationRequest } from "~/location-requests/create.server";
import { encodeCursor } from "~/location-requests/list.server";
import { optOut, recipientKey, recordDecline, undoOptOut } from "~/location-requests/recipient-controls.server";
import { resourceRoutes } from "~/route-table.js";
import { resetConfig } from "~/server/config.server";
import { createEndpoint } from "~/webhooks/endpoints.server";

import { PAYPAL_ENV, startPayPalFake } from "../../../tests/fakes/paypal";
import { sendgridEnv, startSendGridFake } from "../../../tests/fakes/sendgrid";
import { startStripeFake, STRIPE_WEBHOOK_SECRET, stripeEnv } from "../../../tests/fakes/stripe";
import { startTwilioFake, twilioEnv } from "../../../tests/fakes/twilio";
import { startApiApp, type ApiApp } from "../../../tests/support/api-app";
import { allowConsoleError } from "../../../tests/support/console";
import { createUser, signedInUser, userWithData } from "../../../tests/support/factories";
import { startLiveShare } from "../../../tests/support/live-shares";

type Doc = Awaited<ReturnType<typeof openApiDocument>>;
type MediaType = { schema: object; examples: Record<string, { value: unknown; "x-replay": Replay }> };
type ResponseObject = { headers?: Record<string, { required?: boolean }>; content: { "application/json": MediaType } };
type OperationObject = { operationId: string; responses: Record<string, ResponseObject> };

const LIMITS = {
  RESET_LIMIT_PER_IP: "3",
  CHECKOUT_LIMIT_PER_EMAIL: "2",
  DEVICE_REPORT_LIMIT_PER_IP: "3",
  // Many examples ask the same number; the recipient's daily limit has its own tests.
  RECIPIENT_DAILY_LIMIT: "1000",
};

const twilio = { failWith: undefined as number | undefined };
const sendgrid = { refuse: false };
let stripeFake: Awaited<ReturnType<typeof startStripeFake>>;
let paypalFake: Awaited<ReturnType<typeof startPayPalFake>>;
let closeFakes: () => Promise<unknown>;
let env: Record<string, string>;
let app: ApiApp;
let doc: Doc;

const document = await openApiDocument();
/** The document with every $ref resolved: each answer's schema whole. */
const resolved = (await dereference(structuredClone(document) as never)) as unknown as {
  paths: Record<string, Record<string, OperationObject>>;
  "x-not-found": ResponseObject;
};

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
  doc = await openApiDocument();
});
afterAll(async () => {
  await app?.close();
  for (const name of Object.keys(env)) delete process.env[name];
  resetConfig();
  await closeFakes();
});

let lastMail = () => "";

describe("the document", () => {
  it("is valid OpenAPI 3.1", async () => {
    const result = await validate(structuredClone(document) as never);
    expect(result.valid ? [] : result.errors, result.valid ? "" : compileErrors(result)).toEqual([]);
    expect(result.valid ? result.warnings : []).toEqual([]);
    expect(document.openapi).toBe("3.1.0");
  });

  it("describes every /api/v1 route of the route table, with the methods its module answers", async () => {
    const tableApi = resourceRoutes.filter((route) => route.path.startsWith("api/v1/") && route.path !== "api/v1/*");
    const undescribed = tableApi.filter((route) => !API_OPERATIONS[route.path]).map((route) => route.path);
    expect(undescribed, "routes of the table without a description in app/api/openapi/operations/").toEqual([]);
    expect(Object.keys(API_OPERATIONS).sort()).toEqual(tableApi.map((route) => route.path).sort());
    for (const route of tableApi) {
      const module = (await import(/* @vite-ignore */ `../../${route.file}`)) as Record<string, unknown>;
      for (const operation of API_OPERATIONS[route.path]!) {
        const handler = operation.method === "get" ? "loader" : "action";
        expect(typeof module[handler], `${route.path}: ${operation.method} needs its ${handler}`).toBe("function");
        const path = `/${route.path.replace(/:(\w+)/g, "{$1}")}`;
        expect(document.paths?.[path]?.[operation.method], `${path} ${operation.method}`).toBeTruthy();
      }
    }
    // The catch-all answers every other path.
    expect(resourceRoutes.some((route) => route.path === "api/v1/*")).toBe(true);
    expect((document as { "x-not-found"?: unknown })["x-not-found"]).toBeTruthy();
  });

  it("has an example with its request for every answer, and each example fits its own schema", () => {
    const ajv = schemaValidator();
    for (const [path, methods] of Object.entries(resolved.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        for (const [status, response] of Object.entries(operation.responses)) {
          const media = response.content["application/json"];
          const examples = Object.entries(media.examples ?? {});
          expect(examples.length, `${method} ${path} ${status}`).toBeGreaterThan(0);
          const check = ajv.compile(media.schema);
          for (const [name, example] of examples) {
            expect(example["x-replay"], `${method} ${path} ${status} ${name}`).toBeTruthy();
            expect(check(example.value), `${method} ${path} ${status} ${name}: ${ajv.errorsText(check.errors)}`).toBe(
              true,
            );
          }
        }
      }
    }
  });

  it("is served without an APP header, as generated", async () => {
    const answer = await fetch(`${app.origin}/api/v1/openapi.json`);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual(JSON.parse(JSON.stringify(doc)));
  });
});

// --- Replaying every example --------------------------------------------------------------------

function schemaValidator() {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  return ajv;
}

type Prepared = { values: Record<string, string>; cleanup?: () => void | Promise<void> };
type Context = { ip: string; replay: Replay };

let ipSeq = 0;
const nextIp = () => `198.51.${Math.floor(++ipSeq / 250)}.${(ipSeq % 250) + 1}`;

/** A request to the API from the example's client address. */
function call(
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

const cookieOf = (answer: Response) =>
  answer.headers
    .getSetCookie()
    .find((cookie) => cookie.startsWith("checkout_browser="))!
    .split(";")[0]!
    .slice("checkout_browser=".length);

async function openCheckout(ip: string, email = `buyer-${ipSeq}-${Date.now()}@example.com`) {
  const answer = await call(ip, "POST", "/api/v1/auth/registerAndSign/stripe", {
    body: { name: "Ana", surname: "Reyes", email, adult: true },
  });
  expect(answer.status).toBe(200);
  const { data } = (await answer.json()) as { data: { id: string } };
  return { id: data.id, cookie: cookieOf(answer), email };
}

const stripe = new Stripe("sk_test_x");
const stripeSignature = (payload: string) =>
  stripe.webhooks.generateTestHeaderString({ payload, secret: STRIPE_WEBHOOK_SECRET });

/** Completes a Stripe checkout as Stripe's webhook does. */
async function payAtStripe(ip: string, checkoutId: string) {
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

const SMS_TARGET = "+639171234567";
const subscriberToken = async () => (await signedInUser()).token;

/** Sends the same request `times` times, each answered `status`. */
async function repeat(times: number, status: number, send: () => Promise<Response>) {
  for (let i = 0; i < times; i += 1) expect((await send()).status).toBe(status);
}

const GIVENS: Record<Given, (context: Context) => Promise<Prepared>> = {
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

/** The replay with the situation's values in place of `{{name}}`; a name left over fails. */
function fill<T>(value: T, values: Record<string, string>): T {
  const text = JSON.stringify(value).replace(/\{\{(\w+)\}\}/g, (whole, name: string) => {
    if (!(name in values)) throw new Error(`${whole} has no value in this situation`);
    return JSON.stringify(values[name]).slice(1, -1);
  });
  return JSON.parse(text) as T;
}

async function send(replay: Replay, ip: string) {
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

type Case = { name: string; status: number; response: ResponseObject; example: string };
const cases: Case[] = [];
for (const [path, methods] of Object.entries(resolved.paths))
  for (const [method, operation] of Object.entries(methods))
    for (const [status, response] of Object.entries(operation.responses))
      for (const example of Object.keys(response.content["application/json"].examples))
        cases.push({
          name: `${method.toUpperCase()} ${path} ${status} ${example}`,
          status: Number(status),
          response,
          example,
        });
const notFound = resolved["x-not-found"];
for (const example of Object.keys(notFound.content["application/json"].examples))
  cases.push({ name: `any other path 404 ${example}`, status: 404, response: notFound, example });

describe("every example, replayed against the running API", () => {
  it("covers every documented situation", () => {
    const used = new Set(
      cases.map((c) => c.response.content["application/json"].examples[c.example]!["x-replay"].given).filter(Boolean),
    );
    expect([...used].sort()).toEqual(Object.keys(GIVEN).sort());
    expect(cases.length).toBeGreaterThan(150);
  });

  const ajv = schemaValidator();
  it.each(cases.map((c) => [c.name, c] as const))("%s", async (_name, { status, response, example }) => {
    const documented = response.content["application/json"].examples[example]!;
    const replay = documented["x-replay"];
    const ip = nextIp();
    const prepared = replay.given ? await GIVENS[replay.given]({ ip, replay }) : { values: {} };
    let answer: Response;
    try {
      answer = await send(fill(replay, prepared.values), ip);
    } finally {
      await prepared.cleanup?.();
    }
    const text = await answer.text();
    expect(answer.status, text).toBe(status);
    const body = JSON.parse(text) as { status?: number; message?: string };
    const check = ajv.compile(response.content["application/json"].schema);
    expect(check(body), `${ajv.errorsText(check.errors)}\n${text}`).toBe(true);
    // Every header the answer is declared to send (Idempotency-Replayed only on a repeat: not required).
    for (const [header, declared] of Object.entries(response.headers ?? {}))
      if (declared.required) expect(answer.headers.get(header), `the ${header} header`).toBeTruthy();
    const value = documented.value as { status?: number; message?: string; code?: string; field?: string | null };
    if (typeof value.message === "string" && !/\d/.test(value.message)) expect(body.message).toBe(value.message);
    // A failure's code and field are the documented ones: the table of each route's mistakes.
    if (status >= 400 && value.status === status) {
      expect((body as { code?: string }).code, "code").toBe(value.code);
      expect((body as { field?: string | null }).field, "field").toBe(value.field);
    }
  });
});
