// An address is not an account's until its owner proves it (docs/decisions/038): paying with someone
// else's address shows none of their rows, deleting that account destroys none of them, the address's
// owner takes the account over with a reset by code, and the link in the account e-mail verifies it
// only for someone signed in to that account. Deletion matches exactly: `%` and `_` are only characters.
import { describe, expect, it } from "vitest";

import { confirmEmailVerification, emailVerificationLink } from "~/auth/email-verification.server";
import { resetPassword, sendResetCode } from "~/auth/password-reset.server";
import { hashPassword } from "~/auth/password.server";
import { createSession, lookupSession } from "~/auth/session.server";
import { claimSignInAttempt } from "~/auth/sign-in-throttle.server";
import { startCheckout } from "~/billing/checkout.server";
import { credentialsJobKey } from "~/billing/payment-jobs.server";
import { requestRefund } from "~/billing/refunds.server";
import { sandboxPay } from "~/billing/sandbox.server";
import { db } from "~/db/db.server";
import { settleStartedJobs } from "~/jobs/jobs.server";
import { config } from "~/server/config.server";
import { sha256 } from "~/utils/hash.server";

import { createUser, uniqueEmail } from "../../tests/support/factories";
import { deleteAccount } from "./account-deletion.server";
import { accountExport } from "./export.server";

const IP = "203.0.113.61";

/** Rows the address's real owner made signed out: a contact message, an abandoned checkout, a refund request. */
async function ownersRows(email: string) {
  await db().contactMessage.create({ data: { name: "Rosa", email, message: "Call me at home.", locale: "en" } });
  await db().checkout.create({
    data: {
      id: `chk_${sha256(email).slice(0, 16)}`,
      provider: "sandbox",
      email,
      name: "Rosa",
      surname: "Santos",
      locale: "en",
      plan: "usd-30d",
      currency: "USD",
      amount: 2999,
      firstDayAmount: 99,
      periodDays: 30,
      phone: { create: { phone: "+639175550101" } },
    },
  });
  await db().refundRequest.create({ data: { email, reason: "Not mine.", locale: "en" } });
}
const countOwners = async (email: string) => ({
  contact: await db().contactMessage.count({ where: { email } }),
  checkouts: await db().checkout.count({ where: { email, userId: null } }),
  refunds: await db().refundRequest.count({ where: { email, userId: null } }),
});

/** A stranger pays with `email` in the sandbox: the account is made and its e-mail sent (to the address). */
async function strangerPays(email: string) {
  const started = await startCheckout(
    { name: "Mallory", surname: "Stranger", email, adult: "on" },
    { locale: "en", ip: "198.51.100.7" },
  );
  if (!started.ok) throw new Error(started.error);
  await sandboxPay(started.checkoutId);
  await settleStartedJobs();
  const user = await db().user.findUniqueOrThrow({ where: { email } });
  const { token } = await createSession(user.id);
  return { user, token, checkoutId: started.checkoutId };
}

async function latestMail(email: string) {
  return db().outboxMessage.findFirstOrThrow({ where: { to: email }, orderBy: { createdAt: "desc" } });
}

