import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";

import { ApiError, apiRoute, envelope, methodNotAllowed, readJson, requireApiUser } from "~/api/envelope.server";
import { createEndpoint, listEndpoints, MAX_ENDPOINTS, webhookEndpointInput } from "~/webhooks/endpoints.server";

/** The account's webhook endpoints (docs/webhooks.md), oldest first, each with its signing secret. */
export const loader = ({ request }: LoaderFunctionArgs) =>
  apiRoute(request, async () => {
    const user = await requireApiUser(request);
    return envelope(200, { data: { endpoints: await listEndpoints(user.id) } });
  });

/** POST: registers an https address (checked where it points: docs/security.md); 201 with its new secret. */
export const action = ({ request }: ActionFunctionArgs) =>
  apiRoute(
    request,
    async () => {
      if (request.method !== "POST") return methodNotAllowed(request, "GET, HEAD, POST");
      const user = await requireApiUser(request);
      const input = await readJson(request, webhookEndpointInput);
      const created = await createEndpoint(user.id, input.url);
      if (created.ok) return envelope(201, { data: created.endpoint });
      if (created.error === "limit") throw new ApiError(409, "webhooks.errors.limit", { max: MAX_ENDPOINTS });
      throw new ApiError(400, `webhooks.errors.${created.error}`, undefined, undefined, undefined, "url");
    },
    { idempotent: true },
  );
