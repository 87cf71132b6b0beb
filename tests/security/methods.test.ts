// Every method on every route of the table, through the edge (app/http/edge.server.ts): a route
// answers only the methods it declares (the table's `methods`, else its module's loader and action:
// app/http/route-methods.ts); any other method is refused 405 with a true `Allow` (the API's in its
// JSON envelope) before anything reaches the route; OPTIONS names the same methods. TRACE, QUERY and
// WebDAV's methods never reach a route and never answer 500.
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";

import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { installEdge } from "~/http/edge.server";
import { devRoutes, pageRoutes, resourceRoutes } from "~/route-table.js";
import { resetConfig } from "~/server/config.server";

import { allAddresses, appRoutes } from "./routes";

/** Every method Node's HTTP parser accepts that a client could aim at a route (CONNECT is a tunnel). */
const METHODS = http.METHODS.filter((method) => method !== "CONNECT");
const BODY = new Set(["POST", "PUT", "PATCH", "DELETE"]);

let base = "";
let server: http.Server;
const reached: string[] = [];

beforeAll(async () => {
  delete process.env.API_CORS_ORIGINS;
  resetConfig();
  const app = express();
  installEdge(app, async () => appRoutes);
  // Stands in for Remix: records which method reached which path.
  app.use((req, res) => {
    reached.push(`${req.method} ${req.path}`);
    res.json({ reached: true });
  });
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

type Sent = { status: number; headers: http.IncomingHttpHeaders; body: string };

/** One request on its own connection (fetch refuses TRACE and sends no WebDAV method as given). */
function send(method: string, url: string): Promise<Sent> {
  return new Promise((resolve, reject) => {
    const body = BODY.has(method) || method === "QUERY" ? "{}" : "";
    const req = http.request(base + url, {
      method,
      agent: false,
      headers: {
        Origin: base,
        APP: "test",
        "Content-Type": "application/json",
        ...(body ? { "Content-Length": String(body.length) } : {}),
      },
    });
    req.on("response", (res) => {
      let text = "";
      res.on("data", (chunk) => (text += chunk));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: text }));
    });
    req.on("error", reject);
    req.end(body);
  });
}

/**
 * The methods a route should answer, read from the table and the module themselves (not from the
 * edge's code): a resource route's `methods`, else a loader's GET and an action's POST; a page
 * always GET, and POST with an action; HEAD with GET.
 */
async function declared(tablePath: string, isPage: boolean) {
  const entry = (isPage ? [...pageRoutes, ...devRoutes] : resourceRoutes).find((r) => r.path === tablePath)!;
  const module = (await import(/* @vite-ignore */ path.resolve("app", entry.file))) as {
    loader?: unknown;
    action?: unknown;
  };
  const named = (entry as { methods?: string[] }).methods;
  const methods = named
    ? [...named]
    : [
        ...(isPage || typeof module.loader === "function" ? ["GET"] : []),
        ...(typeof module.action === "function" ? ["POST"] : []),
      ];
  if (methods.includes("GET")) methods.splice(methods.indexOf("GET") + 1, 0, "HEAD");
  return methods;
}

const pagePaths = new Set([...pageRoutes, ...devRoutes].map((r) => r.path));
const addresses = await Promise.all(
  allAddresses().map(async (address) => {
    // A page and a resource route may share a table path in name only: the address's route decides.
    const isPage = appRoutes.match(address.url).policy.kind === "page" && pagePaths.has(address.tablePath);
    return { ...address, methods: await declared(address.tablePath, isPage) };
  }),
);

describe("the methods of every route", () => {
  it("cover pages with and without a form, and resource routes of GET, POST and DELETE", () => {
    const allowed = new Set(addresses.map((a) => a.methods.join(", ")));
    expect(allowed).toEqual(new Set(["GET, HEAD", "GET, HEAD, POST", "POST", "DELETE", "GET, HEAD, DELETE"]));
    expect(addresses.find((a) => a.url === "/api/v1/personnal/account")?.methods).toEqual(["DELETE"]);
    expect(addresses.find((a) => a.tablePath === "api/v1/personnal/webhookEndpoints/:id")?.methods).toEqual([
      "GET",
      "HEAD",
      "DELETE",
    ]);
  });

  it.each(addresses.map((a) => [a.url, a] as const))("%s", async (url, { methods }) => {
    const options = await send("OPTIONS", url);
    expect(options.status).toBe(204);
    expect(options.headers.allow).toBe(methods.join(", "));
    for (const method of METHODS.filter((m) => m !== "OPTIONS")) {
      const before = reached.length;
      const answer = await send(method, url);
      if (methods.includes(method)) {
        expect(answer.status, `${method} ${url}`).toBe(200);
        expect(reached.at(-1)).toBe(`${method} ${url}`);
        continue;
      }
      expect(answer.status, `${method} ${url}`).toBe(405);
      expect(answer.headers.allow, `${method} ${url}`).toBe(methods.join(", "));
      expect(reached.length, `${method} ${url} reached the route`).toBe(before);
      if (method === "HEAD") continue;
      if (url.startsWith("/api/v1/")) {
        expect(answer.headers["content-type"]).toContain("application/json");
        const envelope = JSON.parse(answer.body) as { status: number; message: string; data: unknown };
        expect(envelope).toMatchObject({ status: 405, data: null });
        expect(envelope.message).toContain(methods.join(", "));
      } else {
        expect(answer.headers["content-type"]).toContain("text/html");
        expect(answer.body).toContain('data-testid="status-code">405<');
      }
    }
  });

  it("never lets a wrong method reach what the issue found: cancelling, signing in, sending", async () => {
    for (const [method, url] of [
      ["DELETE", "/api/v1/personnal/subscribe/cancel"],
      ["PUT", "/api/v1/auth/login"],
      ["PATCH", "/api/v1/locate/createLink"],
      ["PATCH", "/api/v1/locate/sendSms"],
      ["PATCH", "/api/v1/locate/sendEmail"],
      ["PATCH", "/api/v1/voice/send"],
      ["TRACE", "/"],
      ["QUERY", "/api/v1/lookup"],
    ] as const) {
      const answer = await send(method, url);
      expect(answer.status, `${method} ${url}`).toBe(405);
    }
    expect((await send("OPTIONS", "/api/v1/personnal/account")).headers.allow).toBe("DELETE");
  });

  it("answers lazy route discovery to GET and HEAD only", async () => {
    expect((await send("POST", "/__manifest")).status).toBe(405);
    expect((await send("OPTIONS", "/__manifest")).headers.allow).toBe("GET, HEAD");
  });
});
