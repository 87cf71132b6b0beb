// `npm run serve` as an operator runs it: the compiled server under `node` (no shell or TypeScript
// runner in between that would swallow signals), and SIGTERM to what was started stops the primary
// and every worker within SHUTDOWN_TIMEOUT_SECONDS + 5 s, even with a request that never finishes.
// `npm start` (the demo, through tsx) stops the same way: no shell in between, tsx passes the signal on.
import { randomBytes } from "node:crypto";
import { readFileSync, rmSync } from "node:fs";
import { connect } from "node:net";
import path from "node:path";

import { afterAll, expect, it } from "vitest";

import { childPids } from "../../scripts/support/app-server";
import { ensureBuild, freePort, startApp, until, type AppProcess } from "../../tests/support/app-process";

const file = path.resolve("tests/.tmp", `serve-${randomBytes(4).toString("hex")}.db`);
let server: AppProcess | undefined;
let demo: AppProcess | undefined;

afterAll(async () => {
  await server?.stop("SIGKILL");
  await demo?.stop("SIGKILL");
  for (const db of [file, `${file}-demo`])
    for (const suffix of ["", "-wal", "-shm"]) rmSync(db + suffix, { force: true });
});

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

it("runs the compiled server with node, and SIGTERM to npm stops every process within the bound", async () => {
  await ensureBuild();
  const port = await freePort();
  server = await startApp(
    "serve",
    port,
    { WEB_CONCURRENCY: "2", DATABASE_URL: `file:${file}`, APP_MODE: "demo", SHUTDOWN_TIMEOUT_SECONDS: "1" },
    { npmScript: "serve" },
  );
  const primary = await until(() => server!.logged("primary started workers")[0]?.pid, "the primary");
  const workers = await until(() => {
    const pids = new Set(server!.lines.filter((l) => l.msg.startsWith("Family Locator listening")).map((l) => l.pid));
    return pids.size === 2 && [...pids];
  }, "two workers");
  // The primary is node running the compiled entry, not a TypeScript runner.
  const commandLine = readFileSync(`/proc/${primary}/cmdline`, "utf8").split("\0");
  expect(path.basename(commandLine[0]!)).toBe("node");
  expect(commandLine).toContain("build/server.js");
  expect(commandLine.join(" ")).not.toMatch(/tsx/);

  // One log context for the server and the pages: a page's queries count in Server-Timing, and a
  // line logged while a page is handled carries the request's id.
  // (A cookie the home page's shared render does not know: rendered for this request, not from the
  // render the warm-up kept: app/http/page-cache.server.ts.)
  const home = await fetch(`${server.origin}/`, { headers: { Cookie: "serve-test=1" } });
  expect(home.headers.get("server-timing")).toMatch(/db;dur=[\d.]+;desc="[1-9]\d* queries"/);
  const report = await fetch(`${server.origin}/csp-report`, {
    method: "POST",
    headers: { "Content-Type": "application/csp-report" },
    body: JSON.stringify({ "csp-report": { "document-uri": `${server.origin}/`, "violated-directive": "script-src" } }),
  });
  expect(report.status).toBe(204);
  const id = report.headers.get("x-request-id");
  await until(
    () => server!.lines.find((l) => l.msg.includes("csp-violation") && l.requestId === id),
    "the page's log line with the request id",
  );

  // A request that never finishes: its body is announced and never sent.
  const stalled = connect(port, "127.0.0.1");
  stalled.on("error", () => {});
  stalled.write(
    `POST /auth/login HTTP/1.1\r\nHost: localhost:${port}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 100000\r\n\r\nemail=`,
  );
  await new Promise((resolve) => setTimeout(resolve, 300));

  const started = Date.now();
  const code = await server.stop("SIGTERM");
  // 1 s for requests in flight, then cut; never the 5 s beyond it.
  expect(Date.now() - started).toBeLessThan(6000);
  expect(code).not.toBeNull();
  for (const pid of [primary, ...workers]) expect(alive(pid), `process ${pid} still running`).toBe(false);
  stalled.destroy();
  // The port is free for the next start.
  await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();
}, 120_000);

/** Every process below `pid` (its children, theirs, …). */
const descendants = (pid: number): number[] => childPids(pid).flatMap((child) => [child, ...descendants(child)]);

it("npm start: SIGTERM to npm stops tsx, the primary and every worker", async () => {
  await ensureBuild();
  const port = await freePort();
  demo = await startApp(
    "start",
    port,
    { WEB_CONCURRENCY: "2", DATABASE_URL: `file:${file}-demo`, SHUTDOWN_TIMEOUT_SECONDS: "1" },
    { npmScript: "start" },
  );
  await until(() => new Set(demo!.logged("warmed up").map((l) => l.pid)).size === 2, "two workers");
  // npm, tsx, the primary and its two workers (and nothing else, such as a shell that would keep the
  // signal to itself).
  const below = descendants(demo.pid);
  expect(below.length).toBeGreaterThanOrEqual(4);
  const code = await demo.stop("SIGTERM");
  expect(code).not.toBeNull();
  await until(() => below.every((pid) => !alive(pid)), "every process of npm start to end", 8000);
  await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();
}, 120_000);
