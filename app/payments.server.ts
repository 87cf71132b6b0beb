import { randomBytes } from "node:crypto";
import { z } from "zod";
import { hashPassword } from "~/auth/password.server";
import { enqueuePaymentJob, runPaymentJobs } from "~/payment-jobs.server";
import { issueAuthCode } from "~/auth/auth-code.server";
import { isCheckoutBrowser } from "~/auth/checkout-browser.server";
import { EMAIL_PATTERN } from "~/auth/validation";
import { config } from "~/config.server";
import { db, type Db } from "~/db.server";
import { renderEmail } from "~/emails/render.server";
import { getT } from "~/i18n/i18next.server";
import { isLocale, localizePath, type Locale } from "~/i18n/locales";
import { parseMobile } from "~/location-requests.server";
import { DEFAULT_REGION } from "~/phone-countries.server";
import { emailProvider } from "~/providers/email.server";
import { activePaymentProviderName, paymentProvider } from "~/providers/payments/provider.server";
import type { PaymentEvent, ProviderName } from "~/providers/payments/types";
import { hit } from "~/rate-limit.server";
import { describeSubscription } from "~/subscription.server";
import { randomToken, sha256 } from "~/utils/hash.server";
import { formatDay, formatMoney } from "~/utils/money";
import { withSearchedNumber, type SearchedNumber } from "~/utils/number-search";
import { DAY as DAY_MS, HOUR, later } from "~/utils/time";

export { formatMoney };

type Tx = Parameters<Parameters<Db["$transaction"]>[0]>[0];

// ---------------------------------------------------------------------------------------------
// Plans and terms
// ---------------------------------------------------------------------------------------------

/**
 * The currencies PayPal takes for subscriptions (its currency codes reference); IDR is not one. A
 * locale whose plan is in another currency buys the default (English, USD) plan when PayPal is the
 * provider, so the terms shown are the ones charged.
 */
export const PAYPAL_CURRENCIES = new Set([
  "AUD", "BRL", "CAD", "CNY", "CZK", "DKK", "EUR", "HKD", "HUF", "ILS", "JPY", "MYR", "MXN", "TWD",
  "NZD", "NOK", "PHP", "PLN", "GBP", "SGD", "SEK", "CHF", "THB", "USD",
]);

export function planFor(locale: Locale) {
  let plan = config().plans[locale];
  if (activePaymentProviderName() === "paypal" && !PAYPAL_CURRENCIES.has(plan.currency)) plan = config().plans.en;
  return { ...plan, plan: `${plan.currency.toLowerCase()}-${plan.periodDays}d` };
}

/** Start-up warnings: locales whose configured currency the provider cannot charge. */
export function planWarnings() {
  if (activePaymentProviderName() !== "paypal") return [];
  return (Object.entries(config().plans) as [Locale, { currency: string }][])
    .filter(([, plan]) => !PAYPAL_CURRENCIES.has(plan.currency))
    .map(([locale, plan]) => `PayPal does not take ${plan.currency}: /${locale} buyers are charged the default plan (${config().plans.en.currency})`);
}

/**
 * The values of the payment terms text (spec section 3): currencyCode, firstDayDebitAmount, amount,
 * period (days) and nextDebitDay, formatted for the buyer's language.
 */
export function paymentTerms(locale: Locale, now = new Date(), options: { renewal?: boolean } = {}) {
  const plan = planFor(locale);
  const renewal = !!options.renewal;
  return {
    renewal,
    currencyCode: plan.currency,
    firstDayDebitAmount: formatMoney(plan.firstDayAmount, plan.currency, locale),
    amount: formatMoney(plan.amount, plan.currency, locale),
    /** What the Pay button charges today: the first day, or a full period for a returning subscriber. */
    dueNow: formatMoney(renewal ? plan.amount : plan.firstDayAmount, plan.currency, locale),
    period: plan.periodDays,
    nextDebitDay: formatDay(new Date(now.getTime() + (renewal ? plan.periodDays : 1) * DAY_MS), locale),
  };
}

/**
 * A returning subscriber (the account has had a subscription) pays the regular amount for a full
 * period at once: the discounted first day is for newcomers only.
 */
export async function isReturningSubscriber(userId: string | null | undefined) {
  if (!userId) return false;
  return (await db().subscription.count({ where: { userId } })) > 0;
}
export type PaymentTerms = ReturnType<typeof paymentTerms>;

