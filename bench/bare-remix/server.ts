// The bare Remix app's server: Express with the same adapter and compression as the product's
// server.ts, nothing else. Usage (after the build): PORT=3362 node --import tsx bench/bare-remix/server.ts
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

import { createRequestHandler } from "@remix-run/express";
import type { ServerBuild } from "@remix-run/node";
import compression from "compression";
import express from "express";

const root = path.dirname(fileURLToPath(import.meta.url));
// Built by `npm run bench` (bench/bare-remix/build is not in git).
const build = (await import(pathToFileURL(path.join(root, "build/server/index.js")).href)) as ServerBuild;

const app = express();
app.disable("x-powered-by");
app.use(compression());
app.use("/assets", express.static(path.join(root, "build/client/assets"), { immutable: true, maxAge: "1y" }));
app.all("*", createRequestHandler({ build, mode: "production" }));
app.listen(Number(process.env.PORT ?? 3362), "127.0.0.1", () =>
  console.log(`bare Remix listening on ${process.env.PORT ?? 3362}`),
);
