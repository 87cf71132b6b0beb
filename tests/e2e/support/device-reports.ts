// The device reports the e2e server stored, read straight from its SQLite file.
import Database from "better-sqlite3";

import { DB_FILE } from "./env.ts";

export type StoredReport = { visitorId: string; host: string; pageUrl: string; source: string; deviceType: string };

let connection: Database.Database | undefined;

export function deviceReports(visitorId: string): StoredReport[] {
  connection ??= new Database(DB_FILE, { fileMustExist: true, readonly: true });
  return connection
    .prepare(
      `SELECT "visitorId", "host", "pageUrl", "source", "deviceType" FROM "DeviceReport" WHERE "visitorId" = ? ORDER BY "createdAt"`,
    )
    .all(visitorId) as StoredReport[];
}
