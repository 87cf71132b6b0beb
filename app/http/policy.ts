// What the HTTP edge applies to a request, read from the one route table (app/route-table.js): how
// large its body may be, who may post it, whether third-party tags may run on the page and whether it
// may ask for the browser's position, and who may open a page. The server (app/http/edge.server.ts),
// the page headers (app/entry.server.tsx), the tags (app/components/telemetry.tsx), the page guards
// (app/auth/guards.server.ts) and tests/security read this. A request's policy is its matched route's:
// Remix's own matching finds the route (app/http/route-match.server.ts), this module only looks its
// id up.
import {
  devRoutes,
  localePrefixes,
  pageRouteId,
  pageRoutes,
  resourceRouteId,
  resourceRoutes,
  type Access,
  type Method,
} from "~/route-table.js";

export type { Access, Method };
export type BodyKind = "form" | "json" | "callback" | "report";
export type OriginKind = "same" | "signed" | "api" | "report";

export const KB = 1024;
/** Bytes a body of each kind may have (docs/decisions/010). */
export const BODY_LIMITS: Record<BodyKind, number> = {
  form: 16 * KB,
  json: 64 * KB,
  callback: 1024 * KB,
  report: 16 * KB,
};

export type RoutePolicy = {
  /** The route table's path (without locale prefix) and file. */
  path: string;
  file: string;
  kind: "page" | "resource";
  body: BodyKind;
  /** Bytes the body may have. */
  limit: number;
  origin: OriginKind;
  tags: boolean;
  geolocation: boolean;
  /** Who may open a page (app/auth/guards.server.ts); resource routes check their callers themselves. */
  access?: Access;
  /** An expired user who has seen the expired notice may read this page (docs/decisions/013). */
  expiredReads: boolean;
  /** The methods the table names for a resource route (app/http/route-methods.ts reads them). */
  methods?: readonly Method[];
  /**
   * One render serves every visitor without a session for a few seconds (app/http/page-cache.server.ts);
   * `"slots"`: with a few values of each request written into it (app/recipient/consent-slots.server.ts).
   */
  sharedRender?: true | "slots";
};

function pagePolicy(entry: (typeof pageRoutes)[number]): RoutePolicy {
  return {
    path: entry.path,
    file: entry.file,
    kind: "page",
    body: "form",
    limit: entry.formLimit ?? BODY_LIMITS.form,
    origin: "same",
    tags: entry.tags === true,
    geolocation: entry.geolocation === true,
    access: entry.access,
    expiredReads: entry.expiredReads === true,
    ...(entry.sharedRender ? { sharedRender: entry.sharedRender } : {}),
  };
}

function resourcePolicy(route: (typeof resourceRoutes)[number]): RoutePolicy {
  const entry = route as { path: string; file: string; body?: BodyKind; origin?: OriginKind; methods?: Method[] };
  const body = entry.body ?? "form";
  return {
    path: entry.path,
    file: entry.file,
    kind: "resource",
    body,
    limit: BODY_LIMITS[body],
    origin: entry.origin ?? "same",
    tags: false,
    geolocation: false,
    expiredReads: false,
    ...(entry.methods ? { methods: entry.methods } : {}),
  };
}

/** Every route's policy by the id Remix gives the route (each language of a page has its own id). */
const byId = new Map<string, RoutePolicy>([
  ...[...pageRoutes, ...devRoutes].flatMap((entry) => {
    const policy = pagePolicy(entry);
    return Object.keys(localePrefixes).map((locale) => [pageRouteId(locale, entry.path), policy] as const);
  }),
  ...resourceRoutes.map((entry) => [resourceRouteId(entry.path), resourcePolicy(entry)] as const),
]);

/**
 * What applies to a request no route matched (Remix answers it 404 from the root): a page's form
 * limit, posts from this site only, no tags, no position.
 */
export const UNMATCHED: RoutePolicy = {
  path: "",
  file: "root.tsx",
  kind: "page",
  body: "form",
  limit: BODY_LIMITS.form,
  origin: "same",
  tags: false,
  geolocation: false,
  expiredReads: false,
};

/**
 * The policy of the route Remix matched, by its id (`en:dashboard`, `api/v1/lookup`); undefined for
 * an id the route table does not have (the root).
 */
export function policyOf(routeId: string): RoutePolicy | undefined {
  return byId.get(routeId);
}

/** Every route's policy once, for tests and documentation. */
export const allPolicies = (): RoutePolicy[] => [...new Set(byId.values())];
