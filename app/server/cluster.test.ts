// `npm run serve` with WEB_CONCURRENCY=2, as a real process tree on the production build: the primary
// prepares once and supervises two workers, a worker that dies is replaced, and SIGTERM stops them all.
import { randomBytes } from "node:crypto";
import { readFileSync, rmSync } from "node:fs";
import { Agent, request } from "node:http";
import { createServer, type AddressInfo } from "node:net";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { DEMO_EMAIL, DEMO_PASSWORD } from "~/server/startup.server";

import { ensureBuild, freePort, startApp, until, type AppProcess } from "../../tests/support/app-process";
import { restartDelay, workerEnv } from "./process.server";

// The processes use their own SQLite file: the file runs on SQLite only (tests/setup/process-tests.ts).
describe("WEB_CONCURRENCY=2: a primary and two workers", () => {
  const file = path.resolve("tests/.tmp", `cluster-${randomBytes(4).toString("hex")}.db`);
  let server: AppProcess;

  beforeAll(async () => {
    await ensureBuild();
    server = await startApp("cluster", await freePort(), {
      WEB_CONCURRENCY: "2",
      DATABASE_URL: `file:${file}`,
      APP_MODE: "demo",
    });
  }, 90_000);
  afterAll(async () => {
    await server?.stop("SIGKILL");
    for (const suffix of ["", "-wal", "-shm"]) rmSync(file + suffix, { force: true });
  });

  const workerPids = () =>
    new Set(server.lines.filter((l) => l.msg.startsWith("Family Locator listening")).map((l) => l.pid));

  it("prepares the database once, in the primary, and serves from both workers", async () => {
    expect(server.logged("primary started workers")).toEqual([
      expect.objectContaining({ pid: server.pid, workers: 2 }),
    ]);
    await until(() => workerPids().size === 2, "two workers listening");
    expect(workerPids().has(server.pid)).toBe(false);
    // Migrations, the key and the demo account: prepared once (the start-up summary, in plain text).
    expect(server.output.filter((line) => line.startsWith("Database: file:"))).toHaveLength(1);
    expect(server.output.filter((line) => line.startsWith("Demo account created:"))).toHaveLength(1);

    // The kernel gives each new connection to whichever worker accepts first (SCHED_NONE), which does
    // not promise both a share of one burst: bursts go on until both workers have answered.
    const servedBy = new Set<number>();
    for (let round = 0; round < 10 && servedBy.size < 2; round++) {
      const answers = await Promise.all(
        Array.from({ length: 8 }, () => onConnection(false, `${server.origin}/robots.txt`, { method: "GET" })),
      );
      expect(answers.map((answer) => answer.status)).toEqual(Array(8).fill(200));
      const ids = answers.map((answer) => answer.requestId);
      await until(
        () => ids.every((id) => server.lines.some((l) => l.msg === "request" && l.id === id)),
        "the request log lines",
      );
      for (const line of server.lines)
        if (line.msg === "request" && ids.includes(line.id as string)) servedBy.add(line.pid);
    }
    expect(servedBy).toEqual(workerPids());
  });

  it("answers concurrent repeats of one Idempotency-Key once across both workers", async () => {
    await until(() => workerPids().size === 2, "two workers listening");
    const headers = { APP: "cluster-test", "Content-Type": "application/json" };
    const signIn = await fetch(`${server.origin}/api/v1/auth/login`, {
      method: "POST",
      headers,
      body: JSON.stringify({ email: DEMO_EMAIL, password: DEMO_PASSWORD, encrypted: false }),
    });
    const { token } = ((await signIn.json()) as { data: { token: string } }).data;
    const auth = { ...headers, Authorization: `Bearer ${token}` };
    // The burst goes over connections already known to be on each worker (an agent per connection,
    // kept alive): which worker accepts a new connection is the kernel's choice (SCHED_NONE), so a
    // burst on new connections may all land on one.
    const byWorker = await connectionsByWorker(4);
    const agents = [...byWorker.values()].flat();
    const answers = await Promise.all(
      agents.map((agent) =>
        onConnection(agent, `${server.origin}/api/v1/locate/createLink`, {
          method: "POST",
          headers: { ...auth, "Idempotency-Key": "cluster-key" },
          body: JSON.stringify({ requesterName: "Ana", title: "Dad's phone" }),
        }),
      ),
    );
    for (const agent of agents) agent.destroy();
    expect(answers.map((answer) => answer.status)).toEqual(Array(8).fill(200));
    expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
    const ids = answers.map((answer) => answer.requestId);
    await until(() => ids.every((id) => server.lines.some((l) => l.msg === "request" && l.id === id)), "log lines");
    const servedBy = new Set(
      server.lines.filter((l) => l.msg === "request" && ids.includes(l.id as string)).map((l) => l.pid),
    );
    expect(servedBy, "both workers answered some").toEqual(workerPids());
    const list = await fetch(`${server.origin}/api/v1/locate/requests`, { headers: auth });
    expect(((await list.json()) as { data: { total: number } }).data.total).toBe(1);
  });

  /** `perWorker` open connections on each worker: bursts of new ones until both have enough. */
  async function connectionsByWorker(perWorker: number) {
    const byWorker = new Map<number, Agent[]>();
    const enough = () => byWorker.size === 2 && [...byWorker.values()].every((list) => list.length >= perWorker);
    for (let burst = 0; burst < 30 && !enough(); burst++) {
      const opened = Array.from({ length: 8 }, () => new Agent({ keepAlive: true, maxSockets: 1 }));
      const answers = await Promise.all(
        opened.map((agent) => onConnection(agent, `${server.origin}/robots.txt`, { method: "GET" })),
      );
      await until(
        () => answers.every((a) => server.lines.some((l) => l.msg === "request" && l.id === a.requestId)),
        "the request log lines",
      );
      answers.forEach((answer, i) => {
        const pid = server.lines.find((l) => l.msg === "request" && l.id === answer.requestId)!.pid;
        const list = byWorker.get(pid) ?? [];
        if (list.length < perWorker) byWorker.set(pid, [...list, opened[i]!]);
        else opened[i]!.destroy();
      });
    }
    expect(enough(), "connections on both workers").toBe(true);
    return byWorker;
  }

  it("starts its workers with glibc's malloc set for a small idle worker, or as the operator set it", async () => {
    await until(() => workerPids().size === 2, "two workers listening");
    const environ = (pid: number) => readFileSync(`/proc/${pid}/environ`, "latin1").split("\0");
    for (const pid of workerPids()) {
      expect(environ(pid)).toContain(`MALLOC_ARENA_MAX=${process.env.MALLOC_ARENA_MAX ?? "2"}`);
      expect(environ(pid)).toContain(`MALLOC_MMAP_THRESHOLD_=${process.env.MALLOC_MMAP_THRESHOLD_ ?? "32768"}`);
    }
    expect(workerEnv({})).toEqual({ MALLOC_ARENA_MAX: "2", MALLOC_MMAP_THRESHOLD_: "32768" });
    expect(workerEnv({ MALLOC_ARENA_MAX: "8" })).toEqual({ MALLOC_MMAP_THRESHOLD_: "32768" });
    expect(workerEnv({ MALLOC_ARENA_MAX: "8", MALLOC_MMAP_THRESHOLD_: "131072" })).toEqual({});
  });

  it("replaces a worker that dies", async () => {
    const [victim] = [...workerPids()];
    process.kill(victim!, "SIGKILL");
    const died = await until(
      () => server.logged("worker exited unexpectedly, starting another")[0],
      "the primary to notice",
    );
    expect(died).toMatchObject({
      pid: server.pid,
      workerPid: victim,
      signal: "SIGKILL",
      restartInMs: expect.any(Number),
    });
    await until(() => workerPids().size === 3, "a new worker", 30_000);
    expect((await fetch(`${server.origin}/readyz`)).status).toBe(200);
    // Every worker, the replacement too, rendered its pages once before it took traffic.
    for (const pid of workerPids()) {
      const warmed = server.lines.findIndex((l) => l.pid === pid && l.msg === "warmed up");
      const listening = server.lines.findIndex((l) => l.pid === pid && l.msg.startsWith("Family Locator listening"));
      expect(warmed, `worker ${pid} warmed up`).toBeGreaterThanOrEqual(0);
      expect(warmed).toBeLessThan(listening);
      expect(server.lines.some((l) => l.pid === pid && l.msg === "request" && l.path === "/" && l.status === 200)).toBe(
        true,
      );
    }
  });

  it("replaces a worker that had run a while at once, backs off a crash loop only while another worker serves", () => {
    expect(restartDelay(0)).toBe(0);
    expect([1, 2, 3, 7, 20].map((quickDeaths) => restartDelay(quickDeaths))).toEqual([500, 1000, 2000, 30_000, 30_000]);
    expect(restartDelay(0, false)).toBe(0);
    expect(restartDelay(20, false)).toBe(500);
  });

  it("ends the start with exit code 1 when a worker cannot serve (the port is taken)", async () => {
    const taken = createServer().listen(0, "0.0.0.0");
    await new Promise((resolve) => taken.once("listening", resolve));
    const port = (taken.address() as AddressInfo).port;
    try {
      await expect(
        startApp("taken", port, { WEB_CONCURRENCY: "2", DATABASE_URL: `file:${file}`, APP_MODE: "sandbox" }),
      ).rejects.toThrow(
        /exited with 1:[\s\S]*could not start: port \d+ is already in use[\s\S]*a worker ended before the server started: stopping/,
      );
    } finally {
      taken.close();
    }
  }, 60_000);

  it("stops every worker on SIGTERM and exits 0", async () => {
    expect(await server.stop("SIGTERM")).toBe(0);
    expect(server.logged("stopped")).toHaveLength(2);
    expect(server.logged("all workers stopped")).toEqual([expect.objectContaining({ pid: server.pid })]);
  });
});

// One request on a connection of its own: a new one (`agent: false`; fetch would reuse the pool's
// idle connections), or the one connection an agent keeps.
function onConnection(
  agent: Agent | false,
  url: string,
  init: { method: string; headers?: Record<string, string>; body?: string },
) {
  return new Promise<{ status: number; body: string; requestId: string }>((resolve, reject) => {
    const call = request(url, { method: init.method, headers: init.headers, agent }, (response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (body += chunk));
      response.on("end", () =>
        resolve({ status: response.statusCode ?? 0, body, requestId: String(response.headers["x-request-id"]) }),
      );
    });
    call.on("error", reject);
    call.end(init.body ?? "");
  });
}
