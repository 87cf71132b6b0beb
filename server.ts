// The HTTP server: static files, compression, the client address, and the Remix request handler.
// `npm start` (demo), `npm run serve` (production) and `npm run dev` (Vite dev server) all use it.
import path from "node:path";
import { createRequestHandler } from "@remix-run/express";
import type { ServerBuild } from "@remix-run/node";
import compression from "compression";
import express from "express";
import { config } from "~/config.server";
import { DEMO_EMAIL, DEMO_PASSWORD, prepare } from "~/startup.server";
import { startMaintenance } from "~/maintenance.server";
import { providerSummary } from "~/providers/summary.server";
import { planWarnings } from "~/payments.server";

const c = config();
const { seeded } = await prepare();
startMaintenance();

const app = express();
app.disable("x-powered-by");
app.set("trust proxy", c.TRUST_PROXY === "1");
app.use(compression());
app.use((req, _res, next) => {
  // Replaces any client-sent value: only the socket (or a trusted proxy) names the client.
  req.headers["x-client-ip"] = req.ip ?? req.socket.remoteAddress ?? "unknown";
  next();
});

// In development a function (Vite reloads the build); in production the build itself: Remix derives
// its route tables from a function's result on every request, but from a build object only once.
let build: ServerBuild | (() => Promise<ServerBuild>);
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
  build = (await import("./build/server/index.js")) as ServerBuild;
}

app.all("*", createRequestHandler({ build, mode: c.NODE_ENV }));

app.listen(c.PORT, () => {
  console.log(`Family Locator listening on ${c.publicUrl.origin} (port ${c.PORT}, ${c.NODE_ENV})`);
  console.log(`Database: ${c.DATABASE_URL.startsWith("postgres") ? "PostgreSQL" : c.DATABASE_URL}`);
  for (const line of providerSummary()) console.log(line);
  for (const warning of planWarnings()) console.warn(warning);
  if (c.outboxPage) console.log(`Outbox page: ${c.publicUrl.origin}/dev/outbox`);
  if (c.demo) {
    console.log(`Demo account${seeded ? " created" : ""}: ${DEMO_EMAIL} / ${DEMO_PASSWORD}`);
  }
});