/** A signed-in buyer (renewal): the payment form is filled in, the e-mail fixed. */
export async function buyerOf(userId: string) {
  const user = await db().user.findUniqueOrThrow({ where: { id: userId }, select: { email: true, name: true, surname: true, phone: true } });
  return { email: user.email, name: user.name ?? "", surname: user.surname ?? "", phone: user.phone ?? "" };
}

// ---------------------------------------------------------------------------------------------
// Checkout
// ---------------------------------------------------------------------------------------------

/** The payment form (modal and API). Messages are translation keys. */
export const paymentFormSchema = z.object({
  name: z.string().trim().min(1, "payments.errors.name").max(80, "payments.errors.name"),
  surname: z.string().trim().min(1, "payments.errors.name").max(80, "payments.errors.name"),
  email: z
    .string()
    .trim()
    .min(1, "validation.emailRequired")
    .max(254, "loginModal.EnterValidEmail")
    .regex(EMAIL_PATTERN, "loginModal.EnterValidEmail")
    .transform((s) => s.toLowerCase()),
  adult: z.union([z.literal(true), z.literal("on"), z.literal("1"), z.literal("true")], {
    errorMap: () => ({ message: "payments.errors.adult" }),
  }),
  // Optional (spec sections 3 and 5); checked as a mobile number by `checkoutPhone`.
  phone: z.string().trim().max(40, "requests.errors.numberInvalid").optional(),
});
export type PaymentForm = z.infer<typeof paymentFormSchema>;

export type StartCheckoutResult =
  | { ok: true; checkoutId: string; url: string; provider: ProviderName }
  | { ok: false; error: "validation"; fields: Record<string, string> }
  | { ok: false; error: "provider" }
  | { ok: false; error: "throttled"; retryAfterSeconds: number }
  | { ok: false; error: "subscribed"; validUntil: string; cancelled: boolean };

/**
 * The payment form's optional mobile number: empty is fine; anything else must be a valid mobile
 * number, read in the page language's country unless it starts with +.
 */
function checkoutPhone(raw: string | undefined, locale: Locale): { ok: true; e164: string | null } | { ok: false; error: string } {
  if (!raw) return { ok: true, e164: null };
  const parsed = parseMobile(DEFAULT_REGION[locale], raw);
  return parsed.ok ? { ok: true, e164: parsed.e164 } : parsed;
}

/** The plan name of a returning subscriber's checkout (no first day): "usd-30d-renewal". */
export const RENEWAL_PLAN_SUFFIX = "-renewal";

/**
 * Validates the buyer, records a pending Checkout and opens a checkout at the provider. A signed-in
 * `userId` renews that account (its own e-mail is not "in use"); otherwise the account is created
 * after payment. `browserSecret` binds the checkout to the browser that started it (only its hash is
 * stored): the automatic sign-in after payment happens only there.
 *
 * Each well-formed attempt counts against CHECKOUT_LIMIT_PER_IP (per client address) and
 * CHECKOUT_LIMIT_PER_EMAIL per hour, before the e-mail is looked up: neither the provider's API nor
 * the "already in use" answer can be used in bulk.
 */
