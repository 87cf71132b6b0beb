import { redirect, type ActionFunctionArgs } from "@remix-run/node";

import { isLocale, localeCookieMaxAge, localeCookieName, localizePath } from "~/i18n/locales";
import { config } from "~/server/config.server";
import { serializeCookie } from "~/utils/cookies";
import { readFormData } from "~/utils/form-data.server";
import { safeRedirect } from "~/utils/safe-redirect";

export const loader = () => redirect("/");

/** The language menu: remembers the choice for a year and opens the same page in that language. */
export async function action({ request }: ActionFunctionArgs) {
  const form = await readFormData(request, { plain: true });
  const lng = form.get("lng");
  const target = safeRedirect(form.get("redirectTo"), "/");
  if (!isLocale(lng)) return redirect(target);
  // Checked again once the locale is swapped: stripping `/ph` from `/ph//evil.example` (or an encoded
  // `/%2F%2F…`) leaves a path the first check never saw, one a browser would read as another host.
  const home = localizePath("/", lng);
  return redirect(safeRedirect(localizePath(target, lng), home), {
    headers: {
      "Set-Cookie": serializeCookie(localeCookieName, lng, {
        maxAge: localeCookieMaxAge,
        secure: config().cookieSecure,
      }),
    },
  });
}
