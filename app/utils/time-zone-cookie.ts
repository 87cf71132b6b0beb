// The `tz` cookie: the zone the browser reported, which the server renders times in
// (request-time-zone.server.ts). Every hydrated page sets it (root.tsx), so this module is in the
// shell; the formatting of times (time-zone.ts) loads with the pages that show them.
import { readCookie } from "./cookies";

export const TZ_COOKIE = "tz";
export const TZ_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

export function browserTimeZone() {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
}

/** Remembers the browser's zone so that the next server render (or a page without JavaScript) uses it. */
export function rememberBrowserTimeZone() {
  const zone = browserTimeZone();
  if (readCookie(document.cookie, TZ_COOKIE) === zone) return;
  document.cookie = `${TZ_COOKIE}=${encodeURIComponent(zone)}; Path=/; Max-Age=${TZ_COOKIE_MAX_AGE_S}; SameSite=Lax`;
}
