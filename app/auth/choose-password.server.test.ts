// The buyer chooses the password (docs/decisions/040): a paid account starts with a random password
// that no e-mail carries; the success dialog sets the first one once; the e-mailed link sets it,
// verifies the address and hands the account to the mailbox's reader, once.
import { describe, expect, it } from "vitest";

import { startCheckout } from "~/billing/checkout.server";
import { sandboxPay } from "~/billing/sandbox.server";
import { db } from "~/db/db.server";
import { settleStartedJobs } from "~/jobs/jobs.server";

import { createUser, uniqueEmail } from "../../tests/support/factories";
import { chooseFirstPassword, passwordToChoose, setPasswordWithLink } from "./choose-password.server";
import { issueEmailVerification } from "./email-verification.server";
import { verifyPassword } from "./password.server";
import { createSession, lookupSession } from "./session.server";

async function paidAccount() {
  const email = uniqueEmail("buyer");
  const started = await startCheckout(
    { name: "Ana", surname: "Cruz", email, adult: "on" },
    { locale: "en", ip: "198.51.100.71" },
  );
  if (!started.ok) throw new Error(started.error);
  await sandboxPay(started.checkoutId);
  await settleStartedJobs();
  return db().user.findUniqueOrThrow({ where: { email } });
}

describe("choosing the password", () => {
  it("sends no password: the account e-mail has the receipt and the link", async () => {
    const user = await paidAccount();
    expect(user.passwordChosenAt).toBeNull();
    expect(await passwordToChoose(user.id)).toBe(true);
    const mail = await db().outboxMessage.findFirstOrThrow({
      where: { to: user.email },
      orderBy: { createdAt: "desc" },
    });
    expect(mail.text).toContain("Receipt: you paid $0.99");
    expect(mail.text).toMatch(/renews automatically at \$29\.99 every 30 days/);
    expect(mail.text).toContain("/dashboard/modules/MySubscription");
    expect(mail.text).toMatch(/\/verify-email\?token=/);
    expect(mail.text).not.toMatch(/this password/);
  });

  it("sets the first password once in the success dialog, and refuses a second or a short one", async () => {
    const user = await paidAccount();
    expect(await chooseFirstPassword(user.id, "abc")).toEqual({ ok: false, error: "validation.passwordLength" });
    expect(await chooseFirstPassword(user.id, "")).toEqual({ ok: false, error: "validation.newPasswordRequired" });
    expect(await chooseFirstPassword(user.id, "anas own password")).toEqual({ ok: true });
    const after = await db().user.findUniqueOrThrow({ where: { id: user.id } });
    expect(await verifyPassword("anas own password", after.passwordHash)).toBe(true);
    expect(after.passwordChosenAt).not.toBeNull();
    // A session alone never changes a chosen password.
    expect(await chooseFirstPassword(user.id, "a strangers password")).toEqual({
      ok: false,
      error: "account.choosePassword.alreadyChosen",
    });
    expect(await passwordToChoose(user.id)).toBe(false);
  });

  it("sets it with the e-mailed link: the address is verified, others are signed out, once", async () => {
    const { user } = await createUser({ verified: false });
    const stranger = await createSession(user.id);
    const token = await db().$transaction((tx) => issueEmailVerification(tx, user.id, user.email));
    expect(await setPasswordWithLink(token, "short")).toEqual({
      ok: false,
      error: "password",
      message: "validation.passwordLength",
    });
    const chosen = await setPasswordWithLink(token, "the mailbox owner's");
    expect(chosen.ok).toBe(true);
    const after = await db().user.findUniqueOrThrow({ where: { id: user.id } });
    expect(after.emailVerifiedAt).not.toBeNull();
    expect(await verifyPassword("the mailbox owner's", after.passwordHash)).toBe(true);
    expect((await lookupSession(stranger.token)).state).toBe("invalid");
    if (chosen.ok) expect((await lookupSession(chosen.token)).state).toBe("valid");
    expect(await setPasswordWithLink(token, "a second try here")).toEqual({ ok: false, error: "invalid" });
    expect(await setPasswordWithLink("not-a-token", "whatever long")).toEqual({ ok: false, error: "invalid" });
  });
});
