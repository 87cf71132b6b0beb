import { pack, type Packed } from "~/utils/packed";

import enCommon from "../../locales/en/common.json";
import idCommon from "../../locales/id/common.json";
import phCommon from "../../locales/ph/common.json";
import { localeFromPath, type Locale } from "./locales";
import type { MessagesHandle } from "./messages";

/** A nested tree of strings; tests/unit/locales.test.ts keeps the three languages' keys equal. */
export type Messages = { [key: string]: string | Messages };

/** UI strings; page content (blog, legal) is read by the routes that show it. */
export const commonMessages: Record<Locale, Messages> = { en: enCommon, id: idCommon, ph: phCommon };

/** Copies the subtree at `path` (dotted) into `into`; a leaf `a.b` also brings its plural forms `a.b_one`… */
function copyPrefix(from: Messages, into: Messages, path: string) {
  const parts = path.split(".");
  let source: Messages = from;
  let target: Messages = into;
  for (const [index, part] of parts.entries()) {
    const last = index === parts.length - 1;
    if (last) {
      for (const [key, value] of Object.entries(source)) {
        if (key === part || (typeof value === "string" && key.startsWith(`${part}_`))) target[key] = value;
      }
      return;
    }
    const next = source[part];
    if (!next || typeof next === "string") return;
    const existing = target[part];
    if (typeof existing === "string") return;
    target = target[part] = existing ?? {};
    source = next;
  }
}

/** The messages under the given prefixes, for one locale. */
export function pickMessages(locale: Locale, prefixes: readonly string[]): Messages {
  const picked: Messages = {};
  for (const prefix of prefixes) copyPrefix(commonMessages[locale], picked, prefix);
  return picked;
}

// The same page asks for the same prefixes on every request: pick them once per locale and list.
const picked = new Map<string, Messages>();

/** A page's messages in the request's language (see app/i18n/messages.ts); the same object every time. */
export function routeMessages(request: Request | Locale, handle: MessagesHandle): Messages {
  const locale = typeof request === "string" ? request : localeFromPath(new URL(request.url).pathname);
  const cacheKey = `${locale}|${handle.messages.join(",")}`;
  let messages = picked.get(cacheKey);
  if (!messages) picked.set(cacheKey, (messages = pickMessages(locale, handle.messages)));
  return messages;
}

/**
 * A hydrated page's messages for its loader data (`translations`): the same as `routeMessages`, sent
 * as one JSON text serialized once (app/utils/packed.ts); `useT` reads both forms.
 */
export function pageMessages(request: Request | Locale, handle: MessagesHandle): Packed<Messages> {
  return pack(routeMessages(request, handle));
}
