// The edge (app/http/edge.server.ts) in front of every route that accepts POST, generated from the
// route table: a cross-site post is refused 403 (translated), an oversized body 413 (with
// Content-Length or chunked), before anything reaches the route; same-origin posts, signed provider
// callbacks and the JSON API with its APP header pass.
import http from "node:http";
import type { AddressInfo } from "node:net";

import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { baselineHeaders, installEdge } from "~/http/edge.server";
import { parseTrustProxy } from "~/http/trust-proxy.server";
import { resetConfig } from "~/server/config.server";

import { routesWithModules } from "../support/app-routes";
import { postTargets, type PostTarget } from "./routes";

/** The routes with their modules: which methods each answers (app/http/route-methods.ts). */
const appRoutes = await routesWithModules();

const CROSS_SITE = {
  en: "This form was sent from another site",
  id: "Formulir ini dikirim dari situs lain",
  ph: "Ipinadala ang form na ito mula sa ibang site",
};
const TOO_LARGE = {
  en: "What you sent is too large",
  id: "Yang Anda kirim terlalu besar",
  ph: "Masyadong malaki ang ipinadala mo",
};

let base = "";
let server: http.Server;
const reached: string[] = [];
const targets = await postTargets();

beforeAll(async () => {
  delete process.env.TRUST_PROXY;
  resetConfig();
  const app = express();
  installEdge(app, async () => appRoutes);
  // Stands in for Remix: records what passed the edge and how many body bytes it was handed.
  app.all("*", (req, res) => {
    reached.push(req.path);
    res.json({
      reached: true,
      bytes: (res.locals.body as Buffer | undefined)?.length ?? 0,
      ip: req.headers["x-client-ip"],
      proxied: req.headers["x-edge-proxied"] ?? null,
    });
  });
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

type Sent = { status: number; headers: http.IncomingHttpHeaders; body: string };

/** One request on its own connection; `chunked` sends the body without Content-Length. */
function sendAs(url: string, body: Buffer, headers: Record<string, string>, chunked = false, method = "POST") {
  return new Promise<Sent>((resolve, reject) => {
    const req = http.request(base + url, {
      method,
      agent: false,
      headers: chunked
        ? { ...headers, "Transfer-Encoding": "chunked" }
        : { ...headers, "Content-Length": String(body.length) },
    });
    let answered = false;
    req.on("response", (res) => {
      answered = true;
      let text = "";
      res.on("data", (chunk) => (text += chunk));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: text }));
    });
    req.on("error", (error) => (answered ? undefined : reject(error)));
    if (chunked) {
      // Several chunks, as a browser or proxy streams them.
      for (let i = 0; i < body.length; i += 4096) req.write(body.subarray(i, i + 4096));
      req.end();
    } else req.end(body);
  });
}

const contentType = (target: PostTarget) =>
  target.policy.body === "json"
    ? "application/json"
    : target.policy.body === "report"
      ? "application/csp-report"
      : "application/x-www-form-urlencoded";

