// Checkouts through either provider and each provider's webhooks, for the tests of
// app/billing/two-providers*.server.test.ts (each file starts both fakes: stripeFakeForTests and
// paypalFakeForTests in ./provider-fakes).
import { expect } from "vitest";

import { db } from "~/db/db.server";
import { action as registerAndSign } from "~/routes/api.v1.auth.register-and-sign";
import { DAY } from "~/utils/time";

import { checkoutBrowsers } from "./checkout-browsers";
import { apiRequest, readEnvelope, routeArgs, uniqueEmail } from "./factories";
import { deliver as deliverPayPal, event as paypalEvent } from "./paypal-checkout";
import { deliver as deliverStripe, stripeEvent } from "./stripe-checkout";

export const browsers = checkoutBrowsers();
let seq = 0;

export async function buyThrough(provider: "stripe" | "paypal", email = uniqueEmail(provider), locale = "en") {
  const response = await registerAndSign({
    ...routeArgs(
      apiRequest(`/api/v1/auth/registerAndSign/${provider}`, {
        json: { name: "Ana", surname: "Reyes", email, adult: true, locale },
      }),
    ),
    params: { provider },
  });
  const body = await readEnvelope<{ id: string; url: string; provider: string }>(response);
  browsers.remember(body.data?.id, response);
  const checkout = body.data ? await db().checkout.findUniqueOrThrow({ where: { id: body.data.id } }) : null;
  return { response, body, email, id: body.data?.id ?? "", session: checkout?.providerSessionId ?? "" };
}

/** Stripe's webhook for `object`, signed and delivered now. */
export const stripeWebhook = (type: string, object: Record<string, unknown>) =>
  deliverStripe(stripeEvent(type, object, Math.floor(Date.now() / 1000)));

/** PayPal's webhook for `resource`, signed and delivered now. */
export const paypalWebhook = (type: string, resource: Record<string, unknown>) =>
  deliverPayPal(paypalEvent(type, resource, Date.now()));

/** A paid Stripe checkout: completed and its first invoice paid, by Stripe's webhooks. */
export async function paidWithStripe(email = uniqueEmail("card")) {
  const bought = await buyThrough("stripe", email);
  const sub = `sub_two_${++seq}`;
  const done = await stripeWebhook("checkout.session.completed", {
    id: bought.session,
    object: "checkout.session",
    mode: "subscription",
    payment_status: "paid",
    client_reference_id: bought.id,
    subscription: sub,
    customer: "cus_two",
    metadata: { checkoutId: bought.id },
  });
  expect(done.status).toBe(200);
  return { ...bought, sub };
}

/** PayPal's webhook for a checkout's subscription, approved by the buyer. */
export const activateAtPayPal = (checkout: { id: string; session: string }) =>
  paypalWebhook("BILLING.SUBSCRIPTION.ACTIVATED", {
    id: checkout.session,
    status: "ACTIVE",
    custom_id: checkout.id,
    plan_id: "P-1",
    subscriber: { payer_id: "PAYER1" },
    billing_info: { next_billing_time: new Date(Date.now() + DAY).toISOString() },
  });

/** A paid PayPal checkout: its subscription activated, by PayPal's webhook. */
export async function paidWithPayPal(email = uniqueEmail("paypal")) {
  const bought = await buyThrough("paypal", email);
  expect((await activateAtPayPal(bought)).status).toBe(200);
  return { ...bought, sub: bought.session };
}

export const subscriptionOf = async (email: string) =>
  (await db().user.findUniqueOrThrow({ where: { email }, include: { subscription: true } })).subscription!;
