import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";

import { ApiError, apiRoute, envelope, methodNotAllowed, requireApiUser } from "~/api/envelope.server";
import { rollSecret } from "~/webhooks/endpoints.server";

export const loader = ({ request }: LoaderFunctionArgs) => methodNotAllowed(request, "POST");

/** POST: a new signing secret, answered with the endpoint; the old one stops at once. */
export const action = ({ request, params }: ActionFunctionArgs) =>
  apiRoute(
    request,
    async () => {
      const user = await requireApiUser(request);
      const endpoint = await rollSecret(user.id, params.id ?? "");
      if (!endpoint) throw new ApiError(404, "webhooks.errors.notFound");
      return envelope(200, { data: endpoint });
    },
    // A retried roll answers the secret the first one made, not a third one nobody saw.
    { idempotent: true },
  );
