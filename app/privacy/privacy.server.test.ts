// People own their data (docs/privacy.md): deleting an account (the password again, the provider
// first, one transaction, payments kept linked to nobody, a confirmation e-mail), downloading it, a
// recipient's erasure from their own link, and the retention periods the maintenance job applies.
// Runs on SQLite and PostgreSQL.
import { randomBytes } from "node:crypto";

import { describe, expect, it } from "vitest";

import { lookupSession } from "~/auth/session.server";
import { db, isPostgresUrl } from "~/db/db.server";
import { settleStartedJobs } from "~/jobs/jobs.server";
import { runMaintenance } from "~/jobs/maintenance.server";
import { sharePrecise } from "~/location-requests/answer.server";
import { createLocationRequest } from "~/location-requests/create.server";
import { listRequests } from "~/location-requests/list.server";
import { isOptedOut, optOut, recipientKey, recipientRef } from "~/location-requests/recipient-controls.server";
import { loader as exportLoader } from "~/routes/account.export";
import { action as consentAction, loader as consentLoader } from "~/routes/consent-page";
import { loader as shareLoader } from "~/routes/share";
import { resetConfig } from "~/server/config.server";
import { DAY } from "~/utils/time";

import { allowConsoleError } from "../../tests/support/console";
import { createUser, formRequest, routeArgs, userWithData } from "../../tests/support/factories";
import { stripeFakeForTests } from "../../tests/support/provider-fakes";
import { routeData, settle } from "../../tests/support/route-data";
import { deleteAccount } from "./account-deletion.server";
import { accountExport } from "./export.server";

const IP = "203.0.113.77";
const ORIGIN = "http://localhost:3000";

