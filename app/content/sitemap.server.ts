import { articleList } from "~/content/content.server";
import { htmlLang, locales, localizePath } from "~/i18n/locales";
import { pageRoutes, type PageRoute } from "~/route-table.js";

type Entry = { path: string; lastmod?: string };

/** Values of the parameters of public paths; a public path with a parameter and no entry here is left out. */
const parameterValues: Record<string, () => Entry[]> = {
  "blog/:slug": () => articleList("en").map((a) => ({ path: `/blog/${a.slug}`, lastmod: a.date })),
};

export const isParameterized = (path: string) => /[:*]/.test(path);

/** A page anyone not signed in may open (access `visitor` or `anyone`) is listed unless `sitemap: false`. */
export const inSitemap = (route: PageRoute) =>
  (route.access === "visitor" || route.access === "anyone") && route.sitemap !== false;

/** Every listed page, without language prefix: read from app/route-table.js. */
export function sitemapEntries(): Entry[] {
  return pageRoutes.filter(inSitemap).flatMap((route) => {
    if (!isParameterized(route.path)) return [{ path: `/${route.path}` }];
    return parameterValues[route.path]?.() ?? [];
  });
}

export function hasParameterValues(path: string) {
  return Object.hasOwn(parameterValues, path);
}

const escapeXml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c]!);

/** One <url> per page and language, each naming its other languages (xhtml:link alternates). */
export function sitemapXml(origin: string) {
  const urls = sitemapEntries().flatMap(({ path, lastmod }) => {
    const alternates = [
      ...locales.map((l) => ({ hreflang: htmlLang[l], href: origin + localizePath(path, l) })),
      { hreflang: "x-default", href: origin + path },
    ]
      .map((a) => `    <xhtml:link rel="alternate" hreflang="${a.hreflang}" href="${escapeXml(a.href)}"/>`)
      .join("\n");
    return locales.map((locale) =>
      [
        "  <url>",
        `    <loc>${escapeXml(origin + localizePath(path, locale))}</loc>`,
        ...(lastmod ? [`    <lastmod>${lastmod}</lastmod>`] : []),
        alternates,
        "  </url>",
      ].join("\n"),
    );
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...urls,
    "</urlset>",
    "",
  ].join("\n");
}

/** Crawlers may read every public page, never the private, API, development or sign-in addresses. */
export function robotsTxt(origin: string) {
  const dashboards = locales.map((l) => `Disallow: ${localizePath("/dashboard", l)}`);
  return [
    "User-agent: *",
    "Allow: /",
    ...dashboards,
    "Disallow: /api/",
    "Disallow: /dev/",
    "Disallow: /auth/",
    // Twilio's voice callbacks.
    "Disallow: /voice/",
    "",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ].join("\n");
}
