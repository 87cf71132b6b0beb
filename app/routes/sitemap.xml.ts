import { sitemapXml } from "~/content/sitemap.server";
import { config } from "~/server/config.server";

export function loader() {
  return new Response(sitemapXml(config().publicUrl.origin), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
