// `npm run bench -- --sqlite-lock`: how each way of waiting for SQLite's write lock held by another
// process treats the rest of the process (docs/decisions/041). One run per strategy, on a file of its
// own: a second process takes the write lock (`BEGIN IMMEDIATE`) and holds it; meanwhile this
// process starts WRITERS inserts, and a probe timer that fires every PROBE_MS stands for `/healthz`
// (how late it fires is how long a health check would have waited for the event loop). Printed per
// strategy: the probe's lateness (p50, p99, max) while the lock is held, the time from the lock's
// release until the last insert is stored, and the CPU this process spent during the hold.
//   - sync wait (the driver's `busy_timeout` = the deadline): the old behaviour, the loop frozen;
//   - short sync wait + timers (`busy_timeout` 5 ms, then a pause on timers, as the issue proposed);
//   - no sync wait + timers (`busy_timeout` 0, app/db/sqlite-busy.server.ts: what the server does);
//   - writer thread (the inserts sent to a worker_thread whose connection waits synchronously there).
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { Worker } from "node:worker_threads";

import { whileBusy } from "../../app/db/sqlite-busy.server.ts";

const require = createRequire(import.meta.url);
type Database = import("better-sqlite3").Database;
const openDatabase = require("better-sqlite3") as (file: string) => Database;

const WRITERS = 20;
const HOLD_MS = 2000;
const PROBE_MS = 10;
const DEADLINE_MS = 5000;

type Strategy = "sync wait" | "short sync wait + timers" | "no sync wait + timers" | "writer thread";
export const STRATEGIES: Strategy[] = [
  "sync wait",
  "short sync wait + timers",
  "no sync wait + timers",
  "writer thread",
];

type Result = {
  strategy: Strategy;
  probe: { p50: number; p99: number; max: number; count: number };
  afterReleaseMs: number;
  cpuMs: number;
  stored: number;
};

const INSERT = "INSERT INTO item (at) VALUES (?)";

/** A second process that takes the write lock, says so, holds it HOLD_MS, commits and exits. */
function holdLock(file: string): Promise<{ released: Promise<number> }> {
  const code = `
    const db = require(${JSON.stringify(require.resolve("better-sqlite3"))})(${JSON.stringify(file)});
    db.exec("BEGIN IMMEDIATE");
    db.prepare("INSERT INTO item (at) VALUES (0)").run();
    process.stdout.write("held\\n");
    setTimeout(() => { db.exec("COMMIT"); db.close(); process.stdout.write("released\\n"); }, ${HOLD_MS});`;
  const child = spawn(process.execPath, ["-e", code], { stdio: ["ignore", "pipe", "inherit"] });
  return new Promise((resolveHeld, reject) => {
    let releasedAt: (at: number) => void;
    const released = new Promise<number>((resolve) => (releasedAt = resolve));
    child.stdout.setEncoding("utf8").on("data", (text: string) => {
      if (text.includes("held")) resolveHeld({ released });
      if (text.includes("released")) releasedAt(performance.now());
    });
    child.on("error", reject);
  });
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A writer thread: one connection waiting synchronously in its own thread, inserts sent by message. */
function writerThread(file: string) {
  const worker = new Worker(
    `const { parentPort, workerData } = require("node:worker_threads");
     const db = require(workerData.driver)(workerData.file);
     db.pragma("busy_timeout = " + workerData.deadline);
     const insert = db.prepare(${JSON.stringify(INSERT)});
     parentPort.on("message", ({ id, at }) => {
       try { insert.run(at); parentPort.postMessage({ id }); }
       catch (error) { parentPort.postMessage({ id, error: String(error) }); }
     });`,
    { eval: true, workerData: { driver: require.resolve("better-sqlite3"), file, deadline: DEADLINE_MS } },
  );
  let next = 0;
  const waiting = new Map<number, { resolve: () => void; reject: (error: Error) => void }>();
  worker.on("message", ({ id, error }: { id: number; error?: string }) => {
    const entry = waiting.get(id);
    waiting.delete(id);
    if (error) entry?.reject(new Error(error));
    else entry?.resolve();
  });
  return {
    insert: (at: number) =>
      new Promise<void>((resolve, reject) => {
        const id = next++;
        waiting.set(id, { resolve, reject });
        worker.postMessage({ id, at });
      }),
    close: () => worker.terminate(),
  };
}

async function run(strategy: Strategy): Promise<Result> {
  const dir = mkdtempSync(path.join(tmpdir(), "sqlite-lock-"));
  const file = path.join(dir, "bench.db");
  const setup = openDatabase(file);
  setup.pragma("journal_mode = WAL");
  setup.exec("CREATE TABLE item (id INTEGER PRIMARY KEY, at REAL NOT NULL)");
  setup.close();

  const db = openDatabase(file);
  db.pragma(
    `busy_timeout = ${strategy === "sync wait" ? DEADLINE_MS : strategy === "short sync wait + timers" ? 5 : 0}`,
  );
  const insert = db.prepare(INSERT);
  const thread = strategy === "writer thread" ? writerThread(file) : null;
  const write = (at: number): Promise<unknown> =>
    thread
      ? thread.insert(at)
      : strategy === "sync wait"
        ? Promise.resolve().then(() => insert.run(at))
        : whileBusy(() => insert.run(at), DEADLINE_MS);

  const { released } = await holdLock(file);
  const lateness: number[] = [];
  let expected = performance.now() + PROBE_MS;
  let probing = true;
  const probe = () => {
    const now = performance.now();
    lateness.push(Math.max(0, now - expected));
    expected = now + PROBE_MS;
    if (probing) setTimeout(probe, PROBE_MS);
  };
  setTimeout(probe, PROBE_MS);
  const cpuBefore = process.cpuUsage();
  // The writers start a little after the probe, as requests would arrive during the hold.
  await pause(50);
  const writes = Array.from({ length: WRITERS }, (_, i) => pause(i * 20).then(() => write(performance.now())));
  const releasedAt = await released;
  const cpu = process.cpuUsage(cpuBefore);
  probing = false;
  await Promise.all(writes);
  const afterReleaseMs = performance.now() - releasedAt;
  const stored = (db.prepare("SELECT count(*) AS n FROM item").get() as { n: number }).n - 1;
  await thread?.close();
  db.close();
  rmSync(dir, { recursive: true, force: true });

  const sorted = lateness.toSorted((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return {
    strategy,
    probe: { p50: at(0.5), p99: at(0.99), max: sorted.at(-1) ?? 0, count: sorted.length },
    afterReleaseMs,
    cpuMs: (cpu.user + cpu.system) / 1000,
    stored,
  };
}

export async function sqliteLockRows(log: (line: string) => void) {
  log(
    `\nSQLite's write lock held ${HOLD_MS} ms by another process while ${WRITERS} inserts arrive; a probe every ${PROBE_MS} ms stands for /healthz.`,
  );
  log(
    "strategy                      probe late p50 / p99 / max     last insert after release   CPU during hold   stored",
  );
  for (const strategy of STRATEGIES) {
    const r = await run(strategy);
    const ms = (n: number) => `${n.toFixed(1)} ms`;
    log(
      `${r.strategy.padEnd(30)}${`${ms(r.probe.p50)} / ${ms(r.probe.p99)} / ${ms(r.probe.max)}`.padEnd(31)}${ms(r.afterReleaseMs).padEnd(28)}${ms(r.cpuMs).padEnd(18)}${r.stored}/${WRITERS}`,
    );
  }
}
