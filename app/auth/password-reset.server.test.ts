import { describe, expect, it } from "vitest";

import { db } from "~/db/db.server";
import { resetConfig } from "~/server/config.server";
import { HOUR } from "~/utils/time";

import { awayFromWindowEnd } from "../../tests/support/clock";
import { createUser } from "../../tests/support/factories";
import { CODE_MAX_ATTEMPTS, resetPassword, sendResetCode } from "./password-reset.server";
import { verifyPassword } from "./password.server";
import { createSession, lookupSession } from "./session.server";

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
      expect(await resetPassword({ email, password: "newpass1", verificationCode: first }, "1.1.1.9")).toEqual({
        ok: false,
        error: "codeInvalid",
      });
    }
    expect(await resetPassword({ email, password: "newpass1", verificationCode: second }, "1.1.1.9")).toMatchObject({
      ok: true,
      userId: expect.any(String),
    });
  });

  it("limits wrong guesses, then refuses even the right code", async () => {
    const { email } = await createUser();
    await sendResetCode(email, "1.1.1.2", "en");
    const code = await latestCode(email);
    const wrong = code === "000000" ? "111111" : "000000";
    for (let i = 0; i < CODE_MAX_ATTEMPTS; i++) {
      expect((await resetPassword({ email, password: "newpass1", verificationCode: wrong }, "1.1.1.9")).ok).toBe(false);
    }
    expect(await resetPassword({ email, password: "newpass1", verificationCode: code }, "1.1.1.9")).toEqual({
      ok: false,
      error: "codeInvalid",
    });
  });

  it("refuses an expired code", async () => {
    const { email, user } = await createUser();
    await sendResetCode(email, "1.1.1.3", "en");
    const code = await latestCode(email);
    await db().verificationCode.updateMany({
      where: { userId: user.id },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    expect((await resetPassword({ email, password: "newpass1", verificationCode: code }, "1.1.1.9")).ok).toBe(false);
  });

  it("changes the password and signs out every session", async () => {
    const { email, user } = await createUser();
    const { token } = await createSession(user.id);
    await sendResetCode(email, "1.1.1.4", "en");
    await resetPassword({ email, password: "another one", verificationCode: await latestCode(email) }, "1.1.1.9");
    const stored = await db().user.findUniqueOrThrow({ where: { id: user.id } });
    expect(await verifyPassword("another one", stored.passwordHash)).toBe(true);
    expect((await lookupSession(token)).state).toBe("invalid");
  });

  it("claims an attempt before comparing: 50 parallel guesses compare at most five", async () => {
    const { email } = await createUser();
    await sendResetCode(email, "1.1.1.6", "en");
    const code = await latestCode(email);
    const guesses = Array.from({ length: 50 }, (_, i) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, "0"));
    const results = await Promise.all(
      guesses.map((verificationCode, i) =>
        resetPassword({ email, password: "newpass1", verificationCode }, `10.0.${i}.1`),
      ),
    );
    expect(results.every((r) => !r.ok && r.error === "codeInvalid")).toBe(true);
    const row = await db().verificationCode.findFirstOrThrow({ where: { user: { email }, usedAt: null } });
    expect(row.attempts).toBe(CODE_MAX_ATTEMPTS);
    // The five attempts are spent: the right code is refused now.
    expect(await resetPassword({ email, password: "newpass1", verificationCode: code }, "10.0.99.1")).toEqual({
      ok: false,
      error: "codeInvalid",
    });
  });

  it("limits reset attempts per client address, whatever the accounts", async () => {
    process.env.RESET_LIMIT_PER_IP = "3";
    resetConfig();
    try {
      const users = await Promise.all([createUser(), createUser(), createUser()]);
      await awayFromWindowEnd(HOUR);
      for (const { email } of users)
        expect((await resetPassword({ email, password: "newpass1", verificationCode: "123456" }, "10.1.1.1")).ok).toBe(
          false,
        );
      const refused = await resetPassword(
        { email: users[0]!.email, password: "newpass1", verificationCode: "123456" },
        "10.1.1.1",
      );
      expect(refused).toMatchObject({ ok: false, error: "throttled" });
      expect(
        await resetPassword({ email: users[0]!.email, password: "newpass1", verificationCode: "123456" }, "10.1.1.2"),
      ).toEqual({ ok: false, error: "codeInvalid" });
    } finally {
      delete process.env.RESET_LIMIT_PER_IP;
      resetConfig();
    }
  });

  it("validates with the spec's messages", async () => {
    expect(await sendResetCode("", "1.1.1.5", "en")).toMatchObject({
      error: "validation",
      fields: { email: "validation.emailRequired" },
    });
    expect(await sendResetCode("a@b", "1.1.1.5", "en")).toMatchObject({
      fields: { email: "loginModal.EnterValidEmail" },
    });
    expect(await resetPassword({ email: "a@b.co", password: "", verificationCode: "" }, "1.1.1.9")).toMatchObject({
      fields: { password: "validation.newPasswordRequired", verificationCode: "validation.codeRequired" },
    });
  });
});
