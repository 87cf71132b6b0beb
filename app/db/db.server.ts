import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";

import { routeShare, sharePoolByRoute } from "~/db/pool-share.server";
import { loadPg, loadPrismaPg } from "~/db/postgres.server";
import { postgresReader, sqliteReader, type RowReader } from "~/db/reads.server";
import { SQLITE_SYNC_BUSY_TIMEOUT_MS, waitingForLocks } from "~/db/sqlite-busy.server";
import { PrismaClient as PostgresClient } from "~/generated/prisma-postgres/client";
import { Prisma, PrismaClient as SqliteClient } from "~/generated/prisma-sqlite/client";
import { config } from "~/server/config.server";
import { log, requestScope } from "~/server/log.server";
import { recordDbTime } from "~/server/request-log.server";
import { trickOn } from "~/server/speed-tricks.server";

// Both generated clients come from one model definition, so they expose the same API; the SQLite
// client's type stands for both.
export type Db = SqliteClient;
/** The client an interactive transaction hands its callback. */
export type Tx = Parameters<Parameters<Db["$transaction"]>[0]>[0];

export function isPostgresUrl(url: string) {
  return /^postgres(ql)?:\/\//.test(url);
}

/**
 * The reader of each client's raw hot reads (app/db/reads.server.ts). Kept on `globalThis` like the
 * client itself: the server (server.ts) and the Remix build each load this module.
 */
const readers = ((globalThis as { __dbReaders?: WeakMap<Db, RowReader> }).__dbReaders ??= new WeakMap());
/** Each PostgreSQL client's pool, for `poolExhausted` (kept on `globalThis` for the same reason). */
const pools = ((globalThis as { __dbPools?: WeakMap<Db, import("pg").Pool> }).__dbPools ??= new WeakMap());

/** Time limits of a client (DATABASE_*_TIMEOUT_MS; docs/deploy.md). */
export type DbLimits = {
  poolSize: number;
  connectTimeoutMs: number;
  statementTimeoutMs: number;
  idleInTransactionTimeoutMs: number;
  lockTimeoutMs: number;
  busyTimeoutMs: number;
  transactionTimeoutMs: number;
};

export const DEFAULT_DB_LIMITS: DbLimits = {
  poolSize: 10,
  connectTimeoutMs: 5000,
  statementTimeoutMs: 10_000,
  idleInTransactionTimeoutMs: 10_000,
  lockTimeoutMs: 2000,
  busyTimeoutMs: 5000,
  transactionTimeoutMs: 10_000,
};

/**
 * `poolSize`: PostgreSQL connections this process may open (DATABASE_POOL_SIZE); the hot reads share
 * them. SQLite has Prisma's connection and the hot reads' one.
 *
 * Nothing waits on the database without a bound: on PostgreSQL opening a connection, each statement
 * (cancelled by the server, and given up by the client a second later in case the server itself is
 * stalled), a wait for a lock and a transaction left idle; one route's requests hold at most half
 * the pool; on SQLite the wait for another process's write lock (on
 * timers: the process serves other requests meanwhile). An interactive transaction is rolled back
 * after `transactionTimeoutMs`.
 */
export function createDb(url: string, limits: Partial<DbLimits> | number = {}): Db {
  const l = { ...DEFAULT_DB_LIMITS, ...(typeof limits === "number" ? { poolSize: limits } : limits) };
  const transactionOptions = { timeout: l.transactionTimeoutMs, maxWait: l.transactionTimeoutMs };
  let client: Db;
  let reader: RowReader;
  if (isPostgresUrl(url)) {
    const PrismaPg = loadPrismaPg();
    const pool = new (loadPg().Pool)({
      connectionString: url,
      max: l.poolSize,
      connectionTimeoutMillis: l.connectTimeoutMs,
      statement_timeout: l.statementTimeoutMs,
      query_timeout: l.statementTimeoutMs + 1000,
      idle_in_transaction_session_timeout: l.idleInTransactionTimeoutMs,
      // A statement waiting for a row or table lock gives up (55P03, a 503) long before its own limit.
      lock_timeout: l.lockTimeoutMs,
    });
    // One route's requests hold at most half the connections (db-pool-share.server.ts).
    sharePoolByRoute(pool, routeShare(l.poolSize), l.connectTimeoutMs);
    // An idle connection the server dropped (a restart) must not end the process.
    pool.on("error", (error) => log("warn", "database connection lost", { error: error.message }));
    client = timed(new PostgresClient({ adapter: new PrismaPg(pool), transactionOptions }) as unknown as Db);
    reader = postgresReader(pool);
    pools.set(client, pool);
  } else {
    // The wait for another process's write lock is on timers, never inside a call (sqlite-busy.server.ts).
    const adapter = waitingForLocks(
      new PrismaBetterSQLite3({ url: sqlitePath(url), timeout: SQLITE_SYNC_BUSY_TIMEOUT_MS }),
      l.busyTimeoutMs,
    );
    client = timed(new SqliteClient({ adapter, transactionOptions }));
    reader = sqliteReader(sqlitePath(url), l.busyTimeoutMs);
  }
  readers.set(client, reader);
  return client;
}

/** This process's PostgreSQL pool, if its database is PostgreSQL and open. */
export const processPool = () => (globalForDb.__db ? pools.get(globalForDb.__db) : undefined);

/**
 * True when this process's PostgreSQL pool has no connection free and callers are waiting for one:
 * the database may answer well, but this process cannot reach it now (readiness names that).
 */
export function poolExhausted() {
  const pool = processPool();
  return !!pool && pool.waitingCount > 0 && pool.idleCount === 0;
}

/** Closes a client and its hot reads' connection. */
export async function closeDb(client: Db) {
  await client.$disconnect();
  await readers.get(client)?.close();
}

