import { intlLocale, type Locale } from "~/i18n/locales";
import { dateTimeFormat, numberFormat } from "~/utils/intl-cache";

/** An amount in minor units (cents) as the buyer's language writes it; whole amounts without decimals. */
export function formatMoney(minor: number, currency: string, locale: Locale) {
  return numberFormat(intlLocale[locale], {
    style: "currency",
    currency,
    minimumFractionDigits: minor % 100 === 0 ? 0 : 2,
  }).format(minor / 100);
}

/** A day in the long form of the language ("November 22, 2026"). */
export function formatDay(date: Date | string, locale: Locale) {
  return dateTimeFormat(intlLocale[locale], { dateStyle: "long" }).format(new Date(date));
}
