import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";

import { ApiError, apiRoute, envelope, methodNotAllowed, requireApiUser } from "~/api/envelope.server";
import { listDeliveries } from "~/webhooks/endpoints.server";

/** The endpoint's newest deliveries (at most 50, of the last 30 days), newest first. */
export const loader = ({ request, params }: LoaderFunctionArgs) =>
  apiRoute(request, async () => {
    const user = await requireApiUser(request);
    const deliveries = await listDeliveries(user.id, params.id ?? "");
    if (!deliveries) throw new ApiError(404, "webhooks.errors.notFound");
    return envelope(200, { data: { deliveries } });
  });

export const action = ({ request }: ActionFunctionArgs) => methodNotAllowed(request, "GET");
