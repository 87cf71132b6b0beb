import { LIVE_SCRIPT } from "~/recipient/live-script";

// The live-sharing script (app/recipient/live-script.ts), loaded by the share page only once the
// recipient chose to share live: the page without it stays as small as before.
export const loader = () =>
  new Response(LIVE_SCRIPT, {
    headers: { "Content-Type": "text/javascript; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
