// Checkouts and webhooks of PayPal for the tests of app/billing/paypal*.server.test.ts: webhooks handed
// to the webhook route's action as PayPal would post them, signed for the local fake of its API (each
// test file starts its own: paypalFakeForTests), and each file's own checkout cookies.

import { db } from "~/db/db.server";
import { settleStartedJobs } from "~/jobs/jobs.server";
import { action as registerAndSign } from "~/routes/api.v1.auth.register-and-sign";
import { action as webhook } from "~/routes/api.v1.webhooks";
import { DAY } from "~/utils/time";

import { paypalWebhookHeaders } from "../fakes/paypal";
import { checkoutBrowsers } from "./checkout-browsers";
import { apiRequest, readEnvelope, routeArgs } from "./factories";

export const T0 = Date.now();
export const iso = (ms: number) => new Date(ms).toISOString();
let eventSeq = 0;
export const email = () => `paypal-${++eventSeq}-${Math.random().toString(36).slice(2, 8)}@example.com`;

export function event(type: string, resource: Record<string, unknown>, at = T0) {
  return {
    id: `WH-${++eventSeq}-${Math.random().toString(36).slice(2)}`,
    event_version: "1.0",
    create_time: iso(at),
    resource_type: type.startsWith("PAYMENT.SALE") ? "sale" : "subscription",
    event_type: type,
    summary: type,
    resource,
  };
}

export async function deliver(body: object, options: { tamper?: boolean; signature?: string } = {}) {
  const raw = JSON.stringify(body);
  const request = new Request("http://localhost:3000/api/v1/webhooks/paypal", {
    method: "POST",
    headers: paypalWebhookHeaders(raw, `tx-${++eventSeq}`, options.signature),
    body: options.tamper ? raw.replace("ACTIVE", "ACTIVATED") : raw,
  });
  const response = await webhook({ request, params: { provider: "paypal" }, context: {} });
  // The answer does not wait for the payment's jobs; the test does, before it looks at their effects.
  await settleStartedJobs();
  return { status: response.status, body: (await response.json()) as { status?: string } };
}

export const activated = (sub: string, checkoutId: string, at = T0, next = at + DAY) =>
  event(
    "BILLING.SUBSCRIPTION.ACTIVATED",
    {
      id: sub,
      status: "ACTIVE",
      custom_id: checkoutId,
      plan_id: "P-1",
      subscriber: { payer_id: "PAYER1" },
      billing_info: { next_billing_time: iso(next) },
    },
    at,
  );
export const sale = (
  type: "PAYMENT.SALE.COMPLETED" | "PAYMENT.SALE.DENIED",
  sub: string,
  id: string,
  total: string,
  at: number,
  custom?: string,
) =>
  event(
    type,
    {
      id,
      state: type === "PAYMENT.SALE.COMPLETED" ? "completed" : "denied",
      amount: { total, currency: "USD" },
      billing_agreement_id: sub,
      ...(custom ? { custom } : {}),
      create_time: iso(at),
    },
    at,
  );
export const subEvent = (type: string, sub: string, at: number, extra: Record<string, unknown> = {}) =>
  event(type, { id: sub, ...extra }, at);

export async function buy(address = email()) {
  const response = await registerAndSign({
    ...routeArgs(
      apiRequest("/api/v1/auth/registerAndSign/paypal", {
        json: { name: "Juan", surname: "Dela Cruz", email: address, adult: true, locale: "en" },
      }),
    ),
    params: { provider: "paypal" },
  });
  const body = await readEnvelope<{ id: string; url: string; provider: string }>(response);
  const checkoutId = body.data?.id;
  browsers.remember(checkoutId, response);
  const data = body.data;
  const checkout = data ? await db().checkout.findUniqueOrThrow({ where: { id: data.id } }) : null;
  return { response, body, data, email: address, id: data?.id ?? "", sub: checkout?.providerSessionId ?? "" };
}

/** The client that started each checkout: the automatic sign-in works only with its cookie. */
const browsers = checkoutBrowsers();
export const { allowQueryNow, inBrowserOf, query, signInWith } = browsers;
export const userOf = (address: string) =>
  db().user.findUnique({ where: { email: address }, include: { subscription: true } });
export const mails = async (address: string) => {
  await settleStartedJobs();
  return db().outboxMessage.count({ where: { to: address } });
};
/** The requests the app made of the fake, as `METHOD /path`. */
export const paths = (fake: { requests: { method: string; url: string }[] }) =>
  fake.requests.map((r) => `${r.method} ${r.url.split("?")[0]}`);
