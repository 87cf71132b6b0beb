import { config } from "~/config.server";
import { robotsTxt } from "~/sitemap.server";

export function loader() {
  return new Response(robotsTxt(config().publicUrl.origin), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
