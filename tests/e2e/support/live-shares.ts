// Live shares written straight into the e2e server's SQLite file, as the recipient's update endpoint
// leaves them: the request's own position is the newest, and each update adds a LivePosition row.
// The request row's update raises the account's version, which the open dashboard polls.
import Database from "better-sqlite3";

import { DB_FILE } from "./env.ts";
import { sqliteDate } from "./users.ts";

let connection: Database.Database | undefined;
function db() {
  if (!connection) {
    connection = new Database(DB_FILE, { fileMustExist: true });
    connection.pragma("busy_timeout = 10000");
  }
  return connection;
}

export type LiveFix = { latitude: number; longitude: number };

/** Makes the (precisely shared) request `id` live until `until`; `endedAt`: it was stopped then. */
export function startLiveShare(id: string, until: Date, endedAt: Date | null = null) {
  db()
    .prepare(`UPDATE "LocationRequest" SET liveUntil = ?, liveEndedAt = ?, updatedAt = ? WHERE id = ?`)
    .run(sqliteDate(until), endedAt ? sqliteDate(endedAt) : null, sqliteDate(new Date()), id);
}

/** One update of the live share: a trail row and the request's newest position. */
export function appendPosition(id: string, fix: LiveFix, at = new Date()) {
  const when = sqliteDate(at);
  db()
    .prepare(
      `INSERT INTO "LivePosition" (requestId, latitude, longitude, accuracyMeters, recordedAt) VALUES (?, ?, ?, 10, ?)`,
    )
    .run(id, fix.latitude, fix.longitude, when);
  db()
    .prepare(
      `UPDATE "LocationRequest" SET latitude = ?, longitude = ?, accuracyMeters = 10, locatedAt = ?, updatedAt = ? WHERE id = ?`,
    )
    .run(fix.latitude, fix.longitude, when, when, id);
}

/** The recipient stopped sharing now. */
export function endLiveShare(id: string) {
  const now = sqliteDate(new Date());
  db().prepare(`UPDATE "LocationRequest" SET liveEndedAt = ?, updatedAt = ? WHERE id = ?`).run(now, now, id);
}
