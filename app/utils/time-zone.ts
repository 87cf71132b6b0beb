// Times are shown in the viewer's own zone. The server does not know it: it renders in the zone the
// browser reported in the `tz` cookie (set by every hydrated page, the sign-in form and the
// recipient's consent page), else in the zone of the page's language (Indonesian: Jakarta, Filipino:
// Manila; English: where the client's address is, see request-time-zone.server.ts), and names it;
// once React runs, a hydrated page re-renders in the browser's.
// The cookie and the browser's side of it are in time-zone-cookie.ts (every hydrated page runs it);
// this module formats, and loads with the pages that show times.
import type { Locale } from "~/i18n/locales";
import { dateTimeFormat } from "~/utils/intl-cache";

import { TZ_COOKIE, TZ_COOKIE_MAX_AGE_S } from "./time-zone-cookie";

export function isTimeZone(value: unknown): value is string {
  if (typeof value !== "string" || value.length === 0 || value.length > 64) return false;
  try {
    new Intl.DateTimeFormat("en", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/**
 * The zone a page shows times in before the browser has said its own: the language's country's
 * (English, which has none, only where the client's address cannot be placed).
 */
export const LOCALE_TIME_ZONE: Record<Locale, string> = { en: "UTC", id: "Asia/Jakarta", ph: "Asia/Manila" };

/** A zone's name for people, in a BCP 47 language: "Philippine Standard Time", "Waktu Indonesia Barat". */
export function zoneName(timeZone: string, language: string, at = new Date()) {
  const part = dateTimeFormat(language, { timeZone, timeZoneName: "long" })
    .formatToParts(at)
    .find((p) => p.type === "timeZoneName");
  return part?.value ?? timeZone;
}

/**
 * rememberBrowserTimeZone (time-zone-cookie.ts) as a few lines of ES5 for the recipient's unhydrated
 * pages (their one inline script).
 */
export const REMEMBER_TIME_ZONE_ES5 = `try{var z=Intl.DateTimeFormat().resolvedOptions().timeZone;if(z&&document.cookie.indexOf("${TZ_COOKIE}="+encodeURIComponent(z))<0)document.cookie="${TZ_COOKIE}="+encodeURIComponent(z)+"; Path=/; Max-Age=${TZ_COOKIE_MAX_AGE_S}; SameSite=Lax"}catch(e){}`;

/**
 * A date and time in a BCP 47 language (`intlLocale`) and an IANA zone; `withZone` names the zone as
 * zoneName does ("Western Indonesia Time", "Waktu Indonesia Barat"): one name per zone across the
 * product, never a name on one screen and an offset ("GMT+7") or an abbreviation ("WIB") on another.
 */
export function formatDateTime(iso: string | Date, language: string, timeZone: string, withZone = false) {
  // Explicit fields: `dateStyle` cannot be combined with `timeZoneName`.
  return dateTimeFormat(language, {
    year: "numeric",
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZone,
    ...(withZone ? { timeZoneName: "long" as const } : {}),
  }).format(typeof iso === "string" ? new Date(iso) : iso);
}
