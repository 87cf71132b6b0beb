// Payments end to end below the UI: the real stripe SDK against a local fake of the Stripe API, and
// webhooks signed with the SDK's own test helper, handed to the webhook route's action.
import Stripe from "stripe";
import { beforeAll, describe, expect, it, vi } from "vitest";

import { startCheckout } from "~/billing/checkout.server";
import { runBillingJobs } from "~/billing/payment-jobs.server";
import { sendRenewalReminders } from "~/billing/renewals.server";
import { sandboxAdvance, sandboxPay } from "~/billing/sandbox.server";
import { subscriptionDetails } from "~/billing/subscription.server";
import { db } from "~/db/db.server";
import { settleStartedJobs } from "~/jobs/jobs.server";
import { action as loginByAuthCode } from "~/routes/api.v1.auth.login-by-auth-code";
import { action as registerAndSign } from "~/routes/api.v1.auth.register-and-sign";
import { action as getPaidAmount } from "~/routes/api.v1.personnal.get-paid-amount";
import { action as cancelRoute } from "~/routes/api.v1.personnal.subscribe.cancel";
import { loader as infoRoute } from "~/routes/api.v1.personnal.subscribe.info";
import { action as webhook } from "~/routes/api.v1.webhooks";
import { resetConfig } from "~/server/config.server";
import { formatDay } from "~/utils/money";
import { DAY as DAY_MS } from "~/utils/time";

import { STRIPE_WEBHOOK_SECRET } from "../../tests/fakes/stripe";
import { checkoutBrowsers } from "../../tests/support/checkout-browsers";
import { allowConsoleError } from "../../tests/support/console";
import {
  apiRequest,
  formRequest,
  readEnvelope,
  routeArgs,
  signedInUser,
  uniqueEmail,
} from "../../tests/support/factories";
import { stripeFakeForTests } from "../../tests/support/provider-fakes";

const SECRET = STRIPE_WEBHOOK_SECRET;
const stripe = new Stripe("sk_test_x");
const fake = stripeFakeForTests();

const T0 = Math.floor(Date.now() / 1000);
let eventSeq = 0;

function stripeEvent(
  type: string,
  object: Record<string, unknown>,
  created = T0,
  id = `evt_${++eventSeq}_${Math.random().toString(36).slice(2)}`,
) {
  return { id, object: "event", type, created, api_version: "2026-10-28.endive", livemode: false, data: { object } };
}

