// One route's requests hold at most their share of the PostgreSQL pool (docs/decisions/041); the
// real pool against a locked table: tests/faults/postgres-lock.test.ts.
import type pg from "pg";
import { expect, it } from "vitest";

import { closeProcessDb, db, isDatabaseUnavailable, processPool } from "~/db/db.server";
import { routeHolds, routeShare, sharePoolByRoute } from "~/db/pool-share.server";
import { resetConfig } from "~/server/config.server";
import { requestScope } from "~/server/log.server";

/** A stand-in pool: hands out clients at once, and counts those out. */
function fakePool() {
  const state = { out: 0 };
  const pool = {
    connect: async () => {
      state.out += 1;
      const client = { release: () => void (state.out -= 1) };
      return client as unknown as pg.PoolClient;
    },
  } as unknown as pg.Pool;
  return { pool, state };
}

const inRoute = <T>(route: string | undefined, work: () => Promise<T>) =>
  requestScope.run({ id: "r", dbMs: 0, dbQueries: 0, ...(route ? { route } : {}) }, work);

it("half the pool per route, at least one", () => {
  expect(routeShare(10)).toBe(5);
  expect(routeShare(3)).toBe(2);
  expect(routeShare(1)).toBe(1);
});

it("a route's next request waits for one of its connections; other routes and work outside requests do not", async () => {
  const { pool, state } = fakePool();
  sharePoolByRoute(pool, 2, 200);
  const first = await inRoute("share", () => pool.connect());
  await inRoute("share", () => pool.connect());
  let third: pg.PoolClient | undefined;
  const waiting = inRoute("share", () => pool.connect()).then((client) => (third = client));
  // Another route, and the job worker (no request), are not held up.
  await inRoute("info", () => pool.connect());
  await pool.connect();
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(third).toBeUndefined();
  expect(state.out).toBe(4);
  first.release();
  await waiting;
  expect(third).toBeDefined();
  expect(state.out).toBe(4);
});

it("a wait longer than the connect limit fails as a connection not had in time (a 503)", async () => {
  const { pool } = fakePool();
  sharePoolByRoute(pool, 1, 50);
  await inRoute("share", () => pool.connect());
  const error = await inRoute("share", () => pool.connect()).catch((e: Error) => e);
  expect(error).toBeInstanceOf(Error);
  expect(isDatabaseUnavailable(error)).toBe(true);
});

it("pool.query's callback form goes through the share too", async () => {
  const { pool } = fakePool();
  sharePoolByRoute(pool, 1, 50);
  await inRoute("share", () => pool.connect());
  const error = await inRoute(
    "share",
    () =>
      new Promise<Error | undefined>((resolve) =>
        (pool.connect as unknown as (cb: (error: Error | undefined) => void) => void)((e) => resolve(e)),
      ),
  );
  expect(error?.message).toMatch(/timeout exceeded when trying to connect/);
});

it("a connection handed back broken through the callback's `done` is destroyed, not handed on", async () => {
  const released: unknown[] = [];
  const pool = {
    connect: async () => ({ release: (error?: unknown) => void released.push(error) }) as unknown as pg.PoolClient,
  } as unknown as pg.Pool;
  sharePoolByRoute(pool, 1, 50);
  const broken = new Error("connection reset");
  await inRoute("share", async () => {
    const done = await new Promise<(error?: Error) => void>((resolve) =>
      (pool.connect as unknown as (cb: (e: Error | undefined, c: unknown, d: (error?: Error) => void) => void) => void)(
        (_e, _c, d) => resolve(d),
      ),
    );
    done(broken);
  });
  expect(released).toEqual([broken]);
  expect(routeHolds(pool)).toBe(0);
});

// PostgreSQL: every way a request's database work can end early (a route's share not had in time, a
// transaction's start or its run over its limit, a statement over its own, a connection not had in
// time) gives its connection and its place in the share back. A test file's database close waits
// for every connection (tests/setup/vitest.setup.ts): one never given back hangs it.
it.runIf(process.env.TEST_DB === "postgres")(
  "after a burst of requests cut short by every limit, every connection and every place is back",
  async () => {
    Object.assign(process.env, {
      DATABASE_POOL_SIZE: "3",
      DATABASE_CONNECT_TIMEOUT_MS: "300",
      DATABASE_TRANSACTION_TIMEOUT_MS: "400",
      DATABASE_STATEMENT_TIMEOUT_MS: "500",
    });
    resetConfig();
    await closeProcessDb();
    try {
      db();
      const pool = processPool()!;
      let seed = 7;
      const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
      const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
      const work: Promise<unknown>[] = [];
      for (let i = 0; i < 90; i++) {
        const route = ["a", "b", undefined][i % 3];
        const ms = Math.floor(random() * 700);
        const run = [
          () => db().$queryRawUnsafe(`SELECT pg_sleep(${ms / 1000})`),
          () =>
            db().$transaction(
              async (tx) => {
                await tx.$queryRawUnsafe(`SELECT pg_sleep(${ms / 2000})`);
                await sleep(ms / 2);
                await tx.$queryRaw`SELECT 1`;
              },
              { maxWait: 200 },
            ),
          () =>
            db().$transaction(async (tx) => {
              await tx.$queryRaw`SELECT 1`;
              await sleep(ms);
            }),
          () => db().$transaction([db().$queryRaw`SELECT 1`, db().$queryRawUnsafe(`SELECT pg_sleep(${ms / 1000})`)]),
        ][i % 4]!;
        work.push(inRoute(route, run).catch(() => undefined));
        await sleep(random() * 20);
      }
      await Promise.all(work);
      // Rollbacks of transactions over their limit may still be on their way.
      await expect.poll(() => pool.totalCount - pool.idleCount, { timeout: 3000 }).toBe(0);
      expect(routeHolds(pool)).toBe(0);
      expect(pool.waitingCount).toBe(0);
      // Each route still has its whole share.
      for (const route of ["a", "b"]) {
        await inRoute(route, () => Promise.all([db().$queryRaw`SELECT 1`, db().$queryRaw`SELECT 1`]));
      }
    } finally {
      for (const name of [
        "DATABASE_POOL_SIZE",
        "DATABASE_CONNECT_TIMEOUT_MS",
        "DATABASE_TRANSACTION_TIMEOUT_MS",
        "DATABASE_STATEMENT_TIMEOUT_MS",
      ])
        delete process.env[name];
      resetConfig();
      await closeProcessDb();
    }
  },
  30_000,
);
