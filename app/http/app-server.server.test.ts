// The server's requests and responses made with the Express app's prototypes (app/http/app-server.server.ts)
// are what Express makes of Node's own: the prototypes are in place before Express sees them, and the
// JSON API through the edge (client address, host check, methods, body limits, CORS, the request log)
// answers exactly as on the simple path (`onSimplePath(["express-prototypes"])`, Node's classes).
import http from "node:http";
import type { AddressInfo } from "node:net";

import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { onSimplePath, trickOn } from "~/server/speed-tricks.server";

import { startApiApp, type ApiApp } from "../../tests/support/api-app";
import { signedInUser } from "../../tests/support/factories";
import { appServer } from "./app-server.server";

/** What the listener saw of the first request's objects, and what Express's middleware saw. */
async function prototypesSeen() {
  const app = express();
  const inApp: boolean[] = [];
  app.use((req, res) => {
    inApp.push(Object.getPrototypeOf(req) === app.request, Object.getPrototypeOf(res) === app.response);
    res.status(201).set("X-Seen", `${req.hostname} ${req.path}`).send(`${req.ip}`);
  });
  const before: boolean[] = [];
  const server = appServer(app, (req, res) => {
    before.push(
      Object.getPrototypeOf(req) === app.request,
      Object.getPrototypeOf(res) === app.response,
      req instanceof http.IncomingMessage,
      res instanceof http.ServerResponse,
    );
    app(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  try {
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const answers = [];
    // Two requests on one kept-alive connection: each gets objects of its own.
    for (let i = 0; i < 2; i++) {
      const response = await fetch(origin);
      answers.push([response.status, response.headers.get("x-seen"), await response.text()]);
    }
    return { before, inApp, answers };
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}

describe("requests made with the app's prototypes", () => {
  it("have them before Express sees them, and are still Node's requests and responses", async () => {
    expect(trickOn("express-prototypes")).toBe(true);
    const seen = await prototypesSeen();
    expect(seen.before).toEqual([true, true, true, true, true, true, true, true]);
    expect(seen.inApp).toEqual([true, true, true, true]);
    const simple = await onSimplePath(["express-prototypes"], prototypesSeen);
    expect(simple.before).toEqual([false, false, true, true, false, false, true, true]);
    expect(simple.inApp).toEqual(seen.inApp);
    expect(simple.answers).toEqual(seen.answers);
    expect(seen.answers[0]).toEqual([201, "127.0.0.1 /", "127.0.0.1"]);
  });
});

describe("the JSON API through the edge", () => {
  let withPrototypes: ApiApp;
  let simple: ApiApp;
  let token: string;
  beforeAll(async () => {
    withPrototypes = await startApiApp({ requestLog: true });
    simple = await onSimplePath(["express-prototypes"], () => startApiApp({ requestLog: true }));
    token = (await signedInUser()).token;
  });
  afterAll(async () => {
    await withPrototypes?.close();
    await simple?.close();
  });

  type Answer = { status: number; headers: [string, string][]; body: string };
  type Sent = { method?: string; headers?: Record<string, string>; body?: string };
  const VARYING = new Set(["date", "x-request-id", "server-timing", "keep-alive", "connection"]);
  /** Node's own client: unlike fetch, it sends the Host header it is given. */
  function answer(origin: string, path: string, sent: Sent = {}): Promise<Answer> {
    return new Promise((resolve, reject) => {
      const request = http.request(`${origin}${path}`, { method: sent.method, headers: sent.headers }, (response) => {
        let body = "";
        response.setEncoding("utf8").on("data", (chunk: string) => (body += chunk));
        response.on("end", () => {
          const headers = Object.entries(response.headers)
            .filter(([name]) => !VARYING.has(name))
            .map(([name, value]): [string, string] => [name, String(value)]);
          resolve({ status: response.statusCode ?? 0, headers, body });
        });
      });
      request.on("error", reject).end(sent.body);
    });
  }

  it("answers every kind of request as on Node's own classes", async () => {
    const app = { APP: "com.example.app" };
    const cases: [string, string, Sent][] = [
      ["a subscription", "/api/v1/personnal/subscribe/info", { headers: { ...app, Authorization: `Bearer ${token}` } }],
      ["no token", "/api/v1/personnal/subscribe/info", { headers: app }],
      ["HEAD", "/api/v1/auth/publicKey", { method: "HEAD", headers: app }],
      ["a wrong method", "/api/v1/auth/publicKey", { method: "DELETE", headers: app }],
      ["OPTIONS", "/api/v1/auth/login", { method: "OPTIONS", headers: app }],
      ["a body over the limit", "/api/v1/auth/login", { method: "POST", headers: app, body: "x".repeat(300_000) }],
      ["a cross-site post", "/api/v1/auth/login", { method: "POST", headers: { Origin: "https://evil.example" } }],
      ["a host the server does not answer to", "/api/v1/auth/publicKey", { headers: { ...app, Host: "evil.example" } }],
      ["a forged client address", "/api/v1/auth/publicKey", { headers: { ...app, "X-Forwarded-For": "8.8.8.8" } }],
      ["no such call", "/api/v1/nothing/here", { headers: app }],
    ];
    for (const [name, path, init] of cases) {
      const expected = await answer(simple.origin, path, init);
      expect(await answer(withPrototypes.origin, path, init), name).toEqual(expected);
    }
    // The cases reach the edge's refusals, not only its way through.
    const statuses = await Promise.all(cases.map(([, path, sent]) => answer(withPrototypes.origin, path, sent)));
    expect(statuses.map((a) => a.status)).toEqual([200, 401, 200, 405, 204, 413, 403, 421, 200, 404]);
  });
});
