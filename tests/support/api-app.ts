// The JSON API as the server runs it, in the test's own process: an Express app with the HTTP edge
// (app/http/edge.server.ts: body limits, the origin rule, client addresses, CORS) in front of Remix's

// request handler over the /api/v1 routes of the route table (the route modules themselves, matched
// by Remix as in the build). It listens on a loopback port, so clients talk HTTP to it, and it reads
// the test's database and settings (process.env, then resetConfig()). `pages` adds page routes of the
// table (unprefixed, English) whose forms a test posts, such as the sandbox's hosted checkout: their
// actions run; no page is rendered.
import type { AddressInfo } from "node:net";
import path from "node:path";

import type { ServerBuild } from "@remix-run/node";
import express from "express";

import { appServer } from "~/http/app-server.server";
import { installEdge } from "~/http/edge.server";
import { remixHandler } from "~/http/remix-handler.server";
import { routesOfBuild } from "~/http/route-match.server";
import { pageRoutes, resourceRoutes } from "~/route-table.js";
import { requestLog } from "~/server/request-log.server";

import remixConfig from "../../remix.config.js";

/** A build with the root (no page) and the table's /api/v1 routes, as remix.config.js names them. */
async function apiBuild(pages: string[]): Promise<ServerBuild> {
  const routes: Record<string, unknown> = { root: { id: "root", path: "", module: { default: () => null } } };
  for (const page of pageRoutes.filter((r) => pages.includes(r.path))) {
    const module = (await import(/* @vite-ignore */ path.resolve("app", page.file))) as object;
    routes[`en:${page.path}`] = { id: `en:${page.path}`, path: page.path, parentId: "root", module };
  }
  for (const route of resourceRoutes.filter((r) => r.path.startsWith("api/v1/"))) {
    const module = (await import(/* @vite-ignore */ path.resolve("app", route.file))) as object;
    routes[route.path] = { id: route.path, path: route.path, parentId: "root", module };
  }
  // Only resource routes: no document is ever rendered.
  return testBuild(routes, { default: () => new Response("no pages here", { status: 404 }) });
}

/** A production build of the given route manifest and entry module, without a browser build. */
export function testBuild(routes: Record<string, unknown>, entry: Record<string, unknown>): ServerBuild {
  return {
    routes,
    entry: { module: entry },
    assets: { routes: {}, entry: { module: "", imports: [] }, url: "", version: "test" },
    publicPath: "/",
    assetsBuildDirectory: "build/client",
    future: remixConfig.future,
    mode: "production",
    isSpaMode: false,
    basename: "/",
  } as unknown as ServerBuild;
}

export type ApiApp = { origin: string; close: () => Promise<void> };

/** `requestLog`: the request log in front, as the server has it (request ids, the request's scope). */
export async function startApiApp(options: { pages?: string[]; requestLog?: boolean } = {}): Promise<ApiApp> {
  const app = express();
  if (options.requestLog) app.use(requestLog());
  const build = await apiBuild(options.pages ?? []);
  const routes = async () => routesOfBuild(build, "production");
  installEdge(app, routes);
  app.use(remixHandler(routes));
  const server = appServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
