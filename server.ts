// The HTTP server: the edge (body limits, origin rule, client address, headers: app/http), static
// files, compression, and the Remix request handler.
// `npm start` (demo), `npm run serve` (production) and `npm run dev` (Vite dev server) all use it.
// With WEB_CONCURRENCY > 1 the first process is the primary of that many workers, each of which runs
// this file again (app/server/process.server.ts).
import { readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

import type { ServerBuild } from "@remix-run/node";
import compression from "compression";
import express from "express";

import { planWarnings } from "~/billing/plans.server";
import { loadPlaces } from "~/geo/places-data.server";
import { errorAnswer, installEdge } from "~/http/edge.server";
import { remixHandler } from "~/http/remix-handler.server";
import { currentRoutes, type BuildSource } from "~/http/route-match.server";
import { startJobWorker } from "~/jobs/jobs.server";
import { startMaintenance } from "~/jobs/maintenance.server";
import { providerSummary } from "~/providers/summary.server";
import { config } from "~/server/config.server";
import { healthChecks } from "~/server/health.server";
import { log, setupLog } from "~/server/log.server";
import { serveApp, startProcess } from "~/server/process.server";
import { requestLog } from "~/server/request-log.server";
import { DEMO_EMAIL, DEMO_PASSWORD, failStartup, prepare, startupCheck, startupStep } from "~/server/startup.server";

// A failed start (configuration, database, build, port) prints one sentence and exits with code 1.
const c = await startupStep(config);
setupLog(c.logFormat);
const shutdownTimeoutMs = c.SHUTDOWN_TIMEOUT_SECONDS * 1000;
const lifecycle = await startProcess({
  workers: c.workers,
  entry: fileURLToPath(import.meta.url),
  shutdownTimeoutMs,
  // Once per start, before any process serves: migrations, the password key, the demo account.
  async prepare() {
    const { seeded } = await startupStep(prepare);
    // Production fails closed when a provider would fall back to an embedded one (exit code 78).
    const check = startupCheck();
    if (check.refuse) {
      console.error(check.refuse);
      process.exit(78);
    }
    for (const warning of check.warnings) console.warn(warning);
    console.log(`Database: ${c.DATABASE_URL.startsWith("postgres") ? "PostgreSQL" : c.DATABASE_URL}`);
    for (const line of providerSummary()) console.log(line);
    for (const warning of planWarnings()) console.warn(warning);
    if (c.outboxPage) console.log(`Outbox page: ${c.publicUrl.origin}/dev/outbox`);
    if (c.demo) console.log(`Demo account${seeded ? " created" : ""}: ${DEMO_EMAIL} / ${DEMO_PASSWORD}`);
  },
});

const app = express();
app.disable("x-powered-by");
// Health and the request log first, so that answers of the edge (403, 413) are logged too.
app.use(healthChecks(lifecycle), requestLog());
// In development a function (Vite reloads the build); in production the build itself: its routes
// (matching, the handlers of the route subsets) are made once per build object.
let build: BuildSource | undefined;
const routes = () => currentRoutes(build!, c.NODE_ENV);
installEdge(app, routes, () => lifecycle.shuttingDown);
app.use(compression());

if (c.NODE_ENV === "development") {
  const vite = await import("vite").then((v) => v.createServer({ server: { middlewareMode: true } }));
  app.use(vite.middlewares);
  build = () => vite.ssrLoadModule("virtual:remix/server-build") as Promise<ServerBuild>;
} else {
  const client = path.resolve("build/client");
  app.use("/assets", express.static(path.join(client, "assets"), { immutable: true, maxAge: "1y" }));
  // Open pages poll this to notice a new deployment: never from a cache.
  app.use(
    "/builds",
    express.static(path.join(client, "builds"), {
      cacheControl: false,
      setHeaders: (res) => res.setHeader("Cache-Control", "no-cache"),
    }),
  );
  // The other public files (favicon, sharing image) are known at start: asking the file system on
  // every request for a page would cost each page a `stat`.
  const publicFiles = new Set(
    readdirSync(client, { withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => `/${entry.name}`),
  );
  const serveFile = express.static(client, { maxAge: "1h" });
  app.use((req, res, next) => (publicFiles.has(req.path) ? serveFile(req, res, next) : next()));
  // A path known at run time: the compiled server (build/server.js) imports it as it is.
  const remixBuild = pathToFileURL(path.resolve("build/server/index.js")).href;
  build = (await startupStep(() => import(remixBuild))) as ServerBuild;
}

// `use`, not `all("*")`: Express would decode the path as a route parameter first (and fail on `%ff`).
app.use(remixHandler(routes));
app.use(errorAnswer());

serveApp(app, {
  port: c.PORT,
  lifecycle,
  shutdownTimeoutMs,
  background: [startMaintenance, startJobWorker],
  warmUpPaths: ["/", "/id", "/ph"],
  warmUpHost: c.publicUrl.host,
  warmUpData: [loadPlaces],
  onListening: () => log("info", `Family Locator listening on ${c.publicUrl.origin} (port ${c.PORT}, ${c.NODE_ENV})`),
}).on("error", failStartup);
