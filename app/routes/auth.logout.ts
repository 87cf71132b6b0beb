import { redirect, type ActionFunctionArgs } from "@remix-run/node";

import { clearSessionCookieHeader, readToken, revokeSession } from "~/auth/session.server";
import { isLocale, localizePath } from "~/i18n/locales";
import { readFormData } from "~/utils/form-data.server";

export const loader = () => redirect("/");

export async function action({ request }: ActionFunctionArgs) {
  const form = await readFormData(request, { plain: true });
  const locale = form.get("locale");
  await revokeSession(await readToken(request));
  return redirect(localizePath("/", isLocale(locale) ? locale : "en"), {
    headers: { "Set-Cookie": await clearSessionCookieHeader() },
  });
}
