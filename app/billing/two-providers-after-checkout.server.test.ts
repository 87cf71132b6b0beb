// With Stripe and PayPal configured at once, everything after the checkout (webhooks, status queries,
// cancelling, refunds, stopping an older subscription) goes to the provider that subscription was made
// with (the real SDKs against the local fakes of both APIs).
import { describe, expect, it } from "vitest";

import { confirmRefund, requestRefund } from "~/billing/refunds.server";
import { db } from "~/db/db.server";
import { action as cancelRoute } from "~/routes/api.v1.personnal.subscribe.cancel";
import { DAY } from "~/utils/time";

import { apiRequest, routeArgs, uniqueEmail } from "../../tests/support/factories";
import { paypalFakeForTests, stripeFakeForTests } from "../../tests/support/provider-fakes";
import {
  activateAtPayPal,
  browsers,
  buyThrough,
  paidWithPayPal,
  paidWithStripe,
  paypalWebhook,
  stripeWebhook,
  subscriptionOf,
} from "../../tests/support/two-providers";

const stripeFake = stripeFakeForTests();
const paypalFake = paypalFakeForTests();
let seq = 0;

describe("both providers configured: after the checkout", () => {
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
});
