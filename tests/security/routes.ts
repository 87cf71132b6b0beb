// The routes that accept a state-changing request, read from the route table (app/route-table.js) and
// the route modules themselves (the methods each answers: app/http/route-methods.ts): a new route is
// in every security test the moment it is in the table.
import type { RoutePolicy } from "~/http/policy";
import { devRoutes, localePrefixes, pageRoutes, resourceRoutes } from "~/route-table.js";

import { routesWithModules } from "../support/app-routes";

/** The app's routes with their modules: the route Remix matches for a path, and the methods it answers. */
export const appRoutes = await routesWithModules();

/** The methods that carry a body, of which a route answering one is a target of the body and origin rules. */
export const BODY_METHODS = ["POST", "PUT", "PATCH", "DELETE"];

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
  /** The method with a body the route answers (POST; DELETE for the account's deletion). */
  method: string;
};

/** Every address of every route of the table: pages in their three languages, resource routes. */
export function allAddresses(): Omit<PostTarget, "policy" | "method">[] {
  const addresses: Omit<PostTarget, "policy" | "method">[] = [];
  for (const route of [...pageRoutes, ...devRoutes])
    for (const [locale, prefix] of Object.entries(localePrefixes) as [PostTarget["locale"], string][]) {
      const bare = samplePath(route.path);
      addresses.push({ tablePath: route.path, url: prefix ? `/${prefix}${bare === "/" ? "" : bare}` : bare, locale });
    }
  for (const route of resourceRoutes)
    addresses.push({ tablePath: route.path, url: samplePath(route.path), locale: "en" });
  return addresses;
}

/** Every address that accepts a body (a route answering POST, PUT, PATCH or DELETE). */
export async function postTargets(): Promise<PostTarget[]> {
  return allAddresses().flatMap((address) => {
    const { policy, methods } = appRoutes.match(address.url);
    const method = methods.find((m) => BODY_METHODS.includes(m));
    return method ? [{ ...address, policy, method }] : [];
  });
}
