import { redirect, type LoaderFunctionArgs } from "@remix-run/node";

import { lookupSession, readToken } from "~/auth/session.server";
import { accountExport, exportFileName } from "~/privacy/export.server";

/**
 * GET /account/export.json: Download my data, for the signed-in owner only (anyone else goes to the
 * home page). The document of GET /api/v1/personnal/account/export, as a file; never cached.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const lookup = await lookupSession(await readToken(request));
  if (lookup.state !== "valid") throw redirect("/");
  const now = new Date();
  return new Response(JSON.stringify(await accountExport(lookup.user.id, now), null, 2), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="${exportFileName(now)}"`,
      "Cache-Control": "no-store",
    },
  });
}
