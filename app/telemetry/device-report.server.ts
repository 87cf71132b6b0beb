// Visitor device reports (spec sections 3, 4 and 7): what the browser sends once per visitor and host.
// Stored without the client's IP address (the privacy policy promises that), deleted after
// DEVICE_REPORT_RETENTION_DAYS by the maintenance job.
import { z } from "zod";

import { db } from "~/db/db.server";
import { deleteInBatches } from "~/privacy/batches.server";
import { config } from "~/server/config.server";
import { DAY } from "~/utils/time";

/** A short free-text field; ua-parser leaves many of them empty (a desktop has no device brand). */
const text = (max: number) => z.string().max(max);
const httpUrl = z
  .string()
  .max(2048)
  .url()
  // Zod runs refinements after a failed `.url()` too, hence the guarded parse.
  .refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol), "http(s) only");

export const deviceReportSchema = z
  .object({
    // FingerprintJS visitor ids are 32 hex characters; the cookie may hold an older, longer form.
    // Empty: the visitor has not accepted the cookie banner, so there is no visitor id (decision 039).
    visitorId: z.union([z.literal(""), z.string().regex(/^[A-Za-z0-9_-]{8,64}$/)]),
    userAgent: z.string().min(1).max(512),
    osName: text(64),
    osVersion: text(64),
    browserName: text(64),
    browserVersion: text(64),
    deviceType: z.enum(["tablet", "mobile", "desktop"]),
    deviceBrand: text(64),
    deviceModel: text(64),
    pageUrl: httpUrl,
    // document.referrer is empty for a typed address or a bookmark.
    referrerUrl: z.union([z.literal(""), httpUrl]),
    source: text(128),
    visitTime: z
      .string()
      .datetime({ offset: true })
      // A clock a day ahead is a broken clock or a forged report; neither is worth keeping.
      .refine((value) => new Date(value).getTime() <= Date.now() + DAY, "in the future"),
  })
  .strict();

export type DeviceReportInput = z.infer<typeof deviceReportSchema>;

export async function recordDeviceReport(report: DeviceReportInput, host: string) {
  const row = await db().deviceReport.create({
    data: { ...report, host: host.slice(0, 255), visitTime: new Date(report.visitTime) },
    select: { id: true },
  });
  return row;
}

/** Deletes reports older than the retention period (run by the maintenance job). */
export async function purgeOldDeviceReports(now = new Date()) {
  const cutoff = new Date(now.getTime() - config().DEVICE_REPORT_RETENTION_DAYS * DAY);
  return deleteInBatches(db().deviceReport, { createdAt: { lt: cutoff } });
}
