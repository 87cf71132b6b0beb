// The requester is told when a request is answered or expires (docs/decisions/043): one job per
// request, event and channel, written with the answer; the e-mail in the account's language, sent once
// (never again after a send that may have gone out), not at all when turned off.
import { randomBytes } from "node:crypto";

import { afterEach, describe, expect, it, vi } from "vitest";

import { db } from "~/db/db.server";
import { runJobs, settleStartedJobs } from "~/jobs/jobs.server";
import { decline, revoke, sharePrecise } from "~/location-requests/answer.server";
import { createLocationRequest, type CreateInput } from "~/location-requests/create.server";
import {
  expiryCheckJobKey,
  notificationJobKey,
  purgeEndedNotifications,
  requestEndJobKinds,
} from "~/notifications/events.server";
import { emailProvider } from "~/providers/email.server";
import { config } from "~/server/config.server";
import { DAY } from "~/utils/time";

const HERE = { latitude: 14.5995, longitude: 120.9842, accuracyMeters: 12 };

async function account(options: { locale?: string; notifyByEmail?: boolean } = {}) {
  return db().user.create({
    data: {
      email: `req-${randomBytes(6).toString("hex")}@example.com`,
      passwordHash: "x",
      locale: options.locale ?? "en",
      notifyByEmail: options.notifyByEmail ?? true,
    },
  });
}

async function request(userId: string, extra: Partial<CreateInput> = {}) {
  // The account's three-hour limit is not what these tests are about.
  await db().usageSlot.deleteMany({ where: { key: { endsWith: userId } } });
  const created = await createLocationRequest({
    userId,
    channel: "link",
    requesterName: "Ana",
    locale: "en",
    title: "Rosa",
    ...extra,
  });
  if (!created.ok) throw new Error(`not created: ${created.error}`);
  return created.request;
}

/** The e-mails the embedded outbox holds for an address, oldest first. */
async function mails(to: string) {
  await settleStartedJobs();
  return db().outboxMessage.findMany({ where: { to }, orderBy: { createdAt: "asc" } });
}
const jobs = (requestId: string) => db().job.findMany({ where: { key: { startsWith: `notify:email:${requestId}:` } } });

// Only the provider's spy: the setup's own console spy is checked after this.
afterEach(() => {
  const send = emailProvider().send;
  if (vi.isMockFunction(send)) send.mockRestore();
});

