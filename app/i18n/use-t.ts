import { useLocation, useRouteLoaderData } from "@remix-run/react";
import { createContext, useContext, useMemo } from "react";
import type { loader as rootLoader } from "~/root";
import { localeFromPath, localizePath, type Locale } from "./locales";
import { createTranslate } from "./translate";

export function useLocale(): Locale {
  const data = useRouteLoaderData<typeof rootLoader>("root");
  const { pathname } = useLocation();
  return data?.locale ?? localeFromPath(pathname);
}

/** Messages for an error page rendered without root loader data (see PageErrorData). */
export const FallbackMessages = createContext<unknown>(undefined);

/** `t` for the current page's language, the same on the server and in the browser. */
export function useT() {
  const data = useRouteLoaderData<typeof rootLoader>("root");
  const fallback = useContext(FallbackMessages);
  const locale = useLocale();
  const messages = data?.messages ?? fallback;
  return useMemo(() => createTranslate(messages, locale), [messages, locale]);
}

/** Turns a path without prefix into the current language's path. */
export function useLocalePath() {
  const locale = useLocale();
  return (path: string) => localizePath(path, locale);
}
