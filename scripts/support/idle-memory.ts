// `npm run bench -- --memory`: a server's idle memory per worker, read from /proc after it has warmed
// itself up and then had 25 s without requests.
import { readFileSync, rmSync } from "node:fs";
import path from "node:path";

import { childPids, SERVER_ENV, SERVER_NODE_FLAGS, startProcess } from "./app-server.ts";
import { log, table } from "./bench-output.ts";
import { makeFixtures } from "./fixtures.ts";

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
  return quietRss(pid);
}

async function quietRss(pid: number) {
  await new Promise((resolve) => setTimeout(resolve, 25_000));
  return leafProcesses(pid)
    .map(rssMb)
    .filter((mb): mb is number => mb !== null);
}

/** A recipient's answer on the consent page, as a browser posts it; throws unless it was taken. */
async function share(
  origin: string,
  code: string,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
) {
  const res = await fetch(`${origin}/${code}`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: origin, ...headers },
    body: new URLSearchParams(fields),
  });
  const to = res.headers.get("Location") ?? "";
  if (res.status !== 302 || to.includes("failed")) throw new Error(`share: HTTP ${res.status} → ${to}`);
}

/**
 * One worker's memory as its lazy data sets are first used: idle, after a first precise share (the
 * nearest-city places), after a first approximate share (the IP database, 36 s later so that the
 * shares are apart). One worker (WEB_CONCURRENCY=1), so every request reaches the one measured: a
 * single process, which also prepared the database, started with `npm run serve`'s malloc settings
 * (SERVER_ENV; without them it measured some 25 MB more, docs/decisions/037).
 */
async function datasetRows(port: number, tmp: string, onServerCores: OnServerCores) {
  const db = path.join(tmp, `bench-datasets-${port}.db`);
  const serve = await startProcess({
    name: "serve-datasets",
    ...onServerCores(process.execPath, [...SERVER_NODE_FLAGS, path.resolve("build/server.js")]),
    port,
    readyPath: "/readyz",
    env: {
      ...SERVER_ENV,
      NODE_ENV: "production",
      WEB_CONCURRENCY: "1",
      // The demo account (demo mode seeds it) makes the request the shares answer.
      APP_MODE: "demo",
      TRUST_PROXY: "1",
      DATABASE_URL: `file:${db}`,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
    },
  });
  try {
    const { code } = await makeFixtures(serve.origin);
    const idle = await idleRss(serve.pid, serve.origin, ["/healthz"]);
    await share(serve.origin, code, { intent: "precise", latitude: "14.6507", longitude: "121.0494", accuracy: "20" });
    const afterShare = await quietRss(serve.pid);
    // 112.198.0.1 is in Metro Manila in the bundled IP database.
    await share(serve.origin, code, { intent: "approximate" }, { "X-Forwarded-For": "112.198.0.1" });
    const afterIp = await quietRss(serve.pid);
    return { idle: idle[0]!, afterShare: afterShare[0]!, afterIp: afterIp[0]! };
  } finally {
    await serve.stop();
    for (const suffix of ["", "-wal", "-shm"]) rmSync(db + suffix, { force: true });
  }
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
      ...SERVER_ENV,
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
  const datasets = await datasetRows(port + 1, tmp, onServerCores);
  const bareMb = Math.max(...bare);
  log("\nIdle memory (RSS after start-up and 25 s without requests):\n");
  table(
    ["process", "RSS", "beside bare Remix"],
    [
      ["bare Remix, one process", `${bareMb.toFixed(0)} MB`, "1.00"],
      ...workers.map((mb, i) => [
        `\`npm run serve\` worker ${i + 1} of ${workers.length}`,
        `${mb.toFixed(0)} MB`,
        (mb / bareMb).toFixed(2),
      ]),
      ...(
        [
          ["one worker, idle after a sign-in and a new request", datasets.idle],
          ["the same, 25 s after a first precise share", datasets.afterShare],
          ["the same, 25 s after a first approximate share (IP database)", datasets.afterIp],
        ] as const
      ).map(([what, mb]) => [what, `${mb.toFixed(0)} MB`, (mb / bareMb).toFixed(2)]),
    ],
  );
  log(
    "(target: each worker within 1.5× of the bare Remix app; the IP database is read piece by piece, through a 1 MB block cache per file)\n",
  );
}
