import { describe, expect, it } from "vitest";

import { articleSlugs } from "~/content/content.server";
import { pageRoutes } from "~/route-table.js";
import { loader as robots } from "~/routes/robots.txt";
import { loader as sitemap } from "~/routes/sitemap.xml";

import { hasParameterValues, inSitemap, isParameterized } from "./sitemap.server";

const ORIGIN = "http://localhost:3000";
const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);

describe("/sitemap.xml", () => {
  it("lists every public page and every article in all three languages, with absolute URLs", async () => {
    const res = sitemap();
    expect(res.headers.get("Content-Type")).toMatch(/^application\/xml/);
    const xml = await res.text();
    expect(xml).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9"/,
    );
    const urls = locs(xml);
    const pages = pageRoutes.filter((r) => inSitemap(r) && !isParameterized(r.path)).map((r) => `/${r.path}`);
    const expected = [...pages, ...articleSlugs.map((slug) => `/blog/${slug}`)].flatMap((path) => [
      ORIGIN + path,
      ORIGIN + (path === "/" ? "/id" : `/id${path}`),
      ORIGIN + (path === "/" ? "/ph" : `/ph${path}`),
    ]);
    expect(urls.sort()).toEqual(expected.sort());
    for (const path of ["/", "/blog", "/contact-us", "/privacy-policy", "/faqs", "/blog/how-to-find-a-lost-phone"]) {
      expect(urls).toContain(ORIGIN + path);
    }
    expect(urls).not.toContain(`${ORIGIN}/404`);
    expect(urls.some((u) => /dashboard|\*|:/.test(u!.slice(ORIGIN.length)))).toBe(false);
  });

  it("names the other languages of each page and dates the articles", async () => {
    const xml = await sitemap().text();
    const entry = xml.split("<url>").find((u) => u.includes(`<loc>${ORIGIN}/id/faqs</loc>`))!;
    expect(entry).toContain(`<xhtml:link rel="alternate" hreflang="en" href="${ORIGIN}/faqs"/>`);
    expect(entry).toContain(`<xhtml:link rel="alternate" hreflang="id" href="${ORIGIN}/id/faqs"/>`);
    expect(entry).toContain(`<xhtml:link rel="alternate" hreflang="fil" href="${ORIGIN}/ph/faqs"/>`);
    expect(entry).toContain(`<xhtml:link rel="alternate" hreflang="x-default" href="${ORIGIN}/faqs"/>`);
    const article = xml
      .split("<url>")
      .find((u) => u.includes(`<loc>${ORIGIN}/ph/blog/how-to-find-a-lost-phone</loc>`))!;
    expect(article).toContain("<lastmod>2026-01-14</lastmod>");
  });

  it("knows the values of every public path with a parameter", () => {
    const parameterized = pageRoutes.filter((r) => inSitemap(r) && isParameterized(r.path));
    expect(parameterized.map((r) => r.path)).toContain("blog/:slug");
    for (const route of parameterized) expect(hasParameterValues(route.path), route.path).toBe(true);
  });
});

describe("/robots.txt", () => {
  it("allows everything public, keeps crawlers out of private addresses and names the sitemap", async () => {
    const res = robots();
    expect(res.headers.get("Content-Type")).toMatch(/^text\/plain/);
    const lines = (await res.text()).split("\n");
    expect(lines).toEqual(
      expect.arrayContaining([
        "User-agent: *",
        "Allow: /",
        "Disallow: /dashboard",
        "Disallow: /id/dashboard",
        "Disallow: /ph/dashboard",
        "Disallow: /api/",
        "Disallow: /dev/",
        "Disallow: /auth/",
        "Disallow: /voice/",
        `Sitemap: ${ORIGIN}/sitemap.xml`,
      ]),
    );
  });
});
