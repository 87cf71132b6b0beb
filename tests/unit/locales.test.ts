// Every key exists in every language, and the Indonesian and Filipino texts are really translated.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

import { describe, expect, it } from "vitest";

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };
const flatten = (value: Json, prefix = ""): [string, string][] =>
  value !== null && typeof value === "object"
    ? Object.entries(value).flatMap(([k, v]) => flatten(v, prefix ? `${prefix}.${k}` : k))
    : [[prefix, String(value)]];

const read = (locale: string, file: string) =>
  new Map(flatten(JSON.parse(readFileSync(path.join("locales", locale, file), "utf8")) as Json));
const files = readdirSync("locales/en").filter((f) => f.endsWith(".json"));

// Values that are the same in every language: names, addresses, numbers, dates, slugs, codes.
const universal = (key: string, value: string) =>
  /(^|\.)(date|updated|related\.\d+|language\.\w+|brand)$/.test(key) ||
  /^errors\.status\.\d+$/.test(key) ||
  !/\p{L}{3,}/u.test(value.replace(/\{\{\w+\}\}/g, "")) ||
  /^(© \{\{year\}\} Family Locator|Family Locator|PayPal|[\w.+-]+@[\w.-]+|OK|SMS|E-mail|Email|Blog|FAQ|Dashboard|Password|Link)$/i.test(
    value.trim(),
  ) ||
  /^[\p{Lu}][\p{L}]+ [\p{Lu}]\.$/u.test(value.trim()) || // a reviewer's first name and initial
  (/^[A-Z][a-z]+ [A-Z][a-z]+$/.test(value.trim()) && key.endsWith(".name"));

// Words that really are the same in that language (loanwords), checked by a person.
// Product names are the same in every language ("Android (Chrome)"), and Filipino says "Voice Message".
const sameWord: Record<string, string[]> = {
  id: [
    "dashboard.position.radius",
    // "Status" is the Indonesian word too.
    "webhooks.list.status",
    "recipient.failed.howTo.android",
    "recipient.failed.howTo.iphone",
  ],
  ph: [
    "dashboard.position.radius",
    "subscription.state",
    "recipient.failed.howTo.android",
    "recipient.failed.howTo.iphone",
    "menu.sendVoiceMessageShort",
  ],
};

describe.each(files)("locales/*/%s", (file) => {
  const en = read("en", file);
  for (const locale of ["id", "ph"]) {
    it(`${locale} has exactly the English keys`, () => {
      const other = read(locale, file);
      expect(
        [...en.keys()].filter((k) => !other.has(k)),
        "missing",
      ).toEqual([]);
      expect(
        [...other.keys()].filter((k) => !en.has(k)),
        "extra",
      ).toEqual([]);
    });
    it(`${locale} is translated, not copied`, () => {
      const other = read(locale, file);
      const same = [...en]
        .filter(([k, v]) => other.get(k) === v && !universal(k, v) && !sameWord[locale]!.includes(k))
        .map(([k]) => k);
      expect(same).toEqual([]);
    });
  }
  it("keeps {{placeholders}} in every language", () => {
    for (const locale of ["id", "ph"]) {
      const other = read(locale, file);
      for (const [key, value] of en) {
        const names = (s: string) => [...s.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();
        expect(names(other.get(key) ?? ""), `${locale}:${key}`).toEqual(names(value));
      }
    }
  });
});