async function deliver(event: object, options: { tamper?: boolean } = {}) {
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

const completed = (checkoutId: string, sub: string, created = T0) =>
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

const invoice = (
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

const subUpdated = (sub: string, cancel: boolean, created: number, periodEnd: number) =>
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

async function buy(email = uniqueEmail("buyer")) {
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
const { inBrowserOf, query } = browsers;

describe("checkout with Stripe (real SDK, local fake API)", () => {
  it("creates a subscription-mode Checkout Session: first day at once, then the recurring price", async () => {
    const { response, body, id } = await buy();
    expect(response.status).toBe(200);
    expect(body.data).toMatchObject({
      url: expect.stringContaining("https://checkout.stripe.test/c/"),
      provider: "stripe",
    });
    const [request] = fake.requests;
    expect(request).toMatchObject({ method: "POST", url: "/v1/checkout/sessions" });
    expect(request!.headers["idempotency-key"]).toBe(`checkout-${id}`);
    const form = new URLSearchParams(request!.body);
    expect(form.get("mode")).toBe("subscription");
    expect(form.get("client_reference_id")).toBe(id);
    expect(form.get("locale")).toBe("fil");
    expect(form.get("subscription_data[trial_period_days]")).toBe("1");
    expect(form.get("line_items[0][price_data][currency]")).toBe("php");
    expect(form.get("line_items[0][price_data][unit_amount]")).toBe("149900");
    expect(form.get("line_items[0][price_data][recurring][interval]")).toBe("day");
    expect(form.get("line_items[0][price_data][recurring][interval_count]")).toBe("30");
    expect(form.get("line_items[1][price_data][unit_amount]")).toBe("4900");
    expect(form.get("line_items[1][price_data][recurring][interval]")).toBeNull();
    expect(form.get("success_url")).toBe(`http://localhost:3000/ph/register?id=${id}`);
    expect(await query(id)).toEqual({ status: "pending", authCode: null });
  });

  it("answers an address that has an account as a new one, opens and changes nothing, and e-mails its owner", async () => {
    const { email, user } = await signedInUser();
    const before = await db().user.findUniqueOrThrow({ where: { id: user.id }, include: { subscription: true } });
    const fresh = await buy();
    const taken = await buy(email);
    // The same status, fields and id format as a checkout at Stripe; the cookie too.
    expect(taken.response.status).toBe(fresh.response.status);
    expect(Object.keys(taken.body.data!).sort()).toEqual(Object.keys(fresh.body.data!).sort());
    expect(taken.id).toMatch(new RegExp(`^[A-Za-z0-9_-]{${fresh.id.length}}$`));
    expect(taken.body).toMatchObject({ data: { provider: "stripe", url: "http://localhost:3000/ph/checkout/email" } });
    expect(taken.response.headers.get("Set-Cookie")).toMatch(/^checkout_browser=/);
    // Only the new address reached Stripe and stored a checkout.
    expect(fake.requests.filter((r) => r.url === "/v1/checkout/sessions")).toHaveLength(1);
    expect(await db().checkout.count({ where: { email } })).toBe(0);
    expect(await db().user.findUniqueOrThrow({ where: { id: user.id }, include: { subscription: true } })).toEqual(
      before,
    );
    // The owner is told, in their language, with the links to sign in and to reset the password.
    const mail = await db().outboxMessage.findFirstOrThrow({ where: { to: email } });
    expect(mail.subject).toBe("Someone tried to create an account with your e-mail address");
    expect(mail.text).toContain(`http://localhost:3000/?modal=login&email=${encodeURIComponent(email)}`);
    expect(mail.text).toContain(`http://localhost:3000/?modal=reset&email=${encodeURIComponent(email)}`);
    expect(mail.text).toContain("If it was not you, ignore this e-mail");
  });

  it("asks for the name and the 18+ confirmation", async () => {
    const result = await startCheckout(
      { name: " ", surname: "", email: uniqueEmail() },
      { locale: "en", ip: "203.0.113.20" },
    );
    expect(result).toEqual({
      ok: false,
      error: "validation",
      fields: { name: "payments.errors.name", surname: "payments.errors.name", adult: "payments.errors.adult" },
    });
  });

  it("after checkout.session.completed: account, e-mailed receipt and password link, one automatic sign-in", async () => {
    const { id, email } = await buy();
    const result = await deliver(completed(id, "sub_A1"));
    expect(result).toEqual({ status: 200, body: { received: true, status: "applied" } });
    const user = await db().user.findUniqueOrThrow({ where: { email }, include: { subscription: true } });
    expect(user).toMatchObject({ name: "Ana", surname: "Reyes", locale: "ph" });
    expect(user.subscription).toMatchObject({
      state: "trial",
      provider: "stripe",
      providerSubscriptionId: "sub_A1",
      currency: "PHP",
      amount: 149900,
    });
    const mail = await db().outboxMessage.findFirstOrThrow({ where: { to: email } });
    expect(mail.subject).toBe("Ang iyong Family Locator account");

    const first = await query(id);
    expect(first.status).toBe("success");
    expect(first.authCode).toBeTruthy();
    expect(await query(id)).toEqual({ status: "success", authCode: null });
    const login = await loginByAuthCode(
      routeArgs(
        apiRequest("/api/v1/auth/loginByAuthCode", { json: { authCode: first.authCode }, headers: inBrowserOf(id) }),
      ),
    );
    expect(login.status).toBe(200);
    const again = await loginByAuthCode(
      routeArgs(
        apiRequest("/api/v1/auth/loginByAuthCode", { json: { authCode: first.authCode }, headers: inBrowserOf(id) }),
      ),
    );
    expect(again.status).toBe(401);
  });

  it("processes a duplicate delivery once", async () => {
    const { id, email } = await buy();
    const event = completed(id, "sub_D1");
    await deliver(event);
    const paid = invoice("invoice.paid", "sub_D1", { id: "in_D1", amount: 4900, end: T0 + 86400, created: T0 + 1 });
    expect((await deliver(paid)).body.status).toBe("applied");
    expect((await deliver(paid)).body.status).toBe("duplicate");
    expect((await deliver(event)).body.status).toBe("duplicate");
    expect(await db().user.count({ where: { email } })).toBe(1);
    expect(await db().payment.count({ where: { providerPaymentId: "in_D1" } })).toBe(1);
    expect(await db().outboxMessage.count({ where: { to: email } })).toBe(1);
  });

  it("is not corrupted by out-of-order delivery", async () => {
    const { id, email } = await buy();
    // The first invoice arrives before "checkout completed": it completes the checkout itself.
    await deliver(
      invoice("invoice.paid", "sub_O1", {
        id: "in_O1",
        amount: 4900,
        end: T0 + 86400,
        created: T0 + 2,
        checkoutId: id,
      }),
    );
    await deliver(completed(id, "sub_O1", T0 + 1));
    const renewalEnd = T0 + 31 * 86400;
    await deliver(
      invoice("invoice.paid", "sub_O1", { id: "in_O2", amount: 149900, end: renewalEnd, created: T0 + 86400 }),
    );
    // An older "cancel at period end" update arrives after the newer renewal: it may not change the state.
    await deliver(subUpdated("sub_O1", true, T0 + 100, T0 + 86400));
    // An older invoice delivered again late may not move validUntil back.
    await deliver(invoice("invoice.paid", "sub_O1", { id: "in_O0", amount: 4900, end: T0 + 86400, created: T0 + 3 }));
    const user = await db().user.findUniqueOrThrow({ where: { email }, include: { subscription: true } });
    expect(user.subscription).toMatchObject({ state: "active", cancelAtPeriodEnd: false });
    expect(user.subscription!.validUntil.getTime()).toBe(renewalEnd * 1000);
    expect(await db().user.count({ where: { email } })).toBe(1);
  });

  it("records a failed payment without extending access", async () => {
    const { id, email } = await buy();
    await deliver(completed(id, "sub_F1"));
    const before = await db().subscription.findFirstOrThrow({ where: { user: { email } } });
    await deliver(
      invoice("invoice.payment_failed", "sub_F1", {
        id: "in_F1",
        amount: 149900,
        end: T0 + 31 * 86400,
        created: T0 + 86400,
      }),
    );
    const after = await db().subscription.findFirstOrThrow({ where: { user: { email } } });
    expect(after.validUntil).toEqual(before.validUntil);
    const failed = await db().payment.findUniqueOrThrow({ where: { providerPaymentId: "in_F1" } });
    expect(failed).toMatchObject({ status: "failed", amount: 149900 });
    // Once the paid day is over, the failed renewal leaves the subscription expired.
    expect((await subscriptionDetails(after.userId, new Date(after.validUntil.getTime() + 1000))).state).toBe(
      "Expired",
    );
  });

  it("answers 400 to a tampered signature and changes nothing", async () => {
    const { id, email } = await buy();
    const before = await db().webhookEvent.count();
    const result = await deliver(completed(id, "sub_T1"), { tamper: true });
    expect(result.status).toBe(400);
    expect(await db().webhookEvent.count()).toBe(before);
    expect(await db().user.count({ where: { email } })).toBe(0);
    expect(await query(id)).toEqual({ status: "pending", authCode: null });
  });

  it("marks a checkout whose subscription ended before sign-up as unsubscribed", async () => {
    const { id } = await buy();
    await deliver(
      stripeEvent("customer.subscription.deleted", {
        id: "sub_U1",
        object: "subscription",
        metadata: { checkoutId: id },
      }),
    );
    expect(await query(id)).toEqual({ status: "unsubscribed", authCode: null });
  });

  it("cancels at period end at Stripe and keeps access until validUntil, then expires", async () => {
    const { id, email } = await buy();
    await deliver(completed(id, "sub_C1"));
    await deliver(invoice("invoice.paid", "sub_C1", { id: "in_C1", amount: 4900, end: T0 + 86400, created: T0 + 1 }));
    const user = await db().user.findUniqueOrThrow({ where: { email } });
    const { createSession } = await import("~/auth/session.server");
    const { token } = await createSession(user.id);
    const auth = { Authorization: token };
    fake.requests.length = 0;
    const cancelled = await cancelRoute(
      routeArgs(apiRequest("/api/v1/personnal/subscribe/cancel", { method: "POST", headers: auth })),
    );
    expect(cancelled.status).toBe(200);
    expect(fake.requests[0]).toMatchObject({ method: "POST", url: "/v1/subscriptions/sub_C1" });
    expect(new URLSearchParams(fake.requests[0]!.body).get("cancel_at_period_end")).toBe("true");
    const info = (
      await readEnvelope(await infoRoute(routeArgs(apiRequest("/api/v1/personnal/subscribe/info", { headers: auth }))))
    ).data;
    expect(info).toMatchObject({
      state: "Cancelled",
      expiredStatus: 0,
      cancelAtPeriodEnd: true,
      nextDebitDay: null,
      currencyCode: "PHP",
      amount: 149900,
      period: 30,
    });
    // Stripe ends it at period end; it then shows as expired.
    await deliver(
      stripeEvent("customer.subscription.deleted", { id: "sub_C1", object: "subscription", metadata: {} }, T0 + 86400),
    );
    const later = await subscriptionDetails(user.id, new Date((T0 + 86400 + 1) * 1000));
    expect(later).toMatchObject({ state: "Expired", expiredStatus: 1 });
    const paid = (
      await readEnvelope(
        await getPaidAmount(
          routeArgs(apiRequest("/api/v1/personnal/getPaidAmount", { method: "POST", headers: auth })),
        ),
      )
    ).data;
    expect(paid).toMatchObject({
      totals: [{ currencyCode: "PHP", amount: 4900 }],
      payments: [{ amount: 4900, status: "paid" }],
    });
  });

  it("answers a 501 envelope for v5pay", async () => {
    const response = await registerAndSign({
      ...routeArgs(apiRequest("/api/v1/auth/registerAndSign/v5pay", { json: {} })),
      params: { provider: "v5pay" },
    });
    expect(response.status).toBe(501);
    const body = await readEnvelope(response);
    expect(body).toMatchObject({ status: 501, message: "The payment method v5pay is not available", data: null });
    expect(fake.requests).toHaveLength(0);
  });
});

describe("the optional phone number through the API", () => {
  it("answers 400 in the request's language for an invalid one, and opens no checkout", async () => {
    const before = fake.requests.length;
    const response = await registerAndSign({
      ...routeArgs(
        apiRequest("/api/v1/auth/registerAndSign/stripe", {
          json: {
            name: "Ana",
            surname: "Reyes",
            email: uniqueEmail("api-phone"),
            adult: true,
            locale: "id",
            phone: "0812",
          },
          headers: { "Accept-Language": "id-ID" },
        }),
      ),
      params: { provider: "stripe" },
    });
    expect(response.status).toBe(400);
    expect(await readEnvelope(response)).toMatchObject({
      status: 400,
      data: { field: "phone", errors: { phone: "Silakan masukkan nomor ponsel yang valid" } },
    });
    expect(fake.requests.length).toBe(before);
  });
});

describe("one paying subscription per account", () => {
  const signedIn = async (email: string) => {
    const user = await db().user.findUniqueOrThrow({ where: { email } });
    const { createSession, sessionCookieHeader } = await import("~/auth/session.server");
    const { token } = await createSession(user.id);
    return { user, token, cookie: (await sessionCookieHeader(token)).split(";")[0]! };
  };
  const buyAgain = (token: string, email?: string) =>
    registerAndSign({
      ...routeArgs(
        apiRequest("/api/v1/auth/registerAndSign/stripe", {
          json: { name: "Ana", surname: "Reyes", email, adult: true, locale: "ph" },
          headers: { Authorization: token },
        }),
      ),
      params: { provider: "stripe" },
    });
  const sessionsOpened = () => fake.requests.filter((r) => r.url === "/v1/checkout/sessions").length;

  it("refuses a second checkout while the account has access, through the API (409) and the payment form", async () => {
    const { id, email } = await buy();
    await deliver(completed(id, "sub_G1"));
    const { user, token, cookie } = await signedIn(email);
    const validUntil = (await db().subscription.findUniqueOrThrow({ where: { userId: user.id } })).validUntil;
    fake.requests.length = 0;

    const response = await buyAgain(token);
    expect(response.status).toBe(409);
    const body = await readEnvelope(response);
    expect(body.message).toBe(
      `Your subscription is active until ${formatDay(validUntil, "en")}: there is nothing to pay now.`,
    );

    const { action: paymentForm } = await import("~/routes/payments.checkout");
    const page = await paymentForm(
      routeArgs(
        formRequest(
          "/payments/checkout",
          { name: "Ana", surname: "Reyes", adult: "on", returnTo: "/id/checkout" },
          { Cookie: cookie },
        ),
      ),
    );
    expect(page.status).toBe(302);
    expect(page.headers.get("Location")).toBe("/id/dashboard/modules/MySubscription");
    const { readFlash } = await import("~/utils/toast.server");
    const { flash } = await readFlash(
      new Request("http://localhost:3000/", { headers: { Cookie: page.headers.get("Set-Cookie")!.split(";")[0]! } }),
    );
    expect(flash).toEqual({
      toast: { type: "error", key: "payments.errors.subscribed", values: { date: formatDay(validUntil, "id") } },
    });
    expect(sessionsOpened()).toBe(0);
    expect(await db().checkout.count({ where: { email } })).toBe(1);
    expect(await db().subscription.findUniqueOrThrow({ where: { userId: user.id } })).toMatchObject({
      providerSubscriptionId: "sub_G1",
    });
  });

  it("refuses a cancelled subscription that still has access until its paid period is over", async () => {
    const { id, email } = await buy();
    await deliver(completed(id, "sub_G2"));
    const { user, token } = await signedIn(email);
    await cancelRoute(
      routeArgs(
        apiRequest("/api/v1/personnal/subscribe/cancel", { method: "POST", headers: { Authorization: token } }),
      ),
    );
    fake.requests.length = 0;
    const response = await buyAgain(token);
    expect(response.status).toBe(409);
    const validUntil = (await db().subscription.findUniqueOrThrow({ where: { userId: user.id } })).validUntil;
    expect((await readEnvelope(response)).message).toContain(
      `keep access until ${formatDay(validUntil, "en")}. You can subscribe again after that date.`,
    );
    expect(sessionsOpened()).toBe(0);

    // Once the paid period is over, renewing is open again.
    await db().subscription.update({ where: { userId: user.id }, data: { validUntil: new Date(Date.now() - 1000) } });
    expect((await buyAgain(token, email)).status).toBe(200);
  });

  it("renews a returning subscriber at the regular amount for a full period: no trial, no first-day line", async () => {
    const { id, email } = await buy();
    await deliver(completed(id, "sub_RN1"));
    const { user, token } = await signedIn(email);
    await db().subscription.update({
      where: { userId: user.id },
      data: { validUntil: new Date(Date.now() - 1000), state: "unsubscribed" },
    });
    // The renewal form (the expired notice, where /checkout sends a subscriber without access).
    const { loader: renewPage } = await import("~/routes/dashboard.modules.expired");
    const { cookie } = await signedIn(email);
    const page = (await renewPage(
      routeArgs(
        new Request("http://localhost:3000/ph/dashboard/modules/subscriptionExpiredModal", {
          headers: { Cookie: cookie },
        }),
      ),
    )) as { paymentModal: { terms: Record<string, unknown> } };
    expect(page.paymentModal.terms).toMatchObject({ renewal: true, dueNow: expect.stringMatching(/1,?499/) });
    fake.requests.length = 0;

    const response = await buyAgain(token, email);
    expect(response.status).toBe(200);
    const form = new URLSearchParams(fake.requests.find((r) => r.url === "/v1/checkout/sessions")!.body);
    expect(form.get("subscription_data[trial_period_days]")).toBeNull();
    expect(form.get("line_items[0][price_data][unit_amount]")).toBe("149900");
    expect(form.get("line_items[1][price_data][unit_amount]")).toBeNull();
    const renewalId = (await readEnvelope<{ id: string }>(response)).data!.id;
    expect(await db().checkout.findUniqueOrThrow({ where: { id: renewalId } })).toMatchObject({
      plan: "php-30d-renewal",
      firstDayAmount: 0,
      amount: 149900,
    });
    await deliver(completed(renewalId, "sub_RN2", T0 + 10));
    expect(await db().subscription.findUniqueOrThrow({ where: { userId: user.id } })).toMatchObject({
      state: "active",
      providerSubscriptionId: "sub_RN2",
    });
  });

  it("stops the older provider subscription when two checkouts of one account are both paid", async () => {
    const email = uniqueEmail("tabs");
    const first = await buy(email);
    const second = await buy(email);
    expect([first.response.status, second.response.status]).toEqual([200, 200]);
    await deliver(completed(first.id, "sub_TAB1", T0));
    fake.requests.length = 0;
    await deliver(completed(second.id, "sub_TAB2", T0 + 1));
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]).toMatchObject({ method: "POST", url: "/v1/subscriptions/sub_TAB1" });
    expect(new URLSearchParams(fake.requests[0]!.body).get("cancel_at_period_end")).toBe("true");
    const user = await db().user.findUniqueOrThrow({ where: { email }, include: { subscription: true } });
    expect(user.subscription).toMatchObject({
      providerSubscriptionId: "sub_TAB2",
      state: "trial",
      cancelAtPeriodEnd: false,
    });
    expect(await db().user.count({ where: { email } })).toBe(1);

    // A late webhook of the same (newest) checkout stops nothing.
    fake.requests.length = 0;
    await deliver(completed(second.id, "sub_TAB2", T0 + 2));
    expect(fake.requests).toHaveLength(0);
  });

  it("retries stopping the older subscription until Stripe takes it, with one idempotency key, and stops it once", async () => {
    allowConsoleError();
    const email = uniqueEmail("retry");
    const first = await buy(email);
    const second = await buy(email);
    await deliver(completed(first.id, "sub_RT1", T0));
    fake.requests.length = 0;
    fake.control.cancelFailures = 1;
    // The payment is applied even though the provider failed: the stop waits in the job table.
    expect(await deliver(completed(second.id, "sub_RT2", T0 + 1))).toEqual({
      status: 200,
      body: { received: true, status: "applied" },
    });
    const job = await db().job.findUniqueOrThrow({ where: { key: "stop:stripe:sub_RT1" } });
    expect(job).toMatchObject({ doneAt: null, attempts: 1, lastError: expect.any(String) });
    expect(job.nextRunAt.getTime()).toBeGreaterThan(Date.now());
    // Not due yet: the maintenance run leaves it alone; once due, it stops the subscription.
    expect(await runBillingJobs(new Date())).toEqual({ done: 0, failed: 0 });
    expect(await runBillingJobs(new Date(Date.now() + 2 * 60_000))).toEqual({ done: 1, failed: 0 });
    const stops = fake.requests.filter((r) => r.url === "/v1/subscriptions/sub_RT1");
    expect(stops).toHaveLength(2);
    expect(stops.map((r) => r.headers["idempotency-key"])).toEqual([
      "job-stop:stripe:sub_RT1",
      "job-stop:stripe:sub_RT1",
    ]);
    expect(await runBillingJobs(new Date(Date.now() + 24 * 3600_000))).toEqual({ done: 0, failed: 0 });
    expect(fake.requests.filter((r) => r.url === "/v1/subscriptions/sub_RT1")).toHaveLength(2);
  });

  it("counts a local cancel as an event: an older provider update does not switch renewals back on", async () => {
    const { id, email } = await buy();
    await deliver(completed(id, "sub_LC1", T0 - 100));
    const { user, token } = await signedIn(email);
    await cancelRoute(
      routeArgs(
        apiRequest("/api/v1/personnal/subscribe/cancel", { method: "POST", headers: { Authorization: token } }),
      ),
    );
    // Sent by Stripe before the cancel (cancel_at_period_end still false), delivered after it.
    await deliver(subUpdated("sub_LC1", false, T0 - 50, T0 + 86400));
    expect(await db().subscription.findUniqueOrThrow({ where: { userId: user.id } })).toMatchObject({
      state: "cancelled",
      cancelAtPeriodEnd: true,
      nextChargeAt: null,
    });
  });
});

describe("Stripe: the register query when the webhook is late or lost", () => {
  const subscription = (id: string, checkoutId: string) => ({
    id,
    object: "subscription",
    status: "trialing",
    created: T0 + 5,
    trial_end: T0 + 5 + 86400,
    cancel_at_period_end: false,
    metadata: { checkoutId },
    items: { object: "list", data: [{ id: "si_1", current_period_end: T0 + 5 + 86400 }] },
  });
  const sessionOf = (checkoutId: string) =>
    db()
      .checkout.findUniqueOrThrow({ where: { id: checkoutId } })
      .then((c) => c.providerSessionId!);
  const allowQueryNow = (checkoutId: string) =>
    db().rateLimit.deleteMany({ where: { key: { startsWith: `checkout-status:${checkoutId}` } } });

  it("retrieves the Checkout Session with its subscription, signs up once, and the late webhook changes nothing", async () => {
    const { id, email } = await buy();
    const session = await sessionOf(id);
    fake.requests.length = 0;
    expect(await query(id)).toEqual({ status: "pending", authCode: null });
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]!.method).toBe("GET");
    expect(fake.requests[0]!.url).toBe(`/v1/checkout/sessions/${session}?expand[0]=subscription&expand[1]=invoice`);

    // Paid at Stripe; no webhook. Within the interval nobody asks again.
    const firstInvoice = {
      id: "in_L1",
      object: "invoice",
      status: "paid",
      amount_paid: 4900,
      currency: "php",
      created: T0 + 6,
      status_transitions: { paid_at: T0 + 6 },
      lines: { object: "list", data: [{ period: { start: T0 + 5, end: T0 + 5 + 86400 } }] },
    };
    Object.assign(fake.sessions.get(session)!, {
      status: "complete",
      payment_status: "paid",
      subscription: subscription("sub_L1", id),
      invoice: firstInvoice,
    });
    expect(await query(id)).toEqual({ status: "pending", authCode: null });
    expect(fake.requests).toHaveLength(1);
    await allowQueryNow(id);

    const answer = await query(id);
    expect(answer).toEqual({ status: "success", authCode: expect.any(String) });
    const login = await loginByAuthCode(
      routeArgs(
        apiRequest("/api/v1/auth/loginByAuthCode", { json: { authCode: answer.authCode }, headers: inBrowserOf(id) }),
      ),
    );
    expect(login.status).toBe(200);
    const user = await db().user.findUniqueOrThrow({ where: { email }, include: { subscription: true } });
    expect(user.subscription).toMatchObject({
      state: "trial",
      provider: "stripe",
      providerSubscriptionId: "sub_L1",
      providerCustomerId: "cus_1",
    });
    expect(user.subscription!.validUntil.getTime()).toBe((T0 + 5 + 86400) * 1000);
    expect(await db().outboxMessage.count({ where: { to: email } })).toBe(1);
    // The first-day payment is in the history before any webhook.
    expect(await db().payment.findUniqueOrThrow({ where: { providerPaymentId: "in_L1" } })).toMatchObject({
      status: "paid",
      amount: 4900,
      currency: "PHP",
    });

    // The webhooks arrive after all: one account, one e-mail, no second sign-in code, and the
    // invoice's own webhook adds no second payment.
    expect((await deliver(completed(id, "sub_L1", T0 + 6))).body.status).toBe("applied");
    await deliver(
      invoice("invoice.paid", "sub_L1", { id: "in_L1", amount: 4900, end: T0 + 5 + 86400, created: T0 + 7 }),
    );
    expect(await db().user.count({ where: { email } })).toBe(1);
    expect(await db().outboxMessage.count({ where: { to: email } })).toBe(1);
    expect(await query(id)).toEqual({ status: "success", authCode: null });
    expect(await db().payment.count({ where: { providerPaymentId: "in_L1", status: "paid" } })).toBe(1);
  });

  it("lands signed in through /register when only the status query knows the payment", async () => {
    const { id } = await buy();
    const session = await sessionOf(id);
    Object.assign(fake.sessions.get(session)!, {
      status: "complete",
      payment_status: "paid",
      subscription: subscription("sub_L2", id),
    });
    const { loader: registerPage } = await import("~/routes/register");
    // Another browser (no checkout cookie) sees the result and is not signed in.
    const elsewhere = await registerPage(routeArgs(new Request(`http://localhost:3000/ph/register?id=${id}`)));
    expect(elsewhere).toMatchObject({ data: { shown: "paidElsewhere" } });
    const thrown = await registerPage(
      routeArgs(new Request(`http://localhost:3000/ph/register?id=${id}`, { headers: inBrowserOf(id) })),
    ).catch((r: unknown) => r);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).headers.get("Location")).toBe("/ph/dashboard/modules/SuccessModal");
    expect((thrown as Response).headers.get("Set-Cookie")).toBeTruthy();
  });

  it("reports an expired Checkout Session as failed", async () => {
    const { id } = await buy();
    Object.assign(fake.sessions.get(await sessionOf(id))!, { status: "expired" });
    expect(await query(id)).toEqual({ status: "failed", authCode: null });
  });

  it("stays pending when Stripe cannot answer", async () => {
    const { id } = await buy();
    fake.sessions.delete(await sessionOf(id));
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    expect(await query(id)).toEqual({ status: "pending", authCode: null });
    expect(warn).toHaveBeenCalledWith(
      expect.stringMatching(/^warn: Stripe checkout status failed error=.*No such checkout\.session/),
    );
    warn.mockRestore();
  });
});

