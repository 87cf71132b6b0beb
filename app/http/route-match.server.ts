// Which route a request is, decided once and by Remix's own matching: the HTTP edge (body limit,
// origin rule), the page guards (app/auth/guards.server.ts) and the page headers (app/entry.server.tsx)
// all read the route found here, by its id in the route table (app/http/policy.ts). Remix matches the
// same path against the same routes with the same function (`matchRoutes`) when it handles the
// request, so the two cannot disagree: there is no second set of patterns to drift.
//
// It also bounds what matching may cost before Remix sees a request: a path of more segments than any
// route has, or longer than any address the site makes, is answered at the edge; the browser's lazy
// route discovery (`/__manifest`) is answered here from the route subsets, for a bounded number of
// bounded paths, instead of by Remix over the whole build.
import { createRequestHandler, type ServerBuild } from "@remix-run/node";
import { matchRoutes, UNSAFE_getResolveToMatches as resolveBases, type AgnosticRouteObject } from "@remix-run/router";

import { trickOn } from "~/server/speed-tricks.server";

import { policyOf, UNMATCHED, type RoutePolicy } from "./policy";
import { callResourceRoute, callsDirectly } from "./resource-route.server";
import { routeMethods } from "./route-methods";
import { pathSegments, routeSubsets } from "./route-subsets.server";

/** More segments than any route of the table has with its locale prefix (the deepest has five). */
export const MAX_PATH_SEGMENTS = 16;
/** Characters of a path (as sent, percent-encoded): far more than any address of the site. */
export const MAX_PATH_LENGTH = 2048;
/** Paths one lazy route discovery request may ask about (a page's links come in one request). */
export const MAX_MANIFEST_PATHS = 100;
/**
 * Paths one lazy route discovery request may have matched: each asked path and every path above it.
 * A page's links need a few dozen (the deepest route has five segments); each match costs some
 * microseconds, so this keeps the answer within a few milliseconds of CPU whatever is asked.
 */
export const MAX_MANIFEST_MATCHES = 400;
/** Remix's own bound on a discovery request's address (its browser code never sends a longer one). */
const MANIFEST_URL_LIMIT = 7680;
export const MANIFEST_PATH = "/__manifest";

export type MatchedRoute = {
  /** The id of the route that answers (the leaf of Remix's matches), or null when none matches. */
  id: string | null;
  /** Its policy: what the route table says of it (UNMATCHED when no route matches). */
  policy: RoutePolicy;
  /** The methods it answers (app/http/route-methods.ts): the edge answers any other 405. */
  methods: readonly string[];
  /** The path's parameters, as Remix's matching gives them to the route. */
  params: Record<string, string | undefined>;
};

declare module "@remix-run/node" {
  interface AppLoadContext {
    /** The route this request matched (the edge finds it before Remix runs: app/http/route-match.server.ts). */
    route?: MatchedRoute;
  }
}

/** Why a path is refused before any routing, or null when it may be routed. */
export function pathTooCostly(pathname: string): 404 | 414 | null {
  if (pathname.length > MAX_PATH_LENGTH) return 414;
  let segments = 0;
  for (let i = 0; i < pathname.length; i += 1) if (pathname.charCodeAt(i) === 47 /* "/" */) segments += 1;
  return segments > MAX_PATH_SEGMENTS ? 404 : null;
}

/**
 * Whether every segment of a path can be read: no bad percent-encoding (`%ff`, `%q0`) and no empty
 * segment inside it. No address of the site is such a path; Remix would match it over the whole
 * build, and warn of each undecodable segment every time it matches.
 */
export const readablePath = (pathname: string) => pathSegments(pathname) !== null;

/** The path Remix matches for a request's path: a single-fetch `.data` request without its suffix. */
export function routedPath(pathname: string) {
  return pathname.endsWith(".data") ? pathname.slice(0, -".data".length).replace(/^\/_root$/, "/") : pathname;
}

type Handler = ReturnType<typeof createRequestHandler>;

export type AppRoutes = {
  /** The route Remix will match for this path (already bounded by pathTooCostly). */
  match(pathname: string): MatchedRoute;
  /** Remix's request handler for a request whose path was matched: over its route subset. */
  handle(request: Request, loadContext: Parameters<Handler>[1]): ReturnType<Handler>;
  /** The answer to a lazy route discovery request (`/__manifest?p=…&version=…`). */
  manifest(url: URL): Response;
};

/** The build's routes as Remix's router receives them: a tree from the root, children under their parent. */
function routeTree(routes: ServerBuild["routes"], ids: Set<string> | null, parentId?: string): AgnosticRouteObject[] {
  return Object.values(routes)
    .filter((route) => route.parentId === parentId && (!ids || ids.has(route.id)))
    .map((route) =>
      route.index
        ? { id: route.id, index: true, path: route.path, caseSensitive: route.caseSensitive }
        : {
            id: route.id,
            path: route.path,
            caseSensitive: route.caseSensitive,
            children: routeTree(routes, ids, route.id),
          },
    );
}

/** The build reduced to some routes: the server's route modules and the browser's manifest alike. */
function subsetBuild(build: ServerBuild, ids: Set<string>): ServerBuild {
  const pick = <T>(all: Record<string, T>) =>
    Object.fromEntries(Object.entries(all).filter(([id]) => ids.has(id))) as Record<string, T>;
  return { ...build, routes: pick(build.routes), assets: { ...build.assets, routes: pick(build.assets.routes) } };
}

