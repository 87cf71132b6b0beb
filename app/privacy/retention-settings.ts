// The retention periods' settings and the names the texts give them (docs/privacy.md). Read by the
// maintenance job's sweeps (./retention.server.ts) and by the privacy page (app/content/content.server.ts).
import type { Config } from "~/server/config.server";

/** The settings that bound how long personal data is kept, in days. */
export const RETENTION_SETTINGS = [
  "RETENTION_DAYS",
  "REQUEST_DATA_DAYS",
  "VOICE_MESSAGE_DAYS",
  "CONTACT_MESSAGE_DAYS",
  "ABUSE_REPORT_DAYS",
  "REFUND_REQUEST_DAYS",
  "OUTBOX_DAYS",
  "UNPAID_CHECKOUT_DAYS",
  "DEVICE_REPORT_RETENTION_DAYS",
] as const satisfies readonly (keyof Config)[];
export type RetentionSetting = (typeof RETENTION_SETTINGS)[number];

/** The `{{name}}` each period has in the texts (the privacy page), filled from its setting. */
export const RETENTION_TEXT_VALUES = {
  RETENTION_DAYS: "retentionPeriod",
  REQUEST_DATA_DAYS: "requestDataPeriod",
  VOICE_MESSAGE_DAYS: "voiceMessagePeriod",
  CONTACT_MESSAGE_DAYS: "contactMessagePeriod",
  ABUSE_REPORT_DAYS: "abuseReportPeriod",
  REFUND_REQUEST_DAYS: "refundRequestPeriod",
  OUTBOX_DAYS: "outboxPeriod",
  UNPAID_CHECKOUT_DAYS: "unpaidCheckoutPeriod",
  DEVICE_REPORT_RETENTION_DAYS: "deviceReportPeriod",
} as const satisfies Record<RetentionSetting, string>;