describe("sandbox life cycle", () => {
  beforeAll(() => {
    delete process.env.STRIPE_SECRET_KEY;
    resetConfig();
  });

  it("takes an optional mobile number, checks it and stores it on the account", async () => {
    const invalid = await startCheckout(
      { name: "Ana", surname: "Reyes", email: uniqueEmail("phone"), adult: "on", phone: "12345" },
      { locale: "ph", ip: "203.0.113.20" },
    );
    expect(invalid).toEqual({ ok: false, error: "validation", fields: { phone: "requests.errors.numberInvalid" } });
    // A landline is not a mobile number.
    const landline = await startCheckout(
      { name: "Ana", surname: "Reyes", email: uniqueEmail("phone"), adult: "on", phone: "+63 2 8123 4567" },
      { locale: "ph", ip: "203.0.113.20" },
    );
    expect(landline).toMatchObject({ ok: false, fields: { phone: "requests.errors.numberInvalid" } });

    const withPhone = uniqueEmail("phone");
    // Read in the page language's country (the Philippines for /ph) unless it starts with +.
    const started = await startCheckout(
      { name: "Ana", surname: "Reyes", email: withPhone, adult: "on", phone: " 0917 123 4567 " },
      { locale: "ph", ip: "203.0.113.20" },
    );
    if (!started.ok) throw new Error("checkout failed");
    await sandboxPay(started.checkoutId);
    expect(await db().user.findUniqueOrThrow({ where: { email: withPhone } })).toMatchObject({
      phone: "+639171234567",
    });

    const without = uniqueEmail("phone");
    const plain = await startCheckout(
      { name: "Budi", surname: "Santoso", email: without, adult: "on", phone: "" },
      { locale: "id", ip: "203.0.113.20" },
    );
    if (!plain.ok) throw new Error("checkout failed");
    await sandboxPay(plain.checkoutId);
    expect(await db().user.findUniqueOrThrow({ where: { email: without } })).toMatchObject({ phone: null });
  });

  it("pays, renews, reminds before renewal, fails and expires", async () => {
    const email = uniqueEmail("sbx");
    const started = await startCheckout(
      { name: "Budi", surname: "Santoso", email, adult: "on" },
      { locale: "id", ip: "203.0.113.20" },
    );
    if (!started.ok) throw new Error("checkout failed");
    expect(started.url).toBe(
      `http://localhost:3000/id/checkout/sandbox/${started.checkoutId}?return=${encodeURIComponent(`/id/register?id=${started.checkoutId}`)}`,
    );
    await sandboxPay(started.checkoutId);
    const user = await db().user.findUniqueOrThrow({ where: { email } });
    expect(await subscriptionDetails(user.id)).toMatchObject({
      state: "Active",
      currencyCode: "IDR",
      firstDayDebitAmount: 1500000,
    });

    const renewed = await sandboxAdvance(email, "renew");
    expect(renewed.ok && new Date(renewed.subscription.validUntil!).getTime()).toBeGreaterThan(
      Date.now() + 30 * DAY_MS,
    );
    const sub = await db().subscription.findUniqueOrThrow({ where: { userId: user.id } });
    expect(sub.state).toBe("active");

    const now = new Date(sub.nextChargeAt!.getTime() - 2 * DAY_MS);
    expect(await sendRenewalReminders(now)).toBeGreaterThanOrEqual(1);
    await sendRenewalReminders(now);
    expect(
      await db().outboxMessage.count({ where: { to: email, subject: "Langganan Anda segera diperpanjang" } }),
    ).toBe(1);

    // A cancelled subscription is not charged again: neither a renewal nor a failed one.
    await db().subscription.update({ where: { id: sub.id }, data: { state: "cancelled", cancelAtPeriodEnd: true } });
    expect(await sandboxAdvance(email, "fail")).toEqual({
      ok: false,
      error: "the subscription is cancelled: no renewal is charged, so none can fail",
    });
    expect(await sandboxAdvance(email, "renew")).toEqual({
      ok: false,
      error: "the subscription is cancelled: it does not renew",
    });
    expect(await db().payment.count({ where: { subscriptionId: sub.id, status: "failed" } })).toBe(0);
    await db().subscription.update({ where: { id: sub.id }, data: { state: "active", cancelAtPeriodEnd: false } });

    await sandboxAdvance(email, "fail");
    expect(await subscriptionDetails(user.id, new Date(Date.now() + 1000))).toMatchObject({
      state: "Expired",
      expiredStatus: 1,
    });
    expect(await db().payment.count({ where: { subscriptionId: sub.id, status: "failed" } })).toBe(1);

    // Back after it expired: a full period at the regular amount, no discounted first day.
    const again = await startCheckout(
      { name: "Budi", surname: "Santoso", email, adult: "on" },
      { locale: "id", ip: "203.0.113.20", userId: user.id },
    );
    if (!again.ok) throw new Error("renewal checkout failed");
    await sandboxPay(again.checkoutId);
    const renewedSub = await db().subscription.findUniqueOrThrow({ where: { userId: user.id } });
    expect(renewedSub.state).toBe("active");
    expect(renewedSub.validUntil.getTime()).toBeGreaterThan(Date.now() + 29 * DAY_MS);
    const [latest] = await db().payment.findMany({
      where: { subscriptionId: sub.id, status: "paid" },
      orderBy: { paidAt: "desc" },
      take: 1,
    });
    expect(latest!.amount).toBe(44900000);
  });
});
