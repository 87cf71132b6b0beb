import type { LoaderFunctionArgs } from "@remix-run/node";

import { lookupSession, readToken } from "~/auth/session.server";
import { requestsVersion } from "~/location-requests/list.server";

/**
 * GET /dashboard/live: the open dashboard asks this, not the whole page, to learn whether anything in
 * the requester's lists changed (`version`) and whether to keep checking often (`active`). One count
 * and one indexed lookup; the page reloads its data only when the version moved.
 * A lost session answers 401 (not the page guard's redirect and toast, which a background request
 * would swallow): the page then revalidates, and its own loader sends the person to sign in.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const headers = { "Cache-Control": "no-store" };
  const lookup = await lookupSession(await readToken(request));
  if (lookup.state !== "valid") return Response.json({ error: "unauthorized" }, { status: 401, headers });
  return Response.json(await requestsVersion(lookup.user.id), { headers });
}
