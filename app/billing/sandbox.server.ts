import { subscriptionDetails } from "~/billing/subscription.server";
import { db } from "~/db/db.server";
import { sandboxPayments } from "~/providers/payments/provider.server";
import { config } from "~/server/config.server";
import { randomToken } from "~/utils/hash.server";
import { DAY, later } from "~/utils/time";

import { applyPaymentEvent } from "./payment-events.server";
import { RENEWAL_PLAN_SUFFIX } from "./plans.server";

// The sandbox's life cycle: its checkout page's Pay and Decline, its renewals (maintenance job) and
// `npm run sandbox` (renew or fail now). It applies the events a real provider would send.

/**
 * The sandbox's billing clock, run by the maintenance job: at the end of each paid period it charges
 * the next one as a real provider would (a paid payment in the history, `validUntil` moved on; the
 * reminder e-mail went out before, from `sendRenewalReminders`). Only while the sandbox takes the
 * payments. A cancelled subscription, or one whose renewal failed (`npm run sandbox -- fail`, which
 * clears `nextChargeAt`), is not charged. The event id is the subscription and its due time, so
 * several processes running this at once apply each renewal once.
 */
export async function renewSandboxSubscriptions(now = new Date()) {
  if (!sandboxPayments()) return 0;
  const due = await db().subscription.findMany({
    where: {
      provider: "sandbox",
      providerSubscriptionId: { not: null },
      cancelAtPeriodEnd: false,
      state: { in: ["trial", "active"] },
      nextChargeAt: { lte: now },
      amount: { not: null },
    },
    take: 500,
  });
  let renewed = 0;
  for (const sub of due) {
    const dueAt = sub.nextChargeAt!;
    const period = (sub.periodDays ?? config().PERIOD_DAYS) * DAY;
    // The period starts when it was due; after a pause longer than a period, from now (missed
    // periods are not charged).
    const start = dueAt.getTime() + period > now.getTime() ? dueAt.getTime() : now.getTime();
    const result = await applyPaymentEvent("sandbox", {
      kind: "payment.succeeded",
      eventId: `sbx_evt_renewal_${sub.id}_${dueAt.getTime()}`,
      at: now,
      subscriptionId: sub.providerSubscriptionId!,
      checkoutId: null,
      customerId: sub.providerCustomerId,
      paymentId: `sbx_in_renewal_${sub.id}_${dueAt.getTime()}`,
      amount: sub.amount!,
      currency: sub.currency ?? "USD",
      periodEnd: new Date(start + period),
    });
    if (result.status === "applied") renewed += 1;
  }
  return renewed;
}

/**
 * The sandbox's stand-in for the provider's billing clock: "renew" charges the next period now,
 * "fail" makes the renewal fail, so the paid period ends now.
 */
export async function sandboxAdvance(email: string, action: "renew" | "fail", now = new Date()) {
  const sub = await db().subscription.findFirst({ where: { user: { email: email.toLowerCase() } } });
  if (!sub) return { ok: false as const, error: "no subscription for that e-mail" };
  if (sub.provider !== "sandbox" || !sub.providerSubscriptionId)
    return { ok: false as const, error: "not a sandbox subscription" };
  const renew = action === "renew";
  if (sub.cancelAtPeriodEnd) {
    return {
      ok: false as const,
      error:
        action === "renew"
          ? "the subscription is cancelled: it does not renew"
          : "the subscription is cancelled: no renewal is charged, so none can fail",
    };
  }
  const periodEnd = new Date(later(sub.validUntil, now).getTime() + (sub.periodDays ?? config().PERIOD_DAYS) * DAY);
  await applyPaymentEvent("sandbox", {
    kind: renew ? "payment.succeeded" : "payment.failed",
    eventId: `sbx_evt_${randomToken(9)}`,
    at: now,
    subscriptionId: sub.providerSubscriptionId,
    checkoutId: null,
    customerId: sub.providerCustomerId,
    paymentId: `sbx_in_${randomToken(9)}`,
    amount: sub.amount ?? 0,
    currency: sub.currency ?? "USD",
    periodEnd: renew ? periodEnd : null,
  });
  // A failed renewal was due now and was not paid: the period is over.
  if (!renew) await db().subscription.update({ where: { id: sub.id }, data: { validUntil: now, nextChargeAt: null } });
  return { ok: true as const, subscription: await subscriptionDetails(sub.userId, now) };
}

/** The sandbox checkout page's Pay button: what a provider's "checkout completed" does. */
export async function sandboxPay(checkoutId: string, now = new Date()) {
  const checkout = await db().checkout.findUnique({ where: { id: checkoutId } });
  if (!checkout || checkout.provider !== "sandbox") return { ok: false as const };
  if (checkout.status !== "pending") return { ok: true as const, checkout };
  // One event, so one transaction: the checkout, the account, the subscription and the first payment
  // are stored together or not at all (the first payment completes its checkout, as a real
  // provider's first invoice may). Its ids derive from the checkout: Pay pressed again after a crash
  // or a lost answer applies the same event, once.
  const subscriptionId = `sbx_sub_${checkoutId}`;
  // Like the real providers: a renewal charges the regular amount for a full period, no first day.
  const renewal = checkout.plan.endsWith(RENEWAL_PLAN_SUFFIX);
  const periodEnd = new Date(now.getTime() + (renewal ? checkout.periodDays : 1) * DAY);
  await applyPaymentEvent("sandbox", {
    kind: "payment.succeeded",
    eventId: `sbx_evt_${checkoutId}`,
    at: now,
    subscriptionId,
    checkoutId,
    customerId: `sbx_cus_${checkoutId}`,
    paymentId: `sbx_in_${checkoutId}`,
    amount: renewal ? checkout.amount : checkout.firstDayAmount,
    currency: checkout.currency,
    periodEnd,
  });
  return { ok: true as const, checkout };
}

/** The sandbox checkout page's Decline button: the payment fails, no account is made. */
export async function sandboxDecline(checkoutId: string) {
  const checkout = await db().checkout.findUnique({ where: { id: checkoutId } });
  if (!checkout || checkout.provider !== "sandbox") return { ok: false as const };
  await db().checkout.updateMany({ where: { id: checkoutId, status: "pending" }, data: { status: "failed" } });
  return { ok: true as const, checkout };
}
