// Location requests written straight into the e2e server's SQLite file (like users.ts), so a test can
// open a short link without first sending one; the row goes when its user is deleted (cascade).
import { randomBytes, randomInt, randomUUID } from "node:crypto";

import Database from "better-sqlite3";

import { DB_FILE } from "./env.ts";
import { sqliteDate } from "./users.ts";

const CODE_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

let connection: Database.Database | undefined;
function db() {
  if (!connection) {
    connection = new Database(DB_FILE, { fileMustExist: true });
    connection.pragma("busy_timeout = 10000");
  }
  return connection;
}

export type StoredRequest = {
  status: string;
  decision: string | null;
  openedAt: string | null;
  latitude: number | null;
  longitude: number | null;
  accuracyMeters: number | null;
  address: string | null;
};

/** A pending "link" request of `userId`, as createLocationRequest stores it; returns its code. */
export function createLinkRequest(userId: string, requesterName = "Maria", locale = "en") {
  const code = Array.from({ length: 8 }, () => CODE_CHARS[randomInt(CODE_CHARS.length)]).join("");
  const now = sqliteDate(new Date());
  db()
    .prepare(
      `INSERT INTO "LocationRequest" (id, userId, channel, requesterName, locale, code, status, delivery, createdAt, updatedAt)
       VALUES (?, ?, 'link', ?, ?, ?, 'pending', 'link', ?, ?)`,
    )
    .run(
      `e2e${randomUUID().replace(/-/g, "")}${randomBytes(2).toString("hex")}`,
      userId,
      requesterName,
      locale,
      code,
      now,
      now,
    );
  return code;
}

export function readRequest(code: string) {
  return db()
    .prepare(
      `SELECT status, decision, openedAt, latitude, longitude, accuracyMeters, address FROM "LocationRequest" WHERE code = ?`,
    )
    .get(code) as StoredRequest;
}

export type StoredLiveShare = {
  latitude: number | null;
  longitude: number | null;
  liveUntil: string | null;
  liveEndedAt: string | null;
  liveSecretHash: string | null;
  trail: number;
};

/** A request's live share as stored: its newest position, its end, and how many trail points it keeps. */
export function readLiveShare(code: string) {
  return db()
    .prepare(
      `SELECT latitude, longitude, liveUntil, liveEndedAt, liveSecretHash,
              (SELECT COUNT(*) FROM "LivePosition" p WHERE p.requestId = r.id) AS trail
       FROM "LocationRequest" r WHERE code = ?`,
    )
    .get(code) as StoredLiveShare;
}

/** Stores a precise share on a request, as the consent page's post does (for pages without JavaScript). */
export function markSharedPrecisely(code: string, fix: { latitude: number; longitude: number; accuracy: number }) {
  const now = sqliteDate(new Date());
  db()
    .prepare(
      `UPDATE "LocationRequest" SET status = 'gps_tracked', latitude = ?, longitude = ?, accuracyMeters = ?,
       address = 'Quezon City, PH', locatedAt = ?, openedAt = ? WHERE code = ?`,
    )
    .run(fix.latitude, fix.longitude, fix.accuracy, now, now, code);
}

/** A request's id, by its link code. */
export function requestIdOf(code: string) {
  return (db().prepare(`SELECT id FROM "LocationRequest" WHERE code = ?`).get(code) as { id: string }).id;
}
