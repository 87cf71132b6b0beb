import type { MessageKey, Translate, Values } from "./keys";
import { intlLocale, type Locale } from "./locales";

export type { MessageKey, Translate, Values };
type Tree = { [key: string]: string | Tree };

/** The message at a dotted key in one tree, if it is a string. */
export function lookup(tree: Tree, key: string): string | undefined {
  let node: string | Tree | undefined = tree;
  for (const part of key.split(".")) {
    if (!node || typeof node === "string") return undefined;
    node = node[part];
  }
  return typeof node === "string" ? node : undefined;
}

const pluralRules = new Map<Locale, Intl.PluralRules>();
const KEY_SHAPE = /^[A-Za-z]\w*(\.[\w-]+)+$/;

/**
 * The same lookup rules as i18next (dotted keys, `{{name}}` interpolation, `_one`/`_other`… plural
 * suffixes chosen by the language's plural rules) in a few lines, so pages need not ship i18next to
 * the browser. The server translates with i18next through remix-i18next (app/i18n/i18next.server.ts);
 * translate.test.ts holds the two to the same output for every message (decision 019).
 * `messages` may be several trees (the shell's and the page's, see app/i18n/messages.ts): the first
 * that has the key wins. In the browser a key that none of them has is reported as a console error
 * (the page did not ship it), which fails the browser tests. Keys are `MessageKey`s unless the trees
 * are other texts (`Key`).
 */
export function createTranslate<Key extends string = MessageKey>(
  messages: unknown,
  locale: Locale,
): (key: Key, values?: Values) => string {
  const trees = (Array.isArray(messages) ? messages : [messages]).filter(Boolean) as Tree[];
  let plural = pluralRules.get(locale);
  if (!plural) pluralRules.set(locale, (plural = new Intl.PluralRules(intlLocale[locale])));
  const find = (key: string): string | undefined => {
    for (const tree of trees) {
      const found = lookup(tree, key);
      if (found !== undefined) return found;
    }
    return undefined;
  };
  return (key, values) => {
    let template: string | undefined;
    if (values && typeof values.count === "number") {
      template = find(`${key}_${plural.select(values.count)}`) ?? find(`${key}_other`);
    }
    template ??= find(key);
    if (template === undefined) {
      if (typeof document !== "undefined" && KEY_SHAPE.test(key))
        console.error(`Missing translation "${key}": the page does not ship it`);
      return key;
    }
    return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(values?.[name] ?? ""));
  };
}
