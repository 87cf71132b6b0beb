import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";

import { ApiError, apiRoute, envelope, methodNotAllowed, requireApiUser } from "~/api/envelope.server";
import { getRequest } from "~/location-requests/list.server";

/** One of the caller's requests; another account's id answers 404 like a missing one. */
export const loader = ({ request, params }: LoaderFunctionArgs) =>
  apiRoute(request, async () => {
    const user = await requireApiUser(request);
    const found = await getRequest(user.id, params.id ?? "");
    if (!found) throw new ApiError(404, "api.requestNotFound");
    return envelope(200, { data: found });
  });

export const action = ({ request }: ActionFunctionArgs) => methodNotAllowed(request, "GET");
