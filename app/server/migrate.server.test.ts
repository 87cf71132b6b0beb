// A database already in use migrates with its rows: the job table's rename (PaymentJob → Job) keeps
// every job, its unique key and its indexes under the names Prisma gives them, on both databases.
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import Database from "better-sqlite3";
import pg from "pg";
import { afterAll, expect, inject, it } from "vitest";

import { migrate } from "./migrate.server";

const engine = process.env.TEST_DB === "postgres" ? "postgres" : "sqlite";
const RENAME = "20261128200527";
const work = mkdtempSync(path.join(tmpdir(), "migrate-test-"));

/** A copy of the project's migrations for this database, without the rename and what came after. */
function migrationsBefore(version: string) {
  const dir = path.join(work, "prisma", "migrations", engine);
  mkdirSync(dir, { recursive: true });
  const source = path.resolve("prisma", "migrations", engine);
  for (const file of readdirSync(source).filter((name) => name < version))
    cpSync(path.join(source, file), path.join(dir, file));
  return work;
}

/** One database of this engine, and a way to run SQL on it. */
async function database() {
  if (engine === "sqlite") {
    const file = path.join(work, "app.db");
    return {
      url: `file:${file}`,
      query: async (sql: string, params: unknown[] = []) => {
        const sqlite = new Database(file);
        try {
          const statement = sqlite.prepare(sql);
          return statement.reader
            ? (statement.all(...params) as Record<string, unknown>[])
            : (statement.run(...params), []);
        } finally {
          sqlite.close();
        }
      },
      drop: async () => {},
    };
  }
  const admin = inject("postgresAdminUrl");
  const name = `fl_migrate_${process.pid}`;
  const run = async (connectionString: string, sql: string, params: unknown[] = []) => {
    const client = new pg.Client({ connectionString });
    await client.connect();
    try {
      return (await client.query(sql, params)).rows as Record<string, unknown>[];
    } finally {
      await client.end();
    }
  };
  await run(admin, `drop database if exists ${name} with (force)`);
  await run(admin, `create database ${name}`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    // The tests write SQLite's `?`; PostgreSQL numbers its parameters.
    query: (sql: string, params: unknown[] = []) => {
      let n = 0;
      return run(
        url.toString(),
        sql.replace(/\?/g, () => `$${++n}`),
        params,
      );
    },
    drop: () => run(admin, `drop database if exists ${name} with (force)`).then(() => undefined),
  };
}

let drop = async () => {};
afterAll(async () => {
  await drop();
  rmSync(work, { recursive: true, force: true });
});

it("renames the job table to Job with its rows, unique key and indexes", async () => {
  const db = await database();
  drop = db.drop;
  migrate(db.url, migrationsBefore(RENAME));
  await db.query(`INSERT INTO "PaymentJob" ("id", "key", "kind", "payload", "attempts") VALUES (?, ?, ?, ?, ?)`, [
    "job_1",
    "credentials:chk_1",
    "sendCredentials",
    '{"email":"a@example.com"}',
    2,
  ]);
  await db.query(`INSERT INTO "PaymentJob" ("id", "key", "kind", "payload", "doneAt") VALUES (?, ?, ?, ?, ?)`, [
    "job_2",
    "requestMessage:req_1",
    "requestMessage",
    "{}",
    new Date().toISOString(),
  ]);

  // The project's own migrations, as a start applies them: only what is pending runs.
  migrate(db.url);

  expect(await db.query(`SELECT "id", "key", "kind", "attempts" FROM "Job" ORDER BY "id"`)).toEqual([
    { id: "job_1", key: "credentials:chk_1", kind: "sendCredentials", attempts: 2 },
    { id: "job_2", key: "requestMessage:req_1", kind: "requestMessage", attempts: 0 },
  ]);
  // The key is still unique, and the names are the ones a later `npm run db:migration` diff expects.
  await expect(
    db.query(`INSERT INTO "Job" ("id", "key", "kind", "payload") VALUES (?, ?, ?, ?)`, [
      "job_3",
      "credentials:chk_1",
      "x",
      "{}",
    ]),
  ).rejects.toThrow(/unique/i);
  const indexes =
    engine === "sqlite"
      ? await db.query(`SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'Job' AND sql IS NOT NULL`)
      : await db.query(`SELECT indexname AS name FROM pg_indexes WHERE tablename = 'Job'`);
  expect(indexes.map((row) => row.name).sort()).toEqual(
    [...(engine === "postgres" ? ["Job_pkey"] : []), "Job_doneAt_nextRunAt_idx", "Job_key_key"].sort(),
  );
  const old =
    engine === "sqlite"
      ? await db.query(`SELECT name FROM sqlite_master WHERE name LIKE 'PaymentJob%'`)
      : await db.query(
          `SELECT relname AS name FROM pg_class WHERE relname LIKE 'PaymentJob%' UNION SELECT conname FROM pg_constraint WHERE conname LIKE 'PaymentJob%'`,
        );
  expect(old).toEqual([]);
});
