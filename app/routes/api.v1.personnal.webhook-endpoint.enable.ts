import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";

import { ApiError, apiRoute, envelope, methodNotAllowed, requireApiUser } from "~/api/envelope.server";
import { enableEndpoint } from "~/webhooks/endpoints.server";

export const loader = ({ request }: LoaderFunctionArgs) => methodNotAllowed(request, "POST");

/** POST: turns on an endpoint that a failure run turned off (its run starts from nothing). */
export const action = ({ request, params }: ActionFunctionArgs) =>
  apiRoute(request, async () => {
    const user = await requireApiUser(request);
    const endpoint = await enableEndpoint(user.id, params.id ?? "");
    if (!endpoint) throw new ApiError(404, "webhooks.errors.notFound");
    return envelope(200, { data: endpoint });
  });