function expectTranslatedRefusal(target: PostTarget, answer: Sent, status: 403 | 413) {
  expect(answer.status).toBe(status);
  expect(answer.headers.connection).toBe("close");
  if (target.url.startsWith("/api/v1/")) {
    const envelope = JSON.parse(answer.body) as { status: number; message: string; error: string; data: unknown };
    expect(envelope).toMatchObject({ status, data: null });
    expect(envelope.message).toMatch(status === 413 ? /larger than/ : /APP header/);
  } else {
    expect(answer.headers["content-type"]).toContain("text/html");
    expect(answer.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(answer.body).toContain(status === 413 ? TOO_LARGE[target.locale] : CROSS_SITE[target.locale]);
  }
}

describe("the route table's POST targets", () => {
  it("include every kind of route", () => {
    const kinds = new Set(targets.map((t) => `${t.policy.kind}:${t.policy.origin}:${t.policy.body}`));
    expect(kinds).toEqual(
      new Set([
        "page:same:form",
        "resource:same:form",
        "resource:api:json",
        "resource:signed:callback",
        "resource:signed:form",
        "resource:report:report",
      ]),
    );
    // Pages with an action come in their three languages.
    expect(targets.filter((t) => t.tablePath === "contact-us").map((t) => t.url)).toEqual([
      "/contact-us",
      "/id/contact-us",
      "/ph/contact-us",
    ]);
    expect(targets.map((t) => t.url)).toContain("/auth/login");
  });
});

describe.each(targets.map((t) => [`${t.method} ${t.url}`, t] as const))("%s", (_, target) => {
  const url = target.url;
  const send = (to: string, body: Buffer, headers: Record<string, string>, chunked = false) =>
    sendAs(to, body, headers, chunked, target.method);
  const small = Buffer.from(target.policy.body === "json" || target.policy.body === "report" ? "{}" : "a=1");

  it(`cross-site → ${target.policy.origin === "signed" || target.policy.origin === "report" ? "passes (the route verifies or only logs)" : "403, translated"}`, async () => {
    const before = reached.length;
    const answer = await send(url, small, {
      "Content-Type": contentType(target),
      Origin: "https://evil.example",
      "Sec-Fetch-Site": "cross-site",
    });
    if (target.policy.origin === "signed" || target.policy.origin === "report") {
      expect(answer.status).toBe(200);
    } else {
      expectTranslatedRefusal(target, answer, 403);
      expect(reached.length).toBe(before);
    }
    // A form in a sandboxed frame sends `Origin: null`.
    const opaque = await send(url, small, { "Content-Type": contentType(target), Origin: "null" });
    expect(opaque.status).toBe(target.policy.origin === "signed" || target.policy.origin === "report" ? 200 : 403);
  });

  it("same-origin (Origin, PUBLIC_URL or Sec-Fetch-Site) → passes", async () => {
    const sameOrigin: Record<string, string>[] = [
      { Origin: base },
      { Origin: "http://localhost:3000" },
      { "Sec-Fetch-Site": "same-origin", Origin: "http://other.example" },
    ];
    for (const headers of sameOrigin) {
      const answer = await send(url, small, { "Content-Type": contentType(target), ...headers });
      expect(answer.status, JSON.stringify(headers)).toBe(200);
      expect(JSON.parse(answer.body)).toMatchObject({ reached: true, bytes: small.length });
    }
  });

  it(`a body over ${target.policy.limit} bytes → 413, with Content-Length and chunked; the limit itself passes`, async () => {
    const before = reached.length;
    const over = Buffer.alloc(target.policy.limit + 1, 0x61);
    expectTranslatedRefusal(
      target,
      await send(url, over, { "Content-Type": contentType(target), Origin: base, APP: "test" }),
      413,
    );
    expectTranslatedRefusal(
      target,
      await send(url, over, { "Content-Type": contentType(target), Origin: base, APP: "test" }, true),
      413,
    );
    expect(reached.length).toBe(before);
    const exact = await send(
      url,
      Buffer.alloc(target.policy.limit, 0x61),
      { "Content-Type": contentType(target), Origin: base, APP: "test" },
      true,
    );
    expect(JSON.parse(exact.body)).toMatchObject({ reached: true, bytes: target.policy.limit });
  });

  if (target.policy.origin === "api") {
    it("cross-site with the APP header (only after a preflight, which is never granted) → passes", async () => {
      const answer = await send(url, small, {
        "Content-Type": "application/json",
        Origin: "https://evil.example",
        APP: "partner",
      });
      expect(answer.status).toBe(200);
    });
  }
});

describe("preflight", () => {
  it("grants no cross-origin request", async () => {
    const response = await fetch(`${base}/api/v1/auth/login`, {
      method: "OPTIONS",
      headers: {
        Origin: "https://evil.example",
        "Access-Control-Request-Method": "POST",
        "Access-Control-Request-Headers": "app,content-type",
      },
    });
    expect(response.status).toBe(204);
    expect([...response.headers.keys()].filter((k) => k.startsWith("access-control-"))).toEqual([]);
    expect(reached.at(-1)).not.toBe("/api/v1/auth/login");
  });
});

describe("proxy headers", () => {
  it("are recorded before the edge writes the client's address, whatever their name; a client cannot clear the record", async () => {
    const proxied = async (headers: Record<string, string>) =>
      ((await (await fetch(`${base}/anything`, { headers })).json()) as { proxied: string | null }).proxied;
    expect(await proxied({})).toBeNull();
    expect(await proxied({ "x-edge-proxied": "1" })).toBeNull();
    for (const name of ["X-Client-IP", "X-Real-IP", "Via", "CF-Connecting-IP", "X-Forwarded-Proto", "Forwarded"])
      expect(await proxied({ [name]: "127.0.0.1" }), name).toBe("1");
  });
});

describe("headers on every answer", () => {
  it("frame, sniffing and referrer headers; HSTS only for an https PUBLIC_URL", async () => {
    const response = await fetch(`${base}/anything`);
    expect(response.headers.get("x-frame-options")).toBe("DENY");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(response.headers.get("strict-transport-security")).toBeNull();
    process.env.PUBLIC_URL = "https://locator.example";
    resetConfig();
    try {
      expect(baselineHeaders()["Strict-Transport-Security"]).toMatch(/^max-age=\d{8,}/);
    } finally {
      process.env.PUBLIC_URL = "http://localhost:3000";
      resetConfig();
    }
  });
});

describe("TRUST_PROXY", () => {
  it("takes a hop count or proxy addresses, never `true`", () => {
    expect(parseTrustProxy(undefined)).toEqual({ ok: true, value: false });
    expect(parseTrustProxy("0")).toEqual({ ok: true, value: false });
    expect(parseTrustProxy("1")).toEqual({ ok: true, value: 1 });
    expect(parseTrustProxy("10.0.0.0/8, 2001:db8::/32,loopback")).toEqual({
      ok: true,
      value: ["10.0.0.0/8", "2001:db8::/32", "loopback"],
    });
    expect(parseTrustProxy("true").ok).toBe(false);
    expect(parseTrustProxy("10.0.0.0/33").ok).toBe(false);
    expect(parseTrustProxy("proxy.example").ok).toBe(false);
    expect(parseTrustProxy("99").ok).toBe(false);
  });
});
