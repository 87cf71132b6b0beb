import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";

import { ApiError, apiRoute, envelope, methodNotAllowed, requireApiUser } from "~/api/envelope.server";
import { listRequests } from "~/location-requests/requests.server";

const query = z.object({
  channel: z.enum(["sms", "email", "link"]).optional(),
  located: z.enum(["true", "false"]).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

/** The caller's own requests, newest first, paged. */
export const loader = ({ request }: LoaderFunctionArgs) =>
  apiRoute(request, async () => {
    const user = await requireApiUser(request);
    const parsed = query.safeParse(Object.fromEntries(new URL(request.url).searchParams));
    if (!parsed.success) throw new ApiError(400, "api.invalidField", { field: parsed.error.issues[0]!.path.join(".") });
    const { located, ...rest } = parsed.data;
    return envelope(200, { data: await listRequests(user.id, { ...rest, located: located === "true" }) });
  });

export const action = ({ request }: ActionFunctionArgs) => methodNotAllowed(request, "GET");
