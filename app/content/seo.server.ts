import { getLocale } from "~/i18n/i18next.server";
import { localizePath, stripLocale } from "~/i18n/locales";
import { commonMessages } from "~/i18n/resources.server";
import { config } from "~/server/config.server";
import type { Seo } from "~/utils/seo";

/** The page's path without the language prefix and without a trailing slash: `/id/faqs/` → `/faqs`. */
export function pagePath(request: Request) {
  const bare = stripLocale(new URL(request.url).pathname);
  return bare.length > 1 ? bare.replace(/\/+$/, "") : bare;
}

/** A page's SEO data; the canonical address is the one without a trailing slash or query. */
export function pageSeo(
  request: Request,
  page: { title: string; description: string; ogType?: Seo["ogType"]; published?: string },
): Seo {
  const locale = getLocale(request);
  const origin = config().publicUrl.origin;
  return {
    title: page.title,
    description: page.description,
    canonical: origin + localizePath(pagePath(request), locale),
    locale,
    siteName: String(commonMessages[locale].brand),
    // public/og-image.png: the logo and the brand, 1200 × 630 as link previews expect.
    image: `${origin}/og-image.png`,
    ogType: page.ogType ?? "website",
    ...(page.published ? { published: page.published } : {}),
  };
}
