// `npm run bench`: builds, starts the production server on a fresh embedded (SQLite) database with the
// demo account, and prints, all measured in this one run:
//   1. throughput with autocannon (50 connections on loopback, a warm-up, then a fixed duration per
//      row) of a bare `node:http` server sending the home page's bytes, a bare Remix app
//      (bench/bare-remix: one route rendering a 20-item list, the same node_modules and Express
//      adapter), the home page (its shared render, and rendered for each request), the consent page (its render with slots, and rendered for each request) and the JSON API (GET /api/v1/personnal/subscribe/info);
//   2. bytes per page type (HTML, CSS, JS, inline hydration data; raw, gzip, brotli; the whole first load);
//      then the health check's latency alone, beside 20 connections of ordinary pages and beside 20
//      of hostile requests (600 segments, lazy route discovery of unreadable paths, TRACE…);
//   3. Lighthouse mobile scores of the home page, the consent page and the signed-in dashboard.
// The load generator is this process; each server is a process of its own, started and stopped here.
// With two cores or more, `taskset` keeps the load generator on core 0 and the servers on the others.
// Timings are printed, never asserted; docs/performance.md explains how to read the output.
//
// Options: --duration=S (per row, default 8), --warmup=S (per row, default 10: long enough for the JIT
//   to optimize a page's code, docs/performance.md; the warm-up and the measured seconds are one
//   continuous load, scripts/support/steady-load.ts), --connections=N (default 50), --skip-build,
//   --no-lighthouse, --profile (at the end, a fresh app server is profiled under load on the home page,
//   the consent page and the API; profiles in tests/.tmp/profiles), --baseline=GIT_REF (that commit is
//   exported to tests/.tmp/baseline, built, and its home, consent and API rows are measured right
//   before this tree's: before/after in one run), --memory (only the idle memory rows), --scale (only the
//   cost as data grows: an empty and a large database side by side, scripts/support/scale.ts), --flood
//   (only the health check beside floods of ordinary pages and of hostile requests), --live (only the
//   bare Remix row and the live-sharing rows: --live-views=N requesters following live shares, default
//   200, scripts/support/live-follow.ts), --tricks[=NAMES] (only the bare Remix row and what each speed
//   trick buys on the pages it serves: the product beside a server without that trick, loads
//   interleaved --rounds=N times each, default 2; scripts/support/tricks.ts; with --profile, the
//   profiles after), --sqlite-lock (only the ways of waiting for SQLite's write lock held by another
//   process, side by side: scripts/support/sqlite-lock.ts, decision 041).
// Ports: BENCH_PORT (default 3361) and the next four.
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { availableParallelism, cpus, loadavg } from "node:os";
import path from "node:path";

import autocannon from "autocannon";

import { SERVER_NODE_FLAGS, startAppServer, startProcess, type RunningServer } from "./support/app-server.ts";
import { log, printBytes, printLighthouse, printThroughput, type Row } from "./support/bench-output.ts";
import { summarizeProfiles } from "./support/cpu-profile.ts";
import { makeFixtures } from "./support/fixtures.ts";
import { healthUnderHostilePaths } from "./support/health-flood.ts";
import { idleRss, printIdleMemory } from "./support/idle-memory.ts";
import { liveFollowRows } from "./support/live-follow.ts";
import { pageBytes, type PageBytes } from "./support/page-bytes.ts";
import { sqliteLockRows } from "./support/sqlite-lock.ts";
import { steadyLoad, type Measured } from "./support/steady-load.ts";
import { PAGES } from "./support/tricks.ts";

const args = new Map(
  process.argv.slice(2).map((arg) => {
    const [name, value] = arg.replace(/^--/, "").split("=");
    return [name!, value ?? "true"] as const;
  }),
);
const DURATION = Number(args.get("duration") ?? 8);
const WARMUP = Number(args.get("warmup") ?? 10);
const CONNECTIONS = Number(args.get("connections") ?? 50);
const LIVE_VIEWS = Number(args.get("live-views") ?? 200);
const PORT = Number(process.env.BENCH_PORT ?? 3361);
const PROFILE_DIR = path.resolve("tests/.tmp/profiles");
const TMP = path.resolve("tests/.tmp");

const cores = availableParallelism();
const pin = cores >= 2 && spawnSync("taskset", ["-V"]).status === 0;
const serverCores = pin ? `1-${cores - 1}` : null;

// Without a server, so without a build.
if (args.has("sqlite-lock")) {
  await sqliteLockRows(log);
  process.exit(0);
}

