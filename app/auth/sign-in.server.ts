import { z } from "zod";

import { db } from "~/db/db.server";

import { dummyPasswordHash, verifyPassword } from "./password.server";
import { decryptPassword } from "./rsa.server";
import { createSession } from "./session.server";
import { claimSignInAttempt } from "./sign-in-throttle.server";
import { hasErrors, validateLogin, type FieldErrors } from "./validation";

export type PasswordInput = { email: string; password: string; encrypted: boolean };

/** POST /api/v1/auth/login's body; `signIn` checks the values. */
export const loginSchema = z.object({
  email: z.string().max(320).describe("The account's e-mail address (trimmed, any case)."),
  password: z
    .string()
    .max(2048)
    .describe(
      "RSA-OAEP (SHA-1) ciphertext in base64 under GET /api/v1/auth/publicKey's key; plain with `encrypted: false`.",
    ),
  /** false only for integrators that send the plain password over TLS. */
  encrypted: z.boolean().default(true).describe("false: `password` is the plain password (over TLS only)."),
});

export type UserCacheInfo = { id: string; email: string; name: string | null; locale: string };

export type SignInResult =
  | { ok: true; token: string; user: { userCacheInfo: UserCacheInfo } }
  | { ok: false; error: "validation"; fields: FieldErrors }
  | { ok: false; error: "invalidCredentials" }
  | { ok: false; error: "throttled"; retryAfterSeconds: number };

/** The plain password: decrypted when the client encrypted it (RSA-OAEP, base64), as sent otherwise. */
export async function readPassword(input: { password: string; encrypted: boolean }) {
  if (!input.encrypted) return input.password;
  return (await decryptPassword(input.password)) ?? null;
}

export async function signIn(input: PasswordInput, clientIp: string): Promise<SignInResult> {
  const email = input.email.trim().toLowerCase();
  const password = await readPassword({ password: input.password, encrypted: input.encrypted });
  const fields = validateLogin({ email, password: password ?? "x" });
  if (hasErrors(fields)) return { ok: false, error: "validation", fields };
  if (password === null) return { ok: false, error: "invalidCredentials" };

  // Failures only: the attempt is counted before the comparison and forgiven when it matches.
  const claim = await claimSignInAttempt(clientIp, email);
  if (!claim.ok) return { ok: false, error: "throttled", retryAfterSeconds: claim.retryAfterSeconds };
  const user = await db().user.findUnique({ where: { email } });
  const matches = await verifyPassword(password, user?.passwordHash ?? (await dummyPasswordHash()));
  if (!user || !matches) return { ok: false, error: "invalidCredentials" };
  await claim.forgive();
  const { token } = await createSession(user.id);
  return {
    ok: true,
    token,
    user: { userCacheInfo: { id: user.id, email: user.email, name: user.name, locale: user.locale } },
  };
}
