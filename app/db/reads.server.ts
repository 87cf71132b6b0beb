// The raw reads on almost every request's path (docs/decisions/021, 022) go to the database driver
// directly, each statement prepared once per connection, instead of through Prisma's client, which
// compiles every raw query again and whose SQLite adapter prepares every statement again.
// The rows come back as Prisma types them (Date, boolean, number, bigint, null):
// tests/unit/raw-reads.test.ts holds every such read to Prisma's own answer on both databases.
import { createHash } from "node:crypto";

import Database from "better-sqlite3";
import type pg from "pg";

import { loadPg } from "~/db/postgres.server";
import { SQLITE_SYNC_BUSY_TIMEOUT_MS, whileBusy } from "~/db/sqlite-busy.server";

/** A query as `Prisma.sql` builds it: `sql` with `?` placeholders, `text` with `$1`, and the values. */
export type SqlQuery = { sql: string; text: string; values: unknown[] };

export type RowReader = {
  rows<T>(query: SqlQuery): Promise<T[]>;
  close(): Promise<void>;
};

/** Statements kept prepared per connection; the hot reads are a handful, so this is only a bound. */
const MAX_STATEMENTS = 64;

// ---- SQLite ------------------------------------------------------------------------------------

/**
 * SQLite keeps a column's declared type: Prisma declares DateTime as DATETIME (stored as ISO 8601 text
 * by the adapter, or epoch milliseconds), Boolean as BOOLEAN (0/1), BigInt as BIGINT.
 */
const sqliteColumn: Record<string, (value: unknown) => unknown> = {
  DATETIME: (value) => sqliteDate(value as string | number),
  BOOLEAN: (value) => value === 1 || value === 1n,
  BIGINT: (value) => BigInt(value as number),
};

/** SQLite's own `CURRENT_TIMESTAMP` text ("2026-01-02 03:04:05") is UTC without saying so. */
function sqliteDate(value: string | number | bigint) {
  if (typeof value !== "string") return new Date(Number(value));
  return new Date(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(\.\d+)?$/.test(value) ? `${value.replace(" ", "T")}Z` : value);
}

/** Parameters as Prisma's SQLite adapter writes them (its default ISO 8601 dates, booleans as 0/1). */
function sqliteParameter(value: unknown) {
  if (value instanceof Date) return value.toISOString().replace("Z", "+00:00");
  if (typeof value === "boolean") return value ? 1 : 0;
  return value;
}

type Prepared = { statement: Database.Statement; names: string[]; convert: (((value: unknown) => unknown) | null)[] };

/**
 * Reads through a connection of its own to the database file. In WAL mode (app/server/migrate.server.ts) it
 * sees everything Prisma's connection has committed; it is never used inside a transaction.
 */
export function sqliteReader(file: string, busyTimeoutMs = 5000): RowReader {
  let database: Database.Database | null = null;
  const statements = new Map<string, Prepared>();
  function prepared(sql: string): Prepared {
    let entry = statements.get(sql);
    if (entry) return entry;
    if (!database) {
      // No wait inside a call: a read that meets a lock (rare in WAL mode) tries again on a timer.
      database = new Database(file, { fileMustExist: true, timeout: SQLITE_SYNC_BUSY_TIMEOUT_MS });
      // A read that sorts, groups or uses a window function builds a small temporary table; in memory
      // that costs a third of what SQLite's default, a temporary file, does. (The hot reads avoid
      // sorting since decision 024; this keeps any later one from paying for a file.)
      database.pragma("temp_store = MEMORY");
    }
    const statement = database.prepare(sql).raw(true);
    const columns = statement.columns();
    entry = {
      statement,
      names: columns.map((column) => column.name),
      convert: columns.map((column) => sqliteColumn[column.type?.toUpperCase() ?? ""] ?? null),
    };
    if (statements.size >= MAX_STATEMENTS) statements.delete(statements.keys().next().value!);
    statements.set(sql, entry);
    return entry;
  }
  return {
    async rows<T>(query: SqlQuery) {
      const raw = await whileBusy(() => {
        const { statement } = prepared(query.sql);
        return statement.all(...query.values.map(sqliteParameter)) as unknown[][];
      }, busyTimeoutMs);
      const { names, convert } = prepared(query.sql);
      return raw.map((values) => {
        const row: Record<string, unknown> = {};
        for (let i = 0; i < names.length; i++) {
          const value = values[i];
          const to = convert[i];
          row[names[i]!] = value === null || !to ? value : to(value);
        }
        return row as T;
      });
    },
    async close() {
      statements.clear();
      database?.close();
      database = null;
    },
  };
}

// ---- PostgreSQL --------------------------------------------------------------------------------

const TIMESTAMP = 1114;
const INT8 = 20;

/**
 * Prisma stores DateTime as `timestamp(3)` (no time zone) holding UTC; `pg` would read it as local
 * time. A bigint column comes back as a bigint, as from Prisma's raw queries.
 */
const pgTypes = {
  getTypeParser(oid: number, format?: "text" | "binary") {
    if (oid === TIMESTAMP) return (value: string) => new Date(`${value.replace(" ", "T")}Z`);
    if (oid === INT8) return (value: string) => BigInt(value);
    return loadPg().types.getTypeParser(oid, format);
  },
} as pg.CustomTypesConfig;

function pgParameter(value: unknown) {
  // An ISO text in UTC: `pg` would write a Date in the process's time zone.
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "bigint") return value.toString();
  return value;
}

/**
 * Reads through the pool Prisma's adapter uses (no connections of its own). Each statement has a name
 * derived from its text, so each connection parses and plans it once.
 */
export function postgresReader(pool: pg.Pool): RowReader {
  const names = new Map<string, string>();
  function nameOf(text: string) {
    let name = names.get(text);
    if (!name) {
      name = `read_${createHash("sha256").update(text).digest("hex").slice(0, 24)}`;
      if (names.size >= MAX_STATEMENTS) names.delete(names.keys().next().value!);
      names.set(text, name);
    }
    return name;
  }
  return {
    async rows<T>(query: SqlQuery) {
      const result = await pool.query({
        name: nameOf(query.text),
        text: query.text,
        values: query.values.map(pgParameter),
        types: pgTypes,
      });
      return result.rows as T[];
    },
    // The pool is made and ended here (app/db/db.server.ts); Prisma's adapter only borrows it.
    async close() {
      if (!pool.ended) await pool.end();
    },
  };
}
