import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";

import { ApiError, apiRoute, envelope, methodNotAllowed, readQuery, requireApiUser } from "~/api/envelope.server";
import { readTrail, trailQuery } from "~/location-requests/live-trail.server";

/**
 * A live share's trail, oldest first, paged by key (`after` = the last position read): a client that
 * follows the share asks with `nextAfter` and gets only what is new. Another account's id answers 404
 * like a missing one.
 */
export const loader = ({ request, params }: LoaderFunctionArgs) =>
  apiRoute(request, async () => {
    const user = await requireApiUser(request);
    const query = readQuery(request, trailQuery);
    const trail = await readTrail(user.id, params.id ?? "", query);
    if (!trail) throw new ApiError(404, "api.requestNotFound");
    return envelope(200, { data: trail });
  });

export const action = ({ request }: ActionFunctionArgs) => methodNotAllowed(request, "GET");
