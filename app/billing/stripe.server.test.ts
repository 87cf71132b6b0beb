// Payments end to end below the UI: the real stripe SDK against a local fake of the Stripe API, and
// webhooks signed with the SDK's own test helper, handed to the webhook route's action.
import { describe, expect, it } from "vitest";

import { startCheckout } from "~/billing/checkout.server";
import { subscriptionDetails } from "~/billing/subscription.server";
import { db } from "~/db/db.server";
import { action as registerAndSign } from "~/routes/api.v1.auth.register-and-sign";
import { action as getPaidAmount } from "~/routes/api.v1.personnal.get-paid-amount";
import { action as cancelRoute } from "~/routes/api.v1.personnal.subscribe.cancel";
import { loader as infoRoute } from "~/routes/api.v1.personnal.subscribe.info";

import { apiRequest, readEnvelope, routeArgs, signedInUser, uniqueEmail } from "../../tests/support/factories";
import { stripeFakeForTests } from "../../tests/support/provider-fakes";
import {
  buy,
  completed,
  deliver,
  invoice,
  query,
  signInWith,
  stripeEvent,
  subUpdated,
  T0,
} from "../../tests/support/stripe-checkout";

const fake = stripeFakeForTests();

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
    const login = await signInWith(id, first.authCode);
    expect(login.status).toBe(200);
    const again = await signInWith(id, first.authCode);
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
