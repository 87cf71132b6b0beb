// Honest client addresses: behind TRUST_PROXY=1 (one proxy that appends the address it saw), a forged
// X-Forwarded-For never moves a request to another limit bucket; IPv6 clients are limited per /64.
// The limited route here is the real CSP report endpoint (its per-address limit is the smallest).
import type { AddressInfo } from "node:net";

import express from "express";
import { afterEach, describe, expect, it } from "vitest";

import { CSP_REPORTS_PER_HOUR, logCspReport } from "~/http/csp-report.server";
import { installEdge } from "~/http/edge.server";
import { resetConfig } from "~/server/config.server";
import { clientIp, limitKeyAddress } from "~/utils/client-ip.server";

import { routesWithModules } from "../support/app-routes";

/** The routes with their modules: which methods each answers (app/http/route-methods.ts). */
const appRoutes = await routesWithModules();

const REPORT = JSON.stringify({
  "csp-report": {
    "document-uri": "http://localhost:3000/",
    "violated-directive": "script-src",
    "blocked-uri": "inline",
  },
});

async function startServer(trustProxy: string | undefined) {
  if (trustProxy === undefined) delete process.env.TRUST_PROXY;
  else process.env.TRUST_PROXY = trustProxy;
  resetConfig();
  const app = express();
  installEdge(app, async () => appRoutes);
  app.all("*", async (req, res) => {
    const headers = new Headers({
      "x-client-ip": String(req.headers["x-client-ip"]),
      "Content-Type": "application/csp-report",
    });
    const request = new Request(`http://localhost${req.originalUrl}`, {
      method: "POST",
      headers,
      body: res.locals.body as Buffer as unknown as BodyInit,
    });
    const answer = await logCspReport(request);
    res.status(answer.status).set("x-bucket", clientIp(request)).end();
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const post = (forwardedFor?: string) =>
    fetch(`${base}/csp-report`, {
      method: "POST",
      headers: {
        "Content-Type": "application/csp-report",
        ...(forwardedFor ? { "X-Forwarded-For": forwardedFor } : {}),
      },
      body: REPORT,
    });
  return { post, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

afterEach(() => {
  delete process.env.TRUST_PROXY;
  resetConfig();
});

describe("a forged X-Forwarded-For behind TRUST_PROXY=1", () => {
  it("never changes the bucket: the right-most value (the proxy's) is the client", async () => {
    const { post, close } = await startServer("1");
    try {
      const statuses: number[] = [];
      const buckets = new Set<string>();
      for (let i = 0; i <= CSP_REPORTS_PER_HOUR; i++) {
        // The client writes anything on the left; the proxy appends the address it saw.
        const response = await post(`10.${i}.0.1, 198.51.100.${i % 250}, 203.0.113.77`);
        statuses.push(response.status);
        buckets.add(response.headers.get("x-bucket")!);
      }
      expect([...buckets]).toEqual(["203.0.113.77"]);
      expect(statuses.slice(0, CSP_REPORTS_PER_HOUR).every((s) => s === 204)).toBe(true);
      expect(statuses.at(-1)).toBe(429);
      // Another client (another address appended by the proxy) has its own bucket.
      expect((await post("203.0.113.77, 203.0.113.78")).status).toBe(204);
    } finally {
      await close();
    }
  });

  it("limits IPv6 clients per /64: a new address in the same /64 is the same client", async () => {
    const { post, close } = await startServer("1");
    try {
      const statuses: number[] = [];
      for (let i = 0; i <= CSP_REPORTS_PER_HOUR; i++)
        statuses.push((await post(`2001:db8:aa:bb:${(i + 1).toString(16)}::1`)).status);
      expect(statuses.at(-1)).toBe(429);
      expect((await post("2001:db8:aa:bc::1")).status).toBe(204);
    } finally {
      await close();
    }
  });

  it("is ignored entirely with TRUST_PROXY off: the socket's address is the client", async () => {
    const { post, close } = await startServer(undefined);
    try {
      const response = await post("203.0.113.99");
      expect(response.headers.get("x-bucket")).toBe("127.0.0.1");
    } finally {
      await close();
    }
  });
});

describe("limitKeyAddress", () => {
  it.each([
    ["203.0.113.5", "203.0.113.5"],
    ["::ffff:203.0.113.5", "203.0.113.5"],
    ["2001:db8:1:2:3:4:5:6", "2001:db8:1:2::/64"],
    ["2001:db8:1:2::", "2001:db8:1:2::/64"],
    ["2001:0db8:0001:0002:ffff::1", "2001:db8:1:2::/64"],
    ["2001:db8::1", "2001:db8:0:0::/64"],
    ["::1", "0:0:0:0::/64"],
    ["fe80::1:2:3:4", "fe80:0:0:0::/64"],
    ["unknown", "unknown"],
  ])("%s → %s", (address, key) => {
    expect(limitKeyAddress(address)).toBe(key);
  });
});