// ---- build ----------------------------------------------------------------------------------------
if (!args.has("skip-build")) {
  log("Building the app and the bare Remix app…");
  execFileSync("npm", ["run", "build"], {
    stdio: ["ignore", "ignore", "pipe"],
    env: { ...process.env, NODE_ENV: "production" },
  });
  execFileSync("npx", ["remix", "vite:build", "--config", "bench/bare-remix/vite.config.ts"], {
    stdio: ["ignore", "ignore", "pipe"],
    env: { ...process.env, NODE_ENV: "production" },
  });
}
const baselineRef = args.get("baseline");
const BASELINE_DIR = path.resolve("tests/.tmp/baseline");
if (baselineRef) {
  const commit = execFileSync("git", ["rev-parse", "--short", baselineRef], { encoding: "utf8" }).trim();
  log(`Exporting and building the baseline ${baselineRef} (${commit}) in ${path.relative(".", BASELINE_DIR)}…`);
  rmSync(BASELINE_DIR, { recursive: true, force: true });
  mkdirSync(BASELINE_DIR, { recursive: true });
  execFileSync("sh", ["-c", `git archive ${commit} | tar -x -C "${BASELINE_DIR}"`]);
  symlinkSync(path.resolve("node_modules"), path.join(BASELINE_DIR, "node_modules"));
  // The generated Prisma clients are not in git: made from the baseline's own schema.
  execFileSync("npm", ["run", "db:generate"], { cwd: BASELINE_DIR, stdio: ["ignore", "ignore", "pipe"] });
  execFileSync("npm", ["run", "build"], {
    cwd: BASELINE_DIR,
    stdio: ["ignore", "ignore", "pipe"],
    env: { ...process.env, NODE_ENV: "production" },
  });
}
if (args.has("scale")) {
  // The cost as data grows (scripts/support/scale.ts): its own run, then nothing else.
  const { runScale } = await import("./support/scale.ts");
  if (!existsSync("build/server.js")) throw new Error("build/server.js is missing: run without --skip-build");
  try {
    await runScale({ args, port: PORT, log, tmp: TMP });
    process.exit(0);
  } catch (error) {
    console.error(`\nbench --scale failed: ${error instanceof Error ? error.stack : String(error)}`);
    process.exit(1);
  }
}
// The flood rows need the product's build only.
const bareRemixBuild = args.has("flood") ? [] : ["bench/bare-remix/build/server/index.js"];
for (const needed of ["build/server/index.js", ...bareRemixBuild]) {
  if (!existsSync(needed)) throw new Error(`${needed} is missing: run without --skip-build`);
}

if (pin) execFileSync("taskset", ["-cp", "0", String(process.pid)], { stdio: "ignore" });
/** The command prefix that puts a server on the cores the load generator leaves free. */
const onServerCores = (command: string, commandArgs: string[]) =>
  serverCores
    ? { command: "taskset", args: ["-c", serverCores, command, ...commandArgs] }
    : { command, args: commandArgs };

// ---- servers ----------------------------------------------------------------------------------------
const tsx = path.resolve("node_modules/.bin/tsx");
let app: (RunningServer & { dbFile: string }) | undefined;
const stopAll: (() => Promise<void>)[] = [];

function load(url: string, headers: Record<string, string> = {}, cpuMs?: () => number): Promise<Measured> {
  // Warm-up (JIT, caches, connection pools), then the measured seconds, in one continuous load.
  return steadyLoad({
    url,
    headers,
    connections: CONNECTIONS,
    warmupSeconds: WARMUP,
    durationSeconds: DURATION,
    cpuMs,
  });
}

const rows: Row[] = [];

