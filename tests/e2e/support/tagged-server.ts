// A server of its own (own port and database) with every third-party tag configured, each pointing at
// a local fake script server: for the specs that prove where tags load and where they never do.
import { spawn, type ChildProcess } from "node:child_process";
import { rmSync } from "node:fs";
import path from "node:path";

import { ROOT } from "./env.ts";

export type TaggedServer = { base: string; dbFile: string; server: ChildProcess; stop: () => void };

export async function startTaggedServer(options: {
  port: number;
  name: string;
  tagOrigin: string;
  env?: Record<string, string>;
}): Promise<TaggedServer> {
  const base = `http://localhost:${options.port}`;
  const dbFile = path.join(ROOT, "tests/.tmp", `${options.name}-${options.port}.db`);
  for (const suffix of ["", "-wal", "-shm", "-journal"]) rmSync(dbFile + suffix, { force: true });
  const server = spawn(process.execPath, ["--import", "tsx", "server.ts"], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(options.port),
      PUBLIC_URL: base,
      DATABASE_URL: `file:${dbFile}`,
      // Production on the embedded providers, on purpose (the server refuses to start otherwise).
      APP_MODE: "sandbox",
      WEB_CONCURRENCY: "1",
      BUILD_POLL_SECONDS: "0",
      ICON_KIT_URL: `${options.tagOrigin}/kit.js`,
      GTM_ID: "GTM-TEST123",
      GTM_ORIGIN: options.tagOrigin,
      META_PIXEL_ID: "1234567890",
      TEST_META_PIXEL_SCRIPT_URL: `${options.tagOrigin}/fbevents.js`,
      CLARITY_ID: "testclarity",
      TEST_CLARITY_ORIGIN: options.tagOrigin,
      ...options.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let log = "";
  server.stdout?.on("data", (chunk) => (log += chunk));
  server.stderr?.on("data", (chunk) => (log += chunk));
  const deadline = Date.now() + 60_000;
  for (;;) {
    const up = await fetch(`${base}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline || server.exitCode !== null)
      throw new Error(`${options.name} server did not start:\n${log}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { base, dbFile, server, stop: () => void server.kill() };
}
