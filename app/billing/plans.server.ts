import { config } from "~/config.server";
import { db } from "~/db.server";
import type { Locale } from "~/i18n/locales";
import { activePaymentProviderName } from "~/providers/payments/provider.server";
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
    .map(
      ([locale, plan]) =>
        `PayPal does not take ${plan.currency}: /${locale} buyers are charged the default plan (${config().plans.en.currency})`,
    );
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