describe("an account made by paying with someone else's address", () => {
  it("starts unverified, and its export holds only what it made", async () => {
    const email = uniqueEmail("rosa");
    await ownersRows(email);
    const { user } = await strangerPays(email);
    expect(user.emailVerifiedAt).toBeNull();
    // The refund form files a request under whatever account has the address typed.
    expect(await requestRefund({ email, reason: "Rosa's own words." }, { locale: "en", ip: "192.0.2.45" })).toEqual({
      ok: true,
    });
    expect(await db().refundRequest.count({ where: { userId: user.id } })).toBe(1);

    const data = await accountExport(user.id);
    expect(data.profile.emailVerifiedAt).toBeNull();
    expect(data.contactMessages).toEqual([]);
    expect(data.refundRequests).toEqual([]);
    // Only the checkout it paid with, not Rosa's abandoned one (her surname and number).
    expect(data.checkouts).toEqual([expect.objectContaining({ name: "Mallory", status: "paid" })]);
    expect(JSON.stringify(data)).not.toContain("Santos");
    expect(JSON.stringify(data)).not.toContain("+639175550101");
    expect(JSON.stringify(data)).not.toContain("Call me at home.");
    expect(JSON.stringify(data)).not.toContain("Rosa's own words.");

    // Deleting the stranger's account leaves Rosa's refund request, linked to nobody.
    await db().user.update({ where: { id: user.id }, data: { passwordHash: await hashPassword("strangers pw") } });
    expect(await deleteAccount(user.id, "strangers pw", IP)).toEqual({ ok: true });
    expect(await db().refundRequest.findMany({ where: { email }, select: { userId: true } })).toEqual([
      { userId: null },
      { userId: null },
    ]);
    expect(await countOwners(email)).toEqual({ contact: 1, checkouts: 1, refunds: 2 });
  });

  it("deleting it leaves the address owner's rows", async () => {
    const email = uniqueEmail("rosa");
    await ownersRows(email);
    await createUser({ email, password: "strangers pw", verified: false });
    const user = await db().user.findUniqueOrThrow({ where: { email } });
    expect(await deleteAccount(user.id, "strangers pw", IP)).toEqual({ ok: true });
    expect(await countOwners(email)).toEqual({ contact: 1, checkouts: 1, refunds: 1 });
  });

  it("the address's owner is e-mailed when she tries to buy, takes the account over by a reset code, and then sees her rows", async () => {
    const email = uniqueEmail("rosa");
    await ownersRows(email);
    const { user, token } = await strangerPays(email);

    // Rosa tries to buy with her own address.
    const again = await startCheckout(
      { name: "Rosa", surname: "Santos", email, adult: "on" },
      { locale: "en", ip: "192.0.2.44" },
    );
    expect(again).toMatchObject({ ok: true, url: "http://localhost:3000/checkout/email" });
    expect((await latestMail(email)).text).toContain(`/?modal=reset&email=${encodeURIComponent(email)}`);

    // The reset dialog: a code to her address, and a new password with it.
    expect(await sendResetCode(email, "192.0.2.44", "en")).toEqual({ ok: true });
    const code = /\b(\d{6})\b/.exec((await latestMail(email)).text)![1]!;
    expect(
      await resetPassword({ email, password: "rosas own pw", verificationCode: code }, "192.0.2.44"),
    ).toMatchObject({
      ok: true,
    });

    const owned = await db().user.findUniqueOrThrow({ where: { id: user.id } });
    expect(owned.emailVerifiedAt).not.toBeNull();
    // The stranger's session is over, and the stranger's link no longer verifies anything.
    expect((await lookupSession(token)).state).toBe("invalid");
    expect(await db().emailVerification.count({ where: { userId: user.id, usedAt: null } })).toBe(0);
    const data = await accountExport(user.id);
    expect(data.contactMessages).toEqual([expect.objectContaining({ message: "Call me at home." })]);
    expect(data.checkouts).toHaveLength(2);
    expect(data.refundRequests).toHaveLength(1);
  });
});

describe("the link in the account e-mail", () => {
  it("is on PUBLIC_URL, verifies only for someone signed in to that account, once, and ends the other sessions", async () => {
    const email = uniqueEmail("buyer");
    await ownersRows(email);
    const { user, token: otherDevice, checkoutId } = await strangerPays(email);
    const mail = await latestMail(email);
    const url = new RegExp(`${config().publicUrl.origin}/verify-email\\?token=([\\w-]+)`).exec(mail.text);
    expect(url, mail.text).not.toBeNull();
    const link = url![1]!;
    expect(await emailVerificationLink(link)).toEqual({ userId: user.id, email });
    // Only the hash is stored, and the job's payload forgets the token once sent.
    expect(await db().emailVerification.count({ where: { tokenHash: link } })).toBe(0);
    const job = await db().job.findUniqueOrThrow({ where: { key: credentialsJobKey(checkoutId) } });
    expect(job.doneAt).not.toBeNull();
    expect(job.payload).not.toContain(link);

    // Someone who only holds the link (a mail scanner, the address's owner not signed in), or someone
    // signed in to another account, verifies nothing.
    expect(await confirmEmailVerification(link, null)).toEqual({ ok: false, error: "signIn" });
    const other = await createUser();
    const otherSession = await db().session.create({
      data: {
        tokenHash: sha256(`x-${other.user.id}`),
        userId: other.user.id,
        expiresAt: new Date(Date.now() + 60_000),
      },
    });
    expect(await confirmEmailVerification(link, { sessionId: otherSession.id, userId: other.user.id })).toEqual({
      ok: false,
      error: "signIn",
    });
    expect((await db().user.findUniqueOrThrow({ where: { id: user.id } })).emailVerifiedAt).toBeNull();

    const here = await createSession(user.id);
    const lookup = await lookupSession(here.token);
    if (lookup.state !== "valid") throw new Error("no session");
    expect(await confirmEmailVerification(link, { sessionId: lookup.sessionId, userId: user.id })).toEqual({
      ok: true,
    });
    expect((await db().user.findUniqueOrThrow({ where: { id: user.id } })).emailVerifiedAt).not.toBeNull();
    expect((await lookupSession(here.token)).state).toBe("valid");
    expect((await lookupSession(otherDevice)).state).toBe("invalid");
    expect((await accountExport(user.id)).contactMessages).toHaveLength(1);
    // Single use.
    expect(await confirmEmailVerification(link, { sessionId: lookup.sessionId, userId: user.id })).toEqual({
      ok: false,
      error: "invalid",
    });
  });

  it("refuses an expired link and one for an address the account no longer has", async () => {
    const { user, email } = await createUser({ verified: false });
    const expired = "expired-token-value";
    await db().emailVerification.create({
      data: { tokenHash: sha256(expired), userId: user.id, email, expiresAt: new Date(Date.now() - 1000) },
    });
    const stale = "stale-address-token";
    await db().emailVerification.create({
      data: {
        tokenHash: sha256(stale),
        userId: user.id,
        email: `old-${email}`,
        expiresAt: new Date(Date.now() + 60_000),
      },
    });
    expect(await emailVerificationLink(expired)).toBeNull();
    expect(await emailVerificationLink(stale)).toBeNull();
    expect(await emailVerificationLink("")).toBeNull();
  });
});

