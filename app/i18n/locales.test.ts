import { describe, expect, it } from "vitest";

import { localePrefixes } from "./locale-prefixes.js";
import { localeFromPath, locales, localizePath, stripLocale, type Locale } from "./locales";

/** The parser's answer for every path, which the plain-path shortcut must equal. */
function parsedLocalizePath(path: string, locale: Locale) {
  const url = new URL(path, "http://localhost");
  const bare = stripLocale(url.pathname);
  const prefix = localePrefixes[locale];
  return (!prefix ? bare : bare === "/" ? `/${prefix}` : `/${prefix}${bare}`) + url.search + url.hash;
}

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
  it("gives the URL parser's answer for plain and unusual paths alike", () => {
    const paths = [
      "",
      "/",
      "/id",
      "/id/",
      "/ph/x/",
      "/blog/how-to_find",
      "/Dashboard/modules/Review",
      "dashboard",
      "//evil.example/x",
      "/a/../b",
      "/a/./b",
      "/a//b",
      "/caf\u00e9",
      "/a b",
      "/a%20b",
      "/a?x=1 2",
      "/a#h",
      "/a\\b",
      "/id/../ph",
      "/ph//",
      "/x?",
      "/x#",
    ];
    for (const path of paths)
      for (const locale of locales) expect(localizePath(path, locale)).toBe(parsedLocalizePath(path, locale));
  });
});
