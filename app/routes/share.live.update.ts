import type { ActionFunctionArgs } from "@remix-run/node";

import { liveUpdate } from "~/recipient/live-routes.server";

// Live sharing's update (app/recipient/live-routes.server.ts): a POST from the share page's script.
export const action = ({ request }: ActionFunctionArgs) => liveUpdate(request);
