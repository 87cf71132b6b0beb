// The register query when Stripe's webhook is late or lost: the app asks Stripe for the Checkout
// Session (the real SDK against a local fake of its API), signs up once, and the late webhook changes nothing.
import { describe, expect, it, vi } from "vitest";

import { db } from "~/db/db.server";
import { settleStartedJobs } from "~/jobs/jobs.server";

import { routeArgs } from "../../tests/support/factories";
import { stripeFakeForTests } from "../../tests/support/provider-fakes";
import {
  allowQueryNow,
  buy,
  completed,
  deliver,
  inBrowserOf,
  invoice,
  query,
  signInWith,
  T0,
} from "../../tests/support/stripe-checkout";

const fake = stripeFakeForTests();

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
    const login = await signInWith(id, answer.authCode);
    expect(login.status).toBe(200);
    const user = await db().user.findUniqueOrThrow({ where: { email }, include: { subscription: true } });
    expect(user.subscription).toMatchObject({
      state: "trial",
      provider: "stripe",
      providerSubscriptionId: "sub_L1",
      providerCustomerId: "cus_1",
    });
    expect(user.subscription!.validUntil.getTime()).toBe((T0 + 5 + 86400) * 1000);
    // The answer does not wait for the new account's e-mail; the test does, before it counts it.
    await settleStartedJobs();
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
