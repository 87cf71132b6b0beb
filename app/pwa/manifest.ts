// The installable dashboard (docs/decisions/048): the Web App Manifest's content, the theme colour
// (the design tokens' --color-brand: app/styles/app.css; a test holds them equal) and the service
// worker's address. The manifest is linked only on pages of a signed-in requester: its start_url is
// the dashboard.
import { htmlLang, localizePath, type Locale } from "~/i18n/locales";

export const THEME_COLOR = "#1e4fd6";
export const SERVICE_WORKER_PATH = "/sw.js";
export const MANIFEST_PATH = "/manifest.webmanifest";

/** Each language's manifest (names, description, start page): `?lang=` names one other than English. */
export const manifestHref = (locale: Locale) => (locale === "en" ? MANIFEST_PATH : `${MANIFEST_PATH}?lang=${locale}`);

export function webManifest(locale: Locale, texts: { brand: string; description: string }) {
  return {
    // One app whatever the language it was installed in: the id does not change with start_url.
    id: "/dashboard/",
    name: texts.brand,
    short_name: texts.brand,
    description: texts.description,
    lang: htmlLang[locale],
    dir: "ltr",
    start_url: localizePath("/dashboard/", locale),
    scope: "/",
    display: "standalone",
    theme_color: THEME_COLOR,
    background_color: "#ffffff",
    icons: [
      { src: "/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
      { src: "/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
      { src: "/icon-512-maskable.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
    ],
  };
}
