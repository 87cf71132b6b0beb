// The home page's number search (`/?modal=search&country=PH&number=...`): only what the number itself
// tells, plus the carrier when a lookup provider is configured. The position is never in it.
import type { MessageKey } from "~/i18n/keys";
import type { Locale } from "~/i18n/locales";
import { requestRegion } from "~/phone/countries.server";
import { lookupPhoneNumber, lookupView } from "~/phone/lookup.server";
import { NUMBER_MAX } from "~/phone/number-search";
import { parseMobile } from "~/phone/numbers.server";
import type { SearchFacts } from "~/phone/zones";
import type { PhoneLookupProvider } from "~/providers/phone-lookup.server";
import { clientIp } from "~/utils/client-ip.server";

export type HomeSearch = {
  /** What the visitor sent, to show again. */
  values: { country: string; number: string };
  /** A message key for the number field. */
  error?: MessageKey;
  facts?: SearchFacts;
};

/**
 * Checks the number as New Search will (a valid mobile number), then describes it. A visitor may
 * spend a paid lookup for the carrier, limited per address; cached answers cost nothing.
 */
export async function searchNumber(
  request: Request,
  locale: Locale,
  raw: { country: string; number: string },
  options: { provider?: PhoneLookupProvider; now?: Date } = {},
): Promise<HomeSearch> {
  const values = { country: requestRegion(raw.country, locale), number: raw.number.slice(0, NUMBER_MAX * 2) };
  if (raw.number.trim().length > NUMBER_MAX) return { values, error: "requests.errors.numberInvalid" };
  const parsed = parseMobile(values.country, values.number);
  if (!parsed.ok) return { values, error: parsed.error };
  const answer = await lookupPhoneNumber(parsed.e164, null, { ...options, visitorIp: clientIp(request) });
  if (!answer) return { values, error: "requests.errors.numberInvalid" };
  const view = lookupView(answer, locale, options.now);
  const facts: SearchFacts = {
    internationalFormat: view.internationalFormat,
    country: view.countryName ? { name: view.countryName, callingCode: view.callingCode } : null,
    zones: view.zones,
    numberType: view.numberType ?? null,
  };
  // Only the carrier leaves the server: the caller name is for subscribers on the lookup page.
  if (view.provider !== "offline") {
    facts.carrier =
      view.providerState === "ok" && view.details
        ? { state: "ok", name: view.details.carrier }
        : { state: "unavailable" };
  }
  return { values, facts };
}