export async function startCheckout(
  raw: unknown,
  options: { locale: Locale; ip: string; browserSecret?: string; userId?: string; now?: Date; searched?: SearchedNumber | null },
): Promise<StartCheckoutResult> {
  // An account with access must not pay twice: a second provider subscription would replace the
  // stored one while the first keeps charging. A cancelled one renews once its paid period is over
  // (the expired notice offers it), so nothing is charged for days already paid.
  if (options.userId) {
    const sub = await db().subscription.findUnique({ where: { userId: options.userId } });
    if (sub && describeSubscription(sub, options.now ?? new Date()).access) {
      return { ok: false, error: "subscribed", validUntil: sub.validUntil.toISOString(), cancelled: sub.state === "cancelled" };
    }
  }
  const parsed = paymentFormSchema.safeParse(raw);
  if (!parsed.success) {
    const fields: Record<string, string> = {};
    for (const issue of parsed.error.issues) fields[String(issue.path[0])] ??= issue.message;
    return { ok: false, error: "validation", fields };
  }
  const form = parsed.data;
  const phone = checkoutPhone(form.phone, options.locale);
  if (!phone.ok) return { ok: false, error: "validation", fields: { phone: phone.error } };
  for (const [key, limit] of [
    [`checkout:ip:${options.ip}`, config().CHECKOUT_LIMIT_PER_IP],
    [`checkout:email:${form.email}`, config().CHECKOUT_LIMIT_PER_EMAIL],
  ] as const) {
    const slot = await hit(key, limit, HOUR, options.now);
    if (!slot.ok) return { ok: false, error: "throttled", retryAfterSeconds: slot.retryAfterSeconds };
  }
  const owner = await db().user.findUnique({ where: { email: form.email }, select: { id: true } });
  if (owner && owner.id !== options.userId) {
    return { ok: false, error: "validation", fields: { email: "payments.errors.emailInUse" } };
  }
  const plan = planFor(options.locale);
  const renewal = await isReturningSubscriber(options.userId);
  const provider = await paymentProvider();
  const checkoutId = randomToken(18);
  await db().checkout.create({
    data: {
      id: checkoutId,
      provider: provider.name,
      email: form.email,
      name: form.name,
      surname: form.surname,
      locale: options.locale,
      plan: renewal ? `${plan.plan}${RENEWAL_PLAN_SUFFIX}` : plan.plan,
      currency: plan.currency,
      amount: plan.amount,
      // Nothing is charged for a first day on a renewal.
      firstDayAmount: renewal ? 0 : plan.firstDayAmount,
      periodDays: plan.periodDays,
      userId: options.userId ?? null,
      ...(phone.e164 ? { phone: { create: { phone: phone.e164 } } } : {}),
    },
  });
  if (options.browserSecret) {
    await db().checkoutBrowser.create({ data: { checkoutId, secretHash: sha256(options.browserSecret) } });
  }
  const t = await getT(options.locale);
  const origin = config().publicUrl;
  const created = await provider.createCheckout({
    checkoutId,
    email: form.email,
    name: form.name,
    surname: form.surname,
    locale: options.locale,
    currency: plan.currency,
    amount: plan.amount,
    firstDayAmount: plan.firstDayAmount,
    periodDays: plan.periodDays,
    trial: !renewal,
    successUrl: new URL(localizePath(withSearchedNumber(`/register?id=${checkoutId}`, options.searched ?? null), options.locale), origin).toString(),
    cancelUrl: new URL(localizePath(withSearchedNumber("/?modal=payment", options.searched ?? null), options.locale), origin).toString(),
    productName: t("payments.productName", { period: plan.periodDays }),
    firstDayName: t("payments.firstDayName"),
  });
  if (!created.ok) {
    await db().checkout.update({ where: { id: checkoutId }, data: { status: "failed" } });
    return { ok: false, error: "provider" };
  }
  await db().checkout.update({ where: { id: checkoutId }, data: { providerSessionId: created.sessionId } });
  return { ok: true, checkoutId, url: created.url, provider: provider.name };
}

// ---------------------------------------------------------------------------------------------
// Provider events: exactly once, in any order
// ---------------------------------------------------------------------------------------------

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
  // Hashing is slow: prepare a password outside the transaction in case an account is created.
  const password = randomBytes(9).toString("base64url");
  const passwordHash = await hashPassword(password);
  try {
    await db().$transaction(async (tx) => {
      try {
        await tx.webhookEvent.create({ data: { provider, eventId: event.eventId, type: event.kind } });
      } catch (error) {
        if (isUniqueViolation(error)) throw new DuplicateEvent();
        throw error;
      }
      await applyInTransaction(tx, provider, event, { password, passwordHash }, effects);
    });
  } catch (error) {
    if (error instanceof DuplicateEvent) return { status: "duplicate" as const };
    throw error;
  }
  if (effects.jobs.length > 0) {
    afterCommit?.();
    // Right away; a failure or a crash here leaves the job for the maintenance job to retry.
    await runPaymentJobs(new Date(), { keys: effects.jobs });
  }
  return { status: event.kind === "ignored" ? ("ignored" as const) : ("applied" as const) };
}

