import { execFileSync } from "node:child_process";
import { mkdirSync, readdirSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

import Database from "better-sqlite3";

import { isPostgresUrl, sqlitePath } from "~/db/db.server";
import { loadPg } from "~/db/postgres.server";

const require = createRequire(import.meta.url);

/** dbmate's own URL forms: `sqlite:/abs/path.db`; local PostgreSQL without TLS unless asked. */
export function dbmateUrl(url: string) {
  if (!isPostgresUrl(url)) return `sqlite:${path.resolve(sqlitePath(url))}`;
  const u = new URL(url);
  if (!u.searchParams.has("sslmode") && ["localhost", "127.0.0.1", "::1"].includes(u.hostname)) {
    u.searchParams.set("sslmode", "disable");
  }
  return u.toString();
}

function migrationsDir(url: string, root: string) {
  return path.join(root, "prisma", "migrations", isPostgresUrl(url) ? "postgres" : "sqlite");
}

/** The version (timestamp) of the newest migration this code comes with. */
export function latestMigration(url: string, root = process.cwd()) {
  const files = readdirSync(migrationsDir(url, root))
    .filter((name) => name.endsWith(".sql"))
    .sort();
  return files.at(-1)?.split("_")[0] ?? null;
}

/**
 * Applies pending migrations once however many instances start together: on PostgreSQL the first to
 * take an advisory lock migrates and the others wait for it, then find nothing pending. (On SQLite
 * only one machine can use the file, and the primary process migrates before it starts workers.)
 */
export async function migrateOnce(url: string, root = process.cwd()) {
  if (!isPostgresUrl(url)) return migrate(url, root);
  const client = new (loadPg().Client)({ connectionString: url });
  // Without a connection there is nothing to lock: dbmate then says why the database cannot be used.
  if (
    !(await client.connect().then(
      () => true,
      () => false,
    ))
  )
    return migrate(url, root);
  try {
    await client.query("SELECT pg_advisory_lock(hashtext('family-locator:migrations'))");
    migrate(url, root);
  } finally {
    await client.end();
  }
}

/** Applies every pending migration of the database's own set; safe to run on every start. */
export function migrate(url: string, root = process.cwd()) {
  const postgres = isPostgresUrl(url);
  if (!postgres) mkdirSync(path.dirname(path.resolve(sqlitePath(url))), { recursive: true });
  const dir = migrationsDir(url, root);
  execFileSync(
    process.execPath,
    [
      require.resolve("dbmate/dist/cli.js"),
      "--url",
      dbmateUrl(url),
      "--migrations-dir",
      dir,
      "--no-dump-schema",
      "--wait",
      "up",
    ],
    { stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, DATABASE_URL: "" } },
  );
  if (!postgres) {
    // WAL lets readers and one writer work at once; the mode is stored in the file itself.
    const sqlite = new Database(path.resolve(sqlitePath(url)));
    sqlite.pragma("journal_mode = WAL");
    sqlite.close();
  }
}
