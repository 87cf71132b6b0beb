import type { Translate } from "~/i18n/keys";

/** A number's time zones in words: "UTC+8", or "6 time zones, UTC−10 to UTC−5" (app/phone/lookup.server.ts). */
export function zonesText(t: Translate, zones: { count: number; from: string; to: string }) {
  return zones.count === 1
    ? t("lookup.zones.one", { offset: zones.from })
    : t("lookup.zones.many", { count: zones.count, from: zones.from, to: zones.to });
}