/**
 * The routes of one build: matching, the handler of each route subset (docs/decisions/020), and the
 * lazy route discovery answer. Made once per build object (in development, once per rebuild).
 */
export function appRoutes(build: ServerBuild, mode: string): AppRoutes {
  const subsets = routeSubsets(build.routes);
  const subsetsOn = trickOn("route-subsets");
  const production = mode === "production";
  type Subset = { tree: AgnosticRouteObject[]; build: () => ServerBuild; handler?: Handler };
  const whole: Subset = { tree: routeTree(build.routes, null), build: () => build };
  const bySubset = new Map<Set<string>, Subset>();

  const subsetOf = (path: string) => {
    // The simple path, for the bench only (app/server/speed-tricks.server.ts): the whole build.
    const ids = subsetsOn ? subsets.idsFor(path) : null;
    if (!ids) return { entry: whole };
    let entry = bySubset.get(ids);
    if (!entry)
      bySubset.set(ids, (entry = { tree: routeTree(build.routes, ids), build: () => subsetBuild(build, ids) }));
    return { entry };
  };
  const matchesOf = (path: string) => matchRoutes(subsetOf(path).entry.tree, path) ?? [];
  const methodsById = new Map<string | null, readonly string[]>();
  const methodsOf = (id: string | null) => {
    let methods = methodsById.get(id);
    if (!methods)
      methodsById.set(
        id,
        (methods = routeMethods((id && policyOf(id)) || null, id ? build.routes[id]?.module : undefined)),
      );
    return methods;
  };

  return {
    match(pathname) {
      const matches = matchesOf(routedPath(pathname));
      const leaf = matches.at(-1)?.route.id ?? null;
      return {
        id: leaf,
        policy: (leaf && policyOf(leaf)) || UNMATCHED,
        methods: methodsOf(leaf),
        params: matches.at(-1)?.params ?? {},
      };
    },
    handle(request, loadContext) {
      const url = new URL(request.url);
      // A resource route the edge matched is called directly, as Remix would call it
      // (app/http/resource-route.server.ts); in development Remix keeps its own error details. The
      // trick is read per request: its test compares both paths in one process.
      const matched = loadContext?.route;
      const resource = matched?.id ? build.routes[matched.id] : undefined;
      if (production && matched && trickOn("direct-resources") && callsDirectly(resource, request, url))
        return callResourceRoute(build, resource, request, loadContext, {
          params: matched.params,
          // Only a relative redirect needs the route's bases (Remix's relative routing): matched again then.
          bases: () => resolveBases(matchesOf(routedPath(url.pathname)), build.future?.v3_relativeSplatPath === true),
        });
      const { entry } = subsetOf(routedPath(url.pathname));
      entry.handler ??= createRequestHandler(entry.build(), mode);
      return entry.handler(request, loadContext);
    },
    manifest(url) {
      // As Remix answers it (@remix-run/server-runtime's handleManifestRequest), from the subsets.
      if (build.assets.version !== url.searchParams.get("version"))
        return new Response(null, { status: 204, headers: { "X-Remix-Reload-Document": "true" } });
      const asked = url.searchParams.getAll("p").map((path) => (path.startsWith("/") ? path : `/${path}`));
      // A path that is not an address of the site (too deep, too long, unreadable) refuses the whole
      // request: the browser asks only about its pages' links, and every path is then matched within
      // its route subset, never over the whole build.
      if (
        url.href.length > MANIFEST_URL_LIMIT ||
        asked.length === 0 ||
        asked.length > MAX_MANIFEST_PATHS ||
        asked.some((path) => pathTooCostly(path) !== null || !readablePath(path))
      )
        return new Response(null, { status: 400, statusText: "Bad Request" });
      // Each path and every path above it, so that the browser also learns the routes on the way.
      const paths = new Set<string>();
      for (const path of asked) {
        const segments = path.split("/").slice(1);
        segments.forEach((_, i) => paths.add(`/${segments.slice(0, i + 1).join("/")}`));
      }
      if (paths.size > MAX_MANIFEST_MATCHES) return new Response(null, { status: 400, statusText: "Bad Request" });
      const patches: Record<string, ServerBuild["assets"]["routes"][string]> = {};
      for (const path of paths)
        for (const { route } of matchesOf(path)) {
          const asset = route.id ? build.assets.routes[route.id] : undefined;
          if (asset) patches[route.id!] = asset;
        }
      return Response.json(patches, { headers: { "Cache-Control": "public, max-age=31536000, immutable" } });
    },
  };
}

const madeFor = new WeakMap<ServerBuild, AppRoutes>();

/** `appRoutes` of a build, made once per build object. */
export function routesOfBuild(build: ServerBuild, mode: string): AppRoutes {
  let routes = madeFor.get(build);
  if (!routes) madeFor.set(build, (routes = appRoutes(build, mode)));
  return routes;
}

/** The build the server runs: the build itself (production), or a function that gives the current one (development). */
export type BuildSource = ServerBuild | (() => Promise<ServerBuild>);

/** The routes of the build a request is handled with (in development Vite may have rebuilt it since). */
export async function currentRoutes(source: BuildSource, mode: string) {
  return routesOfBuild(typeof source === "function" ? await source() : source, mode);
}
