import { redirect } from "@remix-run/node";
import { getLocale } from "~/i18n/i18next.server";
import { localizePath } from "~/i18n/locales";
import { redirectWithToast } from "~/toast.server";
import { newSearchPath, searchedNumber } from "~/utils/number-search";
import { clearSessionCookieHeader, lookupSession, readToken } from "./session.server";

export async function getCurrentUser(request: Request) {
  const lookup = await lookupSession(await readToken(request));
  return lookup.state === "valid" ? lookup.user : null;
}

/** Private pages: no token → `/`; an expired or revoked token → cleared, `/`, 'Login expired'. */
export async function requireUser(request: Request) {
  const lookup = await lookupSession(await readToken(request));
  if (lookup.state === "valid") return lookup.user;
  const home = localizePath("/", getLocale(request));
  if (lookup.state === "none") throw redirect(home);
  throw await redirectWithToast(
    home,
    { type: "error", key: "errors.loginExpired" },
    { headers: { "Set-Cookie": await clearSessionCookieHeader() } },
  );
}

/**
 * Public pages: a signed-in visitor goes to the dashboard, or to New Search with the number filled
 * in when the address carries one (the home page's number search).
 */
export async function requireAnonymous(request: Request) {
  const lookup = await lookupSession(await readToken(request));
  if (lookup.state !== "valid") return;
  const searched = searchedNumber(new URL(request.url).searchParams);
  throw redirect(localizePath(searched ? newSearchPath(searched) : "/dashboard/", getLocale(request)));
}
