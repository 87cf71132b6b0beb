// Property-based hostile input for every action of the route table (all three languages of each
// page): wrong types, huge strings, control characters, unicode edge cases, markup, SQL fragments and
// missing fields. Every answer is a 4xx with a translated message (or a normal success where the
// input happens to be valid), never a 5xx or an exception, and a refused request stores nothing.
import { readFileSync } from "node:fs";
import path from "node:path";

import type { ActionFunctionArgs } from "@remix-run/node";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";

import { startCheckout } from "~/billing/checkout.server";
import { db } from "~/db/db.server";
import { settleStartedJobs } from "~/jobs/jobs.server";
import { sharePrecise } from "~/location-requests/answer.server";
import { createLocationRequest } from "~/location-requests/create.server";
import { startLive } from "~/location-requests/live.server";
import { localePrefixes, pageRoutes, resourceRoutes } from "~/route-table.js";
import { resetConfig } from "~/server/config.server";

import { matchedContext } from "../support/app-routes";
import { createUser, signedInUser, uniqueEmail } from "../support/factories";
import { postTargets, sampleParams, type PostTarget } from "./routes";

/** Runs per address: enough variety to find a crash, few enough to keep the suite to seconds. */
const RUNS = 6;

type Prepared = { path?: string; params?: Record<string, string>; headers?: Record<string, string> };
/** What brings each route's action past its guards (sign-in, a real code or checkout) to its input. */
type Fixture = { prepare?: (target: PostTarget) => Promise<Prepared> };

const signedIn = async () => {
  const { token } = await signedInUser();
  return { headers: { Cookie: `token=${token}`, Authorization: `Bearer ${token}` } };
};
async function requestCode() {
  const { user } = await createUser();
  const created = await createLocationRequest({
    userId: user.id,
    channel: "link",
    requesterName: "Maria",
    locale: "en",
  });
  if (!created.ok) throw new Error("could not create the request");
  return created.request.code;
}
/** A request shared precisely (live sharing's start takes it), and with a live share running when `running`. */
async function sharedCode(running = false) {
  const code = await requestCode();
  await sharePrecise(code, { latitude: 14.6, longitude: 121, accuracyMeters: 10 });
  if (running && !(await startLive(code, 15)).ok) throw new Error("could not start live sharing");
  return code;
}
const localized = (target: PostTarget, bare: string) => {
  const prefix = localePrefixes[target.locale];
  return prefix ? `/${prefix}${bare}` : bare;
};

