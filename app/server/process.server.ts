// The server's processes: one, or a primary with WEB_CONCURRENCY workers (node:cluster), and how each
// stops. The primary prepares the database once, starts the workers, restarts any that dies (with
// back-off while another still serves), and on SIGTERM/SIGINT stops them all. A serving process (a worker, or the only process)
// on SIGTERM/SIGINT reports not ready, stops accepting connections, closes its idle keep-alive
// connections at once, answers every request in flight with `Connection: close` (the edge refuses, 503,
// any request arriving later on a connection still open: docs/decisions/041), lets those requests
// finish within SHUTDOWN_TIMEOUT_SECONDS, stops its background jobs, closes the database and exits 0
// (1 when it had to cut requests off).
import cluster, { type Worker } from "node:cluster";
import { get as httpGet, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

import type { Express } from "express";

import { closeProcessDb } from "~/db/db.server";
import { appServer } from "~/http/app-server.server";
import { settleStartedJobs } from "~/jobs/jobs.server";

import type { Lifecycle } from "./health.server";
import { consoleAsLog, log } from "./log.server";

const SIGNALS = ["SIGTERM", "SIGINT"] as const;
// A worker that dies sooner than this after starting counts as crashing: the next start waits longer.
const STABLE_AFTER_MS = 30_000;
const MAX_RESTART_DELAY_MS = 30_000;

/**
 * How long to wait before starting a worker again, after `quickDeaths` deaths in a row soon after
 * start (this one included). A worker that had run a while is replaced at once. A crash loop backs
 * off (0.5 s, doubling up to 30 s) while another worker serves; when none does (the last one died),
 * the port refuses every connection until a replacement listens, so the back-off stays at its first
 * step (workers killed again and again on a loaded machine left the port refusing for 21–31 s:
 * docs/decisions/041).
 */
export function restartDelay(quickDeaths: number, othersServing = true) {
  if (quickDeaths === 0) return 0;
  return othersServing ? Math.min(MAX_RESTART_DELAY_MS, 500 * 2 ** (quickDeaths - 1)) : 500;
}

type ProcessOptions = {
  workers: number;
  /** The script each worker runs (server.ts), rather than whatever started the primary (`npm start`'s wrapper). */
  entry: string;
  shutdownTimeoutMs: number;
  /** Runs once per start before anything serves: in the primary, or in the only process. */
  prepare: () => Promise<void>;
};

/**
 * Sets up this process's role. In the primary of several workers it never returns: it prepares, starts
 * the workers (each runs the same script again and gets its own return value here) and watches them.
 */
export async function startProcess(options: ProcessOptions): Promise<Lifecycle> {
  const lifecycle: Lifecycle = { shuttingDown: false };
  if (cluster.isWorker) return lifecycle;
  await options.prepare();
  if (options.workers <= 1) return lifecycle;
  // The primary serves nothing: its database connections go back before the workers open theirs.
  await closeProcessDb();
  superviseWorkers(options);
  return new Promise<never>(() => {});
}

/**
 * What a worker's environment adds to the primary's (glibc's malloc reads both at the worker's start),
 * each unless the operator set it (docs/decisions/037):
 * - at most two malloc arenas (MALLOC_ARENA_MAX): by default a process gets an arena per thread that
 *   allocates (V8's compiler and collector threads, libuv's pool), and memory freed in one stays with
 *   it: some 8 MB more per idle worker on average, and a wider spread;
 * - blocks of 32 KB and more taken straight from the system (MALLOC_MMAP_THRESHOLD_) and so given
 *   back when freed, instead of staying in the heap once start-up (compiling Prisma's query compiler,
 *   reading the build) has freed them. 32 KB, not 64: V8's compilers allocate their working memory in
 *   segments of up to 32 KB, which a 64 KB threshold left in the heap, scattered among blocks still
 *   in use, where glibc cannot give them back: an idle process held 18–25 MB of heap with 64 KB,
 *   10–11 MB with 32 KB, and ~16 MB less in all; no change in throughput either time.
 * `npm run serve` and `npm start` give the process they start the same (package.json): a single
 * process (WEB_CONCURRENCY=1) has no primary to set them.
 */
export const WORKER_MALLOC_DEFAULTS = { MALLOC_ARENA_MAX: "2", MALLOC_MMAP_THRESHOLD_: "32768" };
export function workerEnv(env: Record<string, string | undefined> = process.env): Record<string, string> {
  return Object.fromEntries(Object.entries(WORKER_MALLOC_DEFAULTS).filter(([name]) => !env[name]));
}

function superviseWorkers({ workers, entry, shutdownTimeoutMs }: ProcessOptions) {
  // Each worker accepts its connections from the shared listening socket itself (SCHED_NONE). With
  // Node's default round robin the primary accepts them and hands each to a worker; one handed to a
  // worker that dies before taking it is never closed, and its client waits for ever. This way a
  // connection is either in the kernel's queue, where a living worker takes it, or with a worker,
  // whose death closes it (docs/decisions/041).
  cluster.schedulingPolicy = cluster.SCHED_NONE;
  cluster.setupPrimary({ exec: entry });
  let stopping = false;
  let failed = false;
  const started = new Map<Worker, number>();
  let quickDeaths = 0;
  // Until a worker listens the server has not started: a worker that ends then (a port in use, a
  // missing build; it says why itself) ends the start, instead of being restarted for ever.
  let serving = false;
  const listening = new Set<Worker>();
  cluster.on("listening", (worker) => {
    serving = true;
    listening.add(worker);
  });
  const fork = () => started.set(cluster.fork(workerEnv()), Date.now());
  for (let i = 0; i < workers; i++) fork();
  log("info", "primary started workers", { workers });

  cluster.on("exit", (worker, code, signal) => {
    const lived = Date.now() - (started.get(worker) ?? 0);
    started.delete(worker);
    listening.delete(worker);
    if (!serving && !stopping) {
      stopping = true;
      failed = true;
      log("info", "a worker ended before the server started: stopping", {
        workerPid: worker.process.pid,
        code,
        signal,
      });
      if (started.size === 0) process.exit(1);
      for (const other of started.keys()) other.process.kill("SIGTERM");
      return;
    }
    if (stopping) {
      if (code !== 0) failed = true;
      if (started.size === 0) {
        log("info", "all workers stopped");
        process.exit(failed ? 1 : 0);
      }
      return;
    }
    quickDeaths = lived < STABLE_AFTER_MS ? quickDeaths + 1 : 0;
    const delay = restartDelay(quickDeaths, listening.size > 0);
    log("error", "worker exited unexpectedly, starting another", {
      workerPid: worker.process.pid,
      code,
      signal,
      restartInMs: delay,
    });
    setTimeout(() => {
      if (!stopping) fork();
    }, delay);
  });

  for (const name of SIGNALS) {
    process.on(name, () => {
      if (stopping) return;
      stopping = true;
      log("info", "primary stopping workers", { signal: name });
      if (started.size === 0) process.exit(0);
      for (const worker of started.keys()) worker.process.kill("SIGTERM");
      // A worker that does not stop in time after its own deadline is killed.
      setTimeout(() => {
        for (const worker of started.keys()) worker.process.kill("SIGKILL");
      }, shutdownTimeoutMs + 5000).unref();
    });
  }
}

type ServeOptions = {
  port: number;
  lifecycle: Lifecycle;
  shutdownTimeoutMs: number;
  /** Jobs that run beside requests; each returns its own (async) stop. */
  background?: Array<() => () => Promise<void>>;
  onListening?: () => void;
  /** Pages rendered once before the process takes traffic, asked for with Host `warmUpHost`. */
  warmUpPaths?: string[];
  warmUpHost?: string;
  /**
   * Data the app's requests read synchronously (the nearest-city places), loaded off the event loop
   * before the process takes traffic: a first request never pays for it (docs/decisions/041).
   */
  warmUpData?: Array<() => Promise<unknown>>;
};

const WARM_UP_TIMEOUT_MS = 15_000;

async function warmUp(app: Express, paths: string[], host: string | undefined, data: ServeOptions["warmUpData"]) {
  const started = performance.now();
  for (const load of data ?? []) {
    await load().catch((error: unknown) => log("warn", "warm-up: data not loaded, read on first use", { error }));
  }
  if (paths.length === 0) return;
  // `exclusive`: in a worker, a port of its own rather than one shared through the primary.
  const probe = appServer(app);
  try {
    await new Promise<void>((resolve, reject) =>
      probe.once("error", reject).listen({ port: 0, host: "127.0.0.1", exclusive: true }, resolve),
    );
    const { port } = probe.address() as AddressInfo;
    for (const path of paths) {
      await new Promise<void>((resolve) => {
        const req = httpGet({ host: "127.0.0.1", port, path, headers: host ? { host } : {} }, (res) => {
          res
            .resume()
            .on("end", resolve)
            .on("error", () => resolve());
        });
        req.setTimeout(WARM_UP_TIMEOUT_MS, () => req.destroy());
        req.on("error", () => resolve());
      });
    }
    log("info", "warmed up", { paths, ms: Math.round(performance.now() - started) });
  } catch (error) {
    log("warn", "warm-up failed: serving anyway", { error });
  } finally {
    probe.closeAllConnections();
    probe.close();
  }
}

/**
 * A full collection when the worker has had no request (health checks aside) for IDLE_COLLECT_MS and
 * holds more than IDLE_SLACK_BYTES of heap it does not use: the warm-up, the first maintenance run and any load grew
 * the young generation (up to --max-semi-space-size), and V8 gives that memory back only at a full
 * collection, which an idle process does not do by itself; an idle worker would keep some 60 MB of
 * heap it does not use (docs/decisions/036). Under load the young generation grows again as it should.
 */
const IDLE_COLLECT_MS = 15_000;
export function collectGarbage() {
  try {
    setFlagsFromString("--expose-gc");
    // Without options: a full collection of every generation, which also gives back the young
    // generation's grown space. (Node 20's V8 reads `{ type: "major" }` as a young-generation
    // collection only; app/server/idle-collection.test.ts.)
    (runInNewContext("gc") as () => void)();
  } catch (error) {
    log("warn", "idle collection skipped", { error });
  }
}

/**
 * Heap committed beyond what is in use that an idle worker gives back (background jobs grow it too):
 * after start-up a worker holds some 60 MB committed for 38 in use, which V8's own memory reducer
 * gives back only when it gets to it (10–25 s on a busy machine).
 */
const IDLE_SLACK_BYTES = 8 * 1024 * 1024;
function collectWhenIdle() {
  let lastRequestAt = performance.now();
  const timer = setInterval(
    () => {
      if (performance.now() - lastRequestAt < IDLE_COLLECT_MS) return;
      const { heapTotal, heapUsed } = process.memoryUsage();
      if (heapTotal - heapUsed > IDLE_SLACK_BYTES) collectGarbage();
    },
    Math.floor(IDLE_COLLECT_MS / 3),
  );
  timer.unref();
  return (path: string | undefined) => {
    if (path !== "/healthz" && path !== "/readyz") lastRequestAt = performance.now();
  };
}

/** Serves the app on `port` in this process (a worker, or the only process) until a signal stops it. */
export function serveApp(
  app: Express,
  {
    port,
    lifecycle,
    shutdownTimeoutMs,
    background = [],
    onListening,
    warmUpPaths = [],
    warmUpHost,
    warmUpData,
  }: ServeOptions,
) {
  const seen = collectWhenIdle();
  // The answers being written: at a stop each is told to close its connection when done.
  const inFlight = new Set<ServerResponse>();
  const server = appServer(app, (req, res) => {
    seen(req.url);
    // Keep-alive clients learn to reconnect (to another instance) once this one drains.
    if (lifecycle.shuttingDown) res.setHeader("Connection", "close");
    inFlight.add(res);
    res.once("close", () => inFlight.delete(res));
    app(req, res);
  });
  const stops: Array<() => Promise<void>> = [];
  // A new process (a replacement worker under load) first renders its pages once on a port of its
  // own, so that its first real request does not pay for loading modules, data and connections.
  void warmUp(app, warmUpPaths, warmUpHost, warmUpData).finally(() =>
    server.listen(port, () => {
      consoleAsLog();
      for (const start of background) stops.push(start());
      onListening?.();
    }),
  );

  const shutdown = async (signal: string) => {
    if (lifecycle.shuttingDown) return;
    lifecycle.shuttingDown = true;
    log("info", "shutting down: finishing requests in flight", { signal, timeoutMs: shutdownTimeoutMs });
    // Whatever still runs 5 s after the requests' deadline (a job, the database's goodbye) is cut:
    // a stop never waits without a bound.
    setTimeout(() => {
      log("error", "shutdown did not finish in time: exiting");
      process.exit(1);
    }, shutdownTimeoutMs + 5000).unref();
    let forced = false;
    const deadline = setTimeout(() => {
      forced = true;
      log("warn", "shutdown timeout: closing the connections still open");
      server.closeAllConnections();
    }, shutdownTimeoutMs);
    // The answers in flight close their connections: the client's next request goes to another
    // instance instead of arriving here while the process stops. One whose headers are already out
    // (a stream) closes its connection once it has ended.
    for (const res of inFlight) {
      if (!res.headersSent) res.setHeader("Connection", "close");
      else res.once("finish", () => res.socket?.end());
    }
    // Stops accepting and closes the idle keep-alive connections now (Node's close does), then any
    // that turns idle later.
    const closing = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    const closeIdle = setInterval(() => server.closeIdleConnections(), 100);
    await closing;
    clearInterval(closeIdle);
    clearTimeout(deadline);
    await Promise.all(
      stops.map((stop) => stop().catch((error) => log("error", "stopping a background job failed", { error }))),
    );
    // The job runs that requests set going end before the database closes: closing it under a
    // transaction in flight leaves that connection unreleased, and the close waiting for it.
    await settleStartedJobs().catch((error) => log("error", "a job run failed while stopping", { error }));
    await closeProcessDb().catch((error) => log("error", "closing the database failed", { error }));
    log("info", "stopped", { forced });
    process.exit(forced ? 1 : 0);
  };
  for (const name of SIGNALS) process.on(name, () => void shutdown(name));
  return server;
}