describe("an answer tells the requester once", () => {
  it("e-mails a precise share once, however often the recipient shares again", async () => {
    const user = await account();
    const { id, code } = await request(user.id);
    await sharePrecise(code, HERE);
    await sharePrecise(code, { ...HERE, latitude: 14.6 });
    const sent = await mails(user.email);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.subject).toBe("Rosa shared their location");
    expect(sent[0]!.text).toContain(`/dashboard/?id=${id}`);
    // The position is never in the e-mail.
    expect(sent[0]!.text).not.toContain("14.5");
    expect(sent[0]!.text).not.toContain("120.98");
    expect((await jobs(id)).map((job) => job.key)).toEqual([notificationJobKey("email", id, "shared")]);
  });

  it("e-mails a decline once, even when the recipient shares and declines again", async () => {
    const user = await account();
    const { id, code } = await request(user.id);
    expect(await decline(code)).toBe(true);
    await sharePrecise(code, HERE);
    expect(await decline(code)).toBe(true);
    const subjects = (await mails(user.email)).map((mail) => mail.subject);
    expect(subjects).toEqual(["Rosa declined your request", "Rosa shared their location"]);
    expect(await jobs(id)).toHaveLength(2);
  });

  it("writes in the requester's language, not the recipient's", async () => {
    const user = await account({ locale: "id" });
    const { code } = await request(user.id, { locale: "ph" });
    await sharePrecise(code, HERE);
    const [mail] = await mails(user.email);
    expect(mail!.subject).toBe("Rosa membagikan lokasinya");
    expect(mail!.text).toContain("/id/dashboard/?id=");
    expect(mail!.text).toContain("/id/notifications/off?token=");
  });

  it("says who without a name when the link has none", async () => {
    const user = await account({ locale: "ph" });
    const { code } = await request(user.id, { title: "" });
    await decline(code);
    const [mail] = await mails(user.email);
    expect(mail!.subject).toBe("Tinanggihan ang iyong kahilingan");
  });

  it("names the contact an SMS went to when the request has no name", async () => {
    const user = await account();
    const { code } = await request(user.id, { channel: "sms", target: "+639171234567", title: "" });
    await decline(code);
    const sent = await mails(user.email);
    expect(sent.map((mail) => mail.subject)).toEqual(["+639171234567 declined your request"]);
  });

  it("sends nothing, and writes no job, when the requester turned e-mails off", async () => {
    const user = await account({ notifyByEmail: false });
    const { id, code } = await request(user.id);
    await sharePrecise(code, HERE);
    await decline(code);
    expect(await mails(user.email)).toEqual([]);
    expect(await jobs(id)).toEqual([]);
  });

  it("sends nothing when e-mails were turned off between the answer and the send", async () => {
    const user = await account();
    const { id, code } = await request(user.id);
    // The first try meets a provider that is down: the job waits for its next try.
    const send = vi.spyOn(emailProvider(), "send").mockResolvedValueOnce({ ok: false, error: "503" });
    await sharePrecise(code, HERE);
    await settleStartedJobs();
    await db().user.update({ where: { id: user.id }, data: { notifyByEmail: false } });
    await runJobs(new Date(Date.now() + DAY), { keys: [notificationJobKey("email", id, "shared")] });
    expect(send).toHaveBeenCalledTimes(1);
    expect(await mails(user.email)).toEqual([]);
  });

  it("carries the one-click unsubscribe headers (RFC 8058)", async () => {
    const user = await account();
    const { code } = await request(user.id);
    const send = vi.spyOn(emailProvider(), "send");
    await sharePrecise(code, HERE);
    await settleStartedJobs();
    const message = send.mock.calls[0]![0];
    expect(message.to).toBe(user.email);
    expect(message.headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    expect(message.headers?.["List-Unsubscribe"]).toMatch(/^<http[^>]+\/notifications\/off\?token=[^>]+>$/);
  });
});

describe("a send that may have gone out is never repeated", () => {
  it("ends the job without sending when an earlier attempt was cut off during the call", async () => {
    const user = await account();
    const { id, code } = await request(user.id);
    const key = notificationJobKey("email", id, "shared");
    const send = vi.spyOn(emailProvider(), "send").mockImplementationOnce(async () => {
      throw new Error("process died here");
    });
    await sharePrecise(code, HERE);
    await settleStartedJobs();
    // The thrown error stands for a process that died during the call. A death leaves the attempt
    // counted and its lease set when another runner finds the job (every ending clears the lease):
    // put the lease back as a dead process would have left it.
    await db().job.update({
      where: { key },
      data: { lockedUntil: new Date(Date.now() - 1000), nextRunAt: new Date(0) },
    });
    await runJobs(new Date(), { keys: [key] });
    expect(send).toHaveBeenCalledTimes(1);
    const job = await db().job.findUnique({ where: { key } });
    expect(job?.doneAt).not.toBeNull();
    expect(job?.lastError).toMatch(/^no answer: the attempt was cut off/);
    expect(await mails(user.email)).toEqual([]);
  });

  it("tries again after a sure failure (the provider refused with a 5xx)", async () => {
    const user = await account();
    const { id, code } = await request(user.id);
    const send = vi.spyOn(emailProvider(), "send").mockResolvedValueOnce({ ok: false, error: "503" });
    await sharePrecise(code, HERE);
    await settleStartedJobs();
    const key = notificationJobKey("email", id, "shared");
    await runJobs(new Date(Date.now() + DAY), { keys: [key] });
    expect(send).toHaveBeenCalledTimes(2);
    expect(await mails(user.email)).toHaveLength(1);
  });
});

