import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";

import { ApiError, apiRoute } from "~/api/envelope.server";

const notFound = ({ request }: LoaderFunctionArgs | ActionFunctionArgs) =>
  apiRoute(request, async () => {
    throw new ApiError(404, "api.notFound");
  });

export const loader = notFound;
export const action = notFound;
