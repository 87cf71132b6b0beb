// Dates on the dashboard are shown in the viewer's time zone. The server does not know it: it renders
// in the zone the browser reported in the `tz` cookie on an earlier visit, else UTC, and says which;
// once React runs, the browser re-renders in its own zone.
import { readCookie } from "./cookies";

export const TZ_COOKIE = "tz";
const YEAR_S = 365 * 24 * 60 * 60;

export function isTimeZone(value: unknown): value is string {
  if (typeof value !== "string" || value.length === 0 || value.length > 64) return false;
  try {
    new Intl.DateTimeFormat("en", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** The zone for server-rendered dates: the `tz` cookie when it names a real zone, else UTC. */
export function requestTimeZone(request: Request) {
  const zone = readCookie(request.headers.get("Cookie"), TZ_COOKIE);
  return isTimeZone(zone) ? zone : "UTC";
}

export function browserTimeZone() {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
}

/** Remembers the browser's zone so that the next server render (or a page without JavaScript) uses it. */
export function rememberBrowserTimeZone() {
  const zone = browserTimeZone();
  document.cookie = `${TZ_COOKIE}=${encodeURIComponent(zone)}; Path=/; Max-Age=${YEAR_S}; SameSite=Lax`;
}

/** A date and time in a BCP 47 language (`intlLocale`) and an IANA zone. */
export function formatDateTime(iso: string | Date, language: string, timeZone: string, withZone = false) {
  // Explicit fields: `dateStyle` cannot be combined with `timeZoneName`.
  return new Intl.DateTimeFormat(language, {
    year: "numeric",
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZone,
    ...(withZone ? { timeZoneName: "short" as const } : {}),
  }).format(typeof iso === "string" ? new Date(iso) : iso);
}
