// The lookup page's server side: the country options, and one lookup answer for the loader (GET with
// ?number=) and the action (the form's POST).
import { getCountries } from "libphonenumber-js/max";
import { intlLocale, type Locale } from "~/i18n/locales";
import { countryOptions, type CountryOption } from "~/phone-countries.server";
import { lookupPhoneNumber, parseLookupNumber, type LookupAnswer } from "~/phone-lookup.server";
import { subscriptionFor } from "~/subscription.server";

/** Every country libphonenumber-js knows, the product's markets first, named in the page language. */
export function lookupCountryOptions(locale: Locale): CountryOption[] {
  return countryOptions(locale, getCountries());
}

/** The answer as the page shows it: names and offsets already in the page language. */
export type LookupView = LookupAnswer & { countryName: string | null; zones: { id: string; offset: string }[] };

export type LookupReply = {
  values: { country: string; number: string };
  /** A translation key for the number field. */
  error?: string;
  result?: LookupView;
};

function zoneOffset(zone: string, now: Date) {
  const parts = new Intl.DateTimeFormat("en-US", { timeZone: zone, timeZoneName: "shortOffset" }).formatToParts(now);
  return parts.find((p) => p.type === "timeZoneName")?.value ?? "";
}

export function lookupView(answer: LookupAnswer, locale: Locale, now = new Date()): LookupView {
  const names = new Intl.DisplayNames([intlLocale[locale]], { type: "region" });
  return {
    ...answer,
    countryName: answer.country ? (names.of(answer.country) ?? answer.country) : null,
    zones: answer.timeZones.map((id) => ({ id, offset: zoneOffset(id, now) })),
  };
}

/** Null when no account with an active subscription is signed in. */
async function subscriberId(user: { id: string } | null) {
  if (!user) return null;
  return (await subscriptionFor(user.id)).access ? user.id : null;
}

/** `user`: who is signed in (the page's guard read it), or null. */
export async function answerLookup(request: Request, locale: Locale, values: LookupReply["values"], user: { id: string } | null): Promise<LookupReply> {
  const parsed = parseLookupNumber(values.country, values.number);
  if (!parsed.ok) return { values, error: parsed.error };
  const answer = await lookupPhoneNumber(parsed.e164, await subscriberId(user));
  if (!answer) return { values, error: "requests.errors.numberInvalid" };
  return { values, result: lookupView(answer, locale) };
}
