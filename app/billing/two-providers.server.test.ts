// Stripe and PayPal configured at once (the real SDKs against the local fakes of both APIs): the buyer
// chooses in the payment form or by the API path, and everything after the checkout (webhooks,
// status queries, renewals, cancelling, refunds, stopping an older subscription) goes to the
// provider that subscription was made with.
import Stripe from "stripe";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { paymentOffer } from "~/billing/plans.server";
import { confirmRefund, requestRefund } from "~/billing/refunds.server";
import { renewSandboxSubscriptions } from "~/billing/sandbox.server";
import { db } from "~/db/db.server";
import { settleStartedJobs } from "~/jobs/jobs.server";
import { paymentProviderNames } from "~/providers/payments/provider.server";
import { loader as rootLoader } from "~/root";
import { action as registerAndSign } from "~/routes/api.v1.auth.register-and-sign";
import { action as cancelRoute } from "~/routes/api.v1.personnal.subscribe.cancel";
import { action as webhook } from "~/routes/api.v1.webhooks";
import { loader as sandboxPage } from "~/routes/checkout.sandbox.$id";
import { action as paymentForm } from "~/routes/payments.checkout";
import { resetConfig } from "~/server/config.server";
import { DAY } from "~/utils/time";

import { PAYPAL_ENV, paypalWebhookHeaders, startPayPalFake } from "../../tests/fakes/paypal";
import { startStripeFake, STRIPE_WEBHOOK_SECRET, stripeEnv } from "../../tests/fakes/stripe";
import { checkoutBrowsers } from "../../tests/support/checkout-browsers";
import {
  apiRequest,
  createUser,
  formRequest,
  readEnvelope,
  routeArgs,
  thrownResponse,
  uniqueEmail,
} from "../../tests/support/factories";
import { routeData } from "../../tests/support/route-data";

let stripeFake: Awaited<ReturnType<typeof startStripeFake>>;
let paypalFake: Awaited<ReturnType<typeof startPayPalFake>>;
let env: Record<string, string>;

beforeAll(async () => {
  [stripeFake, paypalFake] = await Promise.all([startStripeFake(), startPayPalFake()]);
  env = { ...stripeEnv(stripeFake.origin), ...PAYPAL_ENV, TEST_PAYPAL_API_BASE: paypalFake.origin };
  Object.assign(process.env, env);
  resetConfig();
});
afterAll(async () => {
  for (const name of Object.keys(env)) delete process.env[name];
  resetConfig();
  await Promise.all([stripeFake.close(), paypalFake.close()]);
});
beforeEach(() => {
  stripeFake.requests.length = 0;
  paypalFake.requests.length = 0;
});

const stripe = new Stripe("sk_test_x");
const browsers = checkoutBrowsers();
let seq = 0;

async function buyThrough(provider: "stripe" | "paypal", email = uniqueEmail(provider), locale = "en") {
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

async function stripeWebhook(type: string, object: Record<string, unknown>) {
  const payload = JSON.stringify({
    id: `evt_two_${++seq}`,
    object: "event",
    type,
    created: Math.floor(Date.now() / 1000),
    api_version: "2026-10-28.endive",
    livemode: false,
    data: { object },
  });
  const request = new Request("http://localhost:3000/api/v1/webhooks/stripe", {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      "Stripe-Signature": stripe.webhooks.generateTestHeaderString({ payload, secret: STRIPE_WEBHOOK_SECRET }),
    },
    body: payload,
  });
  const response = await webhook({ request, params: { provider: "stripe" }, context: {} });
  // The answer does not wait for the payment's jobs; the test does, before it looks at their effects.
  await settleStartedJobs();
  return response;
}

