// Browser access to the JSON API from other origins (API_CORS_ORIGINS, app/http/cors.server.ts), for
// every route of the route table: a preflight from a listed origin is granted for the API's routes
// only, with the route's own methods and the API's headers, never with credentials; an unlisted
// origin, and every route that is not the JSON API, gets no Access-Control-* header at all; answers carry the origin
// (and Vary: Origin) only for a listed origin. Off by default: no grant to anyone.
import http from "node:http";
import type { AddressInfo } from "node:net";

import express from "express";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { installEdge } from "~/http/edge.server";
import { devRoutes, localePrefixes, pageRoutes, resourceRoutes } from "~/route-table.js";
import { loadConfig, parseCorsOrigins, resetConfig } from "~/server/config.server";

import { routesWithModules } from "../support/app-routes";
import { samplePath } from "./routes";

/** The routes with their modules: which methods each answers (app/http/route-methods.ts). */
const appRoutes = await routesWithModules();

const routePolicy = (url: string) => appRoutes.match(url).policy;

const PARTNER = "https://partner.example";
const OTHER = "https://evil.example";

/** One address per route of the table (pages in their three languages), with its origin kind. */
const addresses = [
  ...[...pageRoutes, ...devRoutes].flatMap((route) =>
    Object.values(localePrefixes).map((prefix) => {
      const bare = samplePath(route.path);
      return prefix ? `/${prefix}${bare === "/" ? "" : bare}` : bare;
    }),
  ),
  ...resourceRoutes.map((route) => samplePath(route.path)),
].map((url) => ({ url, api: routePolicy(url).origin === "api", methods: appRoutes.match(url).methods }));

let base = "";
let server: http.Server;

