// The lookup page's server side: the country options, and one lookup answer for the loader (GET with
// ?number=) and the action (the form's POST).
import { getCountries, getCountryCallingCode, type CountryCode } from "libphonenumber-js/max";
import { getCurrentUser } from "~/auth/guards.server";
import { intlLocale, type Locale } from "~/i18n/locales";
import { lookupPhoneNumber, parseLookupNumber, type LookupAnswer } from "~/phone-lookup.server";
import { subscriptionFor } from "~/subscription.server";

const FIRST_REGIONS = ["ID", "PH", "US"];
export const DEFAULT_REGION: Record<Locale, string> = { en: "US", id: "ID", ph: "PH" };

export type CountryOption = { region: string; dial: string; name: string };

/** Every country libphonenumber-js knows, the product's markets first, named in the page language. */
export function countryOptions(locale: Locale): CountryOption[] {
  const names = new Intl.DisplayNames([intlLocale[locale]], { type: "region" });
  const option = (region: string) => ({ region, dial: `+${getCountryCallingCode(region as CountryCode)}`, name: names.of(region) ?? region });
  const rest = getCountries()
    .filter((r) => !FIRST_REGIONS.includes(r))
    .map(option)
    .sort((a, b) => a.name.localeCompare(b.name, intlLocale[locale]));
  return [...FIRST_REGIONS.map(option), ...rest];
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
export async function subscriberId(request: Request) {
  const user = await getCurrentUser(request);
  if (!user) return null;
  return (await subscriptionFor(user.id)).access ? user.id : null;
}

export async function answerLookup(request: Request, locale: Locale, values: LookupReply["values"]): Promise<LookupReply> {
  const parsed = parseLookupNumber(values.country, values.number);
  if (!parsed.ok) return { values, error: parsed.error };
  const answer = await lookupPhoneNumber(parsed.e164, await subscriberId(request));
  if (!answer) return { values, error: "requests.errors.numberInvalid" };
  return { values, result: lookupView(answer, locale) };
}
