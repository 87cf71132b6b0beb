import { describe, expect, it } from "vitest";

import { dateTimeFormat, numberFormat } from "./intl-cache";

describe("kept Intl formatters", () => {
  it("gives the same formatter for the same language and options, and another for other options", () => {
    expect(numberFormat("id-ID", { style: "currency", currency: "IDR" })).toBe(
      numberFormat("id-ID", { style: "currency", currency: "IDR" }),
    );
    expect(numberFormat("id-ID", { style: "currency", currency: "USD" })).not.toBe(
      numberFormat("id-ID", { style: "currency", currency: "IDR" }),
    );
    expect(dateTimeFormat("en-US", { timeZone: "Asia/Manila" })).not.toBe(
      dateTimeFormat("en-US", { timeZone: "Asia/Jakarta" }),
    );
  });

  it("formats exactly as a new formatter would", () => {
    const at = new Date("2026-11-28T10:15:00Z");
    const options = { dateStyle: "long", timeStyle: "short", timeZone: "Asia/Jakarta" } as const;
    expect(dateTimeFormat("id-ID", options).format(at)).toBe(new Intl.DateTimeFormat("id-ID", options).format(at));
    expect(numberFormat("fil-PH", { style: "currency", currency: "PHP" }).format(49.5)).toBe(
      new Intl.NumberFormat("fil-PH", { style: "currency", currency: "PHP" }).format(49.5),
    );
  });

  it("stays bounded however many option sets arrive", () => {
    const sets: Intl.NumberFormatOptions[] = [];
    for (const useGrouping of [true, false])
      for (let digits = 0; digits <= 20; digits++)
        for (let integers = 1; integers <= 21; integers++)
          sets.push({ maximumFractionDigits: digits, minimumIntegerDigits: integers, useGrouping });
    const first = numberFormat("en", sets[0]);
    // More sets than the bound (500): the first one's formatter was dropped and is made again.
    for (const options of sets) numberFormat("en", options);
    expect(numberFormat("en", sets[0])).not.toBe(first);
  });
});
