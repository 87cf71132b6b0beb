import type { ActionFunctionArgs } from "@remix-run/node";

import { liveStart } from "~/recipient/live-routes.server";

// Live sharing's start (app/recipient/live-routes.server.ts): a POST from the share page's script.
export const action = ({ request }: ActionFunctionArgs) => liveStart(request);
