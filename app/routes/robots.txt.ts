import { robotsTxt } from "~/content/sitemap.server";
import { config } from "~/server/config.server";

export function loader() {
  return new Response(robotsTxt(config().publicUrl.origin), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
