// The real server (server.ts, one process on loopback) under oversized bodies: twenty parallel
// 100 MB bodies, half with Content-Length and half chunked, each answered 413 after at most the
// route's limit was read; the process's memory stays within 50 MB; the next request works.
import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync, rmSync } from "node:fs";
import http from "node:http";
import { createServer, type AddressInfo } from "node:net";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

/** A port nothing listens on now (asked of the system), so that parallel runs never share one. */
async function freePort() {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}
let ORIGIN = "";
const DB = path.resolve("tests/.tmp", `security-process-${process.pid}.db`);
const MB = 1024 * 1024;
let server: ChildProcess;
let log = "";

function rssBytes(pid: number) {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) * 1024;
}

async function waitForServer() {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}: ${log}`);
    try {
      const response = await fetch(`${ORIGIN}/favicon.svg`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error(`server did not start: ${log}`);
}

/**
 * Posts `total` bytes of zeros (streamed from one reused 64 KB chunk, so the test itself holds no
 * copy), with Content-Length or chunked. Resolves with the status, and whether the socket was reset
 * before an answer arrived.
 */
function postHuge(route: string, total: number, chunked: boolean, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; connection: string | undefined }>((resolve, reject) => {
    const chunk = Buffer.alloc(64 * 1024);
    const req = http.request(`${ORIGIN}${route}`, {
      method: "POST",
      agent: false,
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        ...(chunked ? { "Transfer-Encoding": "chunked" } : { "Content-Length": String(total) }),
        ...headers,
      },
    });
    let sent = 0;
    let answered = false;
    req.on("response", (res) => {
      answered = true;
      res.resume();
      res.on("end", () => resolve({ status: res.statusCode!, connection: res.headers.connection }));
      req.destroy();
    });
    // Once the answer is in, the server closes the connection: a failed write then is expected.
    req.on("error", (error) => (answered ? undefined : reject(error)));
    const pump = () => {
      while (!answered && sent < total) {
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once("drain", pump);
      }
      if (!answered) req.end();
    };
    pump();
  });
}

beforeAll(async () => {
  rmSync(DB, { force: true });
  const PORT = await freePort();
  ORIGIN = `http://localhost:${PORT}`;
  // The development server: no build needed, and the edge answers these before Vite or Remix.
  server = spawn(process.execPath, ["--import", "tsx", "server.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "development",
      PORT: String(PORT),
      DATABASE_URL: `file:${DB}`,
      PUBLIC_URL: ORIGIN,
      APP_MODE: "sandbox",
      VITEST: "",
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  // Read (and keep the end of) what it says, so that it never blocks on a full pipe.
  server.stderr?.on("data", (chunk: Buffer) => (log = (log + chunk.toString()).slice(-4000)));
  await waitForServer();
}, 90_000);

afterAll(() => {
  server?.kill("SIGTERM");
  for (const suffix of ["", "-wal", "-shm", "-journal"]) rmSync(DB + suffix, { force: true });
});

describe("a real server process under oversized bodies", () => {
  it("answers twenty parallel 100 MB bodies 413, keeps its memory within 50 MB and serves the next request", async () => {
    // Warm up (first answers allocate the error page's translations once).
    await postHuge("/contact-us", 64 * 1024, false);
    await postHuge("/api/v1/auth/login", 128 * 1024, true, { "Content-Type": "application/json", APP: "test" });
    const before = rssBytes(server.pid!);

    const routes = [
      "/contact-us",
      "/id/reverse-phone-lookup",
      "/auth/login",
      "/api/v1/auth/login",
      "/api/v1/webhooks/stripe",
    ];
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        postHuge(routes[i % routes.length]!, 100 * MB, i % 2 === 1, { APP: "test" }),
      ),
    );
    const after = rssBytes(server.pid!);

    for (const answer of answers) {
      expect(answer.status).toBe(413);
      expect(answer.connection).toBe("close");
    }
    expect(after - before, `RSS grew from ${Math.round(before / MB)} MB to ${Math.round(after / MB)} MB`).toBeLessThan(
      50 * MB,
    );

    // The next request, on a keep-alive connection, works.
    const next = await fetch(`${ORIGIN}/favicon.svg`);
    expect(next.status).toBe(200);
  }, 120_000);

  it("closes a keep-alive connection cleanly after a 413: the client's next request succeeds", async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const send = (method: "GET" | "POST", route: string, body = "") =>
      new Promise<number>((resolve, reject) => {
        const req = http.request(`${ORIGIN}${route}`, {
          method,
          agent,
          headers:
            method === "POST"
              ? { "Content-Type": "application/json", APP: "test", "Content-Length": Buffer.byteLength(body) }
              : {},
        });
        req.on("response", (res) => {
          res.resume();
          res.on("end", () => resolve(res.statusCode!));
        });
        req.on("error", reject);
        req.end(body);
      });
    expect(await send("GET", "/favicon.svg")).toBe(200);
    expect(await send("POST", "/api/v1/auth/login", "x".repeat(70 * 1024))).toBe(413);
    // Same agent, same keep-alive pool: no ECONNRESET, the connection was closed with Connection: close.
    expect(await send("GET", "/favicon.svg")).toBe(200);
    expect(await send("POST", "/api/v1/auth/login", "x".repeat(65 * 1024))).toBe(413);
    expect(await send("GET", "/favicon.svg")).toBe(200);
    agent.destroy();
  }, 60_000);
});
