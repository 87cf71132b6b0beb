import { db } from "~/db/db.server";
import type { Locale } from "~/i18n/locales";
import { paymentProviderNames } from "~/providers/payments/provider.server";
import type { ProviderName } from "~/providers/payments/types";
import { config } from "~/server/config.server";
import { formatDay, formatMoney } from "~/utils/money";
import { DAY } from "~/utils/time";

// Plans and terms (spec section 3): what a buyer in each language is charged, and the terms text.

/**
 * The currencies PayPal takes for subscriptions (its currency codes reference); IDR is not one. A
 * locale whose plan is in another currency buys the default (English, USD) plan when PayPal is the
 * provider, so the terms shown are the ones charged.
 */
export const PAYPAL_CURRENCIES = new Set([
  "AUD",
  "BRL",
  "CAD",
  "CNY",
  "CZK",
  "DKK",
  "EUR",
  "HKD",
  "HUF",
  "ILS",
  "JPY",
  "MYR",
  "MXN",
  "TWD",
  "NZD",
  "NOK",
  "PHP",
  "PLN",
  "GBP",
  "SGD",
  "SEK",
  "CHF",
  "THB",
  "USD",
]);

/** The plan a buyer in `locale` pays with `provider` (by default the first configured one). */
export function planFor(locale: Locale, provider: ProviderName = paymentProviderNames()[0]!) {
  let plan = config().plans[locale];
  if (provider === "paypal" && !PAYPAL_CURRENCIES.has(plan.currency)) plan = config().plans.en;
  return { ...plan, plan: `${plan.currency.toLowerCase()}-${plan.periodDays}d` };
}

/** Start-up warnings: locales whose configured currency a configured provider cannot charge. */
export function planWarnings() {
  const names = paymentProviderNames();
  if (!names.includes("paypal")) return [];
  const who = names.length > 1 ? "buyers who choose PayPal" : "buyers";
  return (Object.entries(config().plans) as [Locale, { currency: string }][])
    .filter(([, plan]) => !PAYPAL_CURRENCIES.has(plan.currency))
    .map(
      ([locale, plan]) =>
        `PayPal does not take ${plan.currency}: /${locale} ${who} are charged the default plan (${config().plans.en.currency})`,
    );
}

/**
 * The values of the payment terms text (spec section 3): currencyCode, firstDayDebitAmount, amount,
 * period (days) and nextDebitDay, formatted for the buyer's language.
 */
export function paymentTerms(
  locale: Locale,
  now = new Date(),
  options: { renewal?: boolean; provider?: ProviderName } = {},
) {
  const plan = planFor(locale, options.provider);
  const renewal = !!options.renewal;
  return {
    renewal,
    currencyCode: plan.currency,
    firstDayDebitAmount: formatMoney(plan.firstDayAmount, plan.currency, locale),
    amount: formatMoney(plan.amount, plan.currency, locale),
    /** What the Pay button charges today: the first day, or a full period for a returning subscriber. */
    dueNow: formatMoney(renewal ? plan.amount : plan.firstDayAmount, plan.currency, locale),
    period: plan.periodDays,
    nextDebitDay: formatDay(new Date(now.getTime() + (renewal ? plan.periodDays : 1) * DAY), locale),
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

/** A way to pay the buyer may choose, with what it charges (PayPal may charge another currency). */
export type PaymentMethod = { provider: "stripe" | "paypal"; terms: PaymentTerms };

/**
 * What the payment form offers: the terms of the default provider, and, when Stripe and PayPal are
 * both configured, each of them as a choice with its own terms (`methods` is empty otherwise).
 */
export function paymentOffer(locale: Locale, now = new Date(), options: { renewal?: boolean } = {}) {
  const names = paymentProviderNames();
  const methods: PaymentMethod[] =
    names.length > 1
      ? names
          .filter((name): name is PaymentMethod["provider"] => name !== "sandbox")
          .map((provider) => ({ provider, terms: paymentTerms(locale, now, { ...options, provider }) }))
      : [];
  return { terms: paymentTerms(locale, now, options), methods };
}

/** A signed-in buyer (renewal): the payment form is filled in, the e-mail fixed. */
export async function buyerOf(userId: string) {
  const user = await db().user.findUniqueOrThrow({
    where: { id: userId },
    select: { email: true, name: true, surname: true, phone: true },
  });
  return { email: user.email, name: user.name ?? "", surname: user.surname ?? "", phone: user.phone ?? "" };
}

/** The plan name of a returning subscriber's checkout (no first day): "usd-30d-renewal". */
export const RENEWAL_PLAN_SUFFIX = "-renewal";
