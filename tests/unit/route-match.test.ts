// The route a request is, for the edge, the guards and the headers (app/http/route-match.server.ts),
// is the route Remix's own matching picks over the whole route list, and its policy is that route's
// entry in the route table: for every route, in any case and form, and for thousands of generated paths.
import { matchRoutes } from "@remix-run/react";
import fc from "fast-check";
import { describe, expect, it, vi } from "vitest";

import { allPolicies, policyOf, UNMATCHED } from "~/http/policy";
import { pathTooCostly, routedPath } from "~/http/route-match.server";
import { pageRoutes, resourceRoutes } from "~/route-table.js";

import { manifest, testRoutes } from "../support/app-routes";

type RouteObject = Parameters<typeof matchRoutes>[0][number];

function tree(parentId?: string): RouteObject[] {
  return Object.values(manifest)
    .filter((route) => route.parentId === parentId)
    .map((route) =>
      route.index
        ? { id: route.id, index: true, path: route.path }
        : { id: route.id, path: route.path, caseSensitive: route.caseSensitive, children: tree(route.id) },
    );
}
const whole = tree();

/** The route and policy of a match (its methods are tests/security/methods.test.ts's). */
const routeOf = ({ id, policy }: { id: string | null; policy: unknown }) => ({ id, policy });

/** The leaf route Remix matches over the whole route list, and its policy. */
function remixLeaf(pathname: string) {
  const id = matchRoutes(whole, routedPath(pathname))?.at(-1)?.route.id ?? null;
  return { id, policy: (id && policyOf(id)) || UNMATCHED };
}

describe("the matched route's policy", () => {
  it("exists for every route of the build but the root", () => {
    for (const id of Object.keys(manifest)) {
      if (id === "root") continue;
      expect(policyOf(id), id).toBeDefined();
    }
    expect(allPolicies().length).toBe(pageRoutes.length + resourceRoutes.length + 1 /* dev/outbox */);
  });

  it("is the route table's for paths in any case, with repeated or trailing slashes and encodings", () => {
    const cases: [string, string][] = [
      ["/ID", "id:index"],
      ["/Ph/dashboard", "ph:dashboard"],
      ["/PH/DASHBOARD", "ph:dashboard"],
      ["/%70h/dashboard", "ph:dashboard"],
      ["//", "en:index"],
      ["/dashboard//", "en:dashboard"],
      ["/blog//", "en:blog"],
      ["/Api/V1/Lookup", "api/v1/lookup"],
      ["/dashboard.data", "en:dashboard"],
      ["/_root.data", "en:index"],
      ["/AbCd1234", "en:*"],
    ];
    for (const [path, id] of cases) {
      const matched = testRoutes.match(path);
      expect(matched.id, path).toBe(id);
      expect(routeOf(matched), path).toEqual(remixLeaf(path));
    }
    expect(testRoutes.match("/PH/DASHBOARD").policy.access).toBe("subscriber");
  });

  it("is the policy of Remix's own match for generated paths", () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const known = [...new Set(Object.values(manifest).flatMap((route) => (route.path ?? "").split("/")))];
    const segment = fc.oneof(
      fc.constantFrom(...known.filter(Boolean), "ID", "Ph", "PH", "%69d", "", "x", ".data", "_root", "%zz"),
      fc.stringMatching(/^[A-Za-z0-9._~%-]{1,10}$/),
    );
    fc.assert(
      fc.property(fc.array(segment, { maxLength: 7 }), fc.boolean(), (segments, slash) => {
        const path = `/${segments.join("/")}${slash ? "/" : ""}`;
        expect(routeOf(testRoutes.match(path)), path).toEqual(remixLeaf(path));
      }),
      { numRuns: 1500 },
    );
  }, 60_000);
});

describe("paths bounded before routing", () => {
  it("refuses more segments than any route has, and longer paths than any address", () => {
    expect(pathTooCostly(`/${"a/".repeat(15)}a`)).toBeNull();
    expect(pathTooCostly(`/${"a/".repeat(16)}a`)).toBe(404);
    expect(pathTooCostly(`/${"x".repeat(2047)}`)).toBeNull();
    expect(pathTooCostly(`/${"x".repeat(2048)}`)).toBe(414);
    // No route has more segments than the bound leaves room for.
    const deepest = Math.max(...Object.values(manifest).map((route) => (route.path ?? "").split("/").length));
    expect(deepest).toBeLessThan(16);
  });
});

describe("lazy route discovery", () => {
  /** A discovery request for `paths`, as the browser sends it. */
  const discovery = (paths: string[]) =>
    new URL(`http://localhost/__manifest?${paths.map((p) => `p=${p}`).join("&")}&version=test`);
  /** CPU time (user and system, µs) of answering `url` `times` times. */
  const cpu = (url: URL, times: number) => {
    const started = process.cpuUsage();
    for (let i = 0; i < times; i += 1) testRoutes.manifest(url);
    const used = process.cpuUsage(started);
    return used.user + used.system;
  };
  const DEEP = "a/b/c/d/e/f/g/h/i/j/k/l/m/n/o";
  // A page's links: a hundred blog posts in Indonesian (the answer a real page gets).
  const ordinary = discovery(Array.from({ length: 100 }, (_, i) => `/id/blog/post-${i}`));
  // The attack: a hundred paths of sixteen segments, each with a segment that cannot be decoded
  // (`%25` is `%`) or an empty one, or readable but 1,600 paths to match in all.
  const hostile = [
    discovery(Array.from({ length: 100 }, (_, i) => `/%25q${i}/${DEEP}`)),
    discovery(Array.from({ length: 100 }, (_, i) => `/q${i}//${DEEP.slice(2)}`)),
    discovery(Array.from({ length: 100 }, (_, i) => `/q${i}/${DEEP}`)),
  ];

  it("answers a page's links, and refuses unreadable paths and more matching than a page needs", () => {
    expect(testRoutes.manifest(ordinary).status).toBe(200);
    for (const url of hostile) expect(testRoutes.manifest(url).status, url.href.slice(0, 80)).toBe(400);
  });

  it("costs no more CPU for hostile paths than for a page's links, and logs nothing", () => {
    const warn = vi.spyOn(console, "warn");
    cpu(ordinary, 5);
    for (const url of hostile) cpu(url, 5);
    const page = cpu(ordinary, 20);
    for (const url of hostile) {
      const used = cpu(url, 20);
      expect(used, `${url.href.slice(0, 80)}: ${used} µs beside ${page} µs`).toBeLessThan(page * 2);
    }
    expect(warn).not.toHaveBeenCalled();
  });
});
