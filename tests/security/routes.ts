// The routes that accept a state-changing request, read from the route table (app/route-table.js) and
// the route modules themselves (those that export `action`): a new route is in every security test
// the moment it is in the table.
import path from "node:path";

import type { RoutePolicy } from "~/http/policy";
import { devRoutes, localePrefixes, pageRoutes, resourceRoutes } from "~/route-table.js";

import { testRoutes } from "../support/app-routes";

/** The policy of the route Remix matches for `url` (app/http/route-match.server.ts). */
const routePolicy = (url: string) => testRoutes.match(url).policy;

/** A value for each kind of path parameter, so that a concrete address reaches the route. */
const SAMPLE_PARAMS: Record<string, string> = {
  ":slug": "a-post",
  ":id": "chk_sample",
  ":provider": "stripe",
  "*": "abcdefgh",
};

export function samplePath(tablePath: string) {
  if (tablePath === "") return "/";
  return `/${tablePath
    .split("/")
    .map((segment) => SAMPLE_PARAMS[segment] ?? (segment.startsWith(":") ? "x" : segment))
    .join("/")}`;
}

/** The route parameters of samplePath's address (`{ provider: "stripe" }`, `{ "*": "abcdefgh" }`). */
export function sampleParams(tablePath: string) {
  const params: Record<string, string> = {};
  for (const segment of tablePath.split("/")) {
    if (segment.startsWith(":")) params[segment.slice(1)] = SAMPLE_PARAMS[segment] ?? "x";
    if (segment === "*") params["*"] = SAMPLE_PARAMS["*"]!;
  }
  return params;
}

export type PostTarget = {
  /** The route table's path (without locale prefix): the key of per-route fixtures. */
  tablePath: string;
  /** A concrete address of the route (locale prefix included). */
  url: string;
  locale: "en" | "id" | "ph";
  policy: RoutePolicy;
};

async function hasAction(file: string) {
  const module = (await import(/* @vite-ignore */ path.resolve("app", file))) as { action?: unknown };
  return typeof module.action === "function";
}

/** Every address that accepts POST: all three locale variants of pages, and resource routes. */
export async function postTargets(): Promise<PostTarget[]> {
  const targets: PostTarget[] = [];
  for (const route of [...pageRoutes, ...devRoutes]) {
    if (!(await hasAction(route.file))) continue;
    for (const [locale, prefix] of Object.entries(localePrefixes) as [PostTarget["locale"], string][]) {
      const bare = samplePath(route.path);
      const url = prefix ? `/${prefix}${bare === "/" ? "" : bare}` : bare;
      targets.push({ tablePath: route.path, url, locale, policy: routePolicy(url) });
    }
  }
  for (const route of resourceRoutes) {
    if (!(await hasAction(route.file))) continue;
    const url = samplePath(route.path);
    targets.push({ tablePath: route.path, url, locale: "en", policy: routePolicy(url) });
  }
  return targets;
}
