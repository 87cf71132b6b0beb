// Checkouts and webhooks of Stripe for the tests of app/billing/stripe*.server.test.ts: the real stripe
// SDK signs each event with its own test helper, handed to the webhook route's action; each test file
// starts its own local fake of the Stripe API (stripeFakeForTests) and has its own checkout cookies.
import Stripe from "stripe";

import { settleStartedJobs } from "~/jobs/jobs.server";
import { action as registerAndSign } from "~/routes/api.v1.auth.register-and-sign";
import { action as webhook } from "~/routes/api.v1.webhooks";

import { STRIPE_WEBHOOK_SECRET } from "../fakes/stripe";
import { checkoutBrowsers } from "./checkout-browsers";
import { apiRequest, readEnvelope, routeArgs, uniqueEmail } from "./factories";

const SECRET = STRIPE_WEBHOOK_SECRET;
const stripe = new Stripe("sk_test_x");

export const T0 = Math.floor(Date.now() / 1000);
let eventSeq = 0;

export function stripeEvent(
  type: string,
  object: Record<string, unknown>,
  created = T0,
  id = `evt_${++eventSeq}_${Math.random().toString(36).slice(2)}`,
) {
  return { id, object: "event", type, created, api_version: "2026-10-28.endive", livemode: false, data: { object } };
}

export async function deliver(event: object, options: { tamper?: boolean } = {}) {
  const payload = JSON.stringify(event);
  const header = stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET });
  const body = options.tamper ? payload.replace("paid", "pAid") : payload;
  const request = new Request("http://localhost:3000/api/v1/webhooks/stripe", {
    method: "POST",
    headers: { "Content-Type": "application/json", "Stripe-Signature": header },
    body,
  });
  const response = await webhook({ request, params: { provider: "stripe" }, context: {} });
  // The answer does not wait for the payment's jobs; the test does, before it looks at their effects.
  await settleStartedJobs();
  return { status: response.status, body: (await response.json()) as { status?: string } };
}

export const completed = (checkoutId: string, sub: string, created = T0) =>
  stripeEvent(
    "checkout.session.completed",
    {
      id: `cs_${checkoutId}`,
      object: "checkout.session",
      mode: "subscription",
      payment_status: "paid",
      client_reference_id: checkoutId,
      subscription: sub,
      customer: "cus_1",
      metadata: { checkoutId },
    },
    created,
  );

export const invoice = (
  type: "invoice.paid" | "invoice.payment_failed",
  sub: string,
  opts: { id: string; amount: number; end: number; created: number; checkoutId?: string },
) =>
  stripeEvent(
    type,
    {
      id: opts.id,
      object: "invoice",
      customer: "cus_1",
      currency: "php",
      amount_paid: type === "invoice.paid" ? opts.amount : 0,
      amount_due: opts.amount,
      parent: {
        type: "subscription_details",
        subscription_details: { subscription: sub, metadata: opts.checkoutId ? { checkoutId: opts.checkoutId } : {} },
      },
      lines: { object: "list", data: [{ period: { start: opts.created, end: opts.end } }] },
    },
    opts.created,
  );

export const subUpdated = (sub: string, cancel: boolean, created: number, periodEnd: number) =>
  stripeEvent(
    "customer.subscription.updated",
    {
      id: sub,
      object: "subscription",
      cancel_at_period_end: cancel,
      status: "active",
      metadata: {},
      items: { data: [{ current_period_end: periodEnd }] },
    },
    created,
  );

export async function buy(email = uniqueEmail("buyer")) {
  const response = await registerAndSign({
    ...routeArgs(
      apiRequest("/api/v1/auth/registerAndSign/stripe", {
        json: { name: "Ana", surname: "Reyes", email, adult: true, locale: "ph" },
      }),
    ),
    params: { provider: "stripe" },
  });
  const body = await readEnvelope<{ id: string }>(response);
  const checkoutId = body.data?.id;
  browsers.remember(checkoutId, response);
  return { response, body, email, id: body.data?.id ?? "" };
}

/** The client that started each checkout: the automatic sign-in works only with its cookie. */
const browsers = checkoutBrowsers();
export const { allowQueryNow, inBrowserOf, query, signInWith } = browsers;
