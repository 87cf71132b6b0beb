import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";

import { apiRoute, envelope, methodNotAllowed, readQuery, requireApiUser } from "~/api/envelope.server";
import { listRequests, requestListQuery } from "~/location-requests/list.server";

/** The caller's own requests, newest first, paged by cursor (or by page number, for existing clients). */
export const loader = ({ request }: LoaderFunctionArgs) =>
  apiRoute(request, async () => {
    const user = await requireApiUser(request);
    const { located, ...rest } = readQuery(request, requestListQuery);
    return envelope(200, { data: await listRequests(user.id, { ...rest, located: located === "true" }) });
  });

export const action = ({ request }: ActionFunctionArgs) => methodNotAllowed(request, "GET");
