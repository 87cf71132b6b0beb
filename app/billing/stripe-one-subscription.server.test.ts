// One paying subscription per account with Stripe (the real SDK against a local fake of its API): a second
// checkout is refused while the account has access, a returning subscriber renews at the regular price,
// and of two paid checkouts the older provider subscription is stopped.
import { describe, expect, it } from "vitest";

import { runBillingJobs } from "~/billing/payment-jobs.server";
import { db } from "~/db/db.server";
import { action as registerAndSign } from "~/routes/api.v1.auth.register-and-sign";
import { action as cancelRoute } from "~/routes/api.v1.personnal.subscribe.cancel";
import { formatDay } from "~/utils/money";

import { allowConsoleError } from "../../tests/support/console";
import { apiRequest, formRequest, readEnvelope, routeArgs, uniqueEmail } from "../../tests/support/factories";
import { stripeFakeForTests } from "../../tests/support/provider-fakes";
import { buy, completed, deliver, subUpdated, T0 } from "../../tests/support/stripe-checkout";

const fake = stripeFakeForTests();

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
