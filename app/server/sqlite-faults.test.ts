// SQLite faults a server meets: an error at COMMIT, a full disk, a database that reads but cannot
// write, a transaction that runs too long. None of them may leave the process unable to write once
// the cause is gone (@prisma/adapter-better-sqlite3 is patched for that: patches/, docs/decisions/029).
import { afterEach, expect, it } from "vitest";

import { startCheckout } from "~/billing/checkout.server";
import { sandboxPay } from "~/billing/sandbox.server";
import { closeProcessDb, db, sqlitePath } from "~/db/db.server";
import { resetConfig } from "~/server/config.server";

import { uniqueEmail } from "../../tests/support/factories";
import { notReady } from "./health.server";

/** Fails when `work` takes longer than `ms`: a wedged connection waits for ever, a test must not. */
function within<T>(ms: number, work: Promise<T>): Promise<T> {
  return Promise.race([
    work,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`still waiting after ${ms} ms`)), ms)),
  ]);
}

const aWrite = () =>
  within(
    3000,
    db().$transaction((tx) => tx.outboxMessage.create({ data: { channel: "sms", to: "+15550000001", text: "hi" } })),
  );

afterEach(async () => {
  delete process.env.DATABASE_TRANSACTION_TIMEOUT_MS;
  resetConfig();
  // Pragmas set by a test live on the connection: the next test opens a fresh one.
  await closeProcessDb();
});

it("an error at COMMIT leaves the connection usable: the next transactions write", async () => {
  // A foreign key checked at COMMIT (deferred) makes the COMMIT itself fail, as SQLITE_BUSY or an
  // I/O error at COMMIT would: SQLite keeps the transaction open and the adapter kept its lock.
  const failing = db().$transaction(async (tx) => {
    await tx.$queryRawUnsafe("PRAGMA defer_foreign_keys = ON");
    await tx.$executeRaw`INSERT INTO "Session" ("id", "tokenHash", "userId", "expiresAt", "createdAt")
      VALUES ('s-orphan', 'h-orphan', 'no-such-user', ${new Date()}, ${new Date()})`;
  });
  await expect(within(3000, failing)).rejects.toThrow(/FOREIGN KEY|constraint/i);

  // Before the patch this waited for ever (the adapter's transaction lock was never given back), and
  // readiness (a write in a transaction) said so.
  expect(await notReady({ shuttingDown: false }, null)).toBeNull();
  const written = await aWrite();
  expect(written.id).toBeTruthy();
  await aWrite();
  // Nothing of the failed transaction was kept, and the later writes were really committed.
  expect(await db().session.count({ where: { id: "s-orphan" } })).toBe(0);
  expect(await db().outboxMessage.count({ where: { to: "+15550000001" } })).toBe(2);
});

it("a full database fails the write with an error, and the next write succeeds once there is room", async () => {
  const pages = await db().$queryRawUnsafe<{ page_count: bigint }[]>("PRAGMA page_count");
  // No page beyond those the file has: any write that needs a new page fails with SQLITE_FULL.
  await db().$queryRawUnsafe(`PRAGMA max_page_count = ${Number(pages[0]!.page_count)}`);
  const big = "x".repeat(200_000);
  const full = within(
    3000,
    db().$transaction(async (tx) => {
      await tx.outboxMessage.create({ data: { channel: "email", to: "full@example.com", text: big } });
      await tx.outboxMessage.create({ data: { channel: "email", to: "full@example.com", text: big } });
    }),
  );
  await expect(full).rejects.toThrow(/full/i);
  // The disk is still full: a write that needs no new page still goes through a transaction.
  expect((await notReady({ shuttingDown: false }, null))?.reason ?? "ready").toMatch(/ready|cannot write/);

  // Space comes back (the operator frees the disk): the same write succeeds, without a restart.
  await db().$queryRawUnsafe("PRAGMA max_page_count = 1073741823");
  await within(
    3000,
    db().$transaction((tx) =>
      tx.outboxMessage.create({ data: { channel: "email", to: "full@example.com", text: big } }),
    ),
  );
  expect(await db().outboxMessage.count({ where: { to: "full@example.com" } })).toBe(1);
  expect(await notReady({ shuttingDown: false }, null)).toBeNull();
});

it("readiness proves a write: a database that answers SELECT but refuses writes is not ready", async () => {
  expect(await notReady({ shuttingDown: false }, null)).toBeNull();
  await db().$queryRawUnsafe("PRAGMA query_only = ON");
  expect(await notReady({ shuttingDown: false }, null)).toMatchObject({ reason: "database cannot write" });
  // SELECTs still work: the old check (a SELECT only) said "ready" here.
  expect(await db().$queryRaw`SELECT 1 AS "one"`).toHaveLength(1);
  await db().$queryRawUnsafe("PRAGMA query_only = OFF");
  expect(await notReady({ shuttingDown: false }, null)).toBeNull();
  await aWrite();
});

