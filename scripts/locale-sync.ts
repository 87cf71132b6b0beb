// Checks the translated UI strings (locales/<locale>/common.json) against the English source.
//
//   npm run locales:check              report, and delete keys that no longer exist in English
//   npm run locales:check -- --dry-run report only, write nothing
//
// For every translated locale it lists the keys that are missing, whose value is still the
// English text, or whose {{placeholders}} differ from English. Values that are legitimately the
// same in every language (the brand, language names, bare placeholders, numbers and units,
// product names, e-mail addresses) are not reported, nor the words a language really keeps from
// English (SAME_VALUES below: extend it rather than bending a translation to silence the check).
// Keys that English no longer has are removed from the locale file; English (locales/en) is never
// written. Exit code: 0 when everything is translated, 1 while something is left, 2 on bad JSON.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

const SOURCE = "en";
const LOCALES = ["id", "ph"] as const;
const FILE = "common.json";
const ROOT = path.resolve(import.meta.dirname, "..", "locales");

/** Keys (dotted; a trailing `.` covers a whole subtree) whose value stays in English on purpose. */
const SAME_KEYS = ["brand", "language."];

/** Names and technical terms that are never translated; a value made only of these is fine. */
const KEEP_TERMS = [
  "Content-Type: application/json",
  "Family Locator",
  "SendGrid",
  "Twilio",
  "PayPal",
  "DB-IP",
  "APP",
  "JSON",
];

/** Unit symbols, which stay the same after a number ("{{value}} m"). */
const UNITS = ["m", "km", "mi", "ft", "ms", "s", "KB", "MB", "GB"];

/** Whole values that are the usual word in that language too (e.g. "Blog"), so not untranslated. */
const SAME_VALUES: Record<(typeof LOCALES)[number], string[]> = {
  id: ["Blog", "FAQ", "Radius", "SMS", "Status"],
  ph: [
    "Address",
    "Blog",
    "Dashboard",
    "E-mail",
    "E-mail address",
    "FAQ",
    "Filipino",
    "Link",
    "Password",
    "Radius",
    "SMS",
    "Subscription",
  ],
};

type Tree = { [key: string]: Json };
type Json = string | number | boolean | null | Json[] | Tree;

const isTree = (value: unknown): value is Tree => typeof value === "object" && value !== null && !Array.isArray(value);

function read(locale: string): Tree {
  const file = path.join(ROOT, locale, FILE);
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    console.error(`${path.relative(process.cwd(), file)}: ${(error as Error).message}`);
    process.exit(2);
  }
  if (!isTree(data)) {
    console.error(`${path.relative(process.cwd(), file)}: the top level must be an object`);
    process.exit(2);
  }
  return data;
}

/** Leaf values by dotted key. */
function flatten(tree: Tree, prefix = "", out = new Map<string, Json>()) {
  for (const [key, value] of Object.entries(tree)) {
    if (isTree(value)) flatten(value, `${prefix}${key}.`, out);
    else out.set(prefix + key, value);
  }
  return out;
}

/** Removes what `source` does not have (same key, same kind of value); returns the removed keys. */
function prune(tree: Tree, source: Tree, prefix = ""): string[] {
  const removed: string[] = [];
  for (const [key, value] of Object.entries(tree)) {
    const model = source[key];
    if (model !== undefined && isTree(model) && isTree(value)) {
      removed.push(...prune(value, model, `${prefix}${key}.`));
    } else if (model === undefined || isTree(model) !== isTree(value)) {
      delete tree[key];
      removed.push(prefix + key);
    }
  }
  return removed;
}

const placeholders = (text: string) =>
  [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)]
    .map((m) => m[1])
    .sort()
    .join(",");

/** True when nothing in the value is translatable: placeholders, numbers, names, e-mail addresses. */
function untranslatable(text: string) {
  let rest = text.replace(/\{\{[^}]*\}\}/g, " ").replace(/[\w.+-]+@[\w-]+(\.[\w-]+)+/g, " ");
  for (const term of KEEP_TERMS) rest = rest.split(term).join(" ");
  rest = rest.replace(new RegExp(`(?<=[\\d\\s])(${UNITS.join("|")})\\b`, "g"), " ");
  return !/\p{L}/u.test(rest);
}

const dryRun = process.argv.includes("--dry-run");
const source = read(SOURCE);
const sourceKeys = flatten(source);
let open = 0;

for (const locale of LOCALES) {
  const tree = read(locale);
  const removed = prune(tree, source);
  if (removed.length && !dryRun) writeFileSync(path.join(ROOT, locale, FILE), JSON.stringify(tree, null, 2) + "\n");
  const keys = flatten(tree);
  const missing: string[] = [];
  const untranslated: string[] = [];
  const wrongPlaceholders: string[] = [];
  for (const [key, english] of sourceKeys) {
    const value = keys.get(key);
    if (value === undefined || typeof value !== typeof english) missing.push(key);
    else if (typeof value !== "string" || typeof english !== "string") continue;
    else if (placeholders(value) !== placeholders(english)) wrongPlaceholders.push(key);
    else if (
      value === english &&
      !SAME_KEYS.some((same) => (same.endsWith(".") ? key.startsWith(same) : key === same)) &&
      !SAME_VALUES[locale].includes(value) &&
      !untranslatable(value)
    ) {
      untranslated.push(key);
    }
  }
  open += missing.length + untranslated.length + wrongPlaceholders.length;

  console.log(`${locale}: ${keys.size} keys (${SOURCE}: ${sourceKeys.size})`);
  const list = (title: string, items: string[]) => {
    if (!items.length) return;
    console.log(`  ${title} (${items.length}):`);
    for (const key of items) console.log(`    ${key}`);
  };
  list("missing", missing);
  list("same as English", untranslated);
  list("placeholders differ from English", wrongPlaceholders);
  list(dryRun ? "not in English (would be removed)" : "not in English, removed", removed);
}

process.exitCode = open ? 1 : 0;
