import type { AddressInfo } from "node:net";

import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { db } from "~/db/db.server";

import { captureLog } from "../../tests/support/log";
import { healthChecks, type Lifecycle } from "./health.server";
import { requestLog } from "./request-log.server";

const lifecycle: Lifecycle = { shuttingDown: false };
let origin = "";
let untrustedOrigin = "";
let close: () => void;

beforeAll(async () => {
  const app = express();
  // Requests from this test come from 127.0.0.1: a trusted proxy here.
  app.set("trust proxy", "loopback");
  app.use(healthChecks(lifecycle), requestLog());
  app.get("/users", async (_req, res) => {
    await db().user.count();
    await db().user.findFirst();
    res.json({ ok: true });
  });
  for (const status of [500, 501, 503]) app.get(`/status/${status}`, (_req, res) => res.status(status).end());
  const untrusted = express();
  untrusted.use(requestLog());
  untrusted.get("/", (_req, res) => res.send("hi"));
  const servers = [app.listen(0), untrusted.listen(0)];
  await Promise.all(servers.map((s) => new Promise((resolve) => s.once("listening", resolve))));
  origin = `http://127.0.0.1:${(servers[0]!.address() as AddressInfo).port}`;
  untrustedOrigin = `http://127.0.0.1:${(servers[1]!.address() as AddressInfo).port}`;
  close = () => servers.forEach((s) => s.close());
});
afterAll(() => close());

describe("request id, log line and Server-Timing", () => {
  it("writes a server failure as an error, and a 501 (a feature not offered) as one info line", async () => {
    const log = captureLog();
    try {
      for (const status of [500, 501, 503]) {
        const response = await fetch(`${origin}/status/${status}`);
        expect(response.status).toBe(status);
        await response.arrayBuffer();
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    } finally {
      log.restore();
    }
    expect(
      log
        .err()
        .filter((line) => line.includes("path=/status/"))
        .map((l) => /status=(\d+)/.exec(l)?.[1]),
    ).toEqual(["500", "503"]);
    expect(log.out().filter((line) => line.includes("path=/status/"))).toEqual([
      expect.stringMatching(/^request .*path=\/status\/501 .*status=501/),
    ]);
  });

  it("keeps a well-formed X-Request-Id from a trusted proxy and times the database queries", async () => {
    const log = captureLog();
    const response = await fetch(`${origin}/users?token=secret-value`, { headers: { "X-Request-Id": "lb-7f3a.42" } });
    await response.json();
    await new Promise((resolve) => setTimeout(resolve, 20));
    log.restore();
    expect(response.headers.get("x-request-id")).toBe("lb-7f3a.42");
    expect(response.headers.get("server-timing")).toMatch(/^total;dur=\d+(\.\d)?, db;dur=\d+(\.\d)?;desc="2 queries"$/);
    const line = log.out().find((l) => l.includes("lb-7f3a.42"));
    expect(line).toBeDefined();
    // The path without its query string (which can carry secrets).
    expect(line).toContain("path=/users ");
    expect(line).not.toContain("secret-value");
    expect(line).toMatch(/method=GET .*status=200 ms=[\d.]+ dbMs=[\d.]+/);
  });

  it("makes a new id for a malformed one, or for one from a client that is not a trusted proxy", async () => {
    const malformed = await fetch(`${origin}/users`, { headers: { "X-Request-Id": "bad id\twith spaces" } });
    const untrusted = await fetch(`${untrustedOrigin}/`, { headers: { "X-Request-Id": "lb-7f3a.43" } });
    for (const response of [malformed, untrusted]) {
      expect(response.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
      await response.text();
    }
  });
});

describe("health checks", () => {
  it("answers /healthz (up) and /readyz (ready), never from a cache", async () => {
    for (const [path, body] of [
      ["/healthz", "ok"],
      ["/readyz", "ready"],
    ]) {
      const response = await fetch(`${origin}${path}`);
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control")).toBe("no-store");
      expect(await response.text()).toBe(body);
    }
  });

  it("reports not ready while shutting down, and when the database lacks the code's migrations", async () => {
    lifecycle.shuttingDown = true;
    const draining = await fetch(`${origin}/readyz`);
    expect([draining.status, await draining.text()]).toEqual([503, "not ready: shutting down"]);
    // Liveness is unaffected.
    expect((await fetch(`${origin}/healthz`)).status).toBe(200);
    lifecycle.shuttingDown = false;

    const newest = await db().$queryRaw<
      { version: string }[]
    >`SELECT MAX("version") AS "version" FROM "schema_migrations"`;
    await db().$executeRaw`DELETE FROM "schema_migrations" WHERE "version" = ${newest[0]!.version}`;
    const behind = await fetch(`${origin}/readyz`);
    expect([behind.status, await behind.text()]).toEqual([503, "not ready: migrations pending"]);
    await db().$executeRaw`INSERT INTO "schema_migrations" ("version") VALUES (${newest[0]!.version})`;
    expect((await fetch(`${origin}/readyz`)).status).toBe(200);
  });
});
