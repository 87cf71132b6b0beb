// The country-code pickers (home search, New Search, lookup, voice message): which regions they offer,
// in which order, named in the page language, and which one each language starts on.
import { getCountries, getCountryCallingCode, type CountryCode } from "libphonenumber-js/max";

import { intlLocale, type Locale } from "~/i18n/locales";

import type { CountryOption } from "./countries";

export type { CountryOption };

/** The product's markets, always first. */
const FIRST_REGIONS = ["ID", "PH", "US"] as const;
/** Common destinations offered where a request is sent (an SMS needs a region we can name). */
const MORE_REGIONS = [
  "AE",
  "AU",
  "BN",
  "BR",
  "CA",
  "CN",
  "DE",
  "ES",
  "FR",
  "GB",
  "HK",
  "IN",
  "IT",
  "JP",
  "KH",
  "KR",
  "LA",
  "MM",
  "MX",
  "MY",
  "NL",
  "NZ",
  "QA",
  "SA",
  "SG",
  "TH",
  "TL",
  "TW",
  "VN",
] as const;
/** The regions of the request pickers (home search and New Search, so a number carries over). */
export const REQUEST_REGIONS: readonly string[] = [...FIRST_REGIONS, ...MORE_REGIONS];
export const DEFAULT_REGION: Record<Locale, string> = { en: "US", id: "ID", ph: "PH" };

// The lists never change while the server runs: each is built (names, sorting) once per language.
const built = new Map<string, CountryOption[]>();

/** The markets first, then the other `regions` by name in the page language (the same array each time). */
export function countryOptions(locale: Locale, regions: readonly string[] = REQUEST_REGIONS): CountryOption[] {
  const key = `${locale}|${regions.join(",")}`;
  let options = built.get(key);
  if (!options) built.set(key, (options = buildCountryOptions(locale, regions)));
  return options;
}

function buildCountryOptions(locale: Locale, regions: readonly string[]): CountryOption[] {
  const names = new Intl.DisplayNames([intlLocale[locale]], { type: "region" });
  const option = (region: string) => ({
    region,
    dial: `+${getCountryCallingCode(region as CountryCode)}`,
    name: names.of(region) ?? region,
  });
  const first: readonly string[] = FIRST_REGIONS;
  const collator = new Intl.Collator(intlLocale[locale]);
  const rest = regions
    .filter((r) => !first.includes(r))
    .map(option)
    .sort((a, b) => collator.compare(a.name, b.name));
  return [...FIRST_REGIONS.map(option), ...rest];
}

/** A region of the request pickers, or the language's default. */
export function requestRegion(value: string | null | undefined, locale: Locale) {
  const region = (value ?? "").trim().toUpperCase();
  return REQUEST_REGIONS.includes(region) ? region : DEFAULT_REGION[locale];
}

/** Every country libphonenumber-js knows, the product's markets first, named in the page language. */
export function lookupCountryOptions(locale: Locale): CountryOption[] {
  return countryOptions(locale, getCountries());
}
