import source from "~/pwa/service-worker.js?raw";

/**
 * GET /sw.js: the service worker (app/pwa/service-worker.js). At the site's root, so its scope covers
 * the dashboards of every language without a Service-Worker-Allowed header; checked again on every
 * visit (no-cache), so a new deployment's worker replaces the old one at once.
 */
export function loader() {
  return new Response(source, {
    headers: { "Content-Type": "text/javascript; charset=utf-8", "Cache-Control": "no-cache" },
  });
}