/** Every route with an action needs an entry here: a new route without one fails the suite. */
const FIXTURES: Record<string, Fixture> = {
  "*": {
    prepare: async (target) => {
      const code = await requestCode();
      return { path: localized(target, `/${code}`), params: { "*": code } };
    },
  },
  "checkout/sandbox/:id": {
    prepare: async (target) => {
      const started = await startCheckout(
        { name: "Budi", surname: "Santoso", email: uniqueEmail("sbx"), adult: "on" },
        { locale: "en", ip: "203.0.113.9" },
      );
      if (!started.ok) throw new Error("checkout failed");
      return { path: localized(target, `/checkout/sandbox/${started.checkoutId}`), params: { id: started.checkoutId } };
    },
  },
  share: { prepare: async (target) => ({ path: localized(target, `/share?c=${await requestCode()}`) }) },
  report: { prepare: async (target) => ({ path: localized(target, `/report?c=${await requestCode()}`) }) },
  // Live sharing: a start on a precise share; an update or a stop of a running share (whose secret a
  // stranger does not have).
  "share/live": { prepare: async () => ({ path: `/share/live?c=${await sharedCode()}` }) },
  "share/live/update": { prepare: async () => ({ path: `/share/live/update?c=${await sharedCode(true)}` }) },
  "share/live/stop": { prepare: async () => ({ path: `/share/live/stop?c=${await sharedCode(true)}` }) },
  "unsubscribe-and-refund/confirm": {
    prepare: async (target) => ({ path: localized(target, "/unsubscribe-and-refund/confirm?token=abc") }),
  },
  // An unknown link: whatever the body, nothing is verified and the page is answered again.
  "verify-email": { prepare: async (target) => ({ path: localized(target, "/verify-email?token=abc") }) },
  register: { prepare: async (target) => ({ path: localized(target, "/register?id=chk_unknown") }) },
  // A link we did not sign: whatever the body, the e-mails stay on and the answer is a 404.
  "notifications/off": {
    prepare: async (target) => ({
      path: localized(target, "/notifications/off?token=cmx0forged00000000000000.AAAAAAAAAAAAAAAAAAAAAA"),
    }),
  },
  "dashboard/modules/Settings": { prepare: signedIn },
  "dashboard/modules/Webhooks": { prepare: signedIn },
  "contact-us": {},
  "unsubscribe-and-refund": {},
  "enter-link": {},
  "reverse-phone-lookup": { prepare: signedIn },
  "send-voice-message": { prepare: signedIn },
  dashboard: { prepare: signedIn },
  "dashboard/modules/Review": { prepare: signedIn },
  "dashboard/modules/DeleteAccount": { prepare: signedIn },
  "dashboard/modules/cancleMySubscriptionModal": { prepare: signedIn },
  "dashboard/modules/MySubscription": { prepare: signedIn },
  // Choosing the first password: refused once one was chosen (the fixture user has one).
  "dashboard/modules/SuccessModal": { prepare: signedIn },
  "set-locale": {},
  consent: {},
  "csp-report": {},
  "auth/login": {},
  "auth/logout": { prepare: signedIn },
  "auth/send-code": {},
  "auth/reset-password": {},
  "payments/checkout": {},
  "voice/status": {},
  "sms/inbound": {},
  "sms/status": { prepare: async () => ({ path: "/sms/status?request=cmi9x0abc0002" }) },
  "email/events": {},
  // A well-formed but unknown link: the one-click unsubscribe must refuse it with a 4xx, whatever the body.
  "unsubscribe/:id": {
    prepare: async () => ({ path: "/unsubscribe/abcdefghijklmn", params: { id: "abcdefghijklmn" } }),
  },
  "voice/opt-out": { prepare: async () => ({ path: "/voice/opt-out?lang=en" }) },
  "api/v1/webhooks/:provider": {},
};
// The text pages answer 405 to any post; the JSON API's routes take a signed-in token where they need one.
for (const route of pageRoutes) if (route.file === "routes/content-page.tsx") FIXTURES[route.path] = {};
for (const route of resourceRoutes)
  if (route.path.startsWith("api/v1/") && !FIXTURES[route.path]) FIXTURES[route.path] = { prepare: signedIn };

const FIELDS = [
  "intent",
  "email",
  "password",
  "encrypted",
  "verificationCode",
  "returnTo",
  "redirectTo",
  "name",
  "surname",
  "adult",
  "message",
  "subject",
  "phone",
  "number",
  "country",
  "code",
  "title",
  "text",
  "rating",
  "displayName",
  "reason",
  "details",
  "authCode",
  "lng",
  "locale",
  "choice",
  "requesterName",
  "template",
  "latitude",
  "longitude",
  "accuracy",
  "minutes",
  "secret",
  "type",
  "CallSid",
  "CallStatus",
  "Digits",
  "From",
  "To",
];
const INTENTS = [
  "precise",
  "approximate",
  "decline",
  "sms",
  "email",
  "link",
  "pickTemplate",
  "chooseMessage",
  "pay",
  "fail",
  "cancel",
  "save",
  "delete",
  "accept",
  "reject",
  "harassment",
  "scam",
];

