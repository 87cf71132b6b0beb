import { redirect, type AppLoadContext } from "@remix-run/node";

import { describeSubscription, expiredNoticeSeen, isExpiredMarker } from "~/billing/subscription.server";
import { paths } from "~/http/paths";
import type { Access } from "~/http/policy";
import { getLocale } from "~/i18n/i18next.server";
import { localizePath } from "~/i18n/locales";
import { newSearchPath, searchedNumber } from "~/phone/number-search";
import { redirectWithFlash, redirectWithToast, type FeatureNotice } from "~/utils/toast.server";

import { clearSessionCookieHeader, lookupSession, readToken, type SessionUser } from "./session.server";

export async function getCurrentUser(request: Request) {
  const lookup = await lookupSession(await readToken(request));
  return lookup.state === "valid" ? lookup.user : null;
}

/** Private pages: no token → `/`; an expired or revoked token → cleared, `/`, 'Login expired'. */
export async function requireUser(request: Request) {
  return (await requireSession(request)).user;
}

/**
 * The subscribers' features a signed-out visitor may find in the menu: sent home like from any private
 * page, they are told there what the feature is and how to subscribe (a flash, so the address stays
 * the home page's).
 */
const FEATURE_OF_PAGE: Record<string, FeatureNotice> = { "send-voice-message": "voice" };

/** `requireUser`, with the subscription read along with the session. */
async function requireSession(request: Request, page?: string) {
  const lookup = await lookupSession(await readToken(request));
  if (lookup.state === "valid") return lookup;
  const home = localizePath(paths.home, getLocale(request));
  const feature = page === undefined ? undefined : FEATURE_OF_PAGE[page];
  if (lookup.state === "none")
    throw feature && isRead(request) ? await redirectWithFlash(home, { feature }) : redirect(home);
  throw await redirectWithToast(
    home,
    { type: "error", key: "errors.loginExpired" },
    { headers: { "Set-Cookie": await clearSessionCookieHeader() } },
  );
}

/**
 * Visitors' pages: a signed-in visitor goes to the dashboard, or to New Search with the number filled
 * in when the address carries one (the home page's number search).
 */
async function requireAnonymous(request: Request) {
  const lookup = await lookupSession(await readToken(request));
  if (lookup.state !== "valid") return;
  const searched = searchedNumber(new URL(request.url).searchParams);
  throw redirect(localizePath(searched ? newSearchPath(searched) : paths.dashboard, getLocale(request)));
}

type Subscription = ReturnType<typeof describeSubscription>;
type Granted = {
  visitor: { user: null };
  anyone: { user: SessionUser | null };
  user: { user: SessionUser };
  subscriber: { user: SessionUser; subscription: Subscription };
};

/** Reading a page (its loader) rather than posting to it (its action). */
const isRead = (request: Request) => request.method === "GET" || request.method === "HEAD";

/**
 * The guard of every page's loader and action: applies the access the route table
 * (app/route-table.js) gives the page the request matched (the edge puts Remix's match in the load
 * context: app/http/route-match.server.ts). `expected` is what the module relies on (and what it gets
 * back); when the table says otherwise the page fails loudly instead of guarding differently from the
 * table (tests/security/access.test.ts opens every page).
 */
export async function guardPage<A extends Access>(
  { request, context }: { request: Request; context: AppLoadContext },
  expected: A,
): Promise<Granted[A]> {
  const route = context.route?.policy;
  if (!route || route.kind !== "page" || route.access !== expected) {
    throw new Error(
      route
        ? `The route table gives "${route.path}" access ${route.access ?? "(none)"}, its module expects ${expected}`
        : `No matched route in the load context of ${new URL(request.url).pathname}`,
    );
  }
  return (await grant(request, expected, route.expiredReads, route.path)) as Granted[A];
}

async function grant(request: Request, access: Access, expiredReads: boolean, page: string): Promise<Granted[Access]> {
  switch (access) {
    case "visitor":
      await requireAnonymous(request);
      return { user: null };
    case "anyone":
      return { user: await getCurrentUser(request) };
    case "user":
      return { user: await requireUser(request) };
    case "subscriber": {
      // Subscription info is read on every private navigation (spec section 4), with the session.
      const { user, subscription: row } = await requireSession(request, page);
      const subscription = describeSubscription(row);
      if (subscription.access) return { user, subscription };
      // Entering while expired shows the notice first; once seen, a page that allows it is readable.
      const reads = expiredReads && isRead(request);
      if (reads && (isExpiredMarker(new URL(request.url)) || expiredNoticeSeen(request, user.id)))
        return { user, subscription };
      throw redirect(localizePath(paths.expired, getLocale(request)));
    }
  }
}
