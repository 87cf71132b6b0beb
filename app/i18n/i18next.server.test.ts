import { describe, expect, it } from "vitest";

import { getLocale, getT, preferredLocale } from "./i18next.server";

const request = (path: string, cookie?: string) =>
  new Request(`http://localhost${path}`, cookie ? { headers: { Cookie: cookie } } : {});

describe("the language of a request (remix-i18next's detection)", () => {
  it("is the path's prefix, whatever the cookie says", async () => {
    expect(await preferredLocale(request("/id/faqs", "lng=ph"))).toBe("id");
    expect(await preferredLocale(request("/ph"))).toBe("ph");
  });
  it("on an unprefixed path, is the language the menu remembered, else English", async () => {
    expect(await preferredLocale(request("/faqs", "a=1; lng=id"))).toBe("id");
    expect(await preferredLocale(request("/", "lng=en"))).toBe("en");
    expect(await preferredLocale(request("/"))).toBe("en");
    for (const cookie of ["lng=", "lng=fr", "lng=id-ID", "lng=%E0%A4%A"]) {
      expect(await preferredLocale(request("/faqs", cookie)), cookie).toBe("en");
    }
  });
  it("differs from the page's language only where the root loader redirects", async () => {
    const unprefixed = request("/blog", "lng=ph");
    expect([getLocale(unprefixed), await preferredLocale(unprefixed)]).toEqual(["en", "ph"]);
  });
});

describe("the server's translator", () => {
  it("answers a message without values from memory, and one with values afresh", async () => {
    const t = await getT("en");
    expect(t("errors.pageNotFound")).toBe(t("errors.pageNotFound"));
    expect(t("errors.pageNotFoundPath", { path: "/a" })).toBe("Page Not Found: /a");
    expect(t("errors.pageNotFoundPath", { path: "/b" })).toBe("Page Not Found: /b");
    expect(t("common.days", { count: 1 })).toBe("1 day");
    expect(t("common.days", { count: 2 })).toBe("2 days");
    const id = await getT("id");
    expect(id("errors.pageNotFound")).not.toBe(t("errors.pageNotFound"));
  });
});
