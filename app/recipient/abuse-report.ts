// What the report form (/report) offers and accepts, shared by the page and the server.

export const REPORT_REASONS = ["unknown", "harassment", "impersonation", "scam", "other"] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
/** The longest free text a report keeps. */
export const REPORT_DETAILS_MAX = 1000;
