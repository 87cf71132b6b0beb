import { execFileSync } from "node:child_process";
import { mkdirSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import Database from "better-sqlite3";
import { isPostgresUrl, sqlitePath } from "~/db.server";

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

/** Applies every pending migration of the database's own set; safe to run on every start. */
export function migrate(url: string, root = process.cwd()) {
  const postgres = isPostgresUrl(url);
  if (!postgres) mkdirSync(path.dirname(path.resolve(sqlitePath(url))), { recursive: true });
  const dir = path.join(root, "prisma", "migrations", postgres ? "postgres" : "sqlite");
  execFileSync(
    process.execPath,
    [require.resolve("dbmate/dist/cli.js"), "--url", dbmateUrl(url), "--migrations-dir", dir, "--no-dump-schema", "--wait", "up"],
    { stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, DATABASE_URL: "" } },
  );
  if (!postgres) {
    // WAL lets readers and one writer work at once; the mode is stored in the file itself.
    const sqlite = new Database(path.resolve(sqlitePath(url)));
    sqlite.pragma("journal_mode = WAL");
    sqlite.close();
  }
}