/** A loader's answer, thrown (a redirect) or returned. */
async function thrownOrReturned(promise: Promise<Response>) {
  try {
    return await promise;
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
}
const stripe = stripeFakeForTests();

const ownedRows = async (userId: string, email: string) => ({
  user: await db().user.count({ where: { id: userId } }),
  sessions: await db().session.count({ where: { userId } }),
  subscription: await db().subscription.count({ where: { userId } }),
  requests: await db().locationRequest.count({ where: { userId } }),
  voice: await db().voiceMessage.count({ where: { userId } }),
  review: await db().review.count({ where: { userId } }),
  checkouts: await db().checkout.count({ where: { OR: [{ userId }, { email }] } }),
  refunds: await db().refundRequest.count({ where: { OR: [{ userId }, { email }] } }),
  contact: await db().contactMessage.count({ where: { email } }),
});
const EVERYTHING = {
  user: 1,
  sessions: 1,
  subscription: 1,
  requests: 1,
  voice: 1,
  review: 1,
  checkouts: 1,
  refunds: 1,
  contact: 1,
};
const NOTHING = Object.fromEntries(Object.keys(EVERYTHING).map((k) => [k, 0]));

describe("delete my account", () => {
  it("refuses a wrong password and deletes nothing", async () => {
    const { user, email } = await userWithData();
    expect(await deleteAccount(user.id, "not the password", IP)).toEqual({ ok: false, error: "password" });
    expect(await ownedRows(user.id, email)).toEqual(EVERYTHING);
  });

  it("deletes the account and everything of it, keeps its payments linked to nobody, and e-mails a confirmation", async () => {
    const { user, email, password, token, payment } = await userWithData();
    await db().outboxMessage.create({ data: { channel: "email", to: email, subject: "Old", text: "an old message" } });
    expect(await deleteAccount(user.id, password, IP)).toEqual({ ok: true });

    expect(await ownedRows(user.id, email)).toEqual(NOTHING);
    expect((await lookupSession(token)).state).not.toBe("valid");
    const kept = await db().payment.findUniqueOrThrow({ where: { id: payment.id } });
    expect(kept).toMatchObject({
      subscriptionId: null,
      amount: 149900,
      currency: "PHP",
      providerPaymentId: payment.providerPaymentId,
    });
    // The confirmation went out (after the answer, which did not wait for it), and the job that sent
    // it no longer names the address.
    await settleStartedJobs();
    const mails = await db().outboxMessage.findMany({ where: { to: email } });
    expect(mails.map((m) => m.subject)).toEqual(["Your Family Locator account is deleted"]);
    expect(mails[0]!.text).toContain("Only your payments are kept");
    const job = await db().job.findUniqueOrThrow({ where: { key: `accountDeleted:${user.id}` } });
    expect(job.doneAt).not.toBeNull();
    expect(job.payload).not.toContain(email);
  });

  it("cancels an active Stripe subscription first, and deletes nothing when Stripe refuses", async () => {
    allowConsoleError();
    const { user, email, password } = await userWithData();
    await db().subscription.update({
      where: { userId: user.id },
      data: { provider: "stripe", providerSubscriptionId: `sub_delete_${user.id}` },
    });
    stripe.control.cancelFailures = Number.POSITIVE_INFINITY;
    try {
      expect(await deleteAccount(user.id, password, IP)).toEqual({ ok: false, error: "provider" });
    } finally {
      stripe.control.cancelFailures = 0;
    }
    expect(await ownedRows(user.id, email)).toEqual(EVERYTHING);

    const before = stripe.requests.length;
    expect(await deleteAccount(user.id, password, IP)).toEqual({ ok: true });
    const cancels = stripe.requests
      .slice(before)
      .filter((r) => r.url.startsWith(`/v1/subscriptions/sub_delete_${user.id}`));
    expect(cancels.length).toBeGreaterThan(0);
    expect(await ownedRows(user.id, email)).toEqual(NOTHING);
  });

  it("counts wrong passwords as failed sign-ins: past the limit even the right one waits", async () => {
    const { user, email, password } = await userWithData();
    const ip = `198.51.100.${Math.floor(Math.random() * 200) + 1}`;
    for (let i = 0; i < 5; i += 1) await deleteAccount(user.id, "wrong", ip);
    expect(await deleteAccount(user.id, password, ip)).toMatchObject({ ok: false, error: "throttled" });
    expect(await ownedRows(user.id, email)).toEqual(EVERYTHING);
  });

  it("is one transaction: a failure at its last step leaves the whole account", async () => {
    const { user, email, password, payment } = await userWithData();
    // The user's own row refuses to go: the statements before it in the transaction must be undone.
    const postgres = isPostgresUrl(process.env.DATABASE_URL ?? "");
    if (postgres) {
      await db().$executeRawUnsafe(
        `CREATE OR REPLACE FUNCTION refuse_delete() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'crash'; END $$ LANGUAGE plpgsql`,
      );
      await db().$executeRawUnsafe(
        `CREATE TRIGGER refuse_delete BEFORE DELETE ON "User" FOR EACH ROW WHEN (OLD."id" = '${user.id}') EXECUTE FUNCTION refuse_delete()`,
      );
    } else {
      await db().$executeRawUnsafe(
        `CREATE TRIGGER refuse_delete BEFORE DELETE ON "User" WHEN OLD."id" = '${user.id}' BEGIN SELECT RAISE(ABORT, 'crash'); END`,
      );
    }
    try {
      await expect(deleteAccount(user.id, password, IP)).rejects.toThrow();
    } finally {
      await db().$executeRawUnsafe(postgres ? `DROP TRIGGER refuse_delete ON "User"` : `DROP TRIGGER refuse_delete`);
    }
    expect(await ownedRows(user.id, email)).toEqual(EVERYTHING);
    expect((await db().payment.findUniqueOrThrow({ where: { id: payment.id } })).subscriptionId).not.toBeNull();
    expect(await db().job.count({ where: { key: `accountDeleted:${user.id}` } })).toBe(0);
  });
});

describe("download my data", () => {
  it("is only for the signed-in owner: anyone else is sent home", async () => {
    const visitor = await thrownOrReturned(exportLoader(routeArgs(new Request(`${ORIGIN}/account/export.json`))));
    expect([visitor.status, visitor.headers.get("Location")]).toEqual([302, "/"]);
    const { token, email } = await userWithData();
    const owner = await thrownOrReturned(
      exportLoader(routeArgs(new Request(`${ORIGIN}/account/export.json`, { headers: { Cookie: `token=${token}` } }))),
    );
    expect(owner.status).toBe(200);
    expect(owner.headers.get("Cache-Control")).toBe("no-store");
    expect(((await owner.json()) as { profile: { email: string } }).profile.email).toBe(email);
  });

  it("holds everything about the account, and nothing of anyone else's", async () => {
    const { user, email } = await userWithData();
    const other = await userWithData();
    const data = await accountExport(user.id);
    expect(data.profile.email).toBe(email);
    expect(data.subscription).toMatchObject({ state: "active", currency: "PHP", amount: 149900 });
    // The sign-in of userWithData, by its times only.
    expect(data.sessions).toEqual([{ createdAt: expect.any(String), expiresAt: expect.any(String) }]);
    expect(data.payments).toHaveLength(1);
    expect(data.checkouts).toEqual([expect.objectContaining({ email, phone: "+639171234567" })]);
    expect(data.requests).toEqual([
      expect.objectContaining({ target: "+639171234567", state: "shared_precise", latitude: 14.6507 }),
    ]);
    expect(data.voiceMessages).toEqual([expect.objectContaining({ text: "Call me when you land." })]);
    expect(data.review).toMatchObject({ rating: 5 });
    expect(data.refundRequests).toHaveLength(1);
    expect(data.contactMessages).toHaveLength(1);
    expect(JSON.stringify(data)).not.toContain(other.email);
    expect(JSON.stringify(data)).not.toContain(other.request.code);
  });
});

// --- Forget me, for recipients ---

const randomMobile = () => `+63918${String(Math.floor(Math.random() * 1e7)).padStart(7, "0")}`;
const account = async () =>
  (await db().user.create({ data: { email: `e-${randomBytes(6).toString("hex")}@example.com`, passwordHash: "x" } }))
    .id;
async function sent(userId: string, target: string, title?: string) {
  const result = await createLocationRequest({
    userId,
    channel: "sms",
    target,
    requesterName: "Ana",
    locale: "en",
    ...(title ? { title } : {}),
  });
  if (!result.ok) throw new Error(`not sent: ${result.error}`);
  return result.request;
}
async function post(id: string, fields: Record<string, string>) {
  const result = await settle(consentAction(routeArgs(formRequest(`/${id}`, fields), { "*": id })));
  if (result instanceof Response) return { status: result.status, location: result.headers.get("Location") };
  return { status: (await routeData(result)).status };
}

describe("forget me, from the recipient's own link", () => {
  it("erases their number and every position from every requester's requests; the history says so; an opt-out stays", async () => {
    const target = randomMobile();
    const [first, second, unrelated] = [await account(), await account(), await account()];
    const a = await sent(first, target);
    const b = await sent(second, target);
    const c = await sent(unrelated, randomMobile());
    await sharePrecise(a.code, { latitude: 14.6, longitude: 121.0, accuracyMeters: 10 });
    await sharePrecise(c.code, { latitude: 10.3, longitude: 123.9, accuracyMeters: 10 });
    const key = (await recipientKey("sms", target))!;
    await optOut(key, "page");

    const ref = await recipientRef(b.code);
    // Only the recipient's own link (with its key) may, and only when they tick the box.
    expect(await post(b.code, { intent: "erase", confirm: "yes" })).toMatchObject({ status: 400 });
    expect(await post(ref, { intent: "erase" })).toMatchObject({ status: 400 });
    expect(await db().locationRequest.count({ where: { decision: "erased", recipientKey: key } })).toBe(0);

    expect(await post(ref, { intent: "erase", confirm: "yes" })).toEqual({
      status: 302,
      location: `/share?c=${ref}&done=erase`,
    });
    for (const id of [a.id, b.id]) {
      expect(await db().locationRequest.findUniqueOrThrow({ where: { id } })).toMatchObject({
        decision: "erased",
        target: null,
        title: null,
        latitude: null,
        longitude: null,
        address: null,
      });
    }
    expect(await db().locationRequest.findUniqueOrThrow({ where: { id: c.id } })).toMatchObject({
      decision: null,
      latitude: 10.3,
    });
    expect(await db().outboxMessage.count({ where: { to: target } })).toBeGreaterThan(0);
    // The requester's history: the state, no number.
    const history = await listRequests(first);
    expect(history.items[0]).toMatchObject({ state: "erased", decision: "erased", target: null });
    // The opt-out holds only the keyed hash, and is kept.
    expect(await isOptedOut(key)).toBe(true);
    // Their own link still shows their page, erased, with their controls.
    const page = await routeData(shareLoader(routeArgs(new Request(`${ORIGIN}/share?c=${ref}`))));
    expect(page.data).toMatchObject({ request: { state: "erased" }, controls: { erased: true, optedOut: true } });
    // And shares nothing again.
    expect(await post(ref, { intent: "approximate" })).toMatchObject({ status: 409 });
    const consent = await routeData(consentLoader(routeArgs(new Request(`${ORIGIN}/${ref}`), { "*": ref })));
    expect(consent.data).toMatchObject({ request: { canAnswer: false } });
  });
});

// --- Nothing kept longer than it is needed ---

describe("retention, applied by the maintenance job", () => {
  it("forgets a request's target, title and address after REQUEST_DATA_DAYS, keeping channel, dates and state", async () => {
    const userId = await account();
    const request = await sent(userId, randomMobile());
    await sharePrecise(request.code, { latitude: 14.6, longitude: 121.0, accuracyMeters: 10 });
    const now = new Date();
    await runMaintenance(new Date(now.getTime() + 89 * DAY));
    expect((await db().locationRequest.findUniqueOrThrow({ where: { id: request.id } })).target).not.toBeNull();
    await runMaintenance(new Date(now.getTime() + 91 * DAY));
    expect(await db().locationRequest.findUniqueOrThrow({ where: { id: request.id } })).toMatchObject({
      channel: "sms",
      status: "gps_tracked",
      target: null,
      title: null,
      recipientKey: null,
      address: null,
      latitude: null,
    });
  });

  it("deletes voice messages, contact messages, refund requests, outbox copies and unpaid checkouts past their periods", async () => {
    const { user, email } = await createUser();
    const now = new Date();
    const at = (days: number) => new Date(now.getTime() - days * DAY);
    await db().voiceMessage.createMany({
      data: [
        { userId: user.id, to: "+639170000001", text: "old", language: "en-US", voice: "female", createdAt: at(31) },
        { userId: user.id, to: "+639170000002", text: "new", language: "en-US", voice: "female", createdAt: at(29) },
      ],
    });
    await db().contactMessage.createMany({
      data: [
        { name: "A", email, message: "old", locale: "en", createdAt: at(181) },
        { name: "A", email, message: "new", locale: "en", createdAt: at(179) },
      ],
    });
    await db().refundRequest.createMany({
      data: [
        { email, reason: "old", locale: "en", createdAt: at(366) },
        { email, reason: "new", locale: "en", createdAt: at(364) },
      ],
    });
    await db().outboxMessage.createMany({
      data: [
        { channel: "email", to: email, text: "old", createdAt: at(31) },
        { channel: "email", to: email, text: "new", createdAt: at(29) },
      ],
    });
    const checkout = (id: string, status: string, days: number) => ({
      id,
      provider: "sandbox",
      email,
      name: "A",
      surname: "B",
      locale: "en",
      plan: "monthly",
      currency: "USD",
      amount: 2999,
      firstDayAmount: 99,
      periodDays: 30,
      status,
      createdAt: at(days),
    });
    const tag = randomBytes(4).toString("hex");
    await db().checkout.createMany({
      data: [
        checkout(`old-${tag}`, "pending", 31),
        checkout(`new-${tag}`, "failed", 29),
        checkout(`paid-${tag}`, "paid", 90),
      ],
    });

    await runMaintenance(now);
    expect((await db().voiceMessage.findMany({ where: { userId: user.id } })).map((v) => v.text)).toEqual(["new"]);
    expect((await db().contactMessage.findMany({ where: { email } })).map((m) => m.message)).toEqual(["new"]);
    expect((await db().refundRequest.findMany({ where: { email } })).map((r) => r.reason)).toEqual(["new"]);
    expect((await db().outboxMessage.findMany({ where: { to: email } })).map((m) => m.text)).toEqual(["new"]);
    expect((await db().checkout.findMany({ where: { email } })).map((c) => c.id).sort()).toEqual(
      [`new-${tag}`, `paid-${tag}`].sort(),
    );
  });

  it("reads each period from its setting", async () => {
    process.env.VOICE_MESSAGE_DAYS = "5";
    resetConfig();
    try {
      const { user } = await createUser();
      await db().voiceMessage.create({
        data: {
          userId: user.id,
          to: "+639170000003",
          text: "six days",
          language: "en-US",
          voice: "female",
          createdAt: new Date(Date.now() - 6 * DAY),
        },
      });
      await runMaintenance();
      expect(await db().voiceMessage.count({ where: { userId: user.id } })).toBe(0);
    } finally {
      delete process.env.VOICE_MESSAGE_DAYS;
      resetConfig();
    }
  });
});
