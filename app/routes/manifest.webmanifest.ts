import type { LoaderFunctionArgs } from "@remix-run/node";

import { getT } from "~/i18n/i18next.server";
import { defaultLocale, isLocale, type Locale } from "~/i18n/locales";
import { webManifest } from "~/pwa/manifest";

/**
 * GET /manifest.webmanifest[?lang=id|ph]: the installable dashboard's manifest. It depends on nothing
 * but its URL, so each language's answer is made once per process and kept (no database, no session),
 * and browsers and shared caches may keep it a day. Any other `lang` reads as English.
 */
const made = new Map<Locale, Promise<string>>();

async function manifestText(locale: Locale) {
  const t = await getT(locale);
  return JSON.stringify(webManifest(locale, { brand: t("brand"), description: t("pwa.description") }));
}

export async function loader({ request }: LoaderFunctionArgs) {
  const asked = new URL(request.url).searchParams.get("lang");
  const locale = isLocale(asked) ? asked : defaultLocale;
  let text = made.get(locale);
  if (!text) {
    text = manifestText(locale);
    made.set(locale, text);
  }
  return new Response(await text, {
    headers: { "Content-Type": "application/manifest+json; charset=utf-8", "Cache-Control": "public, max-age=86400" },
  });
}
