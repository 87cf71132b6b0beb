// One route's requests hold at most their share of the PostgreSQL pool (docs/decisions/041); the
// real pool against a locked table: tests/faults/postgres-lock.test.ts.
import type pg from "pg";
import { expect, it } from "vitest";

import { isDatabaseUnavailable } from "~/db/db.server";
import { routeShare, sharePoolByRoute } from "~/db/pool-share.server";
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
