import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";

import { isLocale } from "~/i18n/locales";
import { recipientPaths } from "~/recipient/paths";
import { applyControl, openLink } from "~/recipient/recipient.server";
import { parseFormData } from "~/utils/form-data.server";

// The List-Unsubscribe URL of a location-request e-mail (`/unsubscribe/{code}{key}`). Mail providers
// post the one-click body (RFC 8058) with no cookies and no Origin: the key in the URL is the whole
// authority, and only the recipient's own link carries it. Opening it shows the recipient's controls.

async function recipientLink(params: LoaderFunctionArgs["params"]) {
  const link = await openLink(params.id ?? "");
  return link?.keyed ? link : null;
}

export async function loader({ params }: LoaderFunctionArgs) {
  const link = await recipientLink(params);
  if (!link) return new Response("Not Found", { status: 404 });
  // A GET never changes anything (mail scanners follow links): it leads to the page with the button.
  const locale = isLocale(link.row.locale) ? link.row.locale : "en";
  throw redirect(`${recipientPaths(link.id, locale).consent}#controls-title`);
}

export async function action({ request, params }: ActionFunctionArgs) {
  const parsed = await parseFormData(request);
  if (!parsed.ok)
    return new Response(parsed.status === 415 ? "Unsupported Media Type" : "Bad Request", { status: parsed.status });
  if (parsed.form.get("List-Unsubscribe") !== "One-Click") return new Response("Bad Request", { status: 400 });
  const link = await recipientLink(params);
  if (!link || !(await applyControl(link, "optOut", "email"))) return new Response("Not Found", { status: 404 });
  return new Response("Unsubscribed", { headers: { "Content-Type": "text/plain; charset=utf-8" } });
}
