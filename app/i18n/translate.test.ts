// Two translators read the same message files: i18next through remix-i18next on the server (`getT`)
// and the small `createTranslate` in the browser, over the messages a page ships (decision 019).
// These tests hold them to the same text for every message of every language.
import { describe, expect, it } from "vitest";

import { createI18nServer, fixedT, getT } from "./i18next.server";
import type { MessageKey, Translate, Values } from "./keys";
import { locales, type Locale } from "./locales";
import { commonMessages, pickMessages, type Messages } from "./resources.server";
import { createTranslate } from "./translate";

describe("createTranslate", () => {
  const t = createTranslate<string>(
    { a: { b: "Hi {{name}}" }, n_one: "{{count}} item", n_other: "{{count}} items" },
    "en",
  );
  it("looks up dotted keys and interpolates", () => expect(t("a.b", { name: "Ana" })).toBe("Hi Ana"));
  it("picks plural forms", () => {
    expect(t("n", { count: 1 })).toBe("1 item");
    expect(t("n", { count: 3 })).toBe("3 items");
  });
  it("returns the key when missing", () => expect(t("missing.key")).toBe("missing.key"));
  it("takes the first tree that has the key", () => {
    const both = createTranslate<string>([{ a: { b: "page" } }, { a: { b: "shell", c: "shell" } }], "en");
    expect([both("a.b"), both("a.c")]).toEqual(["page", "shell"]);
  });
});

const PLURAL = /_(zero|one|two|few|many|other)$/;
const COUNTS = [0, 1, 2, 5];

/** Every message of a tree by its key (a plural message once, by its base name) with its placeholders. */
function messagesOf(tree: Messages, prefix = ""): { key: string; plural: boolean; names: string[] }[] {
  const found = new Map<string, { key: string; plural: boolean; names: string[] }>();
  for (const [name, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${name}` : name;
    if (typeof value !== "string") {
      for (const inner of messagesOf(value, path)) found.set(inner.key, inner);
      continue;
    }
    const plural = PLURAL.test(name);
    const key = plural ? path.replace(PLURAL, "") : path;
    const names = [...value.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]!);
    const seen = found.get(key);
    found.set(key, { key, plural, names: [...new Set([...(seen?.names ?? []), ...names])] });
  }
  return [...found.values()];
}

/** Each message with every placeholder filled, and a plural message (or one that shows a count) with each count. */
function cases(locale: Locale): { key: MessageKey; values: Values }[] {
  const keys = new Map(locales.flatMap((l) => messagesOf(commonMessages[l])).map((m) => [m.key, m]));
  return [...keys.values()].flatMap(({ key, plural, names }) => {
    const values: Values = Object.fromEntries(names.map((name) => [name, `<${name}:${locale}>`]));
    return plural || names.includes("count")
      ? COUNTS.map((count) => ({ key: key as MessageKey, values: { ...values, count } }))
      : [{ key: key as MessageKey, values }];
  });
}

/** The texts of two translators that differ, as `key {values}: server ≠ browser`. */
function differences(locale: Locale, server: Translate, browser: (key: MessageKey) => Translate) {
  return cases(locale)
    .map(({ key, values }) => ({ key, values, server: server(key, values), browser: browser(key)(key, values) }))
    .filter((c) => c.server !== c.browser)
    .map((c) => `${c.key} ${JSON.stringify(c.values)}: ${c.server} ≠ ${c.browser}`);
}

/** The messages with each plural form marked by its name (`… [one]`), so that forms that read alike tell which was chosen. */
function markPluralForms(tree: Messages): Messages {
  return Object.fromEntries(
    Object.entries(tree).map(([name, value]) => {
      if (typeof value !== "string") return [name, markPluralForms(value)];
      const form = PLURAL.exec(name)?.[1];
      return [name, form ? `${value} [${form}]` : value];
    }),
  );
}

describe.each(locales)("every message in %s", (locale) => {
  it("reads the same in the browser (the page's messages) as on the server (i18next)", async () => {
    const server = await getT(locale);
    expect(cases(locale).length).toBeGreaterThan(600);
    expect(differences(locale, server, (key) => createTranslate(pickMessages(locale, [key]), locale))).toEqual([]);
  });

  it("takes the same plural form in both for every count, where the forms read alike too", async () => {
    const marked = Object.fromEntries(locales.map((l) => [l, markPluralForms(commonMessages[l])])) as Record<
      Locale,
      Messages
    >;
    const server = await fixedT(createI18nServer(marked), locale);
    const browser = createTranslate(marked[locale], locale);
    expect(differences(locale, server, () => browser)).toEqual([]);
  });
});

describe("plural forms by the language's rules", () => {
  it("counts in English with one and other, in Filipino with fil's rules (2 takes the one form)", async () => {
    const marked = {
      en: markPluralForms(commonMessages.en),
      id: commonMessages.id,
      ph: markPluralForms(commonMessages.ph),
    };
    const server = createI18nServer(marked);
    const [en, ph] = await Promise.all([fixedT(server, "en"), fixedT(server, "ph")]);
    expect(COUNTS.map((count) => en("common.days", { count }))).toEqual([
      "0 days [other]",
      "1 day [one]",
      "2 days [other]",
      "5 days [other]",
    ]);
    expect(COUNTS.map((count) => ph("common.days", { count }))).toEqual([
      "0 araw [one]",
      "1 araw [one]",
      "2 araw [one]",
      "5 araw [one]",
    ]);
    expect(ph("common.days", { count: 4 })).toBe("4 araw [other]");
  });
});
