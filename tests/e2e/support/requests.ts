// Location requests in the e2e server's SQLite file: read what the app stored, and play the
// recipient's side (sharing a precise or an approximate position) the way the domain's
// `sharePrecise` / `shareApproximate` write it, without a second browser.
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

export type StoredRequest = {
  id: string;
  code: string;
  channel: string;
  target: string | null;
  title: string | null;
  status: string;
};

/** The user's requests, newest first. */
export function requestsOf(userId: string): StoredRequest[] {
  return db()
    .prepare(
      `SELECT id, code, channel, target, title, status FROM "LocationRequest" WHERE userId = ? ORDER BY createdAt DESC`,
    )
    .all(userId) as StoredRequest[];
}

export function requestOf(userId: string, channel: "sms" | "email" | "link") {
  const found = requestsOf(userId).find((r) => r.channel === channel);
  if (!found) throw new Error(`no ${channel} request for user ${userId}`);
  return found;
}

export type Fix = { latitude: number; longitude: number; accuracyMeters: number; address: string };

/** The recipient shared: "gps" = precise (GPS Tracked), "ip" = approximate (IP Located). */
export function markLocated(id: string, kind: "gps" | "ip", fix: Fix) {
  const now = sqliteDate(new Date());
  db()
    .prepare(
      `UPDATE "LocationRequest" SET status = ?, decision = NULL, latitude = ?, longitude = ?, accuracyMeters = ?, address = ?,
       locatedAt = ?, openedAt = ?, updatedAt = ? WHERE id = ?`,
    )
    .run(
      kind === "gps" ? "gps_tracked" : "ip_located",
      fix.latitude,
      fix.longitude,
      fix.accuracyMeters,
      fix.address,
      now,
      now,
      now,
      id,
    );
}

/** The text of the newest outbox message to `to`. */
export function outboxText(to: string) {
  const row = db()
    .prepare(`SELECT text FROM "OutboxMessage" WHERE "to" = ? ORDER BY createdAt DESC LIMIT 1`)
    .get(to) as { text: string } | undefined;
  return row?.text ?? null;
}

/** The text of every outbox message to `to`, newest first (an address may get several kinds of e-mail). */
export function outboxTexts(to: string) {
  const rows = db().prepare(`SELECT text FROM "OutboxMessage" WHERE "to" = ? ORDER BY createdAt DESC`).all(to) as {
    text: string;
  }[];
  return rows.map((row) => row.text);
}

/** The recipient stopped sharing: the position is deleted, the state stays (like the domain's `revoke`). */
export function markRevoked(id: string) {
  db()
    .prepare(
      `UPDATE "LocationRequest" SET decision = 'revoked', latitude = NULL, longitude = NULL, accuracyMeters = NULL, address = NULL, updatedAt = ? WHERE id = ?`,
    )
    .run(sqliteDate(new Date()), id);
}

/** A link request made elsewhere (another tab, the API) and already shared precisely. */
export function addLocatedLink(userId: string, title: string, code: string, fix: Fix) {
  const now = sqliteDate(new Date());
  const id = `e2e${code}`;
  db()
    .prepare(
      `INSERT INTO "LocationRequest" (id, userId, channel, title, requesterName, locale, code, status, delivery, latitude, longitude,
       accuracyMeters, address, openedAt, locatedAt, createdAt, updatedAt)
       VALUES (?, ?, 'link', ?, 'Ana', 'en', ?, 'gps_tracked', 'link', ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(id, userId, title, code, fix.latitude, fix.longitude, fix.accuracyMeters, fix.address, now, now, now, now);
  return id;
}

/** How many messages went to `to` (SMS or e-mail). */
export function outboxCount(to: string) {
  return (db().prepare(`SELECT count(*) AS n FROM "OutboxMessage" WHERE "to" = ?`).get(to) as { n: number }).n;
}

/** The account may send again now: its three-hour slots are cleared. */
export function clearSendSlots(userId: string) {
  db()
    .prepare(`DELETE FROM "UsageSlot" WHERE "key" IN (?, ?, ?)`)
    .run(`sms:${userId}`, `email:${userId}`, `link:${userId}`);
}

/** The request was made `days` ago (to see its link expire). */
export function ageRequest(code: string, days: number) {
  db()
    .prepare(`UPDATE "LocationRequest" SET createdAt = ? WHERE code = ?`)
    .run(sqliteDate(new Date(Date.now() - days * 24 * 3600 * 1000)), code);
}

/** An SMS request in a given state, as the domain would have stored it. */
export function addSmsRequest(
  userId: string,
  code: string,
  fields: { target: string; delivery: string; status?: string; decision?: string | null; fix?: Fix; daysAgo?: number },
) {
  const now = new Date();
  const created = sqliteDate(new Date(now.getTime() - (fields.daysAgo ?? 0) * 24 * 3600 * 1000));
  const fix = fields.fix;
  db()
    .prepare(
      `INSERT INTO "LocationRequest" (id, userId, channel, target, requesterName, locale, code, status, decision, delivery,
       latitude, longitude, accuracyMeters, address, locatedAt, createdAt, updatedAt)
       VALUES (?, ?, 'sms', ?, 'Ana', 'en', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(
      `e2e${code}`,
      userId,
      fields.target,
      code,
      fields.status ?? "pending",
      fields.decision ?? null,
      fields.delivery,
      fix?.latitude ?? null,
      fix?.longitude ?? null,
      fix?.accuracyMeters ?? null,
      fix?.address ?? null,
      fix ? sqliteDate(now) : null,
      created,
      sqliteDate(now),
    );
}

/**
 * `count` link requests of one account titled "Link 0" (newest) to "Link {count-1}", a minute apart
 * except that each pair shares its timestamp (the lists order such rows by id).
 */
export function addLinks(userId: string, count: number) {
  const insert = db().prepare(
    `INSERT INTO "LocationRequest" (id, userId, channel, title, requesterName, locale, code, status, delivery, createdAt, updatedAt)
     VALUES (?, ?, 'link', ?, 'Ana', 'en', ?, 'pending', 'link', ?, ?)`,
  );
  const base = Date.now() - 60_000;
  db().transaction(() => {
    for (let i = 0; i < count; i++) {
      const at = sqliteDate(new Date(base - Math.floor(i / 2) * 60_000));
      const code = `L${userId.slice(-4)}${String(i).padStart(3, "0")}`.slice(0, 8);
      // Ids descending with i, so that the list's order (time, then id) is Link 0, Link 1, …
      insert.run(`e2ep${userId}${String(999 - i).padStart(3, "0")}`, userId, `Link ${i}`, code, at, at);
    }
  })();
}
