import { parsePhoneNumberFromString } from "libphonenumber-js/max";

/**
 * A stored number (E.164) as people write it, in international format with its groups
 * ("+62 812-3456-7890", "+63 917 123 4567"); anything that does not parse is shown as stored.
 */
export function internationalNumber(value: string) {
  const parsed = parsePhoneNumberFromString(value);
  return parsed?.isPossible() ? parsed.formatInternational() : value;
}
