// My data shows words, not stored codes (docs/decisions/034): every code the export's shape lists has
// a word in en, id and ph, and the page (its loader, as Remix calls it) shows that word, money as
// money and times as times, while the JSON export keeps the codes.
import { describe, expect, it } from "vitest";
import type { ZodTypeAny } from "zod";

import * as shape from "~/api/openapi/shapes.server";
import { db } from "~/db/db.server";
import { getT } from "~/i18n/i18next.server";
import type { MessageKey } from "~/i18n/keys";
import { locales, type Locale } from "~/i18n/locales";
import { loader } from "~/routes/dashboard.modules.my-data";
import { formatMoney } from "~/utils/money";

import { routeArgs, userWithData } from "../../tests/support/factories";
import { routeData } from "../../tests/support/route-data";
import { accountExport } from "./export.server";
import { CODE_WORDS, DATA_SECTIONS, showField, type DataSection } from "./my-data-words.server";

type Def = { typeName: string; innerType?: ZodTypeAny; type?: ZodTypeAny; options?: unknown; values?: string[] };
const def = (schema: ZodTypeAny) => schema._def as Def;

/** An object, an array of objects or a nullable one: the object's fields. */
function fieldsOf(schema: ZodTypeAny): Record<string, ZodTypeAny> {
  const d = def(schema);
  if (d.typeName === "ZodNullable") return fieldsOf(d.innerType!);
  if (d.typeName === "ZodArray") return fieldsOf(d.type!);
  return (schema as unknown as { shape: Record<string, ZodTypeAny> }).shape;
}

/** The codes an enum field lists (also inside `orNull` or `.nullable()`), or null for any other field. */
function codesOf(schema: ZodTypeAny): string[] | null {
  const d = def(schema);
  if (d.typeName === "ZodEnum") return d.values!;
  if (d.typeName === "ZodNullable" || d.typeName === "ZodOptional") return codesOf(d.innerType!);
  if (d.typeName === "ZodUnion")
    return (d.options as ZodTypeAny[]).map(codesOf).find((codes): codes is string[] => codes !== null) ?? null;
  return null;
}

const exportFields = fieldsOf(shape.AccountExport);
const wordsOf = (section: DataSection) => CODE_WORDS[section] as Partial<Record<string, Record<string, MessageKey>>>;

describe("the words of My data", () => {
  it("name a word for every code the export lists, and for nothing else", () => {
    for (const section of DATA_SECTIONS) {
      const coded = Object.entries(fieldsOf(exportFields[section]!))
        .map(([field, schema]) => [field, codesOf(schema)] as const)
        .filter((entry): entry is readonly [string, string[]] => entry[1] !== null);
      const words = wordsOf(section);
      for (const [field, codes] of coded)
        expect(Object.keys(words[field] ?? {}).sort(), `${section}.${field}`).toEqual([...codes].sort());
      // A field with words is one the shape closes to its codes.
      expect(Object.keys(words).sort(), section).toEqual(
        coded
          .map(([field]) => field)
          .filter((field) => words[field])
          .sort(),
      );
    }
  });

  it("are words of the reader's language, never the code itself", async () => {
    for (const locale of locales) {
      const t = await getT(locale);
      for (const section of DATA_SECTIONS)
        for (const [field, words] of Object.entries(wordsOf(section)))
          for (const [code, key] of Object.entries(words!)) {
            const text = t(key);
            expect(text, `${locale} ${section}.${field} ${code}`).not.toBe(key);
            expect(text.trim(), `${locale} ${section}.${field} ${code}`).not.toBe(code);
            expect(text.trim().length).toBeGreaterThan(1);
          }
    }
  });

  it("show money, periods, plans, ratings and numbers as the language writes them; an unknown code as stored", async () => {
    const t = await getT("id");
    const reader = { t, locale: "id" as Locale, timeZone: "Asia/Jakarta" };
    const record = { currency: "PHP" };
    expect(showField("subscription", "amount", 149900, record, reader)).toBe(formatMoney(149900, "PHP", "id"));
    expect(showField("subscription", "currency", "PHP", record, reader)).toBe("Peso Filipina");
    expect(showField("subscription", "periodDays", 30, record, reader)).toBe("30 hari");
    expect(showField("subscription", "plan", "php-30d", record, reader)).toBe("Setiap 30 hari");
    expect(showField("checkouts", "plan", "php-30d-renewal", record, reader)).toBe("Perpanjangan, setiap 30 hari");
    expect(showField("review", "rating", 4, {}, reader)).toBe(t("reviews.stars", { rating: 4 }));
    expect(showField("requests", "latitude", 14.6507, {}, reader)).toBe("14,6507");
    expect(showField("requests", "accuracyMeters", 18, {}, reader)).toBe("18 m");
    expect(showField("subscription", "cancelAtPeriodEnd", false, {}, reader)).toBe("Tidak");
    expect(showField("subscription", "validUntil", "2026-12-01T08:00:00.000Z", {}, reader)).toMatch(/2026/);
    // Rows older than today's codes keep what they hold rather than show nothing.
    expect(showField("subscription", "plan", "monthly", record, reader)).toBe("monthly");
    expect(showField("subscription", "state", "paused", record, reader)).toBe("paused");
    expect(showField("subscription", "amount", 500, { currency: "not a currency" }, reader)).toBe("500");
  });
});

describe("the My data page", () => {
  it.each(locales)("shows each stored code as its word in %s, while the export keeps the code", async (locale) => {
    const { user, token } = await userWithData();
    await db().subscription.update({ where: { userId: user.id }, data: { provider: "stripe", state: "trial" } });
    const prefix = locale === "en" ? "" : `/${locale}`;
    const request = new Request(`http://localhost:3000${prefix}/dashboard/modules/MyData`, {
      headers: { Cookie: `token=${token}` },
    });
    const { data } = await routeData(loader(routeArgs(request)));
    const document = await accountExport(user.id);
    const t = await getT(locale);
    let checked = 0;
    for (const section of data.sections) {
      const stored = document[section.name];
      const records = (stored === null ? [] : Array.isArray(stored) ? stored : [stored]) as Record<string, unknown>[];
      expect(section.records).toHaveLength(records.length);
      section.records.forEach((fields, index) => {
        for (const field of fields) {
          const code = records[index]![field.name];
          const key = wordsOf(section.name)[field.name]?.[String(code)];
          if (typeof code === "string" && key) {
            expect(field.value, `${section.name}.${field.name}`).toBe(t(key));
            expect(field.value).not.toBe(code);
            checked += 1;
          }
          // Amounts in cents never reach the reader.
          if (field.name === "amount" || field.name === "firstDayAmount")
            expect(field.value).toBe(formatMoney(code as number, "PHP", locale));
        }
      });
    }
    // The subscription's state and provider, the payment's, the purchase's, the request's, the voice
    // message's, the review's and the refund request's codes, and every language.
    expect(checked).toBeGreaterThanOrEqual(20);
    expect(document.subscription).toMatchObject({ state: "trial", provider: "stripe", plan: "php-30d" });
    expect(document.requests[0]).toMatchObject({ state: "shared_precise", status: "gps_tracked", locale: "ph" });
  });
});
