// Every test file runs on its own fresh database: a copy of the migrated SQLite template, or (in the
// postgres and processes-postgres projects) a new PostgreSQL database made from the migrated template database.
import { randomBytes } from "node:crypto";
import { copyFileSync, rmSync } from "node:fs";
import path from "node:path";

import pg from "pg";
import { afterAll, afterEach, beforeAll, beforeEach, expect, inject, vi } from "vitest";

import { resetConfig } from "~/server/config.server";
import { setLogSink } from "~/server/log.server";

import { consoleSink, consoleState } from "../support/console";
import { checkDatabaseUse } from "./database-tests";
import { lowerPriority } from "./priority";

// The in-process projects' workers: the process tests beside them come first (vite.config.ts).
if (process.env.TEST_LOW_PRIORITY === "1") lowerPriority();

const engine = process.env.TEST_DB === "postgres" ? "postgres" : "sqlite";
const id = `${process.pid}_${randomBytes(4).toString("hex")}`;
let pgDatabase: string | null = null;
let sqliteFile: string | null = null;

beforeAll(async () => {
  if (engine === "postgres") {
    const admin = inject("postgresAdminUrl");
    if (!admin) throw new Error("TEST_DB=postgres needs TEST_POSTGRES=1");
    pgDatabase = `fl_${id}`;
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    await client.query(`create database ${pgDatabase} template fl_template`);
    await client.end();
    const url = new URL(admin);
    url.pathname = `/${pgDatabase}`;
    process.env.DATABASE_URL = url.toString();
  } else {
    const file = path.resolve("tests/.tmp", `test-${id}.db`);
    copyFileSync(inject("sqliteTemplate"), file);
    sqliteFile = file;
    process.env.DATABASE_URL = `file:${file}`;
  }
  process.env.NODE_ENV = "test";
  // Test files start many checkouts from one address; the checkout-limit tests set their own limits.
  process.env.CHECKOUT_LIMIT_PER_IP ??= "1000";
  process.env.CHECKOUT_LIMIT_PER_EMAIL ??= "1000";
  process.env.PUBLIC_URL = "http://localhost:3000";
  resetConfig();
});

afterAll(async () => {
  const { closeProcessDb, processDbOpen } = await import("~/db/db.server");
  // The postgres project leaves out the files that cannot reach the database (database-tests.ts): one
  // that did open it must say so, or its PostgreSQL run would be dropped without anyone seeing.
  if (engine === "sqlite") checkDatabaseUse(expect.getState().testPath, processDbOpen());
  // Closing waits for every pooled connection to come back; one still held (seen once on PostgreSQL,
  // cause not found yet) must not hang the file after its tests passed: it is named, not waited for.
  const closed = await Promise.race([
    closeProcessDb().then(() => true),
    new Promise<false>((resolve) => setTimeout(() => resolve(false), 10_000)),
  ]);
  if (!closed) console.warn("the test database's connections did not close within 10 s");
  if (sqliteFile) for (const suffix of ["", "-wal", "-shm"]) rmSync(sqliteFile + suffix, { force: true });
});

// The server's log goes to the console: Vitest shows it for failing tests only (vite.config.ts), and a
// line logged as an error counts as a console.error below.
setLogSink(consoleSink);

// An unexpected console.error fails the test; a test that expects one calls allowConsoleError().
beforeEach(() => {
  consoleState.allowed = false;
  vi.spyOn(console, "error");
});
afterEach(() => {
  setLogSink(consoleSink);
  const spy = vi.mocked(console.error);
  if (!consoleState.allowed) expect(spy, "unexpected console.error").not.toHaveBeenCalled();
  spy.mockRestore();
});
