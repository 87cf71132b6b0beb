import { randomBytes } from "node:crypto";

import { issueEmailVerification } from "~/auth/email-verification.server";
import { hashPassword } from "~/auth/password.server";
import { db, type Tx } from "~/db/db.server";
import { startJobs } from "~/jobs/jobs.server";
import type { PaymentEvent, ProviderName } from "~/providers/payments/types";
import { config } from "~/server/config.server";
import { DAY, later } from "~/utils/time";

import { credentialsJobKey, enqueueBillingJob } from "./payment-jobs.server";
import { RENEWAL_PLAN_SUFFIX } from "./plans.server";

// Provider events, exactly once and in any order (docs/decisions/005): the payment state machine.
// Each event is applied in one transaction with its WebhookEvent row; its side effects are payment
// jobs written in the same transaction (docs/decisions/011).

class DuplicateEvent extends Error {}
const isUniqueViolation = (error: unknown) => (error as { code?: string })?.code === "P2002";

/** Keys of the payment jobs (payment-jobs.server.ts) the transaction wrote: performed after its commit. */
type Effects = { jobs: string[] };

/** Runs between a payment's commit and its side effects; a test sets it to stop the process there. */
let afterCommit: (() => void) | null = null;
export function setAfterPaymentCommit(hook: (() => void) | null) {
  afterCommit = hook;
}

/**
 * Applies one provider event. The WebhookEvent row is inserted in the same transaction as the
 * event's effect, so a repeated delivery changes nothing ("duplicate"). State fields move only for
 * events newer than the last applied one (lastEventAt); validUntil only ever moves forward.
 */
export async function applyPaymentEvent(provider: ProviderName, event: PaymentEvent) {
  const effects: Effects = { jobs: [] };
  // Hashing is slow: prepare a password outside the transaction in case an account is created. It is
  // random and never sent: the buyer chooses the account's password (docs/decisions/040).
  const passwordHash = await hashPassword(randomBytes(24).toString("base64url"));
  try {
    await db().$transaction(async (tx) => {
      try {
        await tx.webhookEvent.create({ data: { provider, eventId: event.eventId, type: event.kind } });
      } catch (error) {
        if (isUniqueViolation(error)) throw new DuplicateEvent();
        throw error;
      }
      await applyInTransaction(tx, provider, event, { passwordHash }, effects);
    });
  } catch (error) {
    if (error instanceof DuplicateEvent) return { status: "duplicate" as const };
    throw error;
  }
  if (effects.jobs.length > 0) {
    afterCommit?.();
    // Started now, not awaited: the buyer's answer never waits on a provider. A failure or a crash
    // leaves the job to the job worker (app/jobs/jobs.server.ts).
    startJobs(effects.jobs);
  }
  return { status: event.kind === "ignored" ? ("ignored" as const) : ("applied" as const) };
}

