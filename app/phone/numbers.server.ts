// Phone numbers as typed into the forms (a country or calling code, and the number): the mobile
// number a request, a voice message or the home search is sent to, and any number the lookup accepts.
import { parsePhoneNumberFromString, type CountryCode } from "libphonenumber-js/max";
import { z } from "zod";

import type { MessageKey } from "~/i18n/keys";
import { messageKey } from "~/utils/parse-form";

export type ParsedNumber = { ok: true; e164: string } | { ok: false; error: MessageKey };

/**
 * The number to look up, from a country (ISO region such as "PH", or a calling code such as "+63") and
 * the number as typed; a number starting with + ignores the country. Any number that could exist is
 * accepted (landlines too): its validity is part of the answer.
 */
/** GET /api/v1/lookup's query: the number as typed, and its country when it does not start with +. */
export const lookupQuerySchema = z.object({
  number: z
    .string({ required_error: messageKey("requests.errors.numberRequired") })
    .min(1, messageKey("requests.errors.numberRequired"))
    .max(40, messageKey("requests.errors.numberInvalid"))
    .describe("E.164 (+639171234567), or national with `country`."),
  country: z.string().default("").describe("An ISO 3166 region (PH) or a dial code (+63) for a national number."),
});

export function parseLookupNumber(country: string, number: string): ParsedNumber {
  const typed = number.trim();
  if (!typed) return { ok: false, error: "requests.errors.numberRequired" };
  if (typed.length > 40) return { ok: false, error: "requests.errors.numberInvalid" };
  const dial = country.trim().replace(/^\+?/, "+");
  const parsed = typed.startsWith("+")
    ? parsePhoneNumberFromString(typed)
    : /^\+\d{1,4}$/.test(dial)
      ? parsePhoneNumberFromString(dial + typed.replace(/^0+/, ""))
      : /^[A-Za-z]{2}$/.test(country.trim())
        ? parsePhoneNumberFromString(typed, country.trim().toUpperCase() as CountryCode)
        : undefined;
  if (!parsed || !parsed.isPossible()) return { ok: false, error: "requests.errors.numberInvalid" };
  return { ok: true, e164: parsed.number };
}

/** Spec section 5: 'Please enter a number' / 'Please enter a valid mobile number'. */
export function parseMobile(countryCode: string, number: string): ParsedNumber {
  const digits = number.trim();
  if (!digits) return { ok: false, error: "requests.errors.numberRequired" };
  const dial = countryCode.trim().replace(/^\+?/, "+");
  const parsed = digits.startsWith("+")
    ? parsePhoneNumberFromString(digits)
    : /^\+\d{1,4}$/.test(dial)
      ? parsePhoneNumberFromString(dial + digits.replace(/^0+/, ""))
      : parsePhoneNumberFromString(digits, countryCode.toUpperCase() as CountryCode);
  if (!parsed || !parsed.isValid()) return { ok: false, error: "requests.errors.numberInvalid" };
  const type = parsed.getType();
  if (type && !["MOBILE", "FIXED_LINE_OR_MOBILE"].includes(type))
    return { ok: false, error: "requests.errors.numberInvalid" };
  return { ok: true, e164: parsed.number };
}
