// The HTTP server: static files, compression, the client address, and the Remix request handler.
// `npm start` (demo), `npm run serve` (production) and `npm run dev` (Vite dev server) all use it.
// With WEB_CONCURRENCY > 1 the first process is the primary of that many workers, each of which runs
// this file again (app/server/process.server.ts).
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createRequestHandler } from "@remix-run/express";
import type { ServerBuild } from "@remix-run/node";
import compression from "compression";
import express from "express";
import { config } from "~/config.server";
import { DEMO_EMAIL, DEMO_PASSWORD, prepare } from "~/startup.server";
import { startMaintenance } from "~/maintenance.server";
import { providerSummary } from "~/providers/summary.server";
import { planWarnings } from "~/payments.server";
import { healthChecks } from "~/server/health.server";
import { log, setupLog } from "~/server/log.server";
import { serveApp, startProcess } from "~/server/process.server";
import { requestLog } from "~/server/request-log.server";

const c = config();
setupLog(c.logFormat);
const shutdownTimeoutMs = c.SHUTDOWN_TIMEOUT_SECONDS * 1000;
const lifecycle = await startProcess({
  workers: c.workers,
  entry: fileURLToPath(import.meta.url),
  shutdownTimeoutMs,
  // Once per start, before any process serves: migrations, the password key, the demo account.
  async prepare() {
    const { seeded } = await prepare();
    console.log(`Database: ${c.DATABASE_URL.startsWith("postgres") ? "PostgreSQL" : c.DATABASE_URL}`);
    for (const line of providerSummary()) console.log(line);
    for (const warning of planWarnings()) console.warn(warning);
    if (c.outboxPage) console.log(`Outbox page: ${c.publicUrl.origin}/dev/outbox`);
    if (c.demo) console.log(`Demo account${seeded ? " created" : ""}: ${DEMO_EMAIL} / ${DEMO_PASSWORD}`);
  },
});

const app = express();
app.disable("x-powered-by");
app.set("trust proxy", c.TRUST_PROXY === "1");
app.use(healthChecks(lifecycle), requestLog());
app.use(compression());
app.use((req, _res, next) => {
  // Replaces any client-sent value: only the socket (or a trusted proxy) names the client.
  req.headers["x-client-ip"] = req.ip ?? req.socket.remoteAddress ?? "unknown";
  next();
});

let build: () => Promise<ServerBuild>;
if (c.NODE_ENV === "development") {
  const vite = await import("vite").then((v) => v.createServer({ server: { middlewareMode: true } }));
  app.use(vite.middlewares);
  build = () => vite.ssrLoadModule("virtual:remix/server-build") as Promise<ServerBuild>;
} else {
  const client = path.resolve("build/client");
  app.use("/assets", express.static(path.join(client, "assets"), { immutable: true, maxAge: "1y" }));
  // Open pages poll this to notice a new deployment: never from a cache.
  app.use("/builds", express.static(path.join(client, "builds"), { cacheControl: false, setHeaders: (res) => res.setHeader("Cache-Control", "no-cache") }));
  app.use(express.static(client, { maxAge: "1h" }));
  // @ts-expect-error the build exists at run time (npm run build)
  const serverBuild = (await import("./build/server/index.js")) as ServerBuild;
  build = async () => serverBuild;
}

app.all("*", createRequestHandler({ build: () => build(), mode: c.NODE_ENV }));

serveApp(app, {
  port: c.PORT,
  lifecycle,
  shutdownTimeoutMs,
  background: [startMaintenance],
  onListening: () => log("info", `Family Locator listening on ${c.publicUrl.origin} (port ${c.PORT}, ${c.NODE_ENV})`),
});
