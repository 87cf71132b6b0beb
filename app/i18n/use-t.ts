import { useLocation, useRouteLoaderData } from "@remix-run/react";
import { useMemo } from "react";
import type { loader as rootLoader } from "~/root";
import { localeFromPath, localizePath, type Locale } from "./locales";
import { createTranslate } from "./translate";

export function useLocale(): Locale {
  const data = useRouteLoaderData<typeof rootLoader>("root");
  const { pathname } = useLocation();
  return data?.locale ?? localeFromPath(pathname);
}

/** `t` for the current page's language, the same on the server and in the browser. */
export function useT() {
  const data = useRouteLoaderData<typeof rootLoader>("root");
  const locale = useLocale();
  return useMemo(() => createTranslate(data?.messages, locale), [data?.messages, locale]);
}

/** Turns a path without prefix into the current language's path. */
export function useLocalePath() {
  const locale = useLocale();
  return (path: string) => localizePath(path, locale);
}