describe("a request that expires unanswered", () => {
  const end = (createdAt: Date) => new Date(createdAt.getTime() + config().REQUEST_TTL_DAYS * DAY + 1000);

  it("is checked when its window closes, and told once", async () => {
    const user = await account();
    const { id } = await request(user.id);
    const check = await db().job.findUniqueOrThrow({ where: { key: expiryCheckJobKey(id) } });
    const row = await db().locationRequest.findUniqueOrThrow({ where: { id } });
    expect(check.nextRunAt.getTime()).toBe(row.createdAt.getTime() + config().REQUEST_TTL_DAYS * DAY);
    // Not before its end.
    await runJobs(new Date(), { kinds: requestEndJobKinds });
    expect(await mails(user.email)).toEqual([]);
    await runJobs(end(row.createdAt), { keys: [expiryCheckJobKey(id)] });
    await runJobs(end(row.createdAt), { keys: [expiryCheckJobKey(id)] });
    const sent = await mails(user.email);
    expect(sent.map((mail) => mail.subject)).toEqual(["Your request to Rosa expired"]);
    expect(sent[0]!.text).toContain(`${config().REQUEST_TTL_DAYS} days`);
  });

  it("tells nothing for a request that was answered, stopped or not delivered", async () => {
    const user = await account({ notifyByEmail: true });
    const shared = await request(user.id);
    await sharePrecise(shared.code, HERE);
    await revoke(shared.code);
    const failed = await request(user.id);
    await db().locationRequest.update({ where: { id: failed.id }, data: { delivery: "failed" } });
    await settleStartedJobs();
    await db().outboxMessage.deleteMany({ where: { to: user.email } });
    const later = new Date(Date.now() + (config().REQUEST_TTL_DAYS + 1) * DAY);
    await runJobs(later, { keys: [expiryCheckJobKey(shared.id), expiryCheckJobKey(failed.id)] });
    expect(await mails(user.email)).toEqual([]);
  });

  it("is told in the requester's language, and not when e-mails are off", async () => {
    const on = await account({ locale: "ph" });
    const off = await account({ notifyByEmail: false });
    const a = await request(on.id);
    const b = await request(off.id);
    const later = new Date(Date.now() + (config().REQUEST_TTL_DAYS + 1) * DAY);
    await runJobs(later, { keys: [expiryCheckJobKey(a.id), expiryCheckJobKey(b.id)] });
    expect((await mails(on.email)).map((mail) => mail.subject)).toEqual([
      "Nag-expire na ang iyong kahilingan kay Rosa",
    ]);
    expect(await mails(off.email)).toEqual([]);
  });
});

describe("ended notices", () => {
  it("go once their request can no longer be answered; others stay", async () => {
    const user = await account();
    const { id, code } = await request(user.id);
    await sharePrecise(code, HERE);
    await settleStartedJobs();
    const told = notificationJobKey("email", id, "shared");
    const ttl = config().REQUEST_TTL_DAYS * DAY;
    const other = await db().job.create({
      data: { key: `other:${id}`, kind: "sendCredentials", payload: "{}", doneAt: new Date() },
    });
    // Within the window (and its day of margin) the key still guards against a second e-mail.
    await purgeEndedNotifications(new Date(Date.now() + ttl));
    expect(await db().job.findUnique({ where: { key: told } })).not.toBeNull();
    await purgeEndedNotifications(new Date(Date.now() + ttl + 2 * DAY));
    expect(await db().job.findUnique({ where: { key: told } })).toBeNull();
    // The end check has not run yet (not done): it stays, as does another kind's job.
    expect(await db().job.findUnique({ where: { key: expiryCheckJobKey(id) } })).not.toBeNull();
    expect(await db().job.findUnique({ where: { id: other.id } })).not.toBeNull();
  });
});
