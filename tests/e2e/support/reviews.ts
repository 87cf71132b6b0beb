// Reviews in the e2e server's SQLite file, and the operator command run against that file exactly as
// an operator runs it (`npm run reviews -- publish ID`).
import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";

import Database from "better-sqlite3";

import { DB_FILE, ROOT } from "./env.ts";

let connection: Database.Database | undefined;
function db() {
  connection ??= new Database(DB_FILE, { fileMustExist: true, readonly: true });
  return connection;
}

export type StoredReview = {
  id: string;
  rating: number;
  text: string;
  displayName: string;
  locale: string;
  status: string;
};

export function reviewOf(userId: string) {
  return db()
    .prepare(`SELECT "id", "rating", "text", "displayName", "locale", "status" FROM "Review" WHERE "userId" = ?`)
    .get(userId) as StoredReview | undefined;
}

/** The average and count of every published review: what the home page must show. */
export function publishedStats() {
  const row = db()
    .prepare(`SELECT AVG("rating") AS average, COUNT(*) AS count FROM "Review" WHERE "status" = 'published'`)
    .get() as {
    average: number | null;
    count: number;
  };
  return { average: Math.round((row.average ?? 0) * 10) / 10, count: row.count };
}

/** Runs scripts/reviews.ts with the e2e database; resolves to its standard output. */
export async function reviewsCommand(...args: string[]) {
  const { stdout } = await promisify(execFile)(
    path.join(ROOT, "node_modules/.bin/tsx"),
    ["scripts/reviews.ts", ...args],
    {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: `file:${DB_FILE}` },
    },
  );
  return stdout;
}