async function applyInTransaction(
  tx: Tx,
  provider: ProviderName,
  event: PaymentEvent,
  secret: { passwordHash: string },
  effects: Effects,
) {
  switch (event.kind) {
    case "checkout.paid":
      await completeCheckout(tx, provider, event, secret, effects);
      return;
    case "payment.succeeded":
    case "payment.failed": {
      let sub = await subscriptionOf(tx, provider, event.subscriptionId);
      const checkoutId = sub
        ? null
        : (event.checkoutId ?? (await checkoutOfSubscription(tx, provider, event.subscriptionId)));
      if (!sub && checkoutId && event.kind === "payment.succeeded") {
        // The first invoice can arrive before "checkout completed": it completes the checkout itself.
        await completeCheckout(
          tx,
          provider,
          {
            kind: "checkout.paid",
            eventId: event.eventId,
            at: event.at,
            checkoutId,
            customerId: event.customerId,
            subscriptionId: event.subscriptionId,
            periodEnd: event.periodEnd ?? new Date(event.at.getTime() + DAY),
          },
          secret,
          effects,
        );
        sub = await subscriptionOf(tx, provider, event.subscriptionId);
      }
      if (!sub) return;
      const paid = event.kind === "payment.succeeded";
      const existing = await tx.payment.findUnique({ where: { providerPaymentId: event.paymentId } });
      if (!existing) {
        await tx.payment.create({
          data: {
            subscriptionId: sub.id,
            provider,
            providerPaymentId: event.paymentId,
            amount: event.amount,
            currency: event.currency,
            status: paid ? "paid" : "failed",
            paidAt: event.at,
            periodEnd: event.periodEnd,
          },
        });
      } else if (paid && existing.status !== "paid") {
        // A retried charge of the same invoice went through.
        await tx.payment.update({
          where: { id: existing.id },
          data: { status: "paid", paidAt: event.at, amount: event.amount },
        });
      }
      if (!paid) return;
      // A payment that does not say which period it pays for (a PayPal sale) follows the plan: the
      // first one pays for the first day, each later one for a regular period.
      const firstPayment =
        !event.periodEnd &&
        !sub.plan?.endsWith(RENEWAL_PLAN_SUFFIX) &&
        (await tx.payment.count({
          where: { subscriptionId: sub.id, status: "paid", NOT: { providerPaymentId: event.paymentId } },
        })) === 0;
      const periodEnd =
        event.periodEnd ??
        new Date(event.at.getTime() + (firstPayment ? DAY : (sub.periodDays ?? config().PERIOD_DAYS) * DAY));
      const validUntil = later(sub.validUntil, periodEnd);
      const newest = !sub.lastEventAt || event.at.getTime() >= sub.lastEventAt.getTime();
      // A payment for more than the first day is a regular period: the trial is over.
      const regular = periodEnd.getTime() - event.at.getTime() > 2 * DAY;
      await tx.subscription.update({
        where: { id: sub.id },
        data: {
          validUntil,
          ...(newest
            ? {
                lastEventAt: event.at,
                state: sub.state === "trial" && regular ? "active" : sub.state === "expired" ? "active" : sub.state,
                nextChargeAt: sub.cancelAtPeriodEnd ? null : validUntil,
              }
            : {}),
        },
      });
      return;
    }
    case "subscription.updated": {
      const sub = await subscriptionOf(tx, provider, event.subscriptionId);
      if (!sub || (sub.lastEventAt && event.at.getTime() < sub.lastEventAt.getTime())) return;
      if (sub.state === "unsubscribed") return;
      const state = event.cancelAtPeriodEnd ? "cancelled" : sub.state === "cancelled" ? "active" : sub.state;
      await tx.subscription.update({
        where: { id: sub.id },
        data: {
          state,
          cancelAtPeriodEnd: event.cancelAtPeriodEnd,
          // The provider's period end is not proof of payment: it only says when the next charge is due.
          nextChargeAt: event.cancelAtPeriodEnd ? null : (event.periodEnd ?? sub.nextChargeAt),
          lastEventAt: event.at,
        },
      });
      return;
    }
    case "subscription.ended": {
      const sub = await subscriptionOf(tx, provider, event.subscriptionId);
      if (sub) {
        // Terminal, so applied whatever its order; a cancellation the buyer asked for stays "cancelled"
        // (shown as Expired once the paid period is over).
        await tx.subscription.update({
          where: { id: sub.id },
          data: {
            state: sub.state === "cancelled" ? "cancelled" : "unsubscribed",
            cancelAtPeriodEnd: true,
            nextChargeAt: null,
            lastEventAt: later(sub.lastEventAt, event.at),
          },
        });
      } else {
        const checkoutId = event.checkoutId ?? (await checkoutOfSubscription(tx, provider, event.subscriptionId));
        if (checkoutId)
          await tx.checkout.updateMany({
            where: { id: checkoutId, status: "pending", provider },
            data: { status: "unsubscribed" },
          });
      }
      return;
    }
    case "ignored":
      return;
  }
}

/**
 * The subscription an event names, only when it was made with the event's provider: a signed event
 * of one provider never touches what another provider bills. (Rows from before the provider was
 * stored have none and are taken as they are.)
 */
async function subscriptionOf(tx: Tx, provider: ProviderName, subscriptionId: string) {
  const sub = await tx.subscription.findUnique({ where: { providerSubscriptionId: subscriptionId } });
  return sub && (sub.provider === null || sub.provider === provider) ? sub : null;
}

/**
 * The checkout a provider subscription was opened by, for events that arrive before the
 * subscription is known and do not name the checkout: a PayPal checkout is its subscription.
 */
async function checkoutOfSubscription(tx: Tx, provider: ProviderName, subscriptionId: string) {
  const checkout = await tx.checkout.findFirst({
    where: { provider, providerSessionId: subscriptionId },
    select: { id: true },
  });
  return checkout?.id ?? null;
}

/**
 * A paid checkout: creates the account (a random password nobody knows; its owner chooses one) or
 * renews the signed-in buyer's,
 * and starts the subscription with its first day paid. Idempotent: only a pending (or declined and
 * retried) checkout is completed.
 */
