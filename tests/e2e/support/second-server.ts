// A second app server, started by a test with its own settings and database file (the production
// build that the e2e run made), for what the shared e2e server cannot show: other settings, and a
// start that fails.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import type { Page } from "@playwright/test";

import { PORT, ROOT } from "./env.ts";

/** Ports for second servers: E2E_SPAWN_PORT, else 100 above the e2e server's. */
export const SPAWN_PORT = Number(process.env.E2E_SPAWN_PORT ?? PORT + 100);

export type Started = {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
  /** Closes the given pages first (their idle reports would otherwise meet a closed port), then stops. */
  stop: (...pages: Page[]) => Promise<void>;
};

export function startSecondServer(env: Record<string, string>): Started {
  const dir = mkdtempSync(path.join(tmpdir(), "second-server-"));
  const child = spawn(process.execPath, [path.join(ROOT, "node_modules/tsx/dist/cli.mjs"), "server.ts"], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? "",
      NODE_ENV: "production",
      APP_MODE: "sandbox",
      WEB_CONCURRENCY: "1",
      DATABASE_URL: `file:${path.join(dir, "app.db")}`,
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on("close", (code) => resolve(code)));
  const timer = setTimeout(() => child.kill("SIGKILL"), 60_000);
  void exited.then(() => {
    clearTimeout(timer);
    rmSync(dir, { recursive: true, force: true });
  });
  return {
    child,
    output: () => output,
    exited,
    stop: async (...pages: Page[]) => {
      for (const page of pages) await page.close();
      if (child.exitCode === null) child.kill("SIGTERM");
      await exited;
    },
  };
}

/** Waits until the server answers /healthz (or has exited). */
export async function waitUntilListening(server: Started, url: string, timeoutMs = 45_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) throw new Error(`the server exited: ${server.output()}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the server did not start: ${server.output()}`);
}