beforeAll(async () => {
  const app = express();
  installEdge(app, async () => appRoutes);
  // Stands in for Remix: every request that passed the edge is answered 200.
  app.all("*", (_req, res) => void res.json({ reached: true }));
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  delete process.env.API_CORS_ORIGINS;
  resetConfig();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const corsHeadersOf = (response: Response) =>
  Object.fromEntries([...response.headers].filter(([name]) => name.startsWith("access-control-")));

const preflight = (url: string, origin: string, method = "POST", headers = "app,authorization,content-type") =>
  fetch(base + url, {
    method: "OPTIONS",
    headers: { Origin: origin, "Access-Control-Request-Method": method, "Access-Control-Request-Headers": headers },
  });

describe("API_CORS_ORIGINS", () => {
  it("takes exact web origins, and refuses a wildcard, null, a path or another scheme", () => {
    expect(parseCorsOrigins(undefined)).toEqual({ ok: true, value: [] });
    expect(parseCorsOrigins(" https://partner.example, http://localhost:5173 ,https://App.Example/")).toEqual({
      ok: true,
      value: ["https://partner.example", "http://localhost:5173", "https://app.example"],
    });
    for (const bad of [
      "*",
      "https://*.example",
      "null",
      "partner.example",
      "https://partner.example/app",
      "ftp://x.example",
    ])
      expect(parseCorsOrigins(bad).ok, bad).toBe(false);
    expect(() => loadConfig({ NODE_ENV: "test", API_CORS_ORIGINS: "*" })).toThrow(/API_CORS_ORIGINS/);
  });
});

describe("off by default", () => {
  beforeEach(() => {
    delete process.env.API_CORS_ORIGINS;
    resetConfig();
  });

  it.each(addresses.map((a) => [a.url]))("%s: no grant to any origin", async (url) => {
    const answer = await preflight(url, PARTNER);
    expect(answer.status).toBe(204);
    expect(corsHeadersOf(answer)).toEqual({});
    const get = await fetch(base + url, { headers: { Origin: PARTNER } });
    expect(corsHeadersOf(get)).toEqual({});
    expect(get.headers.get("vary")).toBeNull();
  });
});

describe(`API_CORS_ORIGINS=${PARTNER}`, () => {
  beforeEach(() => {
    process.env.API_CORS_ORIGINS = PARTNER;
    resetConfig();
  });

  it("covers the JSON API and the other kinds of routes", () => {
    expect(addresses.filter((a) => a.api).length).toBeGreaterThan(15);
    expect(addresses.filter((a) => !a.api).length).toBeGreaterThan(15);
  });

  it.each(addresses.map((a) => [a.url, a] as const))("%s", async (url, { api, methods }) => {
    // The route's own method with a body when it has one (POST, DELETE), else GET.
    const asked = methods.find((method) => method !== "GET" && method !== "HEAD") ?? "GET";
    const granted = await preflight(url, PARTNER, asked);
    expect(granted.status).toBe(204);
    expect(granted.headers.get("allow")).toBe(methods.join(", "));
    if (api) {
      expect(corsHeadersOf(granted)).toEqual({
        "access-control-allow-origin": PARTNER,
        "access-control-allow-methods": methods.join(", "),
        "access-control-allow-headers": "app, authorization, content-type, accept-language, idempotency-key",
        "access-control-max-age": "600",
      });
      expect(granted.headers.get("vary")).toBe("Origin");
    } else {
      expect(corsHeadersOf(granted)).toEqual({});
    }
    // Never to an unlisted origin.
    expect(corsHeadersOf(await preflight(url, OTHER))).toEqual({});

    const answer = await fetch(base + url, {
      method: asked,
      headers: { Origin: PARTNER, APP: "partner", "Sec-Fetch-Site": "same-origin" },
      body: asked === "GET" ? undefined : "{}",
    });
    expect(answer.status).toBe(200);
    if (api) {
      expect(answer.headers.get("access-control-allow-origin")).toBe(PARTNER);
      expect(answer.headers.get("access-control-expose-headers")).toContain("Retry-After");
      expect(answer.headers.get("access-control-expose-headers")).toContain("Idempotency-Replayed");
      expect(answer.headers.get("vary")).toContain("Origin");
    } else {
      expect(corsHeadersOf(answer)).toEqual({});
    }
    const other = await fetch(base + url, { headers: { Origin: OTHER, APP: "partner" } });
    expect(corsHeadersOf(other)).toEqual({});
  });

  it("never grants credentials, other methods or headers the API does not take", async () => {
    const url = "/api/v1/auth/login";
    for (const answer of [await preflight(url, PARTNER), await fetch(base + url, { headers: { Origin: PARTNER } })])
      expect(answer.headers.get("access-control-allow-credentials")).toBeNull();
    // Only the route's own methods: sign-in is POST, the account's deletion DELETE.
    for (const method of ["PUT", "DELETE", "GET", "PATCH"])
      expect(corsHeadersOf(await preflight(url, PARTNER, method)), method).toEqual({});
    expect(corsHeadersOf(await preflight("/api/v1/personnal/account", PARTNER, "POST"))).toEqual({});
    expect(corsHeadersOf(await preflight("/api/v1/personnal/account", PARTNER, "DELETE"))).toMatchObject({
      "access-control-allow-methods": "DELETE",
    });
    expect(corsHeadersOf(await preflight(url, PARTNER, "POST", "app,x-forwarded-for"))).toEqual({});
    expect(corsHeadersOf(await preflight(url, PARTNER, "POST", "cookie"))).toEqual({});
    // The origin is compared exactly: another scheme, port or a suffix is another origin.
    for (const near of [
      "http://partner.example",
      "https://partner.example:8443",
      "https://partner.example.evil.example",
    ])
      expect(corsHeadersOf(await preflight(url, near)), near).toEqual({});
  });

  it("a listed origin's page posts to the API, and its refusals carry the grant so the page can read them", async () => {
    const posted = await fetch(`${base}/api/v1/auth/login`, {
      method: "POST",
      headers: { Origin: PARTNER, "Sec-Fetch-Site": "cross-site", APP: "partner", "Content-Type": "application/json" },
      body: "{}",
    });
    expect(posted.status).toBe(200);
    expect(posted.headers.get("access-control-allow-origin")).toBe(PARTNER);
    const tooLarge = await fetch(`${base}/api/v1/auth/login`, {
      method: "POST",
      headers: { Origin: PARTNER, APP: "partner", "Content-Type": "application/json" },
      body: "x".repeat(70_000),
    });
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.headers.get("access-control-allow-origin")).toBe(PARTNER);
    // The origin rule is unchanged for pages: a listed origin cannot post a page's form.
    const form = await fetch(`${base}/contact-us`, {
      method: "POST",
      headers: { Origin: PARTNER, "Sec-Fetch-Site": "cross-site", "Content-Type": "application/x-www-form-urlencoded" },
      body: "a=1",
    });
    expect(form.status).toBe(403);
    expect(corsHeadersOf(form)).toEqual({});
  });
});