const hostileString = fc.oneof(
  { weight: 3, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: "grapheme", maxLength: 30 }) },
  { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 30 }) },
  {
    weight: 4,
    arbitrary: fc.constantFrom(
      "<script>alert(1)</script>",
      '"><img src=x onerror=alert(1)>',
      "' OR '1'='1' --",
      '\'; DROP TABLE "User"; --',
      '1; SELECT * FROM "Session"',
      "\u0000",
      "\u202e\u200b\ufeff",
      "\ud800",
      "🏳️‍🌈👨‍👩‍👧‍👦",
      "Z͑ͫ̓ͪ̂ͫ̽͏̴̙̤̞͉͚̯̞̠͍",
      "%00%0d%0a",
      "\r\nSet-Cookie: token=x",
      "../../etc/passwd",
      "__proto__",
      "constructor",
      "NaN",
      "-1",
      "1e309",
      "99999999999999999999999",
      "",
      "   ",
      "//evil.example",
      "javascript:alert(1)",
      "+6281234567890",
      "a@b.co",
    ),
  },
  { weight: 1, arbitrary: fc.integer({ min: 2000, max: 12000 }).map((n) => "Ā".repeat(n)) },
  { weight: 1, arbitrary: fc.emailAddress() },
);
const formValue = fc.oneof(
  { weight: 5, arbitrary: hostileString },
  { weight: 1, arbitrary: fc.constantFrom(...INTENTS) },
);
const formFields = fc.dictionary(
  fc.oneof({ weight: 8, arbitrary: fc.constantFrom(...FIELDS) }, { weight: 1, arbitrary: hostileString }),
  formValue,
  { maxKeys: 8 },
);
const jsonValue = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    hostileString,
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie("value"), { maxLength: 3 }),
    fc.dictionary(fc.constantFrom(...FIELDS), tie("value"), { maxKeys: 3 }),
  ),
})).value;
const jsonBody = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.dictionary(fc.constantFrom(...FIELDS), jsonValue, { maxKeys: 8 }).map((v) => JSON.stringify(v)),
  },
  { weight: 1, arbitrary: jsonValue.map((v) => JSON.stringify(v) ?? "null") },
  { weight: 1, arbitrary: hostileString },
);

type Hostile = { form?: Record<string, string>; multipart: boolean; json?: string };

function request(target: PostTarget, prepared: Prepared, input: Hostile, ip: string) {
  const headers = new Headers({ "x-client-ip": ip, APP: "security-suite", ...prepared.headers });
  let body: BodyInit | undefined;
  if (input.json !== undefined) {
    headers.set("Content-Type", target.policy.body === "report" ? "application/csp-report" : "application/json");
    body = input.json;
  } else if (input.multipart) {
    const form = new FormData();
    for (const [name, value] of Object.entries(input.form ?? {})) form.append(name, value);
    body = form;
  } else {
    headers.set("Content-Type", "application/x-www-form-urlencoded");
    body = new URLSearchParams(input.form ?? {});
  }
  return new Request(`http://localhost:3000${prepared.path ?? target.url}`, { method: target.method, headers, body });
}

/** The status of what an action returned or threw: a Response, `data(…, { status })`, or plain data (200). */
function statusOf(result: unknown): { status: number; body?: unknown } {
  if (result instanceof Response) return { status: result.status };
  if (result && typeof result === "object" && (result as { type?: unknown }).type === "DataWithResponseInit") {
    const value = result as { data: unknown; init?: { status?: number } | null };
    return { status: value.init?.status ?? 200, body: value.data };
  }
  return { status: 200, body: result };
}

/** A message key that was never translated (`errors.badForm` instead of its sentence). */
const RAW_KEY = /^[a-z][A-Za-z]*(\.[A-Za-z0-9]+)+$/;
async function messagesOf(result: unknown, body: unknown) {
  const texts: string[] = [];
  if (result instanceof Response && (result.headers.get("Content-Type") ?? "").match(/json|text\/plain/)) {
    const text = await result.clone().text();
    try {
      const json = JSON.parse(text) as Record<string, unknown>;
      for (const key of ["message", "error"]) if (typeof json[key] === "string") texts.push(json[key]);
    } catch {
      texts.push(text);
    }
  } else if (body && typeof body === "object") {
    for (const [key, value] of Object.entries(body))
      if (key === "message" && typeof value === "string") texts.push(value);
  }
  return texts;
}

