import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaPg } from "@prisma/adapter-pg";

import { config } from "~/config.server";
import { PrismaClient as PostgresClient } from "~/generated/prisma-postgres/client";
import { Prisma, PrismaClient as SqliteClient } from "~/generated/prisma-sqlite/client";
import { recordDbTime } from "~/server/request-log.server";

// Both generated clients come from one model definition, so they expose the same API; the SQLite
// client's type stands for both.
export type Db = SqliteClient;
/** The client an interactive transaction hands its callback. */
export type Tx = Parameters<Parameters<Db["$transaction"]>[0]>[0];

export function isPostgresUrl(url: string) {
  return /^postgres(ql)?:\/\//.test(url);
}

/** `poolSize`: PostgreSQL connections this process may open (DATABASE_POOL_SIZE); SQLite has one. */
export function createDb(url: string, poolSize = 10): Db {
  const client = isPostgresUrl(url)
    ? (new PostgresClient({ adapter: new PrismaPg({ connectionString: url, max: poolSize }) }) as unknown as Db)
    : new SqliteClient({ adapter: new PrismaBetterSQLite3({ url: sqlitePath(url) }) });
  return timed(client);
}

/** Every query (raw ones too) adds its time to the request being handled: the Server-Timing `db` entry. */
function timed(client: Db): Db {
  return client.$extends({
    query: {
      async $allOperations({ args, query }) {
        const started = performance.now();
        try {
          return await query(args);
        } finally {
          recordDbTime(performance.now() - started);
        }
      },
    },
  }) as unknown as Db;
}

/** `file:./data/app.db` → `./data/app.db` (the adapter takes a path or a file: URL). */
export function sqlitePath(url: string) {
  return url.replace(/^(file|sqlite3?):(\/\/)?/, "");
}

/**
 * The first row of a raw query, for the few reads on almost every request's path (the session, the
 * subscription, a consent page's request). Prisma's query compiler costs about 0.3-0.5 ms of CPU per
 * call and a raw query about a third of that (docs/performance.md). Written with quoted identifiers
 * and `${}` parameters, the same SQL runs on SQLite and PostgreSQL, and the driver adapters return the
 * columns as Prisma types them (Date, boolean, number, null); tests/unit/raw-reads.test.ts holds each
 * such read to Prisma's own answer on both databases.
 */
export async function firstRow<T>(query: TemplateStringsArray | Prisma.Sql, ...values: unknown[]): Promise<T | null> {
  const rows = await db().$queryRaw<T[]>(query, ...values);
  return rows[0] ?? null;
}

const globalForDb = globalThis as unknown as { __db?: Db };

export function db(): Db {
  globalForDb.__db ??= createDb(config().DATABASE_URL, config().DATABASE_POOL_SIZE);
  return globalForDb.__db;
}
