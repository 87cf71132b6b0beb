// Remix matches a request against every route of the build, and does so several times per request
// (its request handler, the static handler, the React router's render, the manifest of the answer),
// each time flattening and ranking all routes and compiling their patterns again. With 128 routes
// (three languages of every page, docs/decisions/020) that was a third of the server's time.
//
// This module hands each request to a request handler made from a subset of the build: the routes
// that could match its path, found once through a tree of the routes' static segments. The subset
// always holds every route that can match the path (a superset of them), so Remix's own matching and
// ranking inside it choose the same route as over the whole build; tests/unit/route-subsets.test.ts
// proves it against Remix's `matchRoutes` for every route and thousands of generated paths. A path the
// tree cannot read (an empty segment inside it, a bad percent-encoding) and `/__manifest` (the
// browser's lazy route discovery, which needs every route) go to the handler of the whole build.
import type { ServerBuild } from "@remix-run/node";

type Route = ServerBuild["routes"][string];

type RouteShape = {
  id: string;
  /** The lowercased static segments before the first parameter, splat or optional segment, as `/a/b`. */
  prefix: string;
  /** The whole path is static: it matches exactly `prefix.length` segments. */
  exact: boolean;
  /** Case-sensitive routes are kept in every subset (the tree is lowercase). */
  always: boolean;
};

type Node = { children: Map<string, Node>; key: string };

/** The full path of a route: its ancestors' paths and its own, joined. */
function fullPath(routes: ServerBuild["routes"], route: Route): string {
  const parts: string[] = [];
  for (
    let current: Route | undefined = route;
    current;
    current = current.parentId ? routes[current.parentId] : undefined
  )
    if (current.path) parts.unshift(current.path);
  return parts.join("/");
}

function shapeOf(routes: ServerBuild["routes"], route: Route): RouteShape {
  const segments = fullPath(routes, route).split("/").filter(Boolean);
  const statics: string[] = [];
  for (const segment of segments) {
    if (segment.startsWith(":") || segment === "*" || segment.endsWith("?")) break;
    statics.push(segment.toLowerCase());
  }
  return {
    id: route.id,
    prefix: statics.map((segment) => `/${segment}`).join(""),
    exact: statics.length === segments.length,
    always: route.caseSensitive === true,
  };
}

/**
 * The decoded, lowercased segments of the path Remix matches (a single-fetch `.data` request is
 * matched without its suffix), or null when the tree cannot read it.
 */
export function pathSegments(pathname: string): string[] | null {
  let path = pathname;
  if (path.endsWith(".data")) path = path.slice(0, -".data".length).replace(/^\/_root$/, "/");
  const segments = path.split("/").slice(1);
  while (segments.length && segments[segments.length - 1] === "") segments.pop();
  const decoded: string[] = [];
  for (const segment of segments) {
    if (segment === "") return null;
    try {
      decoded.push(decodeURIComponent(segment).toLowerCase());
    } catch {
      return null;
    }
  }
  return decoded;
}

export type RouteSubsets = {
  /** The ids of the routes a request for `pathname` may match (with their ancestors), or null for all. */
  idsFor(pathname: string): Set<string> | null;
  /** How many distinct subsets exist at most (bounded by the routes, never by the requests). */
  readonly limit: number;
};

/** The route subsets of a build's route manifest. */
export function routeSubsets(routes: ServerBuild["routes"]): RouteSubsets {
  const shapes = Object.values(routes).map((route) => shapeOf(routes, route));
  const root: Node = { children: new Map(), key: "" };
  let nodes = 1;
  for (const { prefix } of shapes) {
    let node = root;
    for (const segment of prefix.split("/").slice(1)) {
      let child = node.children.get(segment);
      if (!child) {
        node.children.set(segment, (child = { children: new Map(), key: `${node.key}/${segment}` }));
        nodes += 1;
      }
      node = child;
    }
  }
  const ancestors = (id: string) => {
    const ids: string[] = [];
    for (let route: Route | undefined = routes[id]; route; route = route.parentId ? routes[route.parentId] : undefined)
      ids.push(route.id);
    return ids;
  };
  const cache = new Map<string, Set<string>>();
  return {
    limit: nodes * 2,
    idsFor(pathname) {
      const segments = pathSegments(pathname);
      if (!segments) return null;
      // Follow the request's segments down the tree as far as some route's static segments go.
      let node = root;
      let depth = 0;
      for (; depth < segments.length; depth += 1) {
        const child = node.children.get(segments[depth]!);
        if (!child) break;
        node = child;
      }
      const ended = depth === segments.length;
      const key = `${node.key}|${ended}`;
      let ids = cache.get(key);
      if (ids) return ids;
      ids = new Set();
      for (const shape of shapes) {
        // A route's static segments must be the first segments of the path (so its place in the tree
        // is on the walk); a fully static route matches only a path that ends where it ends.
        const onWalk = node.key === shape.prefix || node.key.startsWith(`${shape.prefix}/`);
        const fits = shape.always || (onWalk && (!shape.exact || (ended && node.key === shape.prefix)));
        if (fits) for (const id of ancestors(shape.id)) ids.add(id);
      }
      cache.set(key, ids);
      return ids;
    },
  };
}
