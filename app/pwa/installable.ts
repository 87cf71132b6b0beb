// What makes a page of the requester's app installable (docs/decisions/048): the manifest link and the
// theme colour (as meta descriptors, since they depend on the page's language) and the service
// worker's registration. Only the dashboard and its Settings use them: the home page's code stays as
// small as its budget (scripts/page-budgets.ts) and a visitor is never offered an app that starts on
// a page they cannot open.
import { useEffect } from "react";

import { localeFromPath } from "~/i18n/locales";

import { manifestHref, THEME_COLOR } from "./manifest";
import { registerServiceWorker } from "./register";

export const installableMeta = (pathname: string) => [
  { tagName: "link", rel: "manifest", href: manifestHref(localeFromPath(pathname)) },
  { name: "theme-color", content: THEME_COLOR },
];

/** Registers the service worker once the page runs. */
export function useServiceWorker() {
  useEffect(() => {
    void registerServiceWorker();
  }, []);
}
