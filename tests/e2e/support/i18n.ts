// The locale files' texts for assertions, so that a wording change does not break browser tests.
import { readFileSync } from "node:fs";
import path from "node:path";

import { ROOT } from "./env.ts";

export type Locale = "en" | "id" | "ph";

const cache = new Map<Locale, unknown>();
function messages(locale: Locale) {
  if (!cache.has(locale))
    cache.set(locale, JSON.parse(readFileSync(path.join(ROOT, "locales", locale, "common.json"), "utf8")));
  return cache.get(locale);
}

/** The text at a dotted key of locales/{locale}/common.json; throws when there is none. */
export function tr(locale: Locale, key: string): string {
  const value = key
    .split(".")
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], messages(locale));
  if (typeof value !== "string") throw new Error(`no text at ${locale}:${key}`);
  return value;
}
