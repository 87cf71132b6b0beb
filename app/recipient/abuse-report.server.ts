import { z } from "zod";

import { db } from "~/db/db.server";
import { renderEmail } from "~/emails/render.server";
import type { Locale } from "~/i18n/locales";
import { emailProvider, type EmailProvider } from "~/providers/email.server";
import { config } from "~/server/config.server";
import { log } from "~/server/log.server";
import { cleanLine, cleanText } from "~/utils/display-text";

import { REPORT_DETAILS_MAX, REPORT_REASONS } from "./abuse-report";
import { applyControl, type OpenedLink } from "./recipient.server";

// A recipient's report of a request (/report?c=…): stored for the operator (`npm run reports`),
// forwarded to CONTACT_EMAIL, and, from the recipient's own link, the requester blocked for them.

/**
 * The details are normalised like every text someone else reads (cleanText), but may name a web
 * address or a number: quoting what the scam said is what a report is for, and only the operator
 * reads it, never a recipient of ours.
 */
export const ReportSchema = z.object({
  reason: z.enum(REPORT_REASONS, { message: "recipient.report.errors.reason" }),
  details: z
    .string()
    .max(REPORT_DETAILS_MAX * 4, { message: "recipient.report.errors.details" })
    .transform(cleanText)
    .pipe(z.string().max(REPORT_DETAILS_MAX, { message: "recipient.report.errors.details" }))
    .transform((text) => text || null),
});
export type ReportInput = z.infer<typeof ReportSchema>;

/** Whether this request was already reported through this kind of link (the recipient's own, or the plain one). */
export async function wasReported(link: OpenedLink) {
  const row = await db().abuseReport.findUnique({
    where: { requestId_fromRecipient: { requestId: link.row.id, fromRecipient: link.keyed } },
    select: { id: true },
  });
  return row !== null;
}

const isUniqueViolation = (error: unknown) =>
  typeof error === "object" && error !== null && (error as { code?: unknown }).code === "P2002";

/**
 * Stores the report, blocks the requester for this recipient when the link is their own, and tells
 * the operator. A second report through the same kind of link changes nothing (false). The stored row
 * survives a failed e-mail: nothing is lost, the operator's list shows it.
 */
export async function submitReport(
  link: OpenedLink,
  input: ReportInput,
  locale: Locale,
  provider: EmailProvider = emailProvider(),
) {
  const requester = await db().user.findUnique({ where: { id: link.row.userId }, select: { email: true } });
  let id: string;
  try {
    const row = await db().abuseReport.create({
      data: {
        requestId: link.row.id,
        requesterId: link.row.userId,
        requesterEmail: requester?.email ?? "",
        requesterName: cleanLine(link.row.requesterName),
        channel: link.row.channel,
        reason: input.reason,
        details: input.details,
        fromRecipient: link.keyed,
        locale,
      },
      select: { id: true },
    });
    id = row.id;
  } catch (error) {
    if (isUniqueViolation(error)) return false;
    throw error;
  }
  const blocked = link.keyed ? await applyControl(link, "block") : false;
  // Written to the operator, not to the recipient: in English, whatever the page's language.
  const email = renderEmail({
    subject: `Abuse report: ${input.reason} (request ${link.row.id})`,
    paragraphs: [
      `Reason: ${input.reason}`,
      `Requester: ${cleanLine(link.row.requesterName)} · account ${link.row.userId} <${requester?.email ?? "deleted"}>`,
      `Request ${link.row.id} · ${link.row.channel} · sent ${link.row.createdAt.toISOString()}`,
      link.keyed
        ? `From the recipient's own link: ${blocked ? "the requester is now blocked for them." : "no recipient to block."}`
        : "From the plain link (anyone holding it could send this).",
      `Page language: ${locale} · report ${id}`,
      ...(input.details ? input.details.split(/\n\s*\n/) : ["(no details)"]),
    ],
    footer: "Sent by the report form on a recipient's page. `npm run reports` lists every report.",
  });
  const sent = await provider.send({ to: config().CONTACT_EMAIL, ...email });
  if (!sent.ok) log("error", "abuse report stored but not forwarded", { report: id, error: sent.error });
  return true;
}

/** Reports for the operator, newest first. */
export function listReports(limit = 100) {
  return db().abuseReport.findMany({ orderBy: { createdAt: "desc" }, take: limit });
}
