import type { ActionFunctionArgs } from "@remix-run/node";

import { logCspReport } from "~/http/csp-report.server";

export const loader = () => new Response(null, { status: 405, headers: { Allow: "POST" } });

/** POST /csp-report: a browser's Content-Security-Policy violation report (report-uri), logged. */
export const action = ({ request }: ActionFunctionArgs) => logCspReport(request);
