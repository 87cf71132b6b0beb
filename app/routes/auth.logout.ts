import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { clearSessionCookieHeader, readToken, revokeSession } from "~/auth/session.server";
import { isLocale, localizePath } from "~/i18n/locales";

export const loader = () => redirect("/");

export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData();
  const locale = form.get("locale");
  await revokeSession(await readToken(request));
  return redirect(localizePath("/", isLocale(locale) ? locale : "en"), {
    headers: { "Set-Cookie": await clearSessionCookieHeader() },
  });
}
