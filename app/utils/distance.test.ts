import { describe, expect, it } from "vitest";

import { intlLocale } from "~/i18n/locales";

import { formatDistance } from "./distance";

describe("formatDistance", () => {
  it("reads metres up to 1 km, then kilometres, never 25,000 m", () => {
    expect(formatDistance(18.4, intlLocale.en)).toBe("18 m");
    expect(formatDistance(999, intlLocale.en)).toBe("999 m");
    expect(formatDistance(1000, intlLocale.en)).toBe("1 km");
    expect(formatDistance(1540, intlLocale.en)).toBe("1.5 km");
    expect(formatDistance(25_000, intlLocale.en)).toBe("25 km");
    expect(formatDistance(250_400, intlLocale.en)).toBe("250 km");
  });

  it("writes numbers the language's way", () => {
    expect(formatDistance(1540, intlLocale.id)).toBe("1,5 km");
    expect(formatDistance(1_250_000, intlLocale.id)).toBe("1.250 km");
    expect(formatDistance(1540, intlLocale.ph)).toBe("1.5 km");
    expect(formatDistance(-3, intlLocale.en)).toBe("0 m");
  });
});