async function main() {
  if (args.has("flood")) {
    // Only the health check beside ordinary and hostile floods.
    app = await startAppServer(PORT, {}, onServerCores(tsx, [...SERVER_NODE_FLAGS, "server.ts"]));
    stopAll.push(app.stop);
    await healthUnderHostilePaths(app.origin, await (await fetch(`${app.origin}/`)).text(), DURATION);
    await app.stop();
    return;
  }
  if (args.has("live")) {
    // Only the live-sharing rows (docs/decisions/049), beside the bare Remix row.
    await bareRemixRow();
    app = await startAppServer(PORT, {}, onServerCores(tsx, [...SERVER_NODE_FLAGS, "server.ts"]));
    stopAll.push(app.stop);
    await liveFollowRows({
      origin: app.origin,
      dbFile: app.dbFile,
      serverPid: app.pid,
      views: LIVE_VIEWS,
      seconds: DURATION * 2,
      log,
    });
    await app.stop();
    return;
  }
  if (args.has("tricks")) {
    // Only bare Remix and what each speed trick buys (scripts/support/tricks.ts), then the profiles if asked.
    const { printTricks, runTricks } = await import("./support/tricks.ts");
    log(
      `\nMachine: ${cores} cores, load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(" ")} at the start.`,
    );
    await bareRemixRow();
    const only = args.get("tricks");
    const trickRows = await runTricks({
      port: PORT,
      only: only === "true" ? undefined : only,
      rounds: Number(args.get("rounds") ?? 2),
      launch: onServerCores(tsx, [...SERVER_NODE_FLAGS, "server.ts"]),
      load,
      stopAll,
    });
    log(`\nEach speed trick against its simple path (requests/s of each load, in the order run; gain of the means):\n`);
    printTricks(trickRows);
    log(
      `\nLoad average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(" ")} at the end.`,
    );
    if (args.has("profile")) await profileRows();
    return;
  }
  if (args.has("memory")) {
    // Only the idle memory rows.
    const bare = await startProcess({
      name: "bare-remix",
      ...onServerCores(tsx, [...SERVER_NODE_FLAGS, path.resolve("bench/bare-remix/server.ts")]),
      port: PORT + 2,
      env: { NODE_ENV: "production" },
    });
    const bareIdle = await idleRss(bare.pid, bare.origin, ["/", "/", "/"]);
    await bare.stop();
    await printIdleMemory(bareIdle, { port: PORT + 4, tmp: TMP, onServerCores });
    return;
  }
  log(`\nMachine: ${cores} cores (${cpus()[0]?.model.trim() ?? "unknown CPU"}), Node ${process.version}.`);
  log(
    pin
      ? `Load generator (this process, autocannon) pinned to core 0; each server runs alone on cores ${serverCores}.`
      : `Load generator and server share the ${cores} core(s) (taskset unavailable or one core).`,
  );
  log(
    `Each server is one Node process. ${CONNECTIONS} connections, ${WARMUP} s warm-up, ${DURATION} s measured per row.\n`,
  );

  // The product's server, with the fixtures made through its own HTTP interface.
  app = await startAppServer(PORT, {}, onServerCores(tsx, [...SERVER_NODE_FLAGS, "server.ts"]));
  stopAll.push(app.stop);
  const fixtures = await makeFixtures(app.origin);
  const homeHtml = await (await fetch(`${app.origin}/`)).text();
  const homeFile = path.join(TMP, `bench-home-${PORT}.html`);
  mkdirSync(TMP, { recursive: true });
  writeFileSync(homeFile, homeHtml);

  // 1. Bare node:http with the home page's bytes.
  const bareHttpCommand = onServerCores(process.execPath, [path.resolve("bench/bare-http.mjs"), homeFile]);
  const bareHttp = await startProcess({
    name: "bare-http",
    ...bareHttpCommand,
    port: PORT + 1,
    env: { NODE_ENV: "production" },
  });
  rows.push({ name: "bare `node:http`, same bytes as home", result: await load(`${bareHttp.origin}/`) });
  await bareHttp.stop();
  rmSync(homeFile, { force: true });

  // 2. Bare Remix: one route, a 20-item list.
  const bareRemixCommand = onServerCores(tsx, [...SERVER_NODE_FLAGS, path.resolve("bench/bare-remix/server.ts")]);
  const startBareRemix = () =>
    startProcess({ name: "bare-remix", ...bareRemixCommand, port: PORT + 2, env: { NODE_ENV: "production" } });
  const bareRemix = await startBareRemix();
  const bareIdle = await idleRss(bareRemix.pid, bareRemix.origin, ["/", "/", "/"]);
  rows.push({ name: "bare Remix, one route", result: await load(`${bareRemix.origin}/`) });
  await bareRemix.stop();
  await printIdleMemory(bareIdle, { port: PORT + 4, tmp: TMP, onServerCores });

  // 3-5. The product (and the baseline's same rows just before, when asked).
  let baseline: (RunningServer & { dbFile: string }) | undefined;
  let baselineFixtures: typeof fixtures | undefined;
  if (baselineRef) {
    baseline = await startAppServer(
      PORT + 3,
      {},
      { ...onServerCores(tsx, [...SERVER_NODE_FLAGS, "server.ts"]), cwd: BASELINE_DIR, name: "baseline" },
    );
    stopAll.push(baseline.stop);
    baselineFixtures = await makeFixtures(baseline.origin);
  }
  // The home page and the consent page also rendered for each request, as for a visitor with a
  // cookie the shared render's key does not name: what decisions 051 and 054 buy.
  const productRows = [PAGES.home, PAGES.homeRendered, PAGES.consent, PAGES.consentRendered, PAGES.api].map(
    (page) => [page.name, page.target] as const,
  );
  for (const [name, target] of productRows) {
    if (baseline && baselineFixtures) {
      const [url, headers] = target(baseline.origin, baselineFixtures);
      rows.push({ name: `${name}, baseline ${baselineRef}`, result: await load(url, headers) });
    }
    const [url, headers] = target(app.origin, fixtures);
    rows.push({ name, result: await load(url, headers) });
  }
  await baseline?.stop();
  if (baselineRef) rmSync(BASELINE_DIR, { recursive: true, force: true });
  // Bare Remix again, after the app's rows: the ratios are against the mean of both loads.
  const bareRemixAgain = await startBareRemix();
  rows.push({
    name: "bare Remix, one route, again after the app's rows",
    result: await load(`${bareRemixAgain.origin}/`),
  });
  await bareRemixAgain.stop();
  printThroughput(rows);
  await healthUnderHostilePaths(app.origin, homeHtml, DURATION);
  await liveFollowRows({
    origin: app.origin,
    dbFile: app.dbFile,
    serverPid: app.pid,
    views: LIVE_VIEWS,
    seconds: DURATION * 2,
    log,
  });

  // Bytes per page type.
  const pages: [string, string, Record<string, string>][] = [
    ["home", "/", {}],
    ["content page (/faqs)", "/faqs", {}],
    ["dashboard (signed in)", "/dashboard/", { Cookie: fixtures.cookie }],
    ["consent page", `/${fixtures.code}`, {}],
    ["share page", `/share?c=${fixtures.code}`, {}],
  ];
  const measured: [string, PageBytes][] = [];
  for (const [name, pagePath, headers] of pages) measured.push([name, await pageBytes(app.origin, pagePath, headers)]);
  printBytes(measured);

  // Lighthouse, mobile.
  if (!args.has("no-lighthouse")) {
    const { lighthouseScores } = await import("./support/lighthouse.ts");
    const scores = await lighthouseScores(app.origin, [
      ["home", "/", {}],
      ["consent page", `/${fixtures.code}`, {}],
      ["dashboard (signed in)", "/dashboard/", { Cookie: fixtures.cookie }],
    ]);
    printLighthouse(scores);
  }

  await app.stop();
  stopAll.length = 0;
  if (args.has("profile")) await profileRows();
}

