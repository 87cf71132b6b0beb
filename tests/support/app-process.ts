// Real app processes for tests: server.ts on the production build, spawned on a free loopback port,
// with its JSON log lines collected.
import { execSync, spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { createServer } from "node:net";

import { sourceStamp, STAMP_FILE } from "../../scripts/build-stamp.ts";

export type LogLine = { msg: string; pid: number; [key: string]: unknown };

/** The environment without the test runner's own variables (with VITEST set, the build leaves Remix out). */
function plainEnv() {
  return Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !name.startsWith("VITEST") && name !== "TEST_DB"),
  );
}

const BUILD_LOCK = "tests/.tmp/build.lock";

/**
 * Builds the app when the build is missing or older than the sources (as `npm start` does). Test
 * files run in parallel: one builds while the others wait for it (a lock directory; one older than
 * five minutes is left over from a killed run).
 */
export async function ensureBuild() {
  const current = () => existsSync(STAMP_FILE) && readFileSync(STAMP_FILE, "utf8") === sourceStamp();
  if (current()) return;
  mkdirSync("tests/.tmp", { recursive: true });
  for (;;) {
    try {
      mkdirSync(BUILD_LOCK);
      break;
    } catch {
      if (Date.now() - (statSync(BUILD_LOCK, { throwIfNoEntry: false })?.mtimeMs ?? Date.now()) > 300_000)
        rmSync(BUILD_LOCK, { recursive: true, force: true });
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
  try {
    if (!current()) execSync("npm run build", { stdio: "pipe", env: { ...plainEnv(), NODE_ENV: "production" } });
  } finally {
    rmSync(BUILD_LOCK, { recursive: true, force: true });
  }
}

export async function freePort() {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export async function until<T>(
  check: () => T | undefined | false | Promise<T | undefined | false>,
  what: string,
  ms = 15_000,
): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export type AppProcess = Awaited<ReturnType<typeof startApp>>;

/**
 * Starts `server.ts` (one process, WEB_CONCURRENCY=1) with `env` on `port` and waits until /readyz
 * answers 200; with `npmScript`, `npm run serve` (the compiled server) or `npm start` (the demo) as
 * an operator starts it.
 * `stop` sends a signal and resolves with the exit code.
 */
export async function startApp(
  name: string,
  port: number,
  env: Record<string, string>,
  { npmScript }: { npmScript?: "serve" | "start" } = {},
) {
  const [command, args] = npmScript
    ? ["npm", ["run", "--silent", npmScript]]
    : [process.execPath, ["--import", "tsx", "server.ts"]];
  const child = spawn(command, args, {
    env: {
      ...plainEnv(),
      NODE_ENV: "production",
      WEB_CONCURRENCY: "1",
      LOG_FORMAT: "json",
      PORT: String(port),
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const lines: LogLine[] = [];
  const output: string[] = [];
  let buffer = "";
  const read = (chunk: Buffer) => {
    buffer += chunk.toString();
    const parts = buffer.split("\n");
    buffer = parts.pop()!;
    for (const part of parts) {
      output.push(part);
      try {
        lines.push(JSON.parse(part) as LogLine);
      } catch {
        // Not a log line (a crash before logging was set up): kept in `output` for the error message.
      }
    }
  };
  child.stdout.on("data", read);
  child.stderr.on("data", read);
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  let exitCode: number | null | undefined;
  void exited.then((code) => (exitCode = code));
  const origin = `http://127.0.0.1:${port}`;
  try {
    await until(
      async () => {
        if (exitCode !== undefined) throw new Error(`${name} exited with ${exitCode}:\n${output.join("\n")}`);
        return fetch(`${origin}/readyz`, { signal: AbortSignal.timeout(1000) }).then(
          (r) => r.ok,
          () => false,
        );
      },
      `${name} to be ready`,
      45_000,
    );
  } catch (error) {
    child.kill("SIGKILL");
    throw error;
  }
  return {
    name,
    origin,
    pid: child.pid!,
    lines,
    /** Every line written, JSON or not (the start-up summary is plain text). */
    output,
    /** Log lines with this message. */
    logged: (msg: string) => lines.filter((line) => line.msg === msg),
    running: () => exitCode === undefined,
    stop: async (signal: NodeJS.Signals = "SIGTERM") => {
      if (exitCode === undefined) child.kill(signal);
      return exited;
    },
  };
}
