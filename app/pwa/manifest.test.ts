// The manifest's colour is the design tokens' brand colour, and each language's manifest starts on
// that language's dashboard.
import { readFileSync } from "node:fs";

import { describe, expect, it } from "vitest";

import { manifestHref, THEME_COLOR, webManifest } from "./manifest";

describe("the Web App Manifest", () => {
  it("takes its theme colour from --color-brand", () => {
    const brand = /--color-brand:\s*(#[0-9a-f]{6});/i.exec(readFileSync("app/styles/app.css", "utf8"))?.[1];
    expect(THEME_COLOR.toLowerCase()).toBe(brand?.toLowerCase());
  });

  it("opens each language's dashboard, as one app whatever the language", () => {
    const texts = { brand: "Family Locator", description: "d" };
    expect(webManifest("en", texts).start_url).toBe("/dashboard/");
    expect(webManifest("id", texts).start_url).toBe("/id/dashboard/");
    expect(webManifest("ph", texts)).toMatchObject({ start_url: "/ph/dashboard/", lang: "fil", id: "/dashboard/" });
    expect([manifestHref("en"), manifestHref("ph")]).toEqual([
      "/manifest.webmanifest",
      "/manifest.webmanifest?lang=ph",
    ]);
  });
});
