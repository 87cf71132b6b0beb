import { timingSafeEqual } from "node:crypto";

import { z } from "zod";

import { db } from "~/db/db.server";
import { renderEmail } from "~/emails/render.server";
import { getT } from "~/i18n/i18next.server";
import { hit } from "~/limits/rate-limit.server";
import { emailProvider } from "~/providers/email.server";
import { config } from "~/server/config.server";
import { randomDigits, sha256 } from "~/utils/hash.server";
import { HOUR } from "~/utils/time";

import { markEmailVerified } from "./email-verification.server";
import { hashPassword } from "./password.server";
import { revokeAllSessions } from "./session.server";
import { hasErrors, validateReset, validateSendCode, type FieldErrors } from "./validation";

/** Spec section 9: the verification-code request type for password resets. */
export const RESET_CODE_TYPE = 1;
export const CODE_TTL_MS = 15 * 60_000;
export const CODE_MAX_ATTEMPTS = 5;

/** POST /api/v1/auth/sendCode's body. */
export const sendCodeSchema = z.object({
  email: z.string().max(320).describe("The account's e-mail address."),
  type: z.literal(RESET_CODE_TYPE).describe("1: a password-reset code."),
});

/** POST /api/v1/auth/resetPassword's body; `resetPassword` checks the values. */
export const resetPasswordSchema = z.object({
  email: z.string().max(320),
  password: z
    .string()
    .max(2048)
    .describe("The new password, encrypted like the sign-in's (plain with `encrypted: false`)."),
  verificationCode: z.string().max(32).describe("The 6-digit code from the e-mail."),
  encrypted: z.boolean().default(true),
});

export type SendCodeResult =
  | { ok: true }
  | { ok: false; error: "validation"; fields: FieldErrors }
  | { ok: false; error: "throttled"; retryAfterSeconds: number }
  | { ok: false; error: "sendFailed" };

const codeHash = (userId: string, code: string) => sha256(`${userId}:${code}`);

/**
 * E-mails a 6-digit code. An unknown address gets a note that no account exists, so the answer
 * never tells a stranger whether an address has an account.
 */
export async function sendResetCode(emailInput: string, clientIp: string, locale: string): Promise<SendCodeResult> {
  const email = emailInput.trim().toLowerCase();
  const fields = validateSendCode({ email });
  if (hasErrors(fields)) return { ok: false, error: "validation", fields };
  for (const [key, limit] of [
    [`code:ip:${clientIp}`, config().CODE_LIMIT_PER_IP],
    [`code:account:${email}`, config().CODE_LIMIT_PER_ACCOUNT],
  ] as const) {
    const limited = await hit(key, limit, HOUR);
    if (!limited.ok) return { ok: false, error: "throttled", retryAfterSeconds: limited.retryAfterSeconds };
  }

  const user = await db().user.findUnique({ where: { email } });
  const t = await getT(user?.locale ?? locale);
  const footer = t("email.footer");
  let message;
  if (user) {
    const code = randomDigits(6);
    await db().$transaction([
      // A new code replaces every earlier one.
      db().verificationCode.updateMany({
        where: { userId: user.id, type: RESET_CODE_TYPE, usedAt: null },
        data: { usedAt: new Date() },
      }),
      db().verificationCode.create({
        data: {
          userId: user.id,
          type: RESET_CODE_TYPE,
          codeHash: codeHash(user.id, code),
          expiresAt: new Date(Date.now() + CODE_TTL_MS),
        },
      }),
    ]);
    message = renderEmail({
      subject: t("email.resetCode.subject"),
      paragraphs: [t("email.resetCode.intro"), t("email.resetCode.expiry", { minutes: CODE_TTL_MS / 60_000 })],
      highlight: code,
      footer,
    });
  } else {
    message = renderEmail({
      subject: t("email.noAccount.subject"),
      paragraphs: [t("email.noAccount.intro"), t("email.noAccount.ignore")],
      footer,
    });
  }
  const sent = await emailProvider().send({ to: email, ...message });
  return sent.ok ? { ok: true } : { ok: false, error: "sendFailed" };
}

export type ResetResult =
  | { ok: true; userId: string }
  | { ok: false; error: "validation"; fields: FieldErrors }
  | { ok: false; error: "codeInvalid" }
  | { ok: false; error: "throttled"; retryAfterSeconds: number };

/**
 * Checks the code and sets the new password. Each comparison first claims one of the code's
 * CODE_MAX_ATTEMPTS in one conditional UPDATE, so parallel guesses cannot compare more than that;
 * a client address gets RESET_LIMIT_PER_IP checks an hour, whatever the accounts.
 */
export async function resetPassword(
  input: { email: string; password: string | null; verificationCode: string },
  clientIp: string,
): Promise<ResetResult> {
  const email = input.email.trim().toLowerCase();
  const verificationCode = input.verificationCode.trim();
  const password = input.password ?? "";
  const fields = validateReset({ email, password, verificationCode });
  if (hasErrors(fields)) return { ok: false, error: "validation", fields };

  const limited = await hit(`reset:ip:${clientIp}`, config().RESET_LIMIT_PER_IP, HOUR);
  if (!limited.ok) return { ok: false, error: "throttled", retryAfterSeconds: limited.retryAfterSeconds };

  const user = await db().user.findUnique({ where: { email } });
  if (!user) return { ok: false, error: "codeInvalid" };
  const code = await db().verificationCode.findFirst({
    where: { userId: user.id, type: RESET_CODE_TYPE, usedAt: null, expiresAt: { gt: new Date() } },
    orderBy: { createdAt: "desc" },
  });
  if (!code) return { ok: false, error: "codeInvalid" };
  const attempt = await db().$executeRaw`
    UPDATE "VerificationCode" SET "attempts" = "attempts" + 1
    WHERE "id" = ${code.id} AND "usedAt" IS NULL AND "attempts" < ${CODE_MAX_ATTEMPTS}`;
  if (attempt !== 1) return { ok: false, error: "codeInvalid" };

  const expected = Buffer.from(code.codeHash);
  const given = Buffer.from(codeHash(user.id, verificationCode));
  if (!timingSafeEqual(expected, given)) return { ok: false, error: "codeInvalid" };
  const passwordHash = await hashPassword(password);
  // Single use: only the request that marks the code used may change the password.
  const claimed = await db().verificationCode.updateMany({
    where: { id: code.id, usedAt: null },
    data: { usedAt: new Date() },
  });
  if (claimed.count !== 1) return { ok: false, error: "codeInvalid" };
  // The code reached the address, so whoever used it owns it: the address is verified (its rows join
  // the account, docs/decisions/038) and every session ends, a buyer's who paid with it included.
  await db().$transaction(async (tx) => {
    await tx.user.update({ where: { id: user.id }, data: { passwordHash, passwordChosenAt: new Date() } });
    await markEmailVerified(tx, user.id);
  });
  await revokeAllSessions(user.id);
  return { ok: true, userId: user.id };
}
