// A server that cannot start says why in one sentence and exits with code 1, instead of a stack
// trace: a DATABASE_URL that is not a database address, a test-only setting in live mode, a database
// that cannot be reached, a migration that fails. (A port already in use: tests/e2e/settings-and-startup.spec.ts, which has a build.)
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";

const dir = mkdtempSync(path.join(tmpdir(), "startup-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Starts `server.ts` with these settings; resolves with its exit code and output (killed after 30 s). */
function startServer(env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.resolve("node_modules/tsx/dist/cli.mjs"), "server.ts"], {
      env: {
        PATH: process.env.PATH ?? "",
        NODE_ENV: "production",
        PORT: "1",
        APP_MODE: "live",
        DBMATE_WAIT_TIMEOUT: "2s",
        ...env,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => (stdout += chunk));
    child.stderr.on("data", (chunk) => (stderr += chunk));
    const timer = setTimeout(() => child.kill("SIGKILL"), 30_000);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/** Exactly one line, the sentence; no stack trace. */
function expectOneSentence(stderr: string, pattern: RegExp) {
  const lines = stderr.split("\n").filter((line) => line.trim() && !line.startsWith("npm warn"));
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(/^Family Locator could not start: .+\.$/);
  expect(lines[0]).toMatch(pattern);
  expect(stderr).not.toMatch(/\n\s+at /);
}

describe("start-up failures", () => {
  it("names a DATABASE_URL that is not a database address", async () => {
    const { code, stderr } = await startServer({ DATABASE_URL: "mysql://app@db.internal/app" });
    expect(code).toBe(1);
    expectOneSentence(
      stderr,
      /the configuration is invalid \(DATABASE_URL: must be a file: \(SQLite\) or postgres:\/\/ address\)/,
    );
  }, 40_000);

  it("names a Twilio Account SID that Twilio would refuse, before its SDK is ever loaded", async () => {
    const { code, stderr } = await startServer({
      DATABASE_URL: `file:${path.join(dir, "twilio.db")}`,
      TWILIO_ACCOUNT_SID: "SK0123",
      TWILIO_AUTH_TOKEN: "token",
      TWILIO_FROM: "+15005550006",
    });
    expect(code).toBe(1);
    expectOneSentence(
      stderr,
      /the configuration is invalid \(TWILIO_ACCOUNT_SID: must be the Account SID, which starts with AC\)/,
    );
  }, 40_000);

  it("names a test-only setting, which a live server refuses: it would point a provider at a fake", async () => {
    const { code, stderr } = await startServer({
      DATABASE_URL: `file:${path.join(dir, "test-setting.db")}`,
      SENDGRID_API_KEY: "SG.x",
      TEST_SENDGRID_BASE_URL: "http://127.0.0.1:9",
    });
    expect(code).toBe(1);
    expectOneSentence(
      stderr,
      /the configuration is invalid \(TEST_SENDGRID_BASE_URL: for tests only, refused when APP_MODE is live\)/,
    );
  }, 40_000);

  it("names a former setting and the test-only one that replaced it", async () => {
    const { code, stderr } = await startServer({
      DATABASE_URL: `file:${path.join(dir, "former-setting.db")}`,
      TWILIO_BASE_URL: "http://127.0.0.1:9",
    });
    expect(code).toBe(1);
    expectOneSentence(
      stderr,
      /the configuration is invalid \(TWILIO_BASE_URL: replaced by TEST_TWILIO_BASE_URL \(tests only\)\)/,
    );
  }, 40_000);

  it("names a database that cannot be reached, without its password", async () => {
    const { code, stderr } = await startServer({ DATABASE_URL: "postgres://app:s3cret@127.0.0.1:1/app" });
    expect(code).toBe(1);
    expectOneSentence(
      stderr,
      /the database in DATABASE_URL \(postgres:\/\/app:\*\*\*@127\.0\.0\.1:1\/app.*\) cannot be reached: .*connection refused/,
    );
    expect(stderr).not.toContain("s3cret");
  }, 40_000);

  it("names a file that is not a SQLite database", async () => {
    const file = path.join(dir, "not-a-database.db");
    writeFileSync(file, "these are not the bytes of a database\n".repeat(200));
    const { code, stderr } = await startServer({ DATABASE_URL: `file:${file}` });
    expect(code).toBe(1);
    expectOneSentence(
      stderr,
      new RegExp(`the database in DATABASE_URL \\(file:${file}\\) cannot be opened: file is not a database`),
    );
  }, 40_000);

  it("names the migration that failed", async () => {
    // A database made by something else: the first migration's table is already there.
    const file = path.join(dir, "foreign.db");
    const foreign = new Database(file);
    foreign.exec(`CREATE TABLE "User" (id TEXT PRIMARY KEY)`);
    foreign.close();
    const { code, stderr } = await startServer({ DATABASE_URL: `file:${file}` });
    expect(code).toBe(1);
    expectOneSentence(
      stderr,
      new RegExp(`applying the database migrations to file:${file} failed: table "User" already exists`),
    );
  }, 40_000);
});