describe("deleting an account matches exactly", () => {
  it("deleting `%@example.com` leaves bob@example.com's throttle, jobs, slots and rows", async () => {
    const suffix = sha256(String(Math.random())).slice(0, 8);
    const wild = `%_${suffix}@example.com`;
    const bob = `bob${suffix}@example.com`;
    const wildUser = await createUser({ email: wild, password: "wild pw" });
    const bobUser = await createUser({ email: bob });
    await ownersRows(bob);
    // Bob's sign-in throttle: a failed attempt from some address.
    const claim = await claimSignInAttempt("192.0.2.200", bob);
    expect(claim.ok).toBe(true);
    // Bob's finished credentials job, naming his address in its payload.
    await db().job.create({
      data: {
        key: credentialsJobKey(`chk_bob_${suffix}`),
        kind: "sendCredentials",
        payload: JSON.stringify({ email: bob, name: "Bob", locale: "en" }),
        doneAt: new Date(),
      },
    });
    // Bob's send slot, and one whose key ends like the deleted account's would with a pattern.
    await db().usageSlot.create({ data: { key: `sms:${bobUser.user.id}`, lastAtMs: BigInt(Date.now()) } });
    await db().outboxMessage.create({ data: { channel: "email", to: bob, subject: "Hi", text: "for Bob" } });
    const before = {
      throttle: await db().signInThrottle.count({ where: { email: bob } }),
      jobs: await db().job.count({ where: { key: credentialsJobKey(`chk_bob_${suffix}`) } }),
      slots: await db().usageSlot.count({ where: { key: `sms:${bobUser.user.id}` } }),
      outbox: await db().outboxMessage.count({ where: { to: bob } }),
      user: await db().user.count({ where: { email: bob } }),
      ...(await countOwners(bob)),
    };
    expect(before).toEqual({
      throttle: 1,
      jobs: 1,
      slots: 1,
      outbox: 1,
      user: 1,
      contact: 1,
      checkouts: 1,
      refunds: 1,
    });

    expect(await deleteAccount(wildUser.user.id, "wild pw", IP)).toEqual({ ok: true });
    expect(await db().user.count({ where: { email: wild } })).toBe(0);
    const after = {
      throttle: await db().signInThrottle.count({ where: { email: bob } }),
      jobs: await db().job.count({ where: { key: credentialsJobKey(`chk_bob_${suffix}`) } }),
      slots: await db().usageSlot.count({ where: { key: `sms:${bobUser.user.id}` } }),
      outbox: await db().outboxMessage.count({ where: { to: bob } }),
      user: await db().user.count({ where: { email: bob } }),
      ...(await countOwners(bob)),
    };
    expect(after).toEqual(before);
  });

  it("still deletes the account's own throttle rows, slots and finished credentials job", async () => {
    const email = uniqueEmail("gone");
    const { user } = await strangerPays(email);
    await claimSignInAttempt("192.0.2.201", email);
    await db().usageSlot.create({ data: { key: `voice:${user.id}`, lastAtMs: BigInt(Date.now()) } });
    const checkout = await db().checkout.findFirstOrThrow({ where: { userId: user.id } });
    expect(await db().job.count({ where: { key: credentialsJobKey(checkout.id) } })).toBe(1);
    await db().user.update({ where: { id: user.id }, data: { passwordHash: await hashPassword("pw to delete") } });
    expect(await deleteAccount(user.id, "pw to delete", IP)).toEqual({ ok: true });
    expect(await db().signInThrottle.count({ where: { email } })).toBe(0);
    expect(await db().usageSlot.count({ where: { key: `voice:${user.id}` } })).toBe(0);
    expect(await db().job.count({ where: { key: credentialsJobKey(checkout.id) } })).toBe(0);
  });
});