async function paypalWebhook(type: string, resource: Record<string, unknown>) {
  const raw = JSON.stringify({
    id: `WH-two-${++seq}`,
    event_version: "1.0",
    create_time: new Date().toISOString(),
    resource_type: type.startsWith("PAYMENT.SALE") ? "sale" : "subscription",
    event_type: type,
    summary: type,
    resource,
  });
  const request = new Request("http://localhost:3000/api/v1/webhooks/paypal", {
    method: "POST",
    headers: paypalWebhookHeaders(raw, `tx-two-${seq}`),
    body: raw,
  });
  const response = await webhook({ request, params: { provider: "paypal" }, context: {} });
  // The answer does not wait for the payment's jobs; the test does, before it looks at their effects.
  await settleStartedJobs();
  return response;
}

/** A paid Stripe checkout: completed and its first invoice paid, by Stripe's webhooks. */
async function paidWithStripe(email = uniqueEmail("card")) {
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
const activateAtPayPal = (checkout: { id: string; session: string }) =>
  paypalWebhook("BILLING.SUBSCRIPTION.ACTIVATED", {
    id: checkout.session,
    status: "ACTIVE",
    custom_id: checkout.id,
    plan_id: "P-1",
    subscriber: { payer_id: "PAYER1" },
    billing_info: { next_billing_time: new Date(Date.now() + DAY).toISOString() },
  });

/** A paid PayPal checkout: its subscription activated, by PayPal's webhook. */
async function paidWithPayPal(email = uniqueEmail("paypal")) {
  const bought = await buyThrough("paypal", email);
  expect((await activateAtPayPal(bought)).status).toBe(200);
  return { ...bought, sub: bought.session };
}

const subscriptionOf = async (email: string) =>
  (await db().user.findUniqueOrThrow({ where: { email }, include: { subscription: true } })).subscription!;

describe("both providers configured", () => {
  it("offers both, card first, and the sandbox does not stand in", () => {
    expect(paymentProviderNames()).toEqual(["stripe", "paypal"]);
  });

  it("opens a checkout at the provider the API path names, and still answers 501 for v5pay", async () => {
    const card = await buyThrough("stripe");
    expect(card.response.status).toBe(200);
    expect(card.body.data).toMatchObject({ provider: "stripe", url: expect.stringContaining("checkout.stripe.test") });
    expect(stripeFake.requests.map((r) => r.url)).toContain("/v1/checkout/sessions");

    const paypal = await buyThrough("paypal");
    expect(paypal.response.status).toBe(200);
    expect(paypal.body.data).toMatchObject({ provider: "paypal", url: expect.stringContaining("paypal.test") });
    expect(await db().checkout.findUniqueOrThrow({ where: { id: paypal.id } })).toMatchObject({ provider: "paypal" });

    const v5pay = await registerAndSign({
      ...routeArgs(apiRequest("/api/v1/auth/registerAndSign/v5pay", { json: {} })),
      params: { provider: "v5pay" },
    });
    expect(v5pay.status).toBe(501);
    expect((await readEnvelope(v5pay)).message).toBe("The payment method v5pay is not available");
  });

  it("takes the buyer's choice from the payment form, card by default, and refuses a method that is not offered", async () => {
    const fields = (provider?: string) => ({
      name: "Ana",
      surname: "Reyes",
      email: uniqueEmail("form"),
      adult: "on",
      returnTo: "/checkout",
      ...(provider === undefined ? {} : { provider }),
    });
    const post = (provider?: string) => paymentForm(routeArgs(formRequest("/payments/checkout", fields(provider))));

    const paypal = await post("paypal");
    expect(paypal.status).toBe(302);
    expect(paypal.headers.get("Location")).toContain("paypal.test");
    const card = await post("stripe");
    expect(card.headers.get("Location")).toContain("checkout.stripe.test");
    const unnamed = await post();
    expect(unnamed.headers.get("Location")).toContain("checkout.stripe.test");

    const before = await db().checkout.count();
    const sandbox = await post("sandbox");
    // Back to the form, with the field's error in the flash cookie.
    expect(sandbox.headers.get("Location")).toContain("modal=payment");
    expect(sandbox.headers.get("Set-Cookie")).toBeTruthy();
    expect(await db().checkout.count()).toBe(before);
  });

  it("shows the choice in the payment dialog with each method's own terms where PayPal charges another currency", async () => {
    // /id pays IDR by card; PayPal takes no IDR, so PayPal charges the default USD plan.
    const id = paymentOffer("id");
    expect(id.methods.map((m) => [m.provider, m.terms.currencyCode])).toEqual([
      ["stripe", "IDR"],
      ["paypal", "USD"],
    ]);
    expect(id.terms.currencyCode).toBe("IDR");
    // PHP is one of PayPal's currencies: the same terms either way.
    const ph = paymentOffer("ph");
    expect(ph.methods.map((m) => m.terms.currencyCode)).toEqual(["PHP", "PHP"]);

    // The payment dialog over any page (`?modal=payment`) offers the choice.
    const dialog = await routeData(rootLoader(routeArgs(new Request("http://localhost:3000/id/faqs?modal=payment"))));
    const offered = dialog.data as {
      paymentModal: { methods: { provider: string; terms: { currencyCode: string } }[] };
    };
    expect(offered.paymentModal.methods.map((m) => [m.provider, m.terms.currencyCode])).toEqual([
      ["stripe", "IDR"],
      ["paypal", "USD"],
    ]);

    const bought = await buyThrough("paypal", uniqueEmail("idr"), "id");
    expect(await db().checkout.findUniqueOrThrow({ where: { id: bought.id } })).toMatchObject({
      provider: "paypal",
      currency: "USD",
    });
    const card = await buyThrough("stripe", uniqueEmail("idr"), "id");
    expect(await db().checkout.findUniqueOrThrow({ where: { id: card.id } })).toMatchObject({
      provider: "stripe",
      currency: "IDR",
    });
  });

  it("applies each provider's webhooks to its own subscriptions, which record their provider", async () => {
    const card = await paidWithStripe();
    const paypal = await paidWithPayPal();
    expect(await subscriptionOf(card.email)).toMatchObject({ provider: "stripe", providerSubscriptionId: card.sub });
    expect(await subscriptionOf(paypal.email)).toMatchObject({
      provider: "paypal",
      providerSubscriptionId: paypal.sub,
    });

    // Renewals: each provider's payment webhook moves its own subscription on.
    const periodEnd = Math.floor(Date.now() / 1000) + 31 * 86400;
    await stripeWebhook("invoice.paid", {
      id: `in_two_${++seq}`,
      object: "invoice",
      customer: "cus_two",
      currency: "usd",
      amount_paid: 2999,
      amount_due: 2999,
      parent: { type: "subscription_details", subscription_details: { subscription: card.sub, metadata: {} } },
      lines: { object: "list", data: [{ period: { start: periodEnd - 30 * 86400, end: periodEnd } }] },
    });
    expect((await subscriptionOf(card.email)).validUntil.getTime()).toBe(periodEnd * 1000);
    await paypalWebhook("PAYMENT.SALE.COMPLETED", {
      id: `SALE-two-${++seq}`,
      state: "completed",
      amount: { total: "29.99", currency: "USD" },
      billing_agreement_id: paypal.sub,
      create_time: new Date().toISOString(),
    });
    expect(await db().payment.count({ where: { subscription: { providerSubscriptionId: paypal.sub } } })).toBe(1);
    expect(await db().payment.count({ where: { subscription: { providerSubscriptionId: card.sub } } })).toBe(1);
  });

  it("lets only a checkout's own provider complete it, or touch its subscription", async () => {
    // A Stripe-signed completion (and a first invoice) naming a PayPal checkout: nothing happens.
    const paypal = await buyThrough("paypal");
    const forged = {
      id: `cs_forged_${++seq}`,
      object: "checkout.session",
      mode: "subscription",
      payment_status: "paid",
      client_reference_id: paypal.id,
      subscription: `sub_forged_${seq}`,
      customer: "cus_forged",
      metadata: { checkoutId: paypal.id },
    };
    expect((await stripeWebhook("checkout.session.completed", forged)).status).toBe(200);
    const periodEnd = Math.floor(Date.now() / 1000) + 31 * 86400;
    await stripeWebhook("invoice.paid", {
      id: `in_forged_${seq}`,
      object: "invoice",
      customer: "cus_forged",
      currency: "usd",
      amount_paid: 2999,
      amount_due: 2999,
      parent: {
        type: "subscription_details",
        subscription_details: { subscription: forged.subscription, metadata: { checkoutId: paypal.id } },
      },
      lines: { object: "list", data: [{ period: { start: periodEnd - 30 * 86400, end: periodEnd } }] },
    });
    expect(await db().checkout.findUniqueOrThrow({ where: { id: paypal.id } })).toMatchObject({
      status: "pending",
      userId: null,
    });
    expect(await db().user.count({ where: { email: paypal.email } })).toBe(0);
    // PayPal's own activation still completes it.
    expect((await activateAtPayPal(paypal)).status).toBe(200);
    expect(await subscriptionOf(paypal.email)).toMatchObject({
      provider: "paypal",
      providerSubscriptionId: paypal.session,
    });

    // A Stripe-signed renewal or cancellation naming the PayPal subscription changes nothing.
    const before = await subscriptionOf(paypal.email);
    await stripeWebhook("invoice.paid", {
      id: `in_forged_${++seq}`,
      object: "invoice",
      customer: "cus_forged",
      currency: "usd",
      amount_paid: 2999,
      amount_due: 2999,
      parent: { type: "subscription_details", subscription_details: { subscription: paypal.session, metadata: {} } },
      lines: { object: "list", data: [{ period: { start: periodEnd - 30 * 86400, end: periodEnd + 86400 * 300 } }] },
    });
    await stripeWebhook("customer.subscription.deleted", {
      id: paypal.session,
      object: "subscription",
      status: "canceled",
      customer: "cus_forged",
      metadata: { checkoutId: paypal.id },
    });
    expect(await subscriptionOf(paypal.email)).toEqual(before);
    expect(await db().payment.count({ where: { subscription: { providerSubscriptionId: paypal.session } } })).toBe(0);
  });

  it("asks the checkout's own provider when the register query finds it pending", async () => {
    const paypal = await buyThrough("paypal");
    const sub = paypalFake.subs.get(paypal.session)!;
    sub.status = "ACTIVE";
    sub.next_billing_time = new Date(Date.now() + DAY).toISOString();
    stripeFake.requests.length = 0;
    expect(await browsers.query(paypal.id)).toMatchObject({ status: "success", authCode: expect.any(String) });
    expect(paypalFake.requests.map((r) => `${r.method} ${r.url.split("?")[0]}`)).toContain(
      `GET /v1/billing/subscriptions/${paypal.session}`,
    );
    expect(stripeFake.requests).toEqual([]);
  });

  it("cancels and refunds at each subscription's own provider", async () => {
    const card = await paidWithStripe();
    const paypal = await paidWithPayPal();
    const { createSession } = await import("~/auth/session.server");
    const cancel = async (email: string) => {
      const user = await db().user.findUniqueOrThrow({ where: { email } });
      const { token } = await createSession(user.id);
      return cancelRoute(
        routeArgs(
          apiRequest("/api/v1/personnal/subscribe/cancel", { method: "POST", headers: { Authorization: token } }),
        ),
      );
    };
    stripeFake.requests.length = 0;
    paypalFake.requests.length = 0;
    expect((await cancel(paypal.email)).status).toBe(200);
    expect(paypalFake.requests.map((r) => `${r.method} ${r.url}`)).toContain(
      `POST /v1/billing/subscriptions/${paypal.sub}/cancel`,
    );
    expect(stripeFake.requests).toEqual([]);
    expect((await cancel(card.email)).status).toBe(200);
    expect(stripeFake.requests.map((r) => `${r.method} ${r.url}`)).toEqual([`POST /v1/subscriptions/${card.sub}`]);

    // A refund request confirmed by its owner stops renewals at that subscription's provider.
    const refunded = await paidWithPayPal();
    paypalFake.requests.length = 0;
    stripeFake.requests.length = 0;
    expect(
      await requestRefund({ email: refunded.email, reason: "Bought by mistake." }, { locale: "en", ip: "192.0.2.77" }),
    ).toEqual({
      ok: true,
    });
    const mail = await db().outboxMessage.findFirstOrThrow({
      where: { to: refunded.email, text: { contains: "/unsubscribe-and-refund/confirm?token=" } },
    });
    const token = /confirm\?token=([\w-]+)/.exec(mail.text)![1]!;
    expect(await confirmRefund(token)).toMatchObject({ ok: true, cancelled: { ok: true } });
    expect(paypalFake.requests.map((r) => `${r.method} ${r.url}`)).toContain(
      `POST /v1/billing/subscriptions/${refunded.sub}/cancel`,
    );
    expect(stripeFake.requests).toEqual([]);
  });

  it("stops the older subscription at its own provider when one buyer paid with both (two tabs)", async () => {
    const email = uniqueEmail("tabs");
    const paypal = await buyThrough("paypal", email);
    const card = await paidWithStripe(email);
    stripeFake.requests.length = 0;
    paypalFake.requests.length = 0;
    await activateAtPayPal(paypal);
    expect(await subscriptionOf(email)).toMatchObject({ provider: "paypal", providerSubscriptionId: paypal.session });
    // The payment job ran right after the commit, at Stripe, not at PayPal.
    expect(stripeFake.requests.map((r) => `${r.method} ${r.url}`)).toEqual([`POST /v1/subscriptions/${card.sub}`]);
    expect(paypalFake.requests.filter((r) => r.url.includes("/cancel"))).toEqual([]);
    expect(await db().job.findFirstOrThrow({ where: { key: `stop:stripe:${card.sub}` } })).toMatchObject({
      doneAt: expect.any(Date),
    });
  });

  it("has no sandbox: its renewals and checkout page are off", async () => {
    const { user } = await createUser();
    const sub = await db().subscription.update({
      where: { userId: user.id },
      data: {
        provider: "sandbox",
        providerSubscriptionId: `sbx_sub_two_${user.id}`,
        nextChargeAt: new Date(Date.now() - 1000),
        amount: 2999,
        periodDays: 30,
      },
    });
    expect(await renewSandboxSubscriptions()).toBe(0);
    expect(await db().payment.count({ where: { subscriptionId: sub.id } })).toBe(0);
    const page = await thrownResponse(
      sandboxPage({ ...routeArgs(new Request("http://localhost:3000/checkout/sandbox/x")), params: { id: "x" } }),
    );
    expect(page.status).toBe(404);
  });
});

describe("one provider left configured", () => {
  it("refuses the other one's path (501) and webhooks (404), and cancelling at it fails loudly", async () => {
    const paypal = await paidWithPayPal();
    delete process.env.PAYPAL_CLIENT_ID;
    resetConfig();
    try {
      expect(paymentProviderNames()).toEqual(["stripe"]);
      const refused = await buyThrough("paypal");
      expect(refused.response.status).toBe(501);
      const hook = await paypalWebhook("BILLING.SUBSCRIPTION.CANCELLED", { id: paypal.sub });
      expect(hook.status).toBe(404);
      const { cancelSubscription } = await import("~/billing/subscription.server");
      const user = await db().user.findUniqueOrThrow({ where: { email: paypal.email } });
      expect(await cancelSubscription(user.id)).toEqual({ ok: false, error: "provider" });
      expect(await subscriptionOf(paypal.email)).toMatchObject({ state: expect.not.stringMatching("cancelled") });
    } finally {
      process.env.PAYPAL_CLIENT_ID = PAYPAL_ENV.PAYPAL_CLIENT_ID;
      resetConfig();
    }
  });
});
