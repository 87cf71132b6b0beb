import { numberFormat } from "~/utils/intl-cache";

/**
 * A distance as a person reads it, in the page's language: metres up to 1 km ("850 m"), then
 * kilometres ("1.5 km", "25 km", never "25,000 m"), through Intl's unit formatting.
 */
export function formatDistance(meters: number, intlLocale: string) {
  const value = Math.max(0, meters);
  if (value < 1000) {
    return numberFormat(intlLocale, { style: "unit", unit: "meter", maximumFractionDigits: 0 }).format(
      Math.round(value),
    );
  }
  const km = value / 1000;
  return numberFormat(intlLocale, {
    style: "unit",
    unit: "kilometer",
    maximumFractionDigits: km < 10 ? 1 : 0,
  }).format(km);
}