const MODELS = [...readFileSync(path.resolve("prisma/schema.prisma"), "utf8").matchAll(/^model (\w+) \{/gm)].map(
  (m) => m[1]!,
);
/**
 * Tables a refused request may touch: the limit counters (a wrong password, at sign-in or when deleting
 * an account, counts against its address), and the lazily made password key.
 */
const BOOKKEEPING = new Set(["RateLimit", "SignInThrottle", "RsaKey"]);
async function rowCounts() {
  const counts: Record<string, number> = {};
  for (const model of MODELS) {
    if (BOOKKEEPING.has(model)) continue;
    const rows = await db().$queryRawUnsafe<{ n: number | bigint }[]>(`SELECT COUNT(*) AS n FROM "${model}"`);
    counts[model] = Number(rows[0]!.n);
  }
  return counts;
}

const targets = await postTargets();

beforeAll(() => {
  // The embedded sandbox checkout (its page exists only without real payment keys).
  delete process.env.STRIPE_SECRET_KEY;
  delete process.env.PAYPAL_CLIENT_ID;
  resetConfig();
});

describe("every action has a fixture", () => {
  it("names each route of the table that accepts POST", () => {
    const missing = [...new Set(targets.map((t) => t.tablePath))].filter((p) => !FIXTURES[p]);
    expect(missing, "add these routes to FIXTURES in tests/security/hostile-input.test.ts").toEqual([]);
  });
});

describe.each(targets.map((t) => [t.url, t] as const))("hostile input to POST %s", (url, target) => {
  it("answers a translated 4xx or a success, never a 5xx, and a refusal stores nothing", async () => {
    const fixture = FIXTURES[target.tablePath];
    if (!fixture) throw new Error(`no fixture for ${target.tablePath}`);
    const module = (await import(/* @vite-ignore */ path.resolve("app", target.policy.file))) as {
      action: (args: ActionFunctionArgs) => Promise<unknown>;
    };
    const prepared = (await fixture.prepare?.(target)) ?? {};
    const input =
      target.policy.body === "json" || target.policy.body === "report"
        ? fc.record({ json: jsonBody, multipart: fc.constant(false) })
        : fc.record({ form: formFields, multipart: fc.boolean() });
    let run = 0;
    await fc.assert(
      fc.asyncProperty(input, async (hostile: Hostile) => {
        run += 1;
        // What an earlier run or the fixture set going (an event's e-mail, a push, a webhook) lands first.
        await settleStartedJobs();
        const before = await rowCounts();
        let result: unknown;
        try {
          const sent = request(target, prepared, hostile, `198.18.${run % 250}.${(run * 7) % 250}`);
          result = await module.action({
            request: sent,
            params: prepared.params ?? sampleParams(target.tablePath),
            context: matchedContext(sent.url),
          });
        } catch (thrown) {
          // Remix answers a thrown Response as it is; anything else would be a 500.
          if (!(thrown instanceof Response) && statusOf(thrown).status === 200) throw thrown;
          result = thrown;
        }
        const { status, body } = statusOf(result);
        expect(status, `${url} answered ${status}`).toBeLessThan(500);
        for (const message of await messagesOf(result, body)) expect(message).not.toMatch(RAW_KEY);
        if (status >= 400) {
          // A refusal starts nothing either: what it set going would land here.
          await settleStartedJobs();
          expect(await rowCounts()).toEqual(before);
        }
      }),
      { numRuns: RUNS, seed: 20261123 + url.length, endOnFailure: true },
    );
  }, 60_000);
});
