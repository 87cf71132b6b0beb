import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";

import { ApiError, apiRoute, envelope, methodNotAllowed, requireApiUser } from "~/api/envelope.server";
import { listRequests, requestListQuery } from "~/location-requests/requests.server";

/** The caller's own requests, newest first, paged by cursor (or by page number, for existing clients). */
export const loader = ({ request }: LoaderFunctionArgs) =>
  apiRoute(request, async () => {
    const user = await requireApiUser(request);
    const parsed = requestListQuery.safeParse(Object.fromEntries(new URL(request.url).searchParams));
    if (!parsed.success) throw new ApiError(400, "api.invalidField", { field: parsed.error.issues[0]!.path.join(".") });
    const { located, ...rest } = parsed.data;
    return envelope(200, { data: await listRequests(user.id, { ...rest, located: located === "true" }) });
  });

export const action = ({ request }: ActionFunctionArgs) => methodNotAllowed(request, "GET");
