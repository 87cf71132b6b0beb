// The device reports the e2e server stored, read straight from its SQLite file.
import Database from "better-sqlite3";

import { DB_FILE } from "./env.ts";

export type StoredReport = { visitorId: string; host: string; pageUrl: string; source: string; deviceType: string };

let connection: Database.Database | undefined;

/** The stored reports whose `column` is `value` (a test's own `source`, or a visitor id), oldest first. */
export function deviceReports(value: string, column: "visitorId" | "source" = "visitorId"): StoredReport[] {
  connection ??= new Database(DB_FILE, { fileMustExist: true, readonly: true });
  return connection
    .prepare(
      `SELECT "visitorId", "host", "pageUrl", "source", "deviceType" FROM "DeviceReport" WHERE "${column}" = ? ORDER BY "createdAt"`,
    )
    .all(value) as StoredReport[];
}
