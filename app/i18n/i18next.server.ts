// The server's translator (i18next through remix-i18next) and the request's language. The browser
// translates with app/i18n/translate.ts; app/i18n/translate.test.ts holds the two to the same output
// for every message (decision 019).
import { RemixI18Next } from "remix-i18next/server";

import { log } from "~/server/log.server";
import { readCookie } from "~/utils/cookies";

import type { Translate } from "./keys";
import { defaultLocale, intlLocale, isLocale, localeCookieName, localeFromPath, locales, type Locale } from "./locales";
import { commonMessages, type Messages } from "./resources.server";

/**
 * The language a visitor asks for: a prefixed path (/id, /ph) says it; an unprefixed path is the
 * language last chosen in the language menu (the `lng` cookie), else English.
 */
async function askedLocale(request: Request): Promise<Locale | null> {
  const fromPath = localeFromPath(new URL(request.url).pathname);
  if (fromPath !== defaultLocale) return fromPath;
  const remembered = readCookie(request.headers.get("Cookie"), localeCookieName);
  return isLocale(remembered) ? remembered : null;
}

/**
 * i18next knows each language by the tag the browser's translator gives `Intl.PluralRules`
 * (`intlLocale`: `ph` is Filipino, `fil-PH`), so both pick the same plural form for a count.
 */
export function createI18nServer(messages: Record<Locale, Messages>) {
  return new RemixI18Next({
    detection: {
      supportedLanguages: [...locales],
      fallbackLanguage: defaultLocale,
      order: ["custom"],
      findLocale: askedLocale,
    },
    i18next: {
      resources: Object.fromEntries(locales.map((locale) => [intlLocale[locale], { common: messages[locale] }])),
      defaultNS: "common",
      fallbackLng: intlLocale[defaultLocale],
      interpolation: { escapeValue: false },
    },
  });
}

export const i18nServer = createI18nServer(commonMessages);

/** The language a page is rendered in: its path's (/, /id, /ph). */
export function getLocale(request: Request): Locale {
  return localeFromPath(new URL(request.url).pathname);
}

/**
 * The language the visitor asks for (remix-i18next's detection, `askedLocale`): differs from
 * `getLocale` only on an unprefixed path when the language menu chose another language before.
 */
export async function preferredLocale(request: Request): Promise<Locale> {
  const detected = await i18nServer.getLocale(request);
  return isLocale(detected) ? detected : defaultLocale;
}

/** More than the catalogue holds (about 600 messages per language). */
const PLAIN_MESSAGES_KEPT = 4096;

/** remix-i18next's translator of one language of a server, with the message keys as its type. */
export async function fixedT(server: RemixI18Next, locale: Locale): Promise<Translate> {
  const t = await server.getFixedT(intlLocale[locale], "common");
  // A message without values is the same text every time: i18next resolves it once (its lookup walks
  // the language hierarchy on every call). The keys are the catalogue's; the bound only guards
  // against a key that is not.
  const plain = new Map<string, string>();
  return (key, values) => {
    if (values) return complete(key, t(key, values));
    let text = plain.get(key);
    if (text === undefined) {
      text = complete(key, t(key));
      if (plain.size < PLAIN_MESSAGES_KEPT) plain.set(key, text);
    }
    return text;
  };
}

const reported = new Set<string>();

/**
 * A translated text with a `{{value}}` left in it was called without that value: the text a person
 * would read is broken (an e-mail once said `"{{name}}" is the name typed…`). Outside production this
 * fails at once, so that any test that renders the message catches it; in production it is logged
 * once per message, and the text is sent as it is rather than not at all.
 */
function complete(key: string, text: string) {
  if (!text.includes("{{")) return text;
  const problem = `The message ${key} was translated without its values: ${text}`;
  if (process.env.NODE_ENV !== "production") throw new Error(problem);
  if (!reported.has(key)) {
    reported.add(key);
    log("error", problem);
  }
  return text;
}

// remix-i18next's getFixedT creates and initialises a new i18next instance on every call; the
// resources never change while the server runs, so one translator per locale serves every request.
const translators = new Map<Locale, Promise<Translate>>();

/** A translator for the locale of a request, or of a stored preference (e-mails). */
export function getT(localeOrRequest: Request | string): Promise<Translate> {
  const locale =
    typeof localeOrRequest === "string"
      ? isLocale(localeOrRequest)
        ? localeOrRequest
        : defaultLocale
      : getLocale(localeOrRequest);
  let t = translators.get(locale);
  if (!t) {
    t = fixedT(i18nServer, locale);
    translators.set(locale, t);
    // A failed set-up is not kept: the next call tries again.
    t.catch(() => translators.delete(locale));
  }
  return t;
}