async function applyInTransaction(
  tx: Tx,
  provider: ProviderName,
  event: PaymentEvent,
  secret: { password: string; passwordHash: string },
  effects: Effects,
) {
  switch (event.kind) {
    case "checkout.paid":
      await completeCheckout(tx, provider, event, secret, effects);
      return;
    case "payment.succeeded":
    case "payment.failed": {
      let sub = await tx.subscription.findUnique({ where: { providerSubscriptionId: event.subscriptionId } });
      const checkoutId = sub ? null : (event.checkoutId ?? (await checkoutOfSubscription(tx, provider, event.subscriptionId)));
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
            periodEnd: event.periodEnd ?? new Date(event.at.getTime() + DAY_MS),
          },
          secret,
          effects,
        );
        sub = await tx.subscription.findUnique({ where: { providerSubscriptionId: event.subscriptionId } });
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
        await tx.payment.update({ where: { id: existing.id }, data: { status: "paid", paidAt: event.at, amount: event.amount } });
      }
      if (!paid) return;
      // A payment that does not say which period it pays for (a PayPal sale) follows the plan: the
      // first one pays for the first day, each later one for a regular period.
      const firstPayment =
        !event.periodEnd &&
        !sub.plan?.endsWith(RENEWAL_PLAN_SUFFIX) &&
        (await tx.payment.count({ where: { subscriptionId: sub.id, status: "paid", NOT: { providerPaymentId: event.paymentId } } })) === 0;
      const periodEnd = event.periodEnd ?? new Date(event.at.getTime() + (firstPayment ? DAY_MS : (sub.periodDays ?? config().PERIOD_DAYS) * DAY_MS));
      const validUntil = later(sub.validUntil, periodEnd);
      const newest = !sub.lastEventAt || event.at.getTime() >= sub.lastEventAt.getTime();
      // A payment for more than the first day is a regular period: the trial is over.
      const regular = periodEnd.getTime() - event.at.getTime() > 2 * DAY_MS;
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
      const sub = await tx.subscription.findUnique({ where: { providerSubscriptionId: event.subscriptionId } });
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
      const sub = await tx.subscription.findUnique({ where: { providerSubscriptionId: event.subscriptionId } });
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
        if (checkoutId) await tx.checkout.updateMany({ where: { id: checkoutId, status: "pending" }, data: { status: "unsubscribed" } });
      }
      return;
    }
    case "ignored":
      return;
  }
}

/**
 * The checkout a provider subscription was opened by, for events that arrive before the
 * subscription is known and do not name the checkout: a PayPal checkout is its subscription.
 */
async function checkoutOfSubscription(tx: Tx, provider: ProviderName, subscriptionId: string) {
  const checkout = await tx.checkout.findFirst({ where: { provider, providerSessionId: subscriptionId }, select: { id: true } });
  return checkout?.id ?? null;
}

/**
 * A paid checkout: creates the account (random password, e-mailed) or renews the signed-in buyer's,
 * and starts the subscription with its first day paid. Idempotent: only a pending (or declined and
 * retried) checkout is completed.
 */
