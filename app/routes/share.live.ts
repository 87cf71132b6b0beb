import type { ActionFunctionArgs } from "@remix-run/node";

import { liveStart } from "~/recipient/live-routes.server";
import { LIVE_SCRIPT } from "~/recipient/live-script";

// Live sharing's own address (docs/decisions/046). GET: the live script (app/recipient/live-script.ts),
// loaded by the share page only once the recipient chose to share live, so the page without it stays
// as small as before. POST: the start (app/recipient/live-routes.server.ts). One route for both: every
// route weighs on every page's manifest.
export const loader = () =>
  new Response(LIVE_SCRIPT, {
    headers: { "Content-Type": "text/javascript; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });

export const action = ({ request }: ActionFunctionArgs) => liveStart(request);