/** The bare Remix app's row alone, printed: the baseline of the modes that measure one thing. */
async function bareRemixRow() {
  const bare = await startProcess({
    name: "bare-remix",
    ...onServerCores(tsx, [...SERVER_NODE_FLAGS, path.resolve("bench/bare-remix/server.ts")]),
    port: PORT + 2,
    env: { NODE_ENV: "production" },
  });
  rows.push({ name: "bare Remix, one route", result: await load(`${bare.origin}/`) });
  await bare.stop();
  printThroughput(rows);
}

async function profileRows() {
  await profileUnderLoad("home `/`", () => ["/", {}]);
  await profileUnderLoad("consent page `/{code}`", (f) => [`/${f.code}`, {}]);
  await profileUnderLoad("`GET /api/v1/personnal/subscribe/info`", (f) => [
    "/api/v1/personnal/subscribe/info",
    f.apiHeaders,
  ]);
}

/**
 * A fresh app server with bench/profile-on-signal.mjs preloaded: warm-up, then V8's profiler runs
 * during the measured seconds only (SIGUSR2 … SIGTERM), and its self time is summarised.
 */
async function profileUnderLoad(
  name: string,
  target: (f: Awaited<ReturnType<typeof makeFixtures>>) => [string, Record<string, string>],
) {
  const dir = path.join(PROFILE_DIR, name.replace(/\W+/g, "-"));
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  // One Node process (tsx as a loader, not as a launcher) so that the signals reach the server itself.
  const command = onServerCores(process.execPath, [
    ...SERVER_NODE_FLAGS,
    `--import=${path.resolve("bench/profile-on-signal.mjs")}`,
    "--import=tsx",
    "server.ts",
  ]);
  const server = await startAppServer(PORT + 4, { BENCH_PROFILE_DIR: dir }, command);
  stopAll.push(server.stop);
  const [pathname, headers] = target(await makeFixtures(server.origin));
  const url = `${server.origin}${pathname}`;
  await autocannon({ url, headers, connections: CONNECTIONS, duration: WARMUP });
  process.kill(-server.pid, "SIGUSR2");
  const result = await autocannon({ url, headers, connections: CONNECTIONS, duration: DURATION });
  await server.stop();
  const files = readdirSync(dir)
    .filter((f) => f.endsWith(".cpuprofile"))
    .map((f) => path.join(dir, f));
  log(
    `\nCPU profile of the app server under load on ${name} (${Math.round(result.requests.average)} requests/s while profiled; ${DURATION} s after a ${WARMUP} s warm-up):\n`,
  );
  log(summarizeProfiles(files));
}

// ---- output -----------------------------------------------------------------------------------------
try {
  await main();
  process.exit(0);
} catch (error) {
  console.error(`\nbench failed: ${error instanceof Error ? error.stack : String(error)}`);
  for (const stop of stopAll) await stop().catch(() => undefined);
  if (baselineRef) rmSync(BASELINE_DIR, { recursive: true, force: true });
  process.exit(1);
}