async function completeCheckout(
  tx: Tx,
  provider: ProviderName,
  event: Extract<PaymentEvent, { kind: "checkout.paid" }>,
  secret: { password: string; passwordHash: string },
  effects: Effects,
) {
  const checkout = await tx.checkout.findUnique({ where: { id: event.checkoutId } });
  if (!checkout || checkout.status === "paid" || checkout.status === "unsubscribed") return;
  // Claimed by a conditional update: when a webhook and a status query complete the same checkout
  // at the same time, the second waits for the first's row lock and then matches nothing.
  const claimed = await tx.checkout.updateMany({ where: { id: checkout.id, status: checkout.status }, data: { status: "paid" } });
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
      effects.jobs.push(
        await enqueuePaymentJob(tx, `credentials:${checkout.id}`, {
          kind: "sendCredentials",
          payload: { email: checkout.email, name: checkout.name, password: secret.password, locale: checkout.locale },
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
      await enqueuePaymentJob(tx, `stop:${stopProvider}:${previous.providerSubscriptionId}`, {
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

// ---------------------------------------------------------------------------------------------
// After checkout: the register query and the automatic sign-in
// ---------------------------------------------------------------------------------------------

export type RegisterStatus = "pending" | "success" | "failed" | "unsubscribed" | "unknown";

/**
 * The payment and signing result of a checkout (GET /api/v1/personnal/registerQuery/{id}). The first
 * successful query from the browser that started the checkout (`browserSecret`, its cookie value)
 * hands out the single automatic sign-in code; later ones, and any other browser (`elsewhere`), get
 * the result without it.
 */
export async function registerQuery(
  checkoutId: string,
  browserSecret: string | null,
): Promise<{ status: RegisterStatus; authCode?: string; renewal?: boolean; elsewhere?: boolean; userId?: string }> {
  let checkout = await db().checkout.findUnique({ where: { id: checkoutId } });
  if (!checkout) return { status: "unknown" };
  if (checkout.status === "pending" && (await askProvider(checkout))) {
    checkout = (await db().checkout.findUnique({ where: { id: checkoutId } }))!;
  }
  switch (checkout.status) {
    case "pending":
      return { status: "pending" };
    case "failed":
      return { status: "failed" };
    case "unsubscribed":
      return { status: "unsubscribed" };
    case "paid": {
      if (!checkout.userId) return { status: "unknown" };
      if (!(await isCheckoutBrowser(checkoutId, browserSecret))) return { status: "success", elsewhere: true, userId: checkout.userId };
      const claimed = await db().checkout.updateMany({
        where: { id: checkoutId, status: "paid", authCodeIssuedAt: null },
        data: { authCodeIssuedAt: new Date() },
      });
      const authCode = claimed.count === 1 ? await issueAuthCode(checkout.userId, checkoutId) : undefined;
      return { status: "success", authCode, renewal: !authCode, userId: checkout.userId };
    }
    default:
      return { status: "unknown" };
  }
}

/** At most one provider status query per checkout in this many milliseconds, across processes. */
export const STATUS_QUERY_INTERVAL_MS = 5000;

/**
 * A checkout still pending locally: asks the provider (its webhook may be late or lost) and applies
 * the answer as the event the webhook would bring. The event id is per checkout, and completing a
 * checkout is claimed atomically, so this and a webhook arriving later or at the same time create
 * one account and send one e-mail. True when something changed.
 */
async function askProvider(checkout: { id: string; provider: string; providerSessionId: string | null }) {
  if (!checkout.providerSessionId || checkout.provider === "sandbox") return false;
  const provider = await paymentProvider();
  if (provider.name !== checkout.provider) return false;
  const slot = await hit(`checkout-status:${checkout.id}`, 1, STATUS_QUERY_INTERVAL_MS);
  if (!slot.ok) return false;
  const status = await provider.checkoutStatus(checkout.providerSessionId, checkout.id);
  switch (status.state) {
    case "paid":
      await applyPaymentEvent(provider.name, {
        kind: "checkout.paid",
        eventId: `status:${checkout.id}`,
        at: status.at,
        checkoutId: checkout.id,
        customerId: status.customerId,
        subscriptionId: status.subscriptionId,
        periodEnd: status.periodEnd,
      });
      // The first-day invoice too, as its "invoice.paid" webhook would: the payment id makes the two one record.
      if (status.payment) {
        await applyPaymentEvent(provider.name, {
          kind: "payment.succeeded",
          eventId: `status:${status.payment.id}`,
          at: status.payment.at,
          subscriptionId: status.subscriptionId,
          checkoutId: checkout.id,
          customerId: status.customerId,
          paymentId: status.payment.id,
          amount: status.payment.amount,
          currency: status.payment.currency,
          periodEnd: status.payment.periodEnd,
        });
      }
      return true;
    case "failed":
    case "unsubscribed": {
      const { count } = await db().checkout.updateMany({ where: { id: checkout.id, status: "pending" }, data: { status: status.state } });
      return count > 0;
    }
    default:
      return false;
  }
}

// ---------------------------------------------------------------------------------------------
// The subscriber's side: details, history, cancel, refund
// ---------------------------------------------------------------------------------------------

/** The subscription as the pages and GET /api/v1/personnal/subscribe/info show it. */
export async function subscriptionDetails(userId: string, now = new Date()) {
  const sub = await db().subscription.findUnique({ where: { userId } });
  const described = describeSubscription(sub, now);
  return {
    ...described,
    provider: sub?.provider ?? null,
    plan: sub?.plan ?? null,
    currencyCode: sub?.currency ?? null,
    amount: sub?.amount ?? null,
    firstDayDebitAmount: sub?.firstDayAmount ?? null,
    period: sub?.periodDays ?? null,
    cancelAtPeriodEnd: sub?.cancelAtPeriodEnd ?? false,
    nextDebitDay: described.access && !sub?.cancelAtPeriodEnd ? (sub?.nextChargeAt?.toISOString() ?? null) : null,
  };
}
export type SubscriptionDetails = Awaited<ReturnType<typeof subscriptionDetails>>;

/** Payment history and the total paid (POST /api/v1/personnal/getPaidAmount), newest first. */
export async function paidAmount(userId: string) {
  const payments = await db().payment.findMany({
    where: { subscription: { userId } },
    orderBy: { paidAt: "desc" },
    take: 100,
  });
  const totals: Record<string, number> = {};
  for (const p of payments) if (p.status === "paid") totals[p.currency] = (totals[p.currency] ?? 0) + p.amount;
  return {
    totals: Object.entries(totals).map(([currencyCode, amount]) => ({ currencyCode, amount })),
    payments: payments.map((p) => ({
      id: p.id,
      amount: p.amount,
      currencyCode: p.currency,
      status: p.status,
      paidAt: p.paidAt.toISOString(),
      periodEnd: p.periodEnd?.toISOString() ?? null,
    })),
  };
}

export type CancelResult = { ok: true; validUntil: string } | { ok: false; error: "none" | "provider" };

/** Cancels at period end, at the provider first: access stays until validUntil. */
export async function cancelSubscription(userId: string, now = new Date()): Promise<CancelResult> {
  const sub = await db().subscription.findUnique({ where: { userId } });
  if (!sub || !describeSubscription(sub, now).access) return { ok: false, error: "none" };
  if (sub.state !== "cancelled") {
    if (sub.providerSubscriptionId && sub.provider && sub.provider !== "sandbox") {
      const provider = await paymentProvider();
      if (provider.name !== sub.provider) return { ok: false, error: "provider" };
      const cancelled = await provider.cancelAtPeriodEnd(sub.providerSubscriptionId);
      if (!cancelled.ok) return { ok: false, error: "provider" };
    }
    await db().subscription.update({
      where: { id: sub.id },
      // The local cancel counts as an event at its time, so an older provider update arriving later
      // (cancel_at_period_end still false) does not turn it back on.
      data: { state: "cancelled", cancelAtPeriodEnd: true, nextChargeAt: null, lastEventAt: later(sub.lastEventAt, now) },
    });
  }
  return { ok: true, validUntil: sub.validUntil.toISOString() };
}

export const refundFormSchema = z.object({
  email: paymentFormSchema.shape.email,
  reason: z.string().trim().min(1, "payments.errors.reason").max(2000, "payments.errors.reasonLength"),
});

/** Refund requests per client address per hour and per e-mail address per day. */
export const REFUND_LIMITS = { perIpPerHour: 5, perEmailPerDay: 3 };

export type RefundResult =
  | { ok: true }
  | { ok: false; error: "validation"; fields: Record<string, string> }
  | { ok: false; error: "throttled"; retryAfterSeconds: number };

/** How long the e-mailed confirmation link of a refund request works. */
export const REFUND_LINK_TTL_MS = 24 * HOUR;
export const REFUND_CONFIRM_PATH = "/unsubscribe-and-refund/confirm";

/**
 * The /unsubscribe-and-refund form. Anyone can type any address, so it changes nothing by itself:
 * the account's owner is e-mailed (in their language) a single-use link that expires after 24 hours,
 * and only following it (confirmRefund) stops renewals and reaches support. The answer is the same
 * whether an account exists or not, so the form tells no one who has an account.
 */
export async function requestRefund(raw: unknown, options: { locale: Locale; ip: string; now?: Date }): Promise<RefundResult> {
  const parsed = refundFormSchema.safeParse(raw);
  if (!parsed.success) {
    const fields: Record<string, string> = {};
    for (const issue of parsed.error.issues) fields[String(issue.path[0])] ??= issue.message;
    return { ok: false, error: "validation", fields };
  }
  const { email, reason } = parsed.data;
  const now = options.now ?? new Date();
  for (const [key, limit, windowMs] of [
    [`refund:ip:${options.ip}`, REFUND_LIMITS.perIpPerHour, HOUR],
    [`refund:email:${email}`, REFUND_LIMITS.perEmailPerDay, 24 * HOUR],
  ] as const) {
    const slot = await hit(key, limit, windowMs, now);
    if (!slot.ok) return { ok: false, error: "throttled", retryAfterSeconds: slot.retryAfterSeconds };
  }
  const user = await db().user.findUnique({ where: { email }, select: { id: true, name: true, locale: true } });
  if (!user) return { ok: true };
  // Only the hash is stored, like auth codes: a database reader cannot confirm for the owner.
  const token = randomToken(24);
  await db().refundRequest.create({
    data: {
      email,
      reason,
      locale: options.locale,
      userId: user.id,
      status: "unconfirmed",
      tokenHash: sha256(token),
      expiresAt: new Date(now.getTime() + REFUND_LINK_TTL_MS),
    },
  });
  const locale = isLocale(user.locale) ? user.locale : options.locale;
  const t = await getT(locale);
  const url = new URL(localizePath(REFUND_CONFIRM_PATH, locale), config().publicUrl);
  url.searchParams.set("token", token);
  const sent = await emailProvider().send({
    to: email,
    ...renderEmail({
      subject: t("payments.email.refundConfirm.subject"),
      paragraphs: [
        t("payments.email.refundConfirm.greeting", { name: user.name || email }),
        t("payments.email.refundConfirm.intro"),
        t("payments.email.refundConfirm.link", { url: url.toString() }),
        t("payments.email.refundConfirm.ignore"),
      ],
      footer: t("email.footer"),
    }),
  });
  if (!sent.ok) console.error("Refund confirmation link e-mail failed", email, sent.error);
  return { ok: true };
}

/** The request a confirmation link stands for, while it can still be used (GET shows it, changes nothing). */
export async function refundLink(token: string, now = new Date()) {
  if (!token || token.length > 100) return null;
  const request = await db().refundRequest.findUnique({ where: { tokenHash: sha256(token) } });
  if (!request || request.status !== "unconfirmed" || !request.expiresAt || request.expiresAt.getTime() <= now.getTime()) return null;
  return { email: request.email };
}

export type ConfirmRefundResult = { ok: true; cancelled: CancelResult | null } | { ok: false; error: "invalid" };

/**
 * Following the e-mailed link (POST): claims the request once, stops renewals (at the provider too),
 * tells support and confirms to the owner.
 */
export async function confirmRefund(token: string, now = new Date()): Promise<ConfirmRefundResult> {
  if (!token || token.length > 100) return { ok: false, error: "invalid" };
  const request = await db().refundRequest.findUnique({ where: { tokenHash: sha256(token) } });
  if (!request) return { ok: false, error: "invalid" };
  // A conditional update claims the link: of two confirmations at once, only one matches.
  const claimed = await db().refundRequest.updateMany({
    where: { id: request.id, status: "unconfirmed", expiresAt: { gt: now } },
    data: { status: "open", confirmedAt: now, tokenHash: null },
  });
  if (claimed.count !== 1) return { ok: false, error: "invalid" };
  return { ok: true, cancelled: await stopForRefund(request, now) };
}

/** A refund request its owner stands behind: stops renewals, tells support and the owner. */
async function stopForRefund(request: { email: string; reason: string; locale: string; userId: string | null }, now: Date) {
  const user = request.userId ? await db().user.findUnique({ where: { id: request.userId }, select: { id: true, name: true, locale: true } }) : null;
  let cancelled: CancelResult | null = null;
  if (user) {
    cancelled = await cancelSubscription(user.id, now);
    if (!cancelled.ok && cancelled.error === "provider") console.error("Refund request: cancelling at the provider failed", user.id);
  }

  // Support reads English; the account line says what was done, so a provider failure is followed up.
  const staff = await getT("en");
  const account = !user
    ? staff("payments.email.refund.noAccount")
    : cancelled?.ok
      ? staff("payments.email.refund.stopped", { date: cancelled.validUntil })
      : cancelled?.error === "provider"
        ? staff("payments.email.refund.providerFailed")
        : staff("payments.email.refund.noSubscription");
  await emailProvider().send({
    to: config().CONTACT_EMAIL,
    ...renderEmail({
      subject: staff("payments.email.refund.subject"),
      paragraphs: [staff("payments.email.refund.from", { email: request.email, locale: request.locale }), account, request.reason],
      footer: staff("email.footer"),
    }),
  });

  if (user) {
    const locale = isLocale(user.locale) ? user.locale : isLocale(request.locale) ? request.locale : "en";
    const t = await getT(locale);
    const sent = await emailProvider().send({
      to: request.email,
      ...renderEmail({
        subject: t("payments.email.refundReceived.subject"),
        paragraphs: [
          t("payments.email.refundReceived.greeting", { name: user.name || request.email }),
          t("payments.email.refundReceived.intro"),
          cancelled?.ok ? t("payments.email.refundReceived.access", { date: formatDay(new Date(cancelled.validUntil), locale) }) : t("payments.email.refundReceived.noAccess"),
          t("payments.email.refundReceived.answer"),
        ],
        footer: t("email.footer"),
      }),
    });
    if (!sent.ok) console.error("Refund confirmation e-mail failed", request.email, sent.error);
  }
  return cancelled;
}

// ---------------------------------------------------------------------------------------------
// Renewal reminders (maintenance) and the sandbox life cycle
// ---------------------------------------------------------------------------------------------

/** One reminder per renewal, `RENEWAL_REMINDER_DAYS` before it. Safe to run from several processes. */
export async function sendRenewalReminders(now = new Date()) {
  const days = config().RENEWAL_REMINDER_DAYS;
  if (!days) return 0;
  const due = await db().subscription.findMany({
    where: {
      cancelAtPeriodEnd: false,
      state: { in: ["trial", "active"] },
      nextChargeAt: { gt: now, lte: new Date(now.getTime() + days * DAY_MS) },
      amount: { not: null },
    },
    include: { user: true },
    take: 500,
  });
  let sent = 0;
  for (const sub of due) {
    if (sub.reminderSentFor && sub.nextChargeAt && sub.reminderSentFor.getTime() === sub.nextChargeAt.getTime()) continue;
    const claimed = await db().subscription.updateMany({
      where: { id: sub.id, nextChargeAt: sub.nextChargeAt, OR: [{ reminderSentFor: null }, { reminderSentFor: { not: sub.nextChargeAt! } }] },
      data: { reminderSentFor: sub.nextChargeAt },
    });
    if (claimed.count !== 1) continue;
    const locale = isLocale(sub.user.locale) ? sub.user.locale : "en";
    const t = await getT(locale);
    const cancelUrl = new URL(localizePath("/dashboard/modules/cancleMySubscriptionModal", locale), config().publicUrl);
    const message = renderEmail({
      subject: t("payments.email.reminder.subject"),
      paragraphs: [
        t("payments.email.reminder.intro", {
          amount: formatMoney(sub.amount!, sub.currency ?? "USD", locale),
          date: formatDay(sub.nextChargeAt!, locale),
        }),
        t("payments.email.reminder.cancel", { url: cancelUrl.toString() }),
      ],
      footer: t("email.footer"),
    });
    const result = await emailProvider().send({ to: sub.user.email, ...message });
    if (result.ok) sent += 1;
  }
  return sent;
}

/**
 * The sandbox's billing clock, run by the maintenance job: at the end of each paid period it charges
 * the next one as a real provider would (a paid payment in the history, `validUntil` moved on; the
 * reminder e-mail went out before, from `sendRenewalReminders`). Only while the sandbox takes the
 * payments. A cancelled subscription, or one whose renewal failed (`npm run sandbox -- fail`, which
 * clears `nextChargeAt`), is not charged. The event id is the subscription and its due time, so
 * several processes running this at once apply each renewal once.
 */
export async function renewSandboxSubscriptions(now = new Date()) {
  if (activePaymentProviderName() !== "sandbox") return 0;
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
    const period = (sub.periodDays ?? config().PERIOD_DAYS) * DAY_MS;
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
  if (sub.provider !== "sandbox" || !sub.providerSubscriptionId) return { ok: false as const, error: "not a sandbox subscription" };
  const renew = action === "renew";
  if (sub.cancelAtPeriodEnd) {
    return { ok: false as const, error: action === "renew" ? "the subscription is cancelled: it does not renew" : "the subscription is cancelled: no renewal is charged, so none can fail" };
  }
  const periodEnd = new Date(later(sub.validUntil, now).getTime() + (sub.periodDays ?? config().PERIOD_DAYS) * DAY_MS);
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
  const subscriptionId = `sbx_sub_${randomToken(9)}`;
  // Like the real providers: a renewal charges the regular amount for a full period, no first day.
  const renewal = checkout.plan.endsWith(RENEWAL_PLAN_SUFFIX);
  const periodEnd = new Date(now.getTime() + (renewal ? checkout.periodDays : 1) * DAY_MS);
  await applyPaymentEvent("sandbox", {
    kind: "checkout.paid",
    eventId: `sbx_evt_${randomToken(9)}`,
    at: now,
    checkoutId,
    customerId: `sbx_cus_${randomToken(6)}`,
    subscriptionId,
    periodEnd,
  });
  await applyPaymentEvent("sandbox", {
    kind: "payment.succeeded",
    eventId: `sbx_evt_${randomToken(9)}`,
    at: now,
    subscriptionId,
    checkoutId,
    customerId: null,
    paymentId: `sbx_in_${randomToken(9)}`,
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
