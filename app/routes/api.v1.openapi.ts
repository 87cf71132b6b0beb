import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";

import { methodNotAllowed } from "~/api/envelope.server";

/**
 * GET /api/v1/openapi.json: the OpenAPI 3.1 document of /api/v1, generated from the routes' schemas
 * (docs/decisions/026). No APP header, so that tools can fetch it. Its modules (the generator and the
 * document's descriptions) are loaded at the first request for it, not by every process at start
 * (docs/decisions/037).
 */
export const loader = async (_args: LoaderFunctionArgs) => {
  const { openApiDocument } = await import("~/api/openapi/document.server");
  return Response.json(await openApiDocument(), { headers: { "Cache-Control": "public, max-age=300" } });
};

export const action = ({ request }: ActionFunctionArgs) => methodNotAllowed(request, "GET", { appHeader: false });
