// `npm run bench -- --memory`: a server's idle memory per worker, read from /proc after it has warmed
// itself up and then had 25 s without requests.
import { readFileSync, rmSync } from "node:fs";
import path from "node:path";

import { childPids, SERVER_NODE_FLAGS, startProcess } from "./app-server.ts";
import { log, table } from "./bench-output.ts";

/** How a server is started on the cores the load generator leaves free (bench.ts). */
export type OnServerCores = (command: string, args: string[]) => { command: string; args: string[] };

/** Resident memory (MB) of a process from /proc, or null off Linux. */
function rssMb(pid: number) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
    return Number.isFinite(kb) ? kb / 1024 : null;
  } catch {
    return null;
  }
}

/** The node processes at the leaves of a process tree (a launcher's child, a primary's workers). */
function leafProcesses(pid: number): number[] {
  const children = childPids(pid).filter((child) =>
    /(^|\/)node$/.test(readFileSync(`/proc/${child}/cmdline`, "utf8").split("\0")[0] ?? ""),
  );
  return children.length ? children.flatMap(leafProcesses) : [pid];
}

/** A server's idle RSS per worker: after a few requests (the app warms itself up), then 25 s of quiet. */
export async function idleRss(pid: number, origin: string, paths: string[]) {
  for (const p of paths) await (await fetch(origin + p)).arrayBuffer();
  await new Promise((resolve) => setTimeout(resolve, 25_000));
  return leafProcesses(pid)
    .map(rssMb)
    .filter((mb): mb is number => mb !== null);
}

/**
 * Idle memory per worker of the product as `npm run serve` runs it (node build/server.js, two
 * workers), beside the bare Remix app's one process; the target is within 1.5× (docs/performance.md).
 */
export async function printIdleMemory(
  bare: number[],
  { port, tmp, onServerCores }: { port: number; tmp: string; onServerCores: OnServerCores },
) {
  const serve = await startProcess({
    name: "serve",
    ...onServerCores(process.execPath, [...SERVER_NODE_FLAGS, path.resolve("build/server.js")]),
    port,
    readyPath: "/readyz",
    env: {
      NODE_ENV: "production",
      WEB_CONCURRENCY: "2",
      APP_MODE: "sandbox",
      DATABASE_URL: `file:${path.join(tmp, `bench-idle-${port}.db`)}`,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
    },
  });
  const workers = await idleRss(serve.pid, serve.origin, ["/healthz"]);
  await serve.stop();
  for (const suffix of ["", "-wal", "-shm"]) rmSync(path.join(tmp, `bench-idle-${port}.db${suffix}`), { force: true });
  const bareMb = Math.max(...bare);
  log("\nIdle memory (RSS after start-up and 25 s without requests; the IP database is read on first use only):\n");
  table(
    ["process", "RSS", "beside bare Remix"],
    [
      ["bare Remix, one process", `${bareMb.toFixed(0)} MB`, "1.00"],
      ...workers.map((mb, i) => [
        `\`npm run serve\` worker ${i + 1} of ${workers.length}`,
        `${mb.toFixed(0)} MB`,
        (mb / bareMb).toFixed(2),
      ]),
    ],
  );
  log("(target: each worker within 1.5× of the bare Remix app)\n");
}
