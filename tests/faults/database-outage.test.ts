// Database faults against a real process (docs/deploy.md "Faults, and what recovers by itself"): the
// production server on the test's own database.
// - PostgreSQL out (the database refuses connections and its sessions are ended, as in a restart):
//   pages and the API answer 503 with Retry-After in the visitor's language, /readyz says not ready,
//   the home page still answers without its reviews; once it is back, everything works again without
//   a restart.
// - A stalled database (a lock another session holds and does not let go): a request that needs it
//   answers 503 within the time limits instead of waiting, and works again once the lock is gone.
import Database from "better-sqlite3";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";

import { db, sqlitePath } from "~/db/db.server";

import { ensureBuild, freePort, startApp, until, type AppProcess } from "../support/app-process";
import { signedInUser } from "../support/factories";

const onPostgres = process.env.TEST_DB === "postgres";
/** The database's time limits for the server: short, so that a test of them is short too. */
const LIMITS = {
  DATABASE_STATEMENT_TIMEOUT_MS: "1000",
  DATABASE_CONNECT_TIMEOUT_MS: "1000",
  DATABASE_BUSY_TIMEOUT_MS: "1000",
  DATABASE_TRANSACTION_TIMEOUT_MS: "2000",
};
/** How long any answer may take while the database is out or stalled: the limits, plus margin. */
const BOUND_MS = 6000;

let server: AppProcess;
let token: string;
const REVIEWER = "Rosa Fault-Test";

beforeAll(async () => {
  await ensureBuild();
  const user = await signedInUser();
  token = user.token;
  await db().review.create({
    data: { userId: user.user.id, rating: 5, text: "Found my father.", displayName: REVIEWER, locale: "en" },
  });
  await db().review.update({ where: { userId: user.user.id }, data: { status: "published" } });
  const port = await freePort();
  server = await startApp("outage", port, {
    DATABASE_URL: process.env.DATABASE_URL!,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    APP_MODE: "sandbox",
    ...LIMITS,
  });
}, 600_000);

afterAll(async () => {
  await server?.stop("SIGKILL");
});

/** A request to the server, timed; never waits longer than BOUND_MS without failing the test. */
async function timed(path: string, init: RequestInit = {}) {
  const started = Date.now();
  const response = await fetch(`${server.origin}${path}`, { ...init, signal: AbortSignal.timeout(BOUND_MS) });
  const text = await response.text();
  return { status: response.status, headers: response.headers, text, ms: Date.now() - started };
}
const api = (path: string, init: RequestInit = {}) =>
  timed(path, {
    ...init,
    headers: { APP: "fault-test", Authorization: `Bearer ${token}`, "Accept-Language": "id", ...init.headers },
  });
/** A new link; the account's three-hour slot is made free first, so that each call may create one. */
const createLink = async (free = true) => {
  if (free) await db().usageSlot.deleteMany({});
  return api("/api/v1/locate/createLink", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ requesterName: "Ana", title: "Dad" }),
  });
};

describe.runIf(onPostgres)("PostgreSQL out, then back", () => {
  const database = () => new URL(process.env.DATABASE_URL!).pathname.slice(1);
  async function admin<T>(run: (client: pg.Client) => Promise<T>) {
    const client = new pg.Client({ connectionString: inject("postgresAdminUrl") });
    await client.connect();
    try {
      return await run(client);
    } finally {
      await client.end();
    }
  }

  it("answers 503 with Retry-After while the database is out, and recovers by itself", async () => {
    expect((await timed("/")).text).toContain(REVIEWER);
    expect((await createLink()).status).toBe(200);

    await admin(async (client) => {
      await client.query(`ALTER DATABASE "${database()}" WITH ALLOW_CONNECTIONS false`);
      await client.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1`, [database()]);
    });
    try {
      const link = await createLink(false);
      expect(link.status, `${link.text}\n${server.output.slice(-5).join("\n")}`).toBe(503);
      expect(link.headers.get("retry-after")).toBe("30");
      expect(JSON.parse(link.text)).toMatchObject({ status: 503, message: expect.stringMatching(/tidak tersedia/) });

      const page = await timed("/ph/dashboard", { headers: { Cookie: `token=${token}` } });
      expect(page.status).toBe(503);
      expect(page.headers.get("retry-after")).toBe("30");
      expect(page.headers.get("content-type")).toMatch(/^text\/html/);
      expect(page.text).toContain('lang="fil"');

      const home = await timed("/");
      expect(home.status).toBe(200);
      expect(home.text).not.toContain(REVIEWER);

      expect((await timed("/readyz")).status).toBe(503);
      expect((await timed("/healthz")).status).toBe(200);
    } finally {
      await admin((client) => client.query(`ALTER DATABASE "${database()}" WITH ALLOW_CONNECTIONS true`));
    }

    // Back: no restart, the same process.
    await until(async () => (await timed("/readyz")).status === 200, "ready again", 20_000);
    expect((await createLink()).status).toBe(200);
    expect((await timed("/")).text).toContain(REVIEWER);
    expect(server.running()).toBe(true);
  }, 60_000);

  it("a stalled table: a request that needs it answers 503 within the limits, and works once it is free", async () => {
    const holder = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await holder.connect();
    try {
      await db().usageSlot.deleteMany({});
      await holder.query("BEGIN");
      await holder.query(`LOCK TABLE "LocationRequest" IN ACCESS EXCLUSIVE MODE`);
      const stalled = await createLink(false);
      expect(stalled.status, stalled.text).toBe(503);
      expect(stalled.headers.get("retry-after")).toBe("30");
      expect(stalled.ms).toBeLessThan(BOUND_MS);
      // What does not need the table is not held up.
      expect((await api("/api/v1/personnal/subscribe/info")).status).toBe(200);
    } finally {
      await holder.query("ROLLBACK").catch(() => undefined);
      await holder.end();
    }
    expect((await createLink()).status).toBe(200);
  }, 60_000);
});

describe.runIf(!onPostgres)("SQLite held by another process", () => {
  it("a write waits at most DATABASE_BUSY_TIMEOUT_MS, answers 503, /readyz says it cannot write; then all is well", async () => {
    const holder = new Database(sqlitePath(process.env.DATABASE_URL!));
    try {
      await db().usageSlot.deleteMany({});
      holder.prepare("BEGIN IMMEDIATE").run();
      const held = await createLink(false);
      expect(held.status, held.text).toBe(503);
      expect(held.headers.get("retry-after")).toBe("30");
      expect(held.ms).toBeLessThan(BOUND_MS);
      const ready = await timed("/readyz");
      expect(ready.status).toBe(503);
      expect(ready.text).toContain("cannot write");
      // Reads go on (the write-ahead log lets them): the signed-in API and the home page with its reviews.
      expect((await api("/api/v1/personnal/subscribe/info")).status).toBe(200);
      expect((await timed("/")).text).toContain(REVIEWER);
    } finally {
      holder.prepare("ROLLBACK").run();
      holder.close();
    }
    expect((await createLink()).status).toBe(200);
    expect((await timed("/readyz")).status).toBe(200);
  }, 60_000);
});
