import type { MetaDescriptor } from "@remix-run/node";

import type { Locale } from "~/i18n/locales";

/** What a page's `meta` needs; loaders build it with `pageSeo` (seo.server.ts) and return it spread. */
export type Seo = {
  title: string;
  description: string;
  /** Absolute URL from PUBLIC_URL, never from the Host header. */
  canonical: string;
  locale: Locale;
  /** The brand, as Open Graph's site name. */
  siteName: string;
  /** Absolute URL of the share image. */
  image: string;
  ogType: "website" | "article";
  /** For articles: the publication day (YYYY-MM-DD). */
  published?: string;
};

const ogLocale: Record<Locale, string> = { en: "en_US", id: "id_ID", ph: "fil_PH" };

/**
 * Title, description, canonical link and Open Graph tags. The hreflang alternates come from root.tsx,
 * for every page alike.
 */
export function seoMeta(seo: Seo | undefined, extra: MetaDescriptor[] = []): MetaDescriptor[] {
  if (!seo) return extra;
  return [
    { title: seo.title },
    { name: "description", content: seo.description },
    { tagName: "link", rel: "canonical", href: seo.canonical },
    { property: "og:title", content: seo.title },
    { property: "og:description", content: seo.description },
    { property: "og:url", content: seo.canonical },
    { property: "og:type", content: seo.ogType },
    { property: "og:locale", content: ogLocale[seo.locale] },
    { property: "og:site_name", content: seo.siteName },
    { property: "og:image", content: seo.image },
    { property: "og:image:width", content: "1200" },
    { property: "og:image:height", content: "630" },
    ...(seo.published ? [{ property: "article:published_time", content: seo.published }] : []),
    ...extra,
  ];
}
