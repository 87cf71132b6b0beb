import type { KeyUnder, Translate } from "~/i18n/keys";

/**
 * A number's time zones as the search and the lookup show them (app/phone/lookup.server.ts): one zone
 * by its name and offset ("Philippine Standard Time (UTC+8)"), several by how many and their range of
 * offsets ("6 time zones, UTC−10 to UTC−5").
 */
export type ZoneSummary = { name: string | null; count: number; from: string; to: string };

/** What the home page's searching modal shows, each part already in the page language. */
export type SearchFacts = {
  internationalFormat: string;
  country: { name: string; callingCode: string } | null;
  /** The number's time zones, summarised (never a list of zone names). */
  zones: ZoneSummary | null;
  /** libphonenumber-js's type (MOBILE, FIXED_LINE_OR_MOBILE); null when the metadata does not say. */
  numberType: KeyUnder<"lookup.numberTypes"> | null;
  /** Absent without a lookup provider; `name` null when the provider does not know the carrier. */
  carrier?: { state: "ok"; name: string | null } | { state: "unavailable" };
};

export function zonesText(t: Translate, zones: ZoneSummary) {
  if (zones.name) return `${zones.name} (${zones.from})`;
  return zones.count === 1
    ? t("lookup.zones.one", { offset: zones.from })
    : t("lookup.zones.many", { count: zones.count, from: zones.from, to: zones.to });
}
