import { localePrefixes } from "~/i18n/locale-prefixes.js";

export const locales = ["en", "id", "ph"] as const;
export type Locale = (typeof locales)[number];
export const defaultLocale: Locale = "en";

/** `ph` is Filipino, whose language tag is `fil`. */
export const htmlLang: Record<Locale, string> = { en: "en", id: "id", ph: "fil" };
/** BCP 47 tags for dates and numbers. */
export const intlLocale: Record<Locale, string> = { en: "en-US", id: "id-ID", ph: "fil-PH" };

export const localeCookieName = "lng";
export const localeCookieMaxAge = 365 * 24 * 60 * 60;

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (locales as readonly string[]).includes(value);
}

/** The locale a path belongs to: `/id/...` → id, `/ph/...` → ph, anything else → en. */
export function localeFromPath(pathname: string): Locale {
  return prefixLocale(pathname.split("/")[1] ?? "");
}

/** The language of a path's first segment as the router reads it: in any case, percent-encoded or not. */
function prefixLocale(segment: string): Locale {
  let name = segment;
  if (name.length > 2 && name.length <= 6 && name.includes("%")) {
    try {
      name = decodeURIComponent(name);
    } catch {
      return defaultLocale;
    }
  }
  const lower = name.toLowerCase();
  return lower === "id" || lower === "ph" ? lower : defaultLocale;
}

/** The path without its locale prefix, always starting with `/`. */
export function stripLocale(pathname: string): string {
  const first = pathname.split("/")[1] ?? "";
  if (prefixLocale(first) === defaultLocale) return pathname || "/";
  return pathname.slice(first.length + 1) || "/";
}

/**
 * A path that the URL parser would give back unchanged: no dot segments, no `//`, nothing to
 * percent-encode, no query or hash. Most paths a page links to are such; they skip the parser.
 */
const plainPath = /^(?:\/[A-Za-z0-9_-]+)*\/?$/;

/** `/dashboard` in id → `/id/dashboard`; keeps the query and the hash. */
export function localizePath(path: string, locale: Locale): string {
  const url = plainPath.test(path) ? null : new URL(path, "http://localhost");
  const bare = stripLocale(url ? url.pathname : path || "/");
  const prefix = localePrefixes[locale];
  const pathname = !prefix ? bare : bare === "/" ? `/${prefix}` : `/${prefix}${bare}`;
  return url ? pathname + url.search + url.hash : pathname;
}
