// Reporting a request as abuse through the recipient's pages, the way Remix calls them: the form's
// errors, what is stored, the block that a report from the recipient's own link adds, the e-mail to
// CONTACT_EMAIL, one report per link, and a stored report that survives a failed e-mail.
import { randomBytes } from "node:crypto";

import { describe, expect, it } from "vitest";

import { db } from "~/db/db.server";
import type { MessageKey } from "~/i18n/keys";
import type { Locale } from "~/i18n/locales";
import { createLocationRequest } from "~/location-requests/create.server";
import { isBlocked, recipientKeys, recipientRef } from "~/location-requests/recipient-controls.server";
import { REPORT_DETAILS_MAX } from "~/recipient/abuse-report";
import { listReports, submitReport } from "~/recipient/abuse-report.server";
import { recipientHandle } from "~/recipient/bare";
import { openLink } from "~/recipient/recipient.server";
import { action, loader } from "~/routes/report";
import { config } from "~/server/config.server";

import { allowConsoleError } from "../../tests/support/console";
import { formRequest, routeArgs } from "../../tests/support/factories";
import { replyTexts } from "../../tests/support/reply-text";
import { routeData, settle, type AnyOf } from "../../tests/support/route-data";

const ORIGIN = "http://localhost:3000";

async function smsRequest() {
  const user = await db().user.create({
    data: { email: `rep-${randomBytes(6).toString("hex")}@example.com`, passwordHash: "x" },
  });
  const target = `+63917${String(Math.floor(Math.random() * 1e7)).padStart(7, "0")}`;
  const result = await createLocationRequest({
    userId: user.id,
    channel: "sms",
    target,
    requesterName: "Ana",
    locale: "en",
  });
  if (!result.ok) throw new Error(result.error);
  return { user, target, request: result.request, ref: await recipientRef(result.request.code) };
}

async function page(path: string) {
  const { status, data } = await routeData(loader(routeArgs(new Request(ORIGIN + path))));
  const body: AnyOf<typeof data> = data;
  return { status, body };
}
type Failed = { kind?: string; errors?: Record<string, MessageKey>; values?: Record<string, string> };
/** The errors as the page shows them (the reply carries message keys). */
const shown = (body: Failed | undefined, locale: Locale) =>
  replyTexts({ errors: body?.errors ?? {} }, locale, recipientHandle, { max: REPORT_DETAILS_MAX });
async function post(path: string, fields: Record<string, string>) {
  const answer = await settle(action(routeArgs(formRequest(path, fields))));
  if (answer instanceof Response && answer.status === 303) {
    return { status: answer.status, location: answer.headers.get("Location") };
  }
  const { status, data } = await routeData<unknown, Failed>(answer);
  return { status, body: data };
}
const mailsTo = (to: string, subject: string) =>
  db().outboxMessage.findMany({ where: { to, subject: { contains: subject } } });

describe("/report", () => {
  it("asks for a reason, in the page's language, and keeps what was typed", async () => {
    const { ref } = await smsRequest();
    const answer = await post(`/id/report?c=${ref}`, { details: "Saya tidak kenal orang ini" });
    expect(answer.status).toBe(400);
    expect(answer.body?.errors).toEqual({ reason: "recipient.report.errors.reason" });
    expect(shown(answer.body, "id")).toEqual({ reason: "Pilih apa masalah permintaan ini" });
    expect(answer.body?.values).toMatchObject({ details: "Saya tidak kenal orang ini" });
    const unknownReason = await post(`/report?c=${ref}`, { reason: "hacked", details: "" });
    expect(unknownReason.status).toBe(400);
    const tooLong = await post(`/ph/report?c=${ref}`, { reason: "other", details: "x".repeat(1001) });
    expect(tooLong.status).toBe(400);
    expect(shown(tooLong.body, "ph").details).toBe("Sumulat ng hindi hihigit sa 1000 na character");
    expect(await db().abuseReport.count({ where: { details: { contains: "Saya" } } })).toBe(0);
  });

  it("stores a report from the recipient's own link, blocks the requester for them and tells the operator", async () => {
    const { user, target, request, ref } = await smsRequest();
    expect((await page(`/report?c=${ref}`)).body).toMatchObject({ kind: "report", blocks: true, sent: false });
    const answer = await post(`/ph/report?c=${ref}`, {
      reason: "harassment",
      details: "  He keeps\r\n\r\n\r\n asking ",
    });
    expect(answer).toEqual({ status: 303, location: `/ph/report?c=${ref}&done=report` });
    const [report] = await db().abuseReport.findMany({ where: { requestId: request.id } });
    expect(report).toMatchObject({
      reason: "harassment",
      details: "He keeps\n\nasking",
      fromRecipient: true,
      requesterId: user.id,
      requesterEmail: user.email,
      requesterName: "Ana",
      channel: "sms",
      locale: "ph",
    });
    expect(await isBlocked(await recipientKeys("sms", target), user.id)).toBe(true);
    const mails = await mailsTo(config().CONTACT_EMAIL, request.id);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain("Reason: harassment");
    expect(mails[0]!.text).toContain(user.email);
    // The page now says it was received; a second report from the same link adds nothing.
    expect((await page(`/report?c=${ref}`)).body).toMatchObject({ sent: true });
    expect(await post(`/report?c=${ref}`, { reason: "scam", details: "" })).toMatchObject({ status: 303 });
    expect(await db().abuseReport.count({ where: { requestId: request.id } })).toBe(1);
    expect(await mailsTo(config().CONTACT_EMAIL, request.id)).toHaveLength(1);
  });

  it("takes a report from the plain link too, without blocking anyone (no recipient is known)", async () => {
    const { user, target, request } = await smsRequest();
    expect((await page(`/report?c=${request.code}`)).body).toMatchObject({ blocks: false, sent: false });
    expect(await post(`/report?c=${request.code}`, { reason: "scam", details: "" })).toMatchObject({ status: 303 });
    expect(await db().abuseReport.findFirst({ where: { requestId: request.id } })).toMatchObject({
      fromRecipient: false,
      details: null,
    });
    expect(await isBlocked(await recipientKeys("sms", target), user.id)).toBe(false);
  });

  it("is open once the link has expired, and answers 404 for a link that names no request", async () => {
    const { request, ref } = await smsRequest();
    await db().locationRequest.update({ where: { id: request.id }, data: { createdAt: new Date(0) } });
    expect((await page(`/report?c=${ref}`)).body).toMatchObject({ kind: "report", sent: false });
    expect((await page(`/report?c=Zz9Zz9Zz`)).status).toBe(404);
    expect((await page(`/report`)).status).toBe(404);
    expect((await post(`/report?c=Zz9Zz9Zz`, { reason: "scam", details: "" })).status).toBe(404);
  });

  it("keeps the report when the e-mail to the operator fails, and outlives the requester's account", async () => {
    const { user, ref } = await smsRequest();
    const link = await openLink(ref);
    allowConsoleError();
    const stored = await submitReport(link!, { reason: "unknown", details: null }, "en", {
      name: "sendgrid",
      send: async () => ({ ok: false, error: "provider down" }),
    });
    expect(stored).toBe(true);
    await db().user.delete({ where: { id: user.id } });
    const [kept] = (await listReports(1000)).filter((r) => r.requesterEmail === user.email);
    expect(kept).toMatchObject({ reason: "unknown", requestId: null, requesterId: null, requesterName: "Ana" });
  });
});
