import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";

import { methodNotAllowed } from "~/api/envelope.server";
import { openApiDocument } from "~/api/openapi/document.server";

/**
 * GET /api/v1/openapi.json: the OpenAPI 3.1 document of /api/v1, generated from the routes' schemas
 * (docs/decisions/026). No APP header, so that tools can fetch it.
 */
export const loader = async (_args: LoaderFunctionArgs) =>
  Response.json(await openApiDocument(), { headers: { "Cache-Control": "public, max-age=300" } });

export const action = ({ request }: ActionFunctionArgs) => methodNotAllowed(request, "GET", { appHeader: false });
