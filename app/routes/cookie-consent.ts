import { redirect, type ActionFunctionArgs } from "@remix-run/node";

import { config } from "~/server/config.server";
import { CONSENT_COOKIE, CONSENT_MAX_AGE } from "~/telemetry/cookies";
import { serializeCookie } from "~/utils/cookies";
import { parseFormData, readFormData } from "~/utils/form-data.server";
import { safeRedirect } from "~/utils/safe-redirect";

export const loader = () => redirect("/");

/**
 * The cookie banner's Accept / Reject (and the choice on the cookie policy page). Without JavaScript
 * it is a form post answered with a redirect back to the page; the page's script asks for JSON
 * instead and loads the tags without a reload.
 */
export async function action({ request }: ActionFunctionArgs) {
  // Another site must not be able to accept tracking on the visitor's behalf.
  const origin = request.headers.get("Origin");
  if (origin && origin !== new URL(request.url).origin && origin !== config().publicUrl.origin) {
    return Response.json({ error: "cross-origin" }, { status: 403 });
  }
  const wantsJson = (request.headers.get("Accept") ?? "").includes("application/json");
  // The page's script reads a JSON error; a form post gets the translated error page.
  const parsed = wantsJson
    ? await parseFormData(request)
    : { ok: true as const, form: await readFormData(request, { plain: true }) };
  if (!parsed.ok) return Response.json({ error: "form" }, { status: parsed.status });
  const form = parsed.form;
  const choice = form.get("choice");
  const target = safeRedirect(form.get("redirectTo"), "/");
  if (choice !== "accept" && choice !== "reject") {
    return wantsJson ? Response.json({ error: "choice" }, { status: 400 }) : redirect(target);
  }
  const consent = choice === "accept" ? "accepted" : "rejected";
  const headers = {
    "Set-Cookie": serializeCookie(CONSENT_COOKIE, consent, { maxAge: CONSENT_MAX_AGE, secure: config().cookieSecure }),
  };
  // A resource route answers with a Response (single fetch would drop the status and headers of data()).
  return wantsJson ? Response.json({ consent }, { headers }) : redirect(target, { headers });
}