it("a transaction that outlives DATABASE_TRANSACTION_TIMEOUT_MS is rolled back, and the next one runs", async () => {
  process.env.DATABASE_TRANSACTION_TIMEOUT_MS = "300";
  resetConfig();
  await closeProcessDb();
  const slow = db().$transaction(async (tx) => {
    await tx.outboxMessage.create({ data: { channel: "sms", to: "+15550000002", text: "slow" } });
    await new Promise((resolve) => setTimeout(resolve, 700));
    await tx.outboxMessage.create({ data: { channel: "sms", to: "+15550000002", text: "too late" } });
  });
  await expect(within(3000, slow)).rejects.toThrow(/timeout|expired|closed/i);
  expect(await db().outboxMessage.count({ where: { to: "+15550000002" } })).toBe(0);
  await aWrite();
});

it("a sandbox payment cut off mid-way stores nothing; Pay again completes all of it, once", async () => {
  const email = uniqueEmail();
  const started = await startCheckout(
    { name: "Ana", surname: "Reyes", email, adult: "on" },
    { locale: "en", ip: "203.0.113.21", now: new Date() },
  );
  if (!started.ok) throw new Error("checkout failed");
  // The process dies (here: the database fails) while the payment is being stored, after the
  // account and the subscription and before the payment row.
  await db().$executeRawUnsafe(
    `CREATE TRIGGER "fail_payment" BEFORE INSERT ON "Payment" BEGIN SELECT RAISE(ABORT, 'cut off'); END`,
  );
  await expect(sandboxPay(started.checkoutId)).rejects.toThrow(/payment.create/);
  // All or nothing: no account, no subscription, the checkout still waits for its payment.
  expect(await db().user.count({ where: { email } })).toBe(0);
  expect(await db().checkout.findUniqueOrThrow({ where: { id: started.checkoutId } })).toMatchObject({
    status: "pending",
  });
  await db().$executeRawUnsafe(`DROP TRIGGER "fail_payment"`);

  // The buyer presses Pay again: everything is there, and pressing it a third time changes nothing.
  await sandboxPay(started.checkoutId);
  await sandboxPay(started.checkoutId);
  const user = await db().user.findUniqueOrThrow({ where: { email } });
  const sub = await db().subscription.findUniqueOrThrow({ where: { userId: user.id } });
  const payments = await db().payment.findMany({ where: { subscriptionId: sub.id } });
  expect(payments).toHaveLength(1);
  expect(payments[0]).toMatchObject({ status: "paid", providerPaymentId: `sbx_in_${started.checkoutId}` });
  expect(await db().checkout.findUniqueOrThrow({ where: { id: started.checkoutId } })).toMatchObject({
    status: "paid",
  });
  // The account's e-mail is a durable job written in the same transaction: it went out once.
  expect(await db().job.count({ where: { key: { contains: started.checkoutId } } })).toBeGreaterThanOrEqual(1);
});

it("a transaction that reads and then writes waits for another process's write instead of failing", async () => {
  const { spawn } = await import("node:child_process");
  const { config } = await import("~/server/config.server");
  const file = sqlitePath(config().DATABASE_URL);
  await db().outboxMessage.count(); // the parent's connection is open before the other process writes
  // Another process (a second worker) holds the write lock for 400 ms.
  const other = spawn(
    process.execPath,
    [
      "-e",
      `const db = require("better-sqlite3")(${JSON.stringify(file)});
       db.pragma("busy_timeout = 5000");
       db.prepare("BEGIN IMMEDIATE").run();
       db.prepare("INSERT INTO \\"OutboxMessage\\" (id, channel, \\"to\\", text, \\"createdAt\\") VALUES ('o-other', 'sms', '+15550000002', 'x', '2026-11-27T00:00:00.000+00:00')").run();
       process.stdout.write("locked\\n");
       setTimeout(() => { db.prepare("COMMIT").run(); process.exit(0); }, 400);`,
    ],
    { cwd: process.cwd(), stdio: ["ignore", "pipe", "inherit"] },
  );
  const exited = new Promise((done) => other.on("exit", done));
  await new Promise<void>((done) => other.stdout!.once("data", () => done()));
  // A deferred transaction would read a snapshot here, then find it stale once the other process had
  // committed: SQLITE_BUSY at once, whatever busy_timeout says (a 503 for the person). IMMEDIATE waits.
  const written = await within(
    4000,
    db().$transaction(async (tx) => {
      const before = await tx.outboxMessage.count({ where: { to: "+15550000002" } });
      return tx.outboxMessage.create({ data: { channel: "sms", to: "+15550000003", text: `after ${before}` } });
    }),
  );
  expect(written.text).toBe("after 1");
  await exited;
});
