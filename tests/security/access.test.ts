// The route table (app/route-table.js) owns who may open a page: every page route, in all three
// languages, is opened as a visitor, an active subscriber and an expired user, and each answer is
// checked against the route's `access` — the loader for reading, the action for posting (a module
// that guards differently from the table fails here).
import path from "node:path";

import type { LoaderFunctionArgs } from "@remix-run/node";
import { describe, expect, it } from "vitest";

import { articleSlugs } from "~/content/content.server";
import { paths } from "~/http/paths";
import { localizePath, type Locale } from "~/i18n/locales";
import { devRoutes, localePrefixes, pageRoutes, type Access, type PageRoute } from "~/route-table.js";

import { matchedContext } from "../support/app-routes";
import { signedInUser } from "../support/factories";
import { routeData } from "../support/route-data";
import { sampleParams, samplePath } from "./routes";

type Role = "visitor" | "subscriber" | "expired";
type RouteModule = {
  loader?: (args: LoaderFunctionArgs) => Promise<unknown>;
  action?: (args: LoaderFunctionArgs) => Promise<unknown>;
};
type Answer = { status: number; location: string | null };

/** What the table lets each role do: open the page, or be sent to a page of paths (app/http/paths.ts). */
const EXPECTED: Record<Access, Record<Role, "admitted" | keyof typeof paths>> = {
  visitor: { visitor: "admitted", subscriber: "dashboard", expired: "dashboard" },
  anyone: { visitor: "admitted", subscriber: "admitted", expired: "admitted" },
  user: { visitor: "home", subscriber: "admitted", expired: "admitted" },
  subscriber: { visitor: "home", subscriber: "admitted", expired: "expired" },
};

/**
 * Where a page, having let someone in, answers with something of its own: the buy address opens the
 * payment dialog over the page it belongs to (a visitor's home page, an expired user's renewal form);
 * a subscriber has nothing to buy or renew, so it and the renewal form send them to the dashboard.
 */
const OWN_REDIRECTS: Record<string, Partial<Record<Role, keyof typeof paths>>> = {
  checkout: { visitor: "buy", subscriber: "dashboard", expired: "renew" },
  "dashboard/modules/subscriptionExpiredModal": { subscriber: "dashboard" },
};

/**
 * The status of a page that lets someone in, when it is not 200: the 404 page, and pages whose sample
 * address names nothing (tests/security/routes.ts: an unknown checkout, link code or share code).
 */
const OWN_STATUS: Record<string, number> = {
  "404": 404,
  "*": 404,
  "checkout/sandbox/:id": 404,
  share: 404,
  report: 404,
  "location-failed": 404,
  "unsubscribe-and-refund/confirm": 400,
  "verify-email": 400,
  // Without a signed token: a link we did not sign (docs/decisions/043).
  "notifications/off": 404,
  "dev/outbox": 404,
};

async function answerOf(promise: Promise<unknown>): Promise<Answer> {
  const { status, headers } = await routeData(promise);
  return { status, location: headers.get("Location") };
}

const routes: PageRoute[] = [...pageRoutes, ...devRoutes];
const modules = new Map<string, RouteModule>();
for (const route of routes)
  modules.set(route.file, (await import(/* @vite-ignore */ path.resolve("app", route.file))) as RouteModule);

const cookies: Record<Role, () => Promise<string>> = {
  visitor: async () => "",
  subscriber: async () => `token=${(await signedInUser()).token}`,
  expired: async () => `token=${(await signedInUser({ days: -2 })).token}`,
};

/** The address each route is opened at: tests/security/routes.ts's sample, or a real article. */
function sample(route: PageRoute) {
  if (route.path === "blog/:slug") return { path: `/blog/${articleSlugs[0]}`, params: { slug: articleSlugs[0]! } };
  return { path: samplePath(route.path), params: sampleParams(route.path) };
}
const addressOf = (route: PageRoute, locale: Locale) => localizePath(sample(route).path, locale);

function call(
  route: PageRoute,
  locale: Locale,
  method: "GET" | "POST",
  cookie: string,
  url = addressOf(route, locale),
) {
  const module = modules.get(route.file)!;
  const handler = method === "GET" ? module.loader : module.action;
  const init: RequestInit = { method, headers: cookie ? { Cookie: cookie } : {} };
  if (method === "POST") init.body = new URLSearchParams();
  const request = new Request(`http://localhost:3000${url}`, init);
  return answerOf(handler!({ request, params: sample(route).params, context: matchedContext(request.url) }));
}

function expectAnswer(answer: Answer, route: PageRoute, role: Role, locale: Locale, what: string) {
  const table = EXPECTED[route.access][role];
  const target = table === "admitted" ? OWN_REDIRECTS[route.path]?.[role] : table;
  if (target) {
    expect([answer.status, answer.location], what).toEqual([302, localizePath(paths[target], locale)]);
  } else {
    expect(answer.location, what).toBeNull();
    expect(answer.status, what).toBe(OWN_STATUS[route.path] ?? 200);
  }
}

const locales = Object.keys(localePrefixes) as Locale[];

describe("the route table owns access", () => {
  it("gives every page route an access level", () => {
    for (const route of routes) expect(["visitor", "anyone", "user", "subscriber"], route.path).toContain(route.access);
  });

  for (const role of ["visitor", "subscriber", "expired"] as const) {
    it(`opens every page, in every language, as ${role === "visitor" ? "a visitor" : role === "subscriber" ? "an active subscriber" : "an expired user"} as the table says`, async () => {
      const cookie = await cookies[role]();
      for (const route of routes) {
        for (const locale of locales) {
          const url = addressOf(route, locale);
          expectAnswer(await call(route, locale, "GET", cookie), route, role, locale, `GET ${url} as ${role}`);
        }
      }
    });

    it(`refuses the posts of ${role === "visitor" ? "a visitor" : role === "subscriber" ? "an active subscriber" : "an expired user"} the table does not let in`, async () => {
      const cookie = await cookies[role]();
      let refused = 0;
      for (const route of routes) {
        if (!modules.get(route.file)!.action || EXPECTED[route.access][role] === "admitted") continue;
        for (const locale of locales) {
          const url = addressOf(route, locale);
          expectAnswer(await call(route, locale, "POST", cookie), route, role, locale, `POST ${url} as ${role}`);
          refused += 1;
        }
      }
      expect(refused).toBeGreaterThan(0);
    });
  }

  it("lets an expired user read a page with expiredReads at the notice and after it, and never post to it", async () => {
    const { token, user } = await signedInUser({ days: -2 });
    const readable = routes.filter((route) => route.expiredReads);
    expect(readable.map((route) => route.path)).toEqual(["dashboard"]);
    for (const route of readable) {
      for (const locale of locales) {
        const notice = localizePath(paths.expired, locale);
        expect(await call(route, locale, "GET", `token=${token}`, notice), notice).toEqual({
          status: 200,
          location: null,
        });
        const seen = `token=${token}; expired_seen=${user.id}`;
        expect(await call(route, locale, "GET", seen), `seen, ${locale}`).toEqual({ status: 200, location: null });
        expect(await call(route, locale, "POST", seen), `post, ${locale}`).toEqual({ status: 302, location: notice });
      }
    }
  });
});
