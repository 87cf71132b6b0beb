import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";

import { apiRoute, envelope, methodNotAllowed, requireApiUser } from "~/api/envelope.server";
import { accountExport } from "~/privacy/export.server";

/** Everything held about the token's account (docs/api.md, "Your data"), only for that account. */
export const loader = ({ request }: LoaderFunctionArgs) =>
  apiRoute(request, async () => {
    const user = await requireApiUser(request);
    return envelope(200, { data: await accountExport(user.id) });
  });

export const action = ({ request }: ActionFunctionArgs) => methodNotAllowed(request, "GET");