/** Every query (raw ones too) adds its time to the request being handled: the Server-Timing `db` entry. */
function timed(client: Db): Db {
  return client.$extends({
    query: {
      async $allOperations({ args, query }) {
        const started = performance.now();
        try {
          return await query(args);
        } catch (error) {
          noteUnavailable(error);
          throw error;
        } finally {
          recordDbTime(performance.now() - started);
        }
      },
    },
  }) as unknown as Db;
}

// Errors that say the database cannot serve now (not that a query was wrong): unreachable, a
// connection lost or timed out, a statement cancelled by its time limit, a lock held too long, a
// full disk. Prisma's codes: P1001 unreachable, P1002/P1008 timed out, P1017 connection closed,
// P2024 no connection from the pool in time, P2028 a transaction that could not start or ran out.
const UNAVAILABLE_CODES = new Set(["P1001", "P1002", "P1008", "P1017", "P2024", "P2028"]);
// PostgreSQL's SQLSTATEs for the same (the driver's errors carry them): a connection that failed or
// was lost (class 08), too many connections or no room (53xxx), an operator's or a crash's shutdown,
// a server starting up (57P01–57P03), a statement cancelled by its time limit (57014), a lock not had
// in time (55P03), a transaction ended for idling (25P03).
const UNAVAILABLE_SQLSTATES =
  /^(08000|08001|08003|08004|08006|53000|53100|53200|53300|57P01|57P02|57P03|57014|55P03|25P03)$/;
const UNAVAILABLE_TEXT =
  /ECONNREFUSED|ECONNRESET|EHOSTUNREACH|ETIMEDOUT|Connection terminated|timeout exceeded when trying to connect|Can't reach database|Query read timeout|statement timeout|canceling statement|terminating connection|the database system is (starting up|shutting down|in recovery)|is not currently accepting connections|too many clients already|remaining connection slots are reserved|database is locked|SQLITE_BUSY|SQLITE_FULL|SQLITE_IOERR|SQLITE_READONLY|disk I\/O error|database or disk is full/i;

export function isDatabaseUnavailable(error: unknown) {
  const e = error as { code?: unknown; message?: unknown } | null;
  if (typeof e?.code === "string" && (UNAVAILABLE_CODES.has(e.code) || UNAVAILABLE_SQLSTATES.test(e.code))) return true;
  return UNAVAILABLE_TEXT.test(typeof e?.message === "string" ? e.message : String(error));
}

/** Tells the request being handled that the database is out (the edge answers 503 instead of 500). */
export function noteUnavailable(error: unknown) {
  const scope = requestScope.getStore();
  if (scope && isDatabaseUnavailable(error)) scope.dbUnavailable = true;
}

/** `file:./data/app.db` → `./data/app.db` (the adapter takes a path or a file: URL). */
export function sqlitePath(url: string) {
  return url.replace(/^(file|sqlite3?):(\/\/)?/, "");
}

/**
 * The first row of a raw query, for the few reads on almost every request's path (the session, the
 * subscription, a consent page's request). Prisma's query compiler costs about 0.3-0.5 ms of CPU per
 * call and a raw query through it about a third of that; these go to the driver (`rows`). Written with
 * quoted identifiers and `${}` parameters, the same SQL runs on SQLite and PostgreSQL, and the columns
 * come back as Prisma types them (Date, boolean, number, null); tests/unit/raw-reads.test.ts holds
 * each such read to Prisma's own answer on both databases.
 */
export async function firstRow<T>(query: TemplateStringsArray | Prisma.Sql, ...values: unknown[]): Promise<T | null> {
  return (await rows<T>(query, ...values))[0] ?? null;
}

/**
 * The rows of a raw read on the hot path, through the driver with the statement prepared once
 * (app/db/reads.server.ts, docs/decisions/022); the time counts as database time like any query.
 */
export async function rows<T>(query: TemplateStringsArray | Prisma.Sql, ...values: unknown[]): Promise<T[]> {
  const sql = query instanceof Prisma.Sql ? query : Prisma.sql(query, ...values);
  const client = db();
  const started = performance.now();
  try {
    // Prisma's own raw query is the simple path the bench measures this against
    // (app/server/speed-tricks.server.ts); tests/unit/raw-reads.test.ts holds the two to one answer.
    return trickOn("driver-reader") ? await readers.get(client)!.rows<T>(sql) : await client.$queryRaw<T[]>(sql);
  } catch (error) {
    noteUnavailable(error);
    throw error;
  } finally {
    recordDbTime(performance.now() - started);
  }
}

const globalForDb = globalThis as unknown as { __db?: Db };

export function db(): Db {
  if (!globalForDb.__db) {
    const c = config();
    globalForDb.__db = createDb(c.DATABASE_URL, {
      poolSize: c.DATABASE_POOL_SIZE,
      connectTimeoutMs: c.DATABASE_CONNECT_TIMEOUT_MS,
      statementTimeoutMs: c.DATABASE_STATEMENT_TIMEOUT_MS,
      idleInTransactionTimeoutMs: c.DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS,
      lockTimeoutMs: c.DATABASE_LOCK_TIMEOUT_MS,
      busyTimeoutMs: c.DATABASE_BUSY_TIMEOUT_MS,
      transactionTimeoutMs: c.DATABASE_TRANSACTION_TIMEOUT_MS,
    });
  }
  return globalForDb.__db;
}

/** True when this process has opened its database client (`db()`) and not closed it since. */
export const processDbOpen = () => !!globalForDb.__db;

/** Closes this process's database client (and its hot reads' connection); the next `db()` opens anew. */
export async function closeProcessDb() {
  const client = globalForDb.__db;
  globalForDb.__db = undefined;
  if (client) await closeDb(client);
}
