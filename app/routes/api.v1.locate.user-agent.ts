import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";

import { ApiError, apiRoute, envelope, methodNotAllowed, readJson } from "~/api/envelope.server";
import { hit } from "~/limits/rate-limit.server";
import { config } from "~/server/config.server";
import { deviceReportSchema, recordDeviceReport } from "~/telemetry/device-report.server";
import { clientIp, requestHost } from "~/utils/client-ip.server";
import { HOUR } from "~/utils/time";

/**
 * The visitor device report (spec section 7): sent by the browser once per visitor and host, without a
 * token. Throttled per client address, which is used for the counter only and never stored.
 */
export const action = ({ request }: ActionFunctionArgs) =>
  apiRoute(request, async () => {
    if (request.method !== "POST")
      throw new ApiError(405, "api.methodNotAllowed", { allow: "POST" }, { Allow: "POST" });
    const limit = await hit(`device-report:${clientIp(request)}`, config().DEVICE_REPORT_LIMIT_PER_IP, HOUR);
    if (!limit.ok)
      throw new ApiError(429, "errors.tooManyAttempts", undefined, { "Retry-After": String(limit.retryAfterSeconds) });
    const report = await readJson(request, deviceReportSchema);
    const { id } = await recordDeviceReport(report, requestHost(request));
    return envelope(200, { data: { id } });
  });

export const loader = ({ request }: LoaderFunctionArgs) => methodNotAllowed(request, "POST");
