import { RemixI18Next } from "remix-i18next/server";

import { defaultLocale, isLocale, localeFromPath, locales, type Locale } from "./locales";
import { resources } from "./resources.server";

export const i18nServer = new RemixI18Next({
  detection: {
    supportedLanguages: [...locales],
    fallbackLanguage: defaultLocale,
    // The URL decides the language (/, /id, /ph); the cookie only remembers the last choice.
    order: ["custom"],
    findLocale: async (request) => localeFromPath(new URL(request.url).pathname),
  },
  i18next: { resources, defaultNS: "common", fallbackLng: defaultLocale, interpolation: { escapeValue: false } },
});

export function getLocale(request: Request): Locale {
  return localeFromPath(new URL(request.url).pathname);
}

// remix-i18next's getFixedT creates and initialises a new i18next instance on every call; the
// resources never change while the server runs, so one translator per locale serves every request.
const fixedT = new Map<Locale, ReturnType<typeof i18nServer.getFixedT>>();

/** A translator for the locale of a request, or of a stored preference (e-mails). */
export function getT(localeOrRequest: Request | string) {
  const locale =
    typeof localeOrRequest === "string"
      ? isLocale(localeOrRequest)
        ? localeOrRequest
        : defaultLocale
      : getLocale(localeOrRequest);
  let t = fixedT.get(locale);
  if (!t) {
    t = i18nServer.getFixedT(locale, "common");
    fixedT.set(locale, t);
    // A failed set-up is not kept: the next call tries again.
    t.catch(() => fixedT.delete(locale));
  }
  return t;
}
