// Starts a built server (the product's or the bare benchmark apps) as a child process in its own
// process group, waits until it answers, and stops it again: on `stop()`, when this process exits,
// and on Ctrl-C or SIGTERM. Used by `npm run bench` and the page budgets (scripts/page-budgets.ts).
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";

/**
 * The Node flags of `npm run serve` and `npm start` (package.json; tests/unit/server-flags.test.ts
 * keeps them equal): a young generation of up to 64 MB per semi-space instead of V8's 16 MB, so that
 * a request's short-lived objects die in fewer scavenges (docs/performance.md).
 */
export const SERVER_NODE_FLAGS = ["--max-semi-space-size=64"] as const;

/**
 * glibc's malloc settings `npm run serve` and `npm start` give the process they start (package.json,
 * unless set; tests/unit/server-flags.test.ts keeps them equal to the workers' defaults): a single
 * process (WEB_CONCURRENCY=1) has no primary to set them, and without them it held some 11 MB more at
 * idle (docs/decisions/037).
 */
export const SERVER_ENV = { MALLOC_ARENA_MAX: "2", MALLOC_MMAP_THRESHOLD_: "32768" } as const;

/** The processes `pid` started (its children), from `pgrep`. */
export function childPids(pid: number): number[] {
  return spawnSync("pgrep", ["-P", String(pid)], { encoding: "utf8" })
    .stdout.split("\n")
    .filter(Boolean)
    .map(Number);
}

/**
 * CPU time (user and system, ms) used so far by the processes of the process group `pgid` (a server
 * started here leads its own group: tsx and the Node process it starts), from `/proc`.
 */
let tickMs: number | undefined;
export function groupCpuMs(pgid: number): number {
  const tick = (tickMs ??= 1000 / Number(spawnSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).stdout.trim() || 100));
  let ticks = 0;
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, "utf8");
    } catch {
      continue; // Gone meanwhile.
    }
    // Fields after the command (which may hold spaces): state is 3, pgrp 5, utime 14, stime 15.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    if (Number(fields[2]) === pgid) ticks += Number(fields[11]) + Number(fields[12]);
  }
  return ticks * tick;
}

export type RunningServer = { name: string; origin: string; pid: number; stop: () => Promise<void> };

const running = new Set<ChildProcess>();

function killGroup(child: ChildProcess, signal: NodeJS.Signals) {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // Already gone.
  }
}

let hooked = false;
function hookExit() {
  if (hooked) return;
  hooked = true;
  process.on("exit", () => {
    for (const child of running) killGroup(child, "SIGKILL");
  });
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.on(signal, () => {
      for (const child of running) killGroup(child, "SIGTERM");
      process.exit(130);
    });
  }
}

async function waitFor(url: string, child: ChildProcess, log: () => string, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}) before answering:\n${log()}`);
    try {
      const response = await fetch(url);
      if (response.status < 500) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no answer from ${url} within ${timeoutMs / 1000} s:\n${log()}`);
}

/** Starts `command args` with `env` and waits until `readyPath` answers on 127.0.0.1:port. */
export async function startProcess(options: {
  name: string;
  command: string;
  args: string[];
  port: number;
  env?: Record<string, string>;
  readyPath?: string;
  cwd?: string;
}): Promise<RunningServer> {
  hookExit();
  const child = spawn(options.command, options.args, {
    env: { ...process.env, ...options.env, PORT: String(options.port) },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
    cwd: options.cwd,
  });
  running.add(child);
  let output = "";
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const origin = `http://127.0.0.1:${options.port}`;
  const stop = async () => {
    killGroup(child, "SIGTERM");
    const exited = new Promise<void>((resolve) =>
      child.exitCode !== null || child.signalCode !== null ? resolve() : child.once("exit", () => resolve()),
    );
    const timer = setTimeout(() => killGroup(child, "SIGKILL"), 5000);
    await exited;
    clearTimeout(timer);
    running.delete(child);
  };
  try {
    await waitFor(origin + (options.readyPath ?? "/"), child, () => output);
  } catch (error) {
    await stop();
    throw error;
  }
  return { name: options.name, origin, pid: child.pid!, stop };
}

/**
 * The product's production server (`build/` must exist) on a fresh SQLite file, with the demo
 * account (APP_MODE=demo) and the embedded providers: what `npm start` runs.
 */
export async function startAppServer(
  port: number,
  extraEnv: Record<string, string> = {},
  launch: { command?: string; args?: string[]; cwd?: string; name?: string } = {},
): Promise<RunningServer & { dbFile: string }> {
  const dbFile = path.resolve(launch.cwd ?? ".", "tests/.tmp", `bench-${port}.db`);
  mkdirSync(path.dirname(dbFile), { recursive: true });
  for (const suffix of ["", "-wal", "-shm", "-journal"]) rmSync(dbFile + suffix, { force: true });
  const server = await startProcess({
    name: launch.name ?? "app",
    cwd: launch.cwd,
    command: launch.command ?? path.resolve("node_modules/.bin/tsx"),
    args: launch.args ?? [...SERVER_NODE_FLAGS, "server.ts"],
    port,
    readyPath: "/healthz",
    env: {
      NODE_ENV: "production",
      DATABASE_URL: `file:${dbFile}`,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      APP_MODE: "demo",
      // Every benchmark request comes from one address: the per-address limits would answer 429.
      DEVICE_REPORT_LIMIT_PER_IP: "1000000",
      LOGIN_LIMIT_PER_IP: "1000000",
      LOGIN_LIMIT_PER_ACCOUNT: "1000000",
      ...extraEnv,
    },
  });
  const stop = server.stop;
  return {
    ...server,
    dbFile,
    stop: async () => {
      await stop();
      for (const suffix of ["", "-wal", "-shm", "-journal"]) rmSync(dbFile + suffix, { force: true });
    },
  };
}
