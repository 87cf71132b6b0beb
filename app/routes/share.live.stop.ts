import type { ActionFunctionArgs } from "@remix-run/node";

import { liveStop } from "~/recipient/live-routes.server";

// Live sharing's stop (app/recipient/live-routes.server.ts): a POST from the share page's script.
export const action = ({ request }: ActionFunctionArgs) => liveStop(request);
