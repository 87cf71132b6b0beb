// The app's routes as the build has them, for tests that run loaders, actions or the edge without a
// build: the route manifest remix.config.js defines (the root and every route under it), matched by
// the server's own code (app/http/route-match.server.ts).
import path from "node:path";

import type { AppLoadContext, ServerBuild } from "@remix-run/node";

import { appRoutes } from "~/http/route-match.server";

import remixConfig from "../../remix.config.js";

type Defined = {
  id: string;
  file: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
  parentId?: string;
};

const defined = (await remixConfig.routes()) as Record<string, Defined>;

/** The build's route manifest: the root, and every route of the table under it. */
export const manifest = {
  root: { id: "root", path: "" },
  ...Object.fromEntries(
    Object.values(defined).map((route) => [route.id, { ...route, parentId: route.parentId ?? "root" }]),
  ),
} as unknown as ServerBuild["routes"];

/** A build with the app's routes and no modules: enough to match (never to handle) a request. */
export const routesOnlyBuild = {
  routes: manifest,
  assets: { routes: {}, version: "test", entry: { module: "", imports: [] }, url: "" },
} as unknown as ServerBuild;

export const testRoutes = appRoutes(routesOnlyBuild, "test");

/** The load context the edge gives Remix for a request to `url`: the route it matched. */
export function matchedContext(url: string): AppLoadContext {
  return { route: testRoutes.match(new URL(url, "http://localhost").pathname) };
}

/**
 * The app's routes with their modules, whose loader and action say which methods a route answers
 * (app/http/route-methods.ts): for tests of the edge. Imports every route module.
 */
export async function routesWithModules() {
  const routes: Record<string, unknown> = { ...manifest };
  for (const route of Object.values(defined))
    routes[route.id] = {
      ...(manifest[route.id] as object),
      module: (await import(/* @vite-ignore */ path.resolve("app", route.file))) as object,
    };
  return appRoutes({ ...routesOnlyBuild, routes } as unknown as ServerBuild, "test");
}
