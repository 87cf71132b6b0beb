import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";

import { ApiError, apiRoute, envelope, methodNotAllowed, requireApiUser } from "~/api/envelope.server";
import { endpointOf, removeEndpoint } from "~/webhooks/endpoints.server";

/** One of the account's endpoints; another account's id answers 404 like a missing one. */
export const loader = ({ request, params }: LoaderFunctionArgs) =>
  apiRoute(request, async () => {
    const user = await requireApiUser(request);
    const endpoint = await endpointOf(user.id, params.id ?? "");
    if (!endpoint) throw new ApiError(404, "webhooks.errors.notFound");
    return envelope(200, { data: endpoint });
  });

/** DELETE: removes the endpoint and its delivery log; what was still to be sent to it is not sent. */
export const action = ({ request, params }: ActionFunctionArgs) =>
  apiRoute(request, async () => {
    if (request.method !== "DELETE") return methodNotAllowed(request, "GET, HEAD, DELETE");
    const user = await requireApiUser(request);
    if (!(await removeEndpoint(user.id, params.id ?? ""))) throw new ApiError(404, "webhooks.errors.notFound");
    return envelope(200, { data: { deleted: true } });
  });
