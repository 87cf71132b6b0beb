// PayPal end to end below the UI: the official server SDK against a local fake of the PayPal REST API
// (OAuth token, billing plans, subscriptions, cancel, webhook signature verification), with webhooks
// handed to the webhook route's action as PayPal would post them.
import { describe, expect, it, vi } from "vitest";

import { subscriptionDetails } from "~/billing/subscription.server";
import { db } from "~/db/db.server";
import { paymentProvider } from "~/providers/payments/provider.server";
import { action as cancelRoute } from "~/routes/api.v1.personnal.subscribe.cancel";
import { resetConfig } from "~/server/config.server";
import { DAY, HOUR } from "~/utils/time";

import { PAYPAL_WEBHOOK_ID } from "../../tests/fakes/paypal";
import { allowConsoleError } from "../../tests/support/console";
import { apiRequest, routeArgs } from "../../tests/support/factories";
import {
  activated,
  buy,
  deliver,
  email,
  iso,
  mails,
  paths,
  query,
  sale,
  signInWith,
  subEvent,
  T0,
  userOf,
} from "../../tests/support/paypal-checkout";
import { paypalFakeForTests } from "../../tests/support/provider-fakes";

const fake = paypalFakeForTests();

describe("checkout with PayPal (official SDK, local fake API)", () => {
  it("creates the billing plan once and a subscription whose approval link is the checkout URL", async () => {
    const first = await buy();
    expect(first.response.status).toBe(200);
    expect(first.data).toEqual({
      id: first.id,
      url: expect.stringMatching(
        /^https:\/\/www\.sandbox\.paypal\.test\/webapps\/billing\/subscriptions\?ba_token=BA-\d+$/,
      ),
      provider: "paypal",
    });
    expect(first.sub).toMatch(/^I-\d+SUB$/);
    expect(paths(fake)).toEqual(["POST /v1/oauth2/token", "POST /v1/billing/plans", "POST /v1/billing/subscriptions"]);
    expect(fake.requests[0]!.body).toBe("grant_type=client_credentials");

    const plan = JSON.parse(fake.requests[1]!.body);
    expect(plan).toMatchObject({
      product_id: "PROD-FAMILYLOCATOR",
      billing_cycles: [
        {
          tenure_type: "TRIAL",
          sequence: 1,
          total_cycles: 1,
          frequency: { interval_unit: "DAY", interval_count: 1 },
          pricing_scheme: { fixed_price: { currency_code: "USD", value: "0.99" } },
        },
        {
          tenure_type: "REGULAR",
          sequence: 2,
          total_cycles: 0,
          frequency: { interval_unit: "DAY", interval_count: 30 },
          pricing_scheme: { fixed_price: { currency_code: "USD", value: "29.99" } },
        },
      ],
    });
    const subscription = fake.requests[2]!;
    expect(subscription.headers["paypal-request-id"]).toBe(`checkout-${first.id}`);
    expect(JSON.parse(subscription.body)).toMatchObject({
      plan_id: expect.stringMatching(/^P-\d+PLAN$/),
      custom_id: first.id,
      subscriber: { email_address: first.email, name: { given_name: "Juan", surname: "Dela Cruz" } },
      application_context: {
        user_action: "SUBSCRIBE_NOW",
        return_url: `http://localhost:3000/register?id=${first.id}`,
      },
    });

    fake.requests.length = 0;
    await buy();
    // The token and the plan are reused.
    expect(paths(fake)).toEqual(["POST /v1/billing/subscriptions"]);

    // Another process (a new provider instance) uses the same plan: it is kept in the database.
    expect(await db().paymentPlan.findMany({ select: { key: true, planId: true } })).toEqual([
      { key: "paypal:sandbox:PROD-FAMILYLOCATOR:USD:99:2999:30", planId: JSON.parse(subscription.body).plan_id },
    ]);
    resetConfig();
    fake.requests.length = 0;
    await buy();
    expect(paths(fake)).toEqual(["POST /v1/oauth2/token", "POST /v1/billing/subscriptions"]);
  });

  it("answers 502 when PayPal fails, and the checkout is marked failed", async () => {
    allowConsoleError();
    fake.control.failNext = 500;
    const address = email();
    const { response, body } = await buy(address);
    expect(response.status).toBe(502);
    expect(body.message).toBeTruthy();
    expect(await db().checkout.findFirstOrThrow({ where: { email: address } })).toMatchObject({ status: "failed" });
  });

  it("makes the plan again when PayPal refuses the kept one (deactivated at PayPal)", async () => {
    allowConsoleError();
    await buy();
    fake.control.failNext = 422;
    expect((await buy()).response.status).toBe(502);
    expect(await db().paymentPlan.count()).toBe(0);
    fake.requests.length = 0;
    expect((await buy()).response.status).toBe(200);
    expect(paths(fake)).toEqual(["POST /v1/billing/plans", "POST /v1/billing/subscriptions"]);
  });

  it("after BILLING.SUBSCRIPTION.ACTIVATED: account, e-mailed receipt and password link, one automatic sign-in", async () => {
    const { id, sub, email: address } = await buy();
    expect(await deliver(activated(sub, id))).toEqual({ status: 200, body: { received: true, status: "applied" } });
    const user = await userOf(address);
    expect(user).toMatchObject({ name: "Juan", surname: "Dela Cruz" });
    expect(user!.subscription).toMatchObject({
      state: "trial",
      provider: "paypal",
      providerSubscriptionId: sub,
      providerCustomerId: "PAYER1",
      currency: "USD",
      amount: 2999,
    });
    expect(user!.subscription!.validUntil.getTime()).toBe(T0 + DAY);
    expect(await mails(address)).toBe(1);
    // The verification request carried the webhook id and the delivery's headers.
    const verify = fake.requests.find((r) => r.url === "/v1/notifications/verify-webhook-signature")!;
    expect(verify.headers.authorization).toBe("Bearer A21AAFakeToken");
    expect(JSON.parse(verify.body)).toMatchObject({
      webhook_id: PAYPAL_WEBHOOK_ID,
      auth_algo: "SHA256withRSA",
      cert_url: expect.stringContaining("/v1/notifications/certs/"),
    });

    const first = await query(id);
    expect(first).toEqual({ status: "success", authCode: expect.any(String) });
    const login = await signInWith(id, first.authCode);
    expect(login.status).toBe(200);
    expect(await query(id)).toEqual({ status: "success", authCode: null });
  });

  it("records PAYMENT.SALE.COMPLETED (the first day, then a period), takes the next charge from BILLING.SUBSCRIPTION.UPDATED, ignores duplicates", async () => {
    const { id, sub, email: address } = await buy();
    const activation = activated(sub, id);
    await deliver(activation);
    const firstDay = sale("PAYMENT.SALE.COMPLETED", sub, "SALE-1", "0.99", T0 + 1000);
    expect((await deliver(firstDay)).body.status).toBe("applied");
    fake.requests.length = 0;
    expect((await deliver(firstDay)).body.status).toBe("duplicate");
    // The verification token is reused: one call to PayPal per delivery.
    expect(paths(fake)).toEqual(["POST /v1/notifications/verify-webhook-signature"]);
    expect((await deliver(activation)).body.status).toBe("duplicate");
    const renewal = sale("PAYMENT.SALE.COMPLETED", sub, "SALE-2", "29.99", T0 + DAY);
    await deliver(renewal);
    await deliver(
      subEvent("BILLING.SUBSCRIPTION.UPDATED", sub, T0 + DAY + 1000, {
        status: "ACTIVE",
        billing_info: { next_billing_time: iso(T0 + 31 * DAY) },
      }),
    );
    const user = await userOf(address);
    expect(await db().user.count({ where: { email: address } })).toBe(1);
    expect(await mails(address)).toBe(1);
    const payments = await db().payment.findMany({
      where: { subscriptionId: user!.subscription!.id },
      orderBy: { paidAt: "asc" },
    });
    expect(payments.map((p) => [p.providerPaymentId, p.amount, p.currency, p.status])).toEqual([
      ["SALE-1", 99, "USD", "paid"],
      ["SALE-2", 2999, "USD", "paid"],
    ]);
    expect(user!.subscription!.nextChargeAt!.getTime()).toBe(T0 + 31 * DAY);
    // Without the period in the sale, the paid period runs `period` days from the payment.
    expect(user!.subscription!.validUntil.getTime()).toBe(T0 + 31 * DAY);
    expect(user!.subscription!.state).toBe("active");
  });

  it("is not corrupted by out-of-order delivery", async () => {
    const { id, sub, email: address } = await buy();
    // The first sale arrives before the activation: it completes the checkout itself.
    await deliver(sale("PAYMENT.SALE.COMPLETED", sub, "SALE-O1", "0.99", T0 + 2000, id));
    await deliver(activated(sub, id, T0 + 1000));
    await deliver(
      subEvent("BILLING.SUBSCRIPTION.UPDATED", sub, T0 + 3 * HOUR, {
        billing_info: { next_billing_time: iso(T0 + 31 * DAY) },
      }),
    );
    // An older cancellation delivered after the newer update may not cancel.
    await deliver(subEvent("BILLING.SUBSCRIPTION.CANCELLED", sub, T0 + 2 * HOUR));
    const user = await userOf(address);
    expect(await db().user.count({ where: { email: address } })).toBe(1);
    expect(await mails(address)).toBe(1);
    expect(user!.subscription).toMatchObject({ state: "trial", cancelAtPeriodEnd: false, providerSubscriptionId: sub });
    expect(user!.subscription!.nextChargeAt!.getTime()).toBe(T0 + 31 * DAY);
    // The first-day sale pays for the first day only.
    expect(user!.subscription!.validUntil.getTime()).toBe(T0 + 2000 + DAY);
    expect(await db().payment.count({ where: { providerPaymentId: "SALE-O1" } })).toBe(1);
  });

  it("completes the checkout from a first sale that arrives first and does not name the checkout", async () => {
    const { id, sub, email: address } = await buy();
    await deliver(sale("PAYMENT.SALE.COMPLETED", sub, "SALE-E1", "0.99", T0 + 2000));
    const user = await userOf(address);
    expect(user!.subscription).toMatchObject({ state: "trial", providerSubscriptionId: sub });
    expect(await db().payment.count({ where: { providerPaymentId: "SALE-E1", status: "paid" } })).toBe(1);
    await deliver(activated(sub, id, T0 + 1000));
    expect(await db().user.count({ where: { email: address } })).toBe(1);
    expect(await mails(address)).toBe(1);
  });

  it("marks a checkout whose subscription expired before activation as unsubscribed", async () => {
    const { id, sub } = await buy();
    await deliver(subEvent("BILLING.SUBSCRIPTION.EXPIRED", sub, T0 + HOUR, { status: "EXPIRED" }));
    expect(await db().checkout.findUniqueOrThrow({ where: { id } })).toMatchObject({ status: "unsubscribed" });
  });

  it("keeps access until validUntil after BILLING.SUBSCRIPTION.CANCELLED, then shows Expired after EXPIRED", async () => {
    const { id, sub, email: address } = await buy();
    await deliver(activated(sub, id));
    await deliver(subEvent("BILLING.SUBSCRIPTION.CANCELLED", sub, T0 + HOUR, { status: "CANCELLED" }));
    const user = (await userOf(address))!;
    expect(user.subscription).toMatchObject({ state: "cancelled", cancelAtPeriodEnd: true, nextChargeAt: null });
    expect(await subscriptionDetails(user.id, new Date(T0 + 2 * HOUR))).toMatchObject({
      state: "Cancelled",
      expiredStatus: 0,
    });
    await deliver(subEvent("BILLING.SUBSCRIPTION.EXPIRED", sub, T0 + DAY, { status: "EXPIRED" }));
    expect(await subscriptionDetails(user.id, new Date(T0 + DAY + 1000))).toMatchObject({
      state: "Expired",
      expiredStatus: 1,
    });
  });

  it("ends access on BILLING.SUBSCRIPTION.SUSPENDED (failed payments) as Unsubscribed, then expired", async () => {
    const { id, sub, email: address } = await buy();
    await deliver(activated(sub, id));
    await deliver(subEvent("BILLING.SUBSCRIPTION.SUSPENDED", sub, T0 + DAY, { status: "SUSPENDED" }));
    const user = (await userOf(address))!;
    expect(user.subscription).toMatchObject({ state: "unsubscribed", cancelAtPeriodEnd: true, nextChargeAt: null });
    expect(await subscriptionDetails(user.id, new Date(T0 + DAY + 1000))).toMatchObject({ expiredStatus: 1 });
  });

  it("records failed payments (PAYMENT.SALE.DENIED, BILLING.SUBSCRIPTION.PAYMENT.FAILED) without extending access", async () => {
    const { id, sub, email: address } = await buy();
    await deliver(activated(sub, id));
    const before = (await userOf(address))!.subscription!;
    await deliver(sale("PAYMENT.SALE.DENIED", sub, "SALE-F1", "29.99", T0 + DAY));
    await deliver(
      subEvent("BILLING.SUBSCRIPTION.PAYMENT.FAILED", sub, T0 + DAY + HOUR, {
        status: "ACTIVE",
        billing_info: {
          last_failed_payment: { amount: { currency_code: "USD", value: "29.99" }, time: iso(T0 + DAY + HOUR) },
        },
      }),
    );
    const after = (await userOf(address))!.subscription!;
    expect(after.validUntil).toEqual(before.validUntil);
    const failed = await db().payment.findMany({ where: { subscriptionId: after.id }, orderBy: { paidAt: "asc" } });
    expect(failed.map((p) => [p.status, p.amount, p.currency])).toEqual([
      ["failed", 2999, "USD"],
      ["failed", 2999, "USD"],
    ]);
    expect(await subscriptionDetails(after.userId, new Date(after.validUntil.getTime() + 1000))).toMatchObject({
      state: "Expired",
    });
  });

  it("answers 400 when PayPal does not verify the signature, 503 when it cannot say; changes nothing", async () => {
    const { id, sub, email: address } = await buy();
    const before = await db().webhookEvent.count();
    expect((await deliver(activated(sub, id), { tamper: true })).status).toBe(400);
    expect((await deliver(activated(sub, id), { signature: "forged" })).status).toBe(400);
    // PayPal's verification service failing is no proof either way: an outage, answered 503 so that
    // PayPal delivers again, and logged as one.
    allowConsoleError();
    fake.control.failNext = 503;
    expect((await deliver(activated(sub, id))).status).toBe(503);
    expect(String(vi.mocked(console.error).mock.calls.at(-1)?.[0])).toMatch(/^error: PayPal unavailable/);
    expect(await db().webhookEvent.count()).toBe(before);
    expect(await userOf(address)).toBeNull();
    expect(await db().checkout.findUniqueOrThrow({ where: { id } })).toMatchObject({ status: "pending" });
  });

  it("cancels at PayPal from POST /api/v1/personnal/subscribe/cancel", async () => {
    const { id, sub, email: address } = await buy();
    await deliver(activated(sub, id));
    const user = (await userOf(address))!;
    const { createSession } = await import("~/auth/session.server");
    const { token } = await createSession(user.id);
    fake.requests.length = 0;
    const response = await cancelRoute(
      routeArgs(
        apiRequest("/api/v1/personnal/subscribe/cancel", { method: "POST", headers: { Authorization: token } }),
      ),
    );
    expect(response.status).toBe(200);
    expect(paths(fake)).toEqual([`POST /v1/billing/subscriptions/${sub}/cancel`]);
    expect(JSON.parse(fake.requests[0]!.body)).toEqual({ reason: "Cancelled by the subscriber" });
    expect(fake.subs.get(sub)!.status).toBe("CANCELLED");
    expect((await userOf(address))!.subscription).toMatchObject({ state: "cancelled", cancelAtPeriodEnd: true });
  });

  it("stopping a subscription twice (a retried payment job) succeeds once at PayPal and reports success", async () => {
    const { sub } = await buy();
    const provider = (await paymentProvider("paypal"))!;
    expect(await provider.cancelAtPeriodEnd(sub)).toEqual({ ok: true });
    fake.requests.length = 0;
    expect(await provider.cancelAtPeriodEnd(sub)).toEqual({ ok: true });
    expect(paths(fake)).toEqual([
      `POST /v1/billing/subscriptions/${sub}/cancel`,
      `GET /v1/billing/subscriptions/${sub}`,
    ]);
    expect(fake.subs.get(sub)!.status).toBe("CANCELLED");
  });
});
