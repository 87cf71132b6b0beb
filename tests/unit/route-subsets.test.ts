// The route subsets (app/http/route-subsets.server.ts) must never change which route answers: for
// every route of the app and thousands of generated paths, Remix's own matching over the subset gives
// the same matches as over the whole route list.
import { matchRoutes } from "@remix-run/react";
import fc from "fast-check";
import { describe, expect, it, vi } from "vitest";

import { pathSegments, routeSubsets } from "~/http/route-subsets.server";

import { manifest } from "../support/app-routes";

type RouteObject = Parameters<typeof matchRoutes>[0][number];

function tree(ids: Set<string> | null, parentId?: string): RouteObject[] {
  return Object.values(manifest)
    .filter((route) => route.parentId === parentId && (!ids || ids.has(route.id)))
    .map((route) =>
      route.index
        ? { id: route.id, index: true, path: route.path }
        : { id: route.id, path: route.path, caseSensitive: route.caseSensitive, children: tree(ids, route.id) },
    );
}

const whole = tree(null);
const subsets = routeSubsets(manifest);

/** What Remix matches for a request's path (a `.data` request without its suffix). */
function matchedPath(pathname: string) {
  return pathname.endsWith(".data") ? pathname.replace(/\.data$/, "").replace(/^\/_root$/, "/") : pathname;
}

function expectSameMatches(pathname: string) {
  const ids = subsets.idsFor(pathname);
  const expected = matchRoutes(whole, matchedPath(pathname))?.map((match) => match.route.id);
  if (!ids) return;
  const actual = matchRoutes(tree(ids), matchedPath(pathname))?.map((match) => match.route.id);
  expect(actual, pathname).toEqual(expected);
}

/** Every route's path (all are children of the root) with its parameters filled in. */
const routePaths = Object.values(manifest).map(
  (route) => `/${(route.path ?? "").replace(/:[\w-]+\??/g, "x7Kq2").replace(/\*/g, "some/rest")}`,
);

describe("route subsets", () => {
  it("match every route's own path as the whole route list does, in any case and form", () => {
    expect(routePaths.length).toBeGreaterThan(100);
    for (const path of routePaths) {
      for (const variant of [
        path,
        path.toUpperCase(),
        `${path}/`,
        `${path}//`,
        `${path}.data`,
        `${path === "/" ? "/_root" : path}.data`,
        `${path}/extra`,
        encodeURI(path).replace(/a/g, "%61"),
      ])
        expectSameMatches(variant);
    }
  });

  it("match generated paths as the whole route list does", () => {
    // Remix warns about every badly encoded path; those are generated on purpose here.
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const known = [...new Set(routePaths.flatMap((path) => path.split("/")).filter(Boolean))];
    const segment = fc.oneof(
      fc.constantFrom(...known, "id", "ph", "ID", "Ph", "api", "v1", "%41", "%zz", "", ".data", "_root"),
      fc.stringMatching(/^[A-Za-z0-9._~%-]{1,12}$/),
    );
    fc.assert(
      fc.property(fc.array(segment, { maxLength: 6 }), fc.boolean(), fc.boolean(), (segments, slash, data) => {
        const path = `/${segments.join("/")}${slash ? "/" : ""}${data ? ".data" : ""}`;
        expectSameMatches(path);
      }),
      { numRuns: 3000 },
    );
  });

  it("hand a page or an API call only the few routes its path may match", () => {
    for (const path of ["/", "/id", "/ph/dashboard", "/blog/some-post", "/api/v1/personnal/subscribe/info", "/Ab3dE"]) {
      const ids = subsets.idsFor(path)!;
      expect(ids.has("root"), path).toBe(true);
      expect(ids.size, `${path}: ${[...ids].join(", ")}`).toBeLessThanOrEqual(6);
    }
    expect(subsets.idsFor("/")).toBe(subsets.idsFor("/_root.data"));
  });

  it("keep a bounded number of subsets, whatever the paths", () => {
    const seen = new Set<Set<string>>();
    fc.assert(
      fc.property(fc.array(fc.stringMatching(/^[a-z0-9]{1,8}$/), { maxLength: 4 }), (segments) => {
        const ids = subsets.idsFor(`/${segments.join("/")}`);
        if (ids) seen.add(ids);
      }),
      { numRuns: 2000 },
    );
    for (const path of routePaths) {
      const ids = subsets.idsFor(path);
      if (ids) seen.add(ids);
    }
    expect(seen.size).toBeLessThanOrEqual(subsets.limit);
  });

  it("leave to the whole route list the paths the tree cannot read", () => {
    expect(pathSegments("/a//b")).toBeNull();
    expect(pathSegments("/%E0%A4%A")).toBeNull();
    expect(pathSegments("/Blog/%41b/")).toEqual(["blog", "ab"]);
    expect(pathSegments("/_root.data")).toEqual([]);
  });
});
