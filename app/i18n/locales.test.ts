import { describe, expect, it } from "vitest";

import { localeFromPath, localizePath, stripLocale } from "./locales";

describe("locale paths", () => {
  it("reads the locale from the prefix", () => {
    expect(localeFromPath("/")).toBe("en");
    expect(localeFromPath("/id")).toBe("id");
    expect(localeFromPath("/ph/dashboard")).toBe("ph");
    expect(localeFromPath("/identity")).toBe("en");
  });
  it("strips the prefix", () => {
    expect(stripLocale("/id")).toBe("/");
    expect(stripLocale("/id/")).toBe("/");
    expect(stripLocale("/ph/blog/x")).toBe("/blog/x");
    expect(stripLocale("/blog")).toBe("/blog");
  });
  it("localizes paths with query and hash", () => {
    expect(localizePath("/", "id")).toBe("/id");
    expect(localizePath("/dashboard/?s=-1&at=10", "ph")).toBe("/ph/dashboard/?s=-1&at=10");
    expect(localizePath("/id/faqs#top", "en")).toBe("/faqs#top");
    expect(localizePath("/?modal=login", "id")).toBe("/id?modal=login");
    expect(localizePath("/ph/x", "id")).toBe("/id/x");
  });
});
