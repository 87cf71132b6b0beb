// The database's time limits are settings (DATABASE_*_TIMEOUT_MS): nothing waits on the database
// without a bound, on either engine.
import Database from "better-sqlite3";
import { afterEach, expect, it } from "vitest";

import { closeProcessDb, db, isDatabaseUnavailable, isPostgresUrl, sqlitePath } from "~/db/db.server";
import { resetConfig } from "~/server/config.server";
import { notReady } from "~/server/health.server";

const onPostgres = () => isPostgresUrl(process.env.DATABASE_URL ?? "");
const SETTINGS = [
  "DATABASE_STATEMENT_TIMEOUT_MS",
  "DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS",
  "DATABASE_BUSY_TIMEOUT_MS",
  "DATABASE_POOL_SIZE",
];

async function withSettings(values: Record<string, string>) {
  Object.assign(process.env, values);
  resetConfig();
  await closeProcessDb();
}

afterEach(async () => {
  for (const name of SETTINGS) delete process.env[name];
  resetConfig();
  await closeProcessDb();
});

const aWrite = () => db().outboxMessage.create({ data: { channel: "sms", to: "+15550000009", text: "t" } });

it("a statement (PostgreSQL) or a wait for another process's lock (SQLite) ends at its limit", async () => {
  await withSettings({ DATABASE_STATEMENT_TIMEOUT_MS: "300", DATABASE_BUSY_TIMEOUT_MS: "300" });
  const started = Date.now();
  let failure: unknown;
  let holder: Database.Database | undefined;
  if (onPostgres()) {
    failure = await db()
      .$queryRawUnsafe("SELECT pg_sleep(3)")
      .catch((error: unknown) => error);
  } else {
    // Another process holds the write lock and does not let go.
    holder = new Database(sqlitePath(process.env.DATABASE_URL!));
    holder.prepare("BEGIN IMMEDIATE").run();
    failure = await aWrite().catch((error: unknown) => error);
  }
  const waited = Date.now() - started;
  expect(failure).toBeInstanceOf(Error);
  expect(isDatabaseUnavailable(failure)).toBe(true);
  expect(waited).toBeGreaterThanOrEqual(250);
  expect(waited).toBeLessThan(2500);
  holder?.prepare("ROLLBACK").run();
  holder?.close();
  // The connection is fine afterwards.
  await aWrite();
});

it("PostgreSQL ends a transaction left idle; SQLite has no server to do it and keeps the setting unused", async () => {
  // One connection: one that never went back to the pool would block everything after.
  await withSettings({ DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: "300", DATABASE_POOL_SIZE: "1" });
  const idle = db().$transaction(async (tx) => {
    await tx.outboxMessage.create({ data: { channel: "sms", to: "+15550000010", text: "idle" } });
    await new Promise((resolve) => setTimeout(resolve, 900));
    await tx.outboxMessage.create({ data: { channel: "sms", to: "+15550000010", text: "after" } });
  });
  if (onPostgres()) {
    await expect(idle).rejects.toThrow();
    expect(await db().outboxMessage.count({ where: { to: "+15550000010" } })).toBe(0);
    // The connection the server ended went back to the pool as broken (patches/@prisma+adapter-pg…).
    await db().$transaction((tx) => tx.outboxMessage.count());
  } else {
    await idle;
    expect(await db().outboxMessage.count({ where: { to: "+15550000010" } })).toBe(2);
  }
  await aWrite();
});

it.runIf(process.env.TEST_DB === "postgres")(
  "readiness names a pool whose every connection is taken, not an unreachable database",
  async () => {
    await withSettings({ DATABASE_POOL_SIZE: "1" });
    // The one connection held by a transaction, and a request waiting for it.
    let finish!: () => void;
    const held = db().$transaction(async (tx) => {
      await tx.$queryRaw`SELECT 1`;
      await new Promise<void>((resolve) => (finish = resolve));
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const waiting = db().$queryRaw`SELECT 1`;
    const started = Date.now();
    expect(await notReady({ shuttingDown: false }, null)).toMatchObject({ reason: "no free database connection" });
    expect(Date.now() - started).toBeLessThan(2000);
    finish();
    await held;
    await waiting;
    expect(await notReady({ shuttingDown: false }, null)).toBeNull();
  },
);
