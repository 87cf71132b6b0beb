// SQLite's write lock held by another process, against a real server (docs/decisions/041): the server
// waits for the lock on timers, so the process goes on answering everything else. `/healthz` keeps the
// latency it has in the same run without the fault (compared as a ratio, never against a wall
// clock); writes made meanwhile succeed once the lock is released, or, when it is held past
// DATABASE_BUSY_TIMEOUT_MS, answer a clean 503 that stored nothing; every acknowledged write is in the
// database; `/readyz` answers within its 2 s, naming the lock.
import { spawn } from "node:child_process";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { db, sqlitePath } from "~/db/db.server";

import { ensureBuild, freePort, startApp, type AppProcess } from "../support/app-process";
import { signedInUser } from "../support/factories";

const onPostgres = process.env.TEST_DB === "postgres";
/** How long a write of the server waits for the lock. */
const BUSY_TIMEOUT_MS = 2500;

let server: AppProcess;
let users: Array<{ id: string; token: string }>;

beforeAll(async () => {
  if (onPostgres) return;
  await ensureBuild();
  users = [];
  for (let i = 0; i < 8; i++) {
    const { user, token } = await signedInUser();
    users.push({ id: user.id, token });
  }
  const port = await freePort();
  server = await startApp("sqlite-lock", port, {
    DATABASE_URL: process.env.DATABASE_URL!,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    APP_MODE: "sandbox",
    DATABASE_BUSY_TIMEOUT_MS: String(BUSY_TIMEOUT_MS),
  });
}, 600_000);

afterAll(async () => {
  await server?.stop("SIGKILL");
});

/**
 * Another process takes SQLite's write lock (`BEGIN IMMEDIATE`) and keeps it for `ms`; resolves once
 * it holds it, with a promise of its end.
 */
async function holdWriteLock(ms: number) {
  const file = sqlitePath(process.env.DATABASE_URL!);
  const child = spawn(
    process.execPath,
    [
      "-e",
      `const db = new (require("better-sqlite3"))(${JSON.stringify(file)});
       db.prepare("BEGIN IMMEDIATE").run();
       console.log("held");
       setTimeout(() => { db.prepare("COMMIT").run(); db.close(); process.exit(0); }, ${ms});`,
    ],
    { stdio: ["ignore", "pipe", "inherit"] },
  );
  const released = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  await new Promise<void>((resolve, reject) => {
    child.stdout.once("data", () => resolve());
    child.once("exit", (code) => reject(new Error(`the lock holder exited with ${code}`)));
  });
  return { released };
}

async function timed(path: string, init: RequestInit = {}) {
  const started = performance.now();
  const response = await fetch(`${server.origin}${path}`, { ...init, signal: AbortSignal.timeout(30_000) });
  const text = await response.text();
  return { status: response.status, headers: response.headers, text, ms: performance.now() - started };
}

const createLink = (token: string) =>
  timed("/api/v1/locate/createLink", {
    method: "POST",
    headers: { APP: "fault-test", Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
    body: JSON.stringify({ requesterName: "Ana", title: "Dad" }),
  });

/** `/healthz` every 25 ms until `done` settles: each probe's time. */
async function probeHealth(done: Promise<unknown>) {
  const times: number[] = [];
  let finished = false;
  void done.finally(() => (finished = true));
  while (!finished) {
    const probe = await timed("/healthz");
    expect(probe.status).toBe(200);
    times.push(probe.ms);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return times;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};

/** Writes by `count` accounts at once while `/healthz` is probed: the answers and the probes' times. */
async function writesAndProbes(from: number, count: number, during?: Promise<unknown>) {
  const writes = Promise.all(users.slice(from, from + count).map((user) => createLink(user.token)));
  const [answers, probes] = await Promise.all([
    writes,
    probeHealth(Promise.all([writes, during ?? new Promise((resolve) => setTimeout(resolve, 1500))])),
  ]);
  return { answers, probes };
}

/** Every acknowledged write is stored, and a refused one stored nothing. */
async function expectAccountedFor(from: number, answers: Array<{ status: number }>) {
  for (const [i, answer] of answers.entries()) {
    const stored = await db().locationRequest.count({ where: { userId: users[from + i]!.id } });
    expect(stored, `account ${from + i}: answer ${answer.status}`).toBe(answer.status === 200 ? 1 : 0);
  }
}

describe.runIf(!onPostgres)("SQLite's write lock held by another process", () => {
  it("keeps /healthz as fast as without the lock; writes made meanwhile succeed once it is released", async () => {
    // The same run without the fault: writes and probes together.
    const baseline = await writesAndProbes(0, 2);
    expect(baseline.answers.map((a) => a.status)).toEqual([200, 200]);

    const lock = await holdWriteLock(1500);
    const held = await writesAndProbes(2, 3, lock.released);
    await lock.released;

    // Without the timers, every probe made while the lock was held waited for it (seconds).
    expect(held.probes.length).toBeGreaterThan(10);
    const ratio = (p: number) => percentile(held.probes, p) / Math.max(1, percentile(baseline.probes, p));
    expect(ratio(50), `baseline ${baseline.probes.join()}\nheld ${held.probes.join()}`).toBeLessThan(3);
    expect(ratio(90), `baseline ${baseline.probes.join()}\nheld ${held.probes.join()}`).toBeLessThan(5);
    // The writes waited for the lock (not refused at once) and went through once it was free.
    expect(held.answers.map((a) => a.status)).toEqual([200, 200, 200]);
    for (const answer of held.answers) expect(answer.ms).toBeGreaterThan(1000);
    await expectAccountedFor(2, held.answers);
  }, 60_000);

  it("a lock held past the wait: writes answer a clean 503 that stored nothing, /readyz names the lock within 2 s", async () => {
    const lock = await holdWriteLock(BUSY_TIMEOUT_MS + 2500);
    const writes = Promise.all(users.slice(5, 8).map((user) => createLink(user.token)));
    const ready = await timed("/readyz");
    expect(ready.ms).toBeLessThan(2000);
    expect(ready.status).toBe(503);
    expect(ready.text).toBe("not ready: database cannot write (locked by another process)");
    expect((await timed("/healthz")).ms).toBeLessThan(ready.ms);

    const answers = await writes;
    for (const answer of answers) {
      expect(answer.status, answer.text).toBe(503);
      expect(answer.headers.get("retry-after")).toBe("30");
      expect(answer.ms).toBeGreaterThan(BUSY_TIMEOUT_MS - 100);
    }
    await expectAccountedFor(5, answers);
    await lock.released;
    expect((await timed("/readyz")).status).toBe(200);
    expect((await createLink(users[5]!.token)).status).toBe(200);
  }, 60_000);
});