async function completeCheckout(
  tx: Tx,
  provider: ProviderName,
  event: Extract<PaymentEvent, { kind: "checkout.paid" }>,
  secret: { passwordHash: string },
  effects: Effects,
) {
  const checkout = await tx.checkout.findUnique({ where: { id: event.checkoutId } });
  if (!checkout || checkout.status === "paid" || checkout.status === "unsubscribed") return;
  // Only the provider the checkout was opened with can say it was paid: a Stripe-signed event naming a
  // PayPal checkout (or the sandbox's naming a real one) proves nothing about that payment.
  if (checkout.provider !== provider) return;
  // Claimed by a conditional update: when a webhook and a status query complete the same checkout
  // at the same time, the second waits for the first's row lock and then matches nothing.
  const claimed = await tx.checkout.updateMany({
    where: { id: checkout.id, status: checkout.status },
    data: { status: "paid" },
  });
  if (claimed.count !== 1) return;
  let userId = checkout.userId;
  const phone = (await tx.checkoutPhone.findUnique({ where: { checkoutId: checkout.id } }))?.phone;
  // Automatic sign-in is only for an account this checkout creates; anything else signs in normally.
  let autoLogin = false;
  if (!userId) {
    const owner = await tx.user.findUnique({ where: { email: checkout.email } });
    if (owner) {
      userId = owner.id;
    } else {
      const user = await tx.user.create({
        data: {
          email: checkout.email,
          passwordHash: secret.passwordHash,
          name: checkout.name,
          surname: checkout.surname,
          phone,
          locale: checkout.locale,
        },
      });
      userId = user.id;
      autoLogin = true;
      // Paying proves nothing about the address typed: the e-mail to it carries the link that does,
      // which is also how its owner sets the password (nobody knows the random one it starts with).
      const verifyToken = await issueEmailVerification(tx, user.id, checkout.email);
      effects.jobs.push(
        await enqueueBillingJob(tx, credentialsJobKey(checkout.id), {
          kind: "sendCredentials",
          payload: {
            email: checkout.email,
            name: checkout.name,
            verifyToken,
            locale: checkout.locale,
            receipt: {
              currency: checkout.currency,
              paid: checkout.firstDayAmount,
              paidAt: event.at.toISOString(),
              amount: checkout.amount,
              periodDays: checkout.periodDays,
              renewsAt: (event.periodEnd ?? new Date(event.at.getTime() + DAY)).toISOString(),
            },
          },
        }),
      );
    }
  }
  await tx.checkout.update({
    where: { id: checkout.id },
    data: { status: "paid", userId, authCodeIssuedAt: autoLogin ? null : event.at },
  });
  // A number given when renewing replaces the stored one; leaving the field empty keeps it.
  if (phone && !autoLogin) await tx.user.update({ where: { id: userId }, data: { phone } });
  const previous = await tx.subscription.findUnique({ where: { userId } });
  // Two checkouts paid for one account (two tabs, or a checkout opened before the first was paid):
  // the newer one is kept, and the older one must stop renewing, or it would charge unseen.
  if (
    previous?.providerSubscriptionId &&
    previous.providerSubscriptionId !== event.subscriptionId &&
    !previous.cancelAtPeriodEnd &&
    ["trial", "active"].includes(previous.state) &&
    previous.validUntil.getTime() > event.at.getTime()
  ) {
    const stopProvider = previous.provider ?? provider;
    effects.jobs.push(
      await enqueueBillingJob(tx, `stop:${stopProvider}:${previous.providerSubscriptionId}`, {
        kind: "stopSubscription",
        payload: { provider: stopProvider, subscriptionId: previous.providerSubscriptionId },
      }),
    );
  }
  const fields = {
    // A renewal's first charge pays a regular period: no trial.
    state: checkout.plan.endsWith(RENEWAL_PLAN_SUFFIX) ? "active" : "trial",
    validUntil: later(previous && previous.validUntil > event.at ? previous.validUntil : null, event.periodEnd),
    provider,
    providerCustomerId: event.customerId,
    providerSubscriptionId: event.subscriptionId,
    plan: checkout.plan,
    currency: checkout.currency,
    amount: checkout.amount,
    firstDayAmount: checkout.firstDayAmount,
    periodDays: checkout.periodDays,
    cancelAtPeriodEnd: false,
    nextChargeAt: event.periodEnd,
    lastEventAt: event.at,
    reminderSentFor: null,
  };
  await tx.subscription.upsert({ where: { userId }, create: { userId, ...fields }, update: fields });
}
