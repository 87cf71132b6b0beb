import { intlLocale, type Locale } from "./locales";

export type Values = Record<string, string | number>;
export type Translate = (key: string, values?: Values) => string;
type Tree = { [key: string]: string | Tree };

function lookup(tree: Tree, key: string): string | undefined {
  let node: string | Tree | undefined = tree;
  for (const part of key.split(".")) {
    if (!node || typeof node === "string") return undefined;
    node = node[part];
  }
  return typeof node === "string" ? node : undefined;
}

/**
 * The same lookup rules as i18next (dotted keys, `{{name}}` interpolation, `_one`/`_other` plural
 * suffixes) in a few lines, so pages need not ship i18next to the browser. The server uses i18next.
 */
export function createTranslate(messages: unknown, locale: Locale): Translate {
  const tree = (messages ?? {}) as Tree;
  const plural = new Intl.PluralRules(intlLocale[locale]);
  return (key, values) => {
    let template: string | undefined;
    if (values && typeof values.count === "number") {
      template = lookup(tree, `${key}_${plural.select(values.count)}`) ?? lookup(tree, `${key}_other`);
    }
    template ??= lookup(tree, key);
    if (template === undefined) return key;
    return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(values?.[name] ?? ""));
  };
}
