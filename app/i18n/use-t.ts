import { useLocation, useMatches, useRouteLoaderData } from "@remix-run/react";
import { createContext, useContext } from "react";

import type { loader as rootLoader } from "~/root";
import { isPacked, unpack } from "~/utils/packed";

import { localeFromPath, localizePath, type Locale } from "./locales";
import { createTranslate, type Translate } from "./translate";

export function useLocale(): Locale {
  const data = useRouteLoaderData<typeof rootLoader>("root");
  const { pathname } = useLocation();
  return data?.locale ?? localeFromPath(pathname);
}

/**
 * Messages that do not come from loader data: an error page's rendered without root loader data (see
 * PageErrorData), and a bare page's, given to its server render by entry.server.tsx.
 */
export const FallbackMessages = createContext<unknown>(undefined);

type Cache = { next: WeakMap<object, Cache>; byLocale: Map<Locale, Translate> };
const cache: Cache = { next: new WeakMap(), byLocale: new Map() };

/** One `t` per list of message trees and locale, so that `t` keeps its identity between renders. */
function translatorFor(trees: object[], locale: Locale): Translate {
  let node = cache;
  for (const tree of trees) {
    let child = node.next.get(tree);
    if (!child) node.next.set(tree, (child = { next: new WeakMap(), byLocale: new Map() }));
    node = child;
  }
  let t = node.byLocale.get(locale);
  if (!t) node.byLocale.set(locale, (t = createTranslate(trees, locale)));
  return t;
}

/**
 * `t` for the current page's language, the same on the server and in the browser: it reads the
 * messages of every matched route (the root's shell messages, then the page's; app/i18n/messages.ts).
 */
export function useT() {
  const matches = useMatches();
  const fallback = useContext(FallbackMessages);
  const locale = useLocale();
  const trees: object[] = [];
  for (const match of matches) {
    trees.push(...messageTrees((match.data as { translations?: unknown } | null | undefined)?.translations));
  }
  trees.push(...messageTrees(fallback));
  return translatorFor(trees, locale);
}

/**
 * The message trees in a loader's `translations`: one tree, sent packed (app/utils/packed.ts) or as
 * it is, or several (the root adds a flash's keys as a second tree).
 */
export function messageTrees(translations: unknown): object[] {
  if (Array.isArray(translations)) return translations.flatMap(messageTrees);
  if (isPacked(translations)) return [unpack(translations) as object];
  return translations && typeof translations === "object" ? [translations] : [];
}

/** Turns a path without prefix into the current language's path. */
export function useLocalePath() {
  const locale = useLocale();
  return (path: string) => localizePath(path, locale);
}
