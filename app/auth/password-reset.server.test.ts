import { describe, expect, it } from "vitest";
import { db } from "~/db.server";
import { createUser } from "../../tests/support/factories";
import { CODE_MAX_ATTEMPTS, resetPassword, sendResetCode } from "./password-reset.server";
import { createSession, lookupSession } from "./session.server";
import { verifyPassword } from "./password.server";

async function latestCode(email: string) {
  const mail = await db().outboxMessage.findFirstOrThrow({ where: { to: email }, orderBy: { createdAt: "desc" } });
  return /\b(\d{6})\b/.exec(mail.text)![1]!;
}

describe("password reset", () => {
  it("e-mails a code in the user's language and replaces earlier codes", async () => {
    const { email, user } = await createUser();
    await db().user.update({ where: { id: user.id }, data: { locale: "id" } });
    expect(await sendResetCode(email, "1.1.1.1", "en")).toEqual({ ok: true });
    const first = await latestCode(email);
    await sendResetCode(email, "1.1.1.1", "en");
    const second = await latestCode(email);
    const mail = await db().outboxMessage.findFirstOrThrow({ where: { to: email }, orderBy: { createdAt: "desc" } });
    expect(mail.html).toContain(second);
    if (first !== second) {
      expect(await resetPassword({ email, password: "newpass1", verificationCode: first })).toEqual({ ok: false, error: "codeInvalid" });
    }
    expect(await resetPassword({ email, password: "newpass1", verificationCode: second })).toEqual({ ok: true });
  });

  it("limits wrong guesses, then refuses even the right code", async () => {
    const { email } = await createUser();
    await sendResetCode(email, "1.1.1.2", "en");
    const code = await latestCode(email);
    const wrong = code === "000000" ? "111111" : "000000";
    for (let i = 0; i < CODE_MAX_ATTEMPTS; i++) {
      expect((await resetPassword({ email, password: "newpass1", verificationCode: wrong })).ok).toBe(false);
    }
    expect(await resetPassword({ email, password: "newpass1", verificationCode: code })).toEqual({ ok: false, error: "codeInvalid" });
  });

  it("refuses an expired code", async () => {
    const { email, user } = await createUser();
    await sendResetCode(email, "1.1.1.3", "en");
    const code = await latestCode(email);
    await db().verificationCode.updateMany({ where: { userId: user.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await resetPassword({ email, password: "newpass1", verificationCode: code })).ok).toBe(false);
  });

  it("changes the password and signs out every session", async () => {
    const { email, user } = await createUser();
    const { token } = await createSession(user.id);
    await sendResetCode(email, "1.1.1.4", "en");
    await resetPassword({ email, password: "another one", verificationCode: await latestCode(email) });
    const stored = await db().user.findUniqueOrThrow({ where: { id: user.id } });
    expect(await verifyPassword("another one", stored.passwordHash)).toBe(true);
    expect((await lookupSession(token)).state).toBe("invalid");
  });

  it("validates with the spec's messages", async () => {
    expect(await sendResetCode("", "1.1.1.5", "en")).toMatchObject({ error: "validation", fields: { email: "validation.emailRequired" } });
    expect(await sendResetCode("a@b", "1.1.1.5", "en")).toMatchObject({ fields: { email: "loginModal.EnterValidEmail" } });
    expect(await resetPassword({ email: "a@b.co", password: "", verificationCode: "" })).toMatchObject({
      fields: { password: "validation.newPasswordRequired", verificationCode: "validation.codeRequired" },
    });
  });
});
