// Proving that an account's owner reads its e-mail address (docs/decisions/038). Paying creates an
// account for whatever address was typed, and the automatic sign-in proves nothing about it, so the
// rows other people's forms keyed by that address (contact messages, checkouts and refund requests
// made signed out) join the account only once `User.emailVerifiedAt` is set: by the link in the
// account e-mail (here), or by a password reset with an e-mailed code (password-reset.server.ts).
import { db, type Tx } from "~/db/db.server";
import { paths } from "~/http/paths";
import { localizePath, type Locale } from "~/i18n/locales";
import { config } from "~/server/config.server";
import { randomToken, sha256 } from "~/utils/hash.server";
import { DAY } from "~/utils/time";

export const EMAIL_VERIFICATION_TTL_MS = 7 * DAY;

/**
 * Records a single-use link for `email` (only the token's hash is stored) in the caller's
 * transaction and returns the raw token, which only the e-mail to that address carries.
 */
export async function issueEmailVerification(tx: Tx, userId: string, email: string, now = new Date()) {
  const token = randomToken(24);
  await tx.emailVerification.create({
    data: { tokenHash: sha256(token), userId, email, expiresAt: new Date(now.getTime() + EMAIL_VERIFICATION_TTL_MS) },
  });
  return token;
}

/** The link to put in the e-mail: always on PUBLIC_URL, never on the address a request came to. */
export function emailVerificationUrl(token: string, locale: Locale) {
  const url = new URL(localizePath(paths.verifyEmail, locale), config().publicUrl);
  url.searchParams.set("token", token);
  return url.toString();
}

/** A link still usable, with the account and address it proves; null when unknown, used or expired. */
export async function emailVerificationLink(token: string, now = new Date()) {
  if (!token || token.length > 64) return null;
  const link = await db().emailVerification.findUnique({ where: { tokenHash: sha256(token) } });
  if (!link || link.usedAt || link.expiresAt <= now) return null;
  const user = await db().user.findUnique({ where: { id: link.userId }, select: { email: true } });
  // An address changed since the link was sent proves nothing about the new one.
  return user?.email === link.email ? { userId: link.userId, email: link.email } : null;
}

export type ConfirmEmailResult = { ok: true } | { ok: false; error: "invalid" | "signIn" };

/**
 * Following the link (its page's button, a POST: mail scanners open links too). Holding the link
 * proves the mailbox; being signed in to the same account in this browser proves that the person who
 * reads the mailbox is the one using the account. Without the second, a stranger who paid with
 * someone's address could have them confirm it by a click and then read their rows. On success the
 * address is verified and every other session of the account ends.
 */
export async function confirmEmailVerification(
  token: string,
  session: { sessionId: string; userId: string } | null,
  now = new Date(),
): Promise<ConfirmEmailResult> {
  const link = await emailVerificationLink(token, now);
  if (!link) return { ok: false, error: "invalid" };
  if (session?.userId !== link.userId) return { ok: false, error: "signIn" };
  return db().$transaction(async (tx) => {
    const claimed = await tx.emailVerification.updateMany({
      where: { tokenHash: sha256(token), usedAt: null },
      data: { usedAt: now },
    });
    if (claimed.count !== 1) return { ok: false, error: "invalid" } as const;
    await markEmailVerified(tx, link.userId, now);
    await tx.session.deleteMany({ where: { userId: link.userId, id: { not: session.sessionId } } });
    return { ok: true } as const;
  });
}

/** Sets the account's address as proven (the first proof's time is kept) and drops its unused links. */
export async function markEmailVerified(tx: Tx, userId: string, now = new Date()) {
  await tx.user.updateMany({ where: { id: userId, emailVerifiedAt: null }, data: { emailVerifiedAt: now } });
  await tx.emailVerification.deleteMany({ where: { userId, usedAt: null } });
}
