// The buyer chooses the account's password (docs/decisions/040). An account made by a payment starts
// with a random password that nobody knows and that is never sent: its owner chooses one in the
// success dialog right after paying (signed in automatically, once, while none was chosen), or with
// the link the account e-mail carries, which also proves the address (docs/decisions/038) and so
// hands the account to whoever reads that mailbox, signing everyone else out.
import { db } from "~/db/db.server";
import type { MessageKey } from "~/i18n/keys";
import { sha256 } from "~/utils/hash.server";

import { emailVerificationLink, markEmailVerified } from "./email-verification.server";
import { hashPassword, PASSWORD_MAX, PASSWORD_MIN } from "./password.server";
import { createSession } from "./session.server";

/** The new password's error (translation key), or null when it may be used. */
export function newPasswordError(password: string): MessageKey | null {
  if (!password) return "validation.newPasswordRequired";
  if (password.length < PASSWORD_MIN || password.length > PASSWORD_MAX) return "validation.passwordLength";
  return null;
}

export type ChooseResult = { ok: true } | { ok: false; error: MessageKey };

/**
 * The success dialog's form: the signed-in buyer sets the first password of an account a payment
 * made. Refused once a password was chosen (changing it then needs the old one's proof: a reset code).
 */
export async function chooseFirstPassword(userId: string, password: string, now = new Date()): Promise<ChooseResult> {
  const invalid = newPasswordError(password);
  if (invalid) return { ok: false, error: invalid };
  const passwordHash = await hashPassword(password);
  const { count } = await db().user.updateMany({
    where: { id: userId, passwordChosenAt: null },
    data: { passwordHash, passwordChosenAt: now },
  });
  return count === 1 ? { ok: true } : { ok: false, error: "account.choosePassword.alreadyChosen" };
}

/** Whether the account still has only the random password its payment gave it. */
export async function passwordToChoose(userId: string) {
  const user = await db().user.findUnique({ where: { id: userId }, select: { passwordChosenAt: true } });
  return user !== null && user.passwordChosenAt === null;
}

export type LinkPasswordResult =
  { ok: true; token: string } | { ok: false; error: "invalid" } | { ok: false; error: "password"; message: MessageKey };

/**
 * The e-mailed link's form: holding the link proves the mailbox, so its holder sets the password, the
 * address is verified, every session of the account ends and a new one starts here (the returned
 * token). The link works once.
 */
export async function setPasswordWithLink(
  linkToken: string,
  password: string,
  now = new Date(),
): Promise<LinkPasswordResult> {
  const link = await emailVerificationLink(linkToken, now);
  if (!link) return { ok: false, error: "invalid" };
  const invalid = newPasswordError(password);
  if (invalid) return { ok: false, error: "password", message: invalid };
  const passwordHash = await hashPassword(password);
  const done = await db().$transaction(async (tx) => {
    const claimed = await tx.emailVerification.updateMany({
      where: { tokenHash: sha256(linkToken), usedAt: null },
      data: { usedAt: now },
    });
    if (claimed.count !== 1) return false;
    await tx.user.update({ where: { id: link.userId }, data: { passwordHash, passwordChosenAt: now } });
    await markEmailVerified(tx, link.userId, now);
    await tx.session.deleteMany({ where: { userId: link.userId } });
    return true;
  });
  if (!done) return { ok: false, error: "invalid" };
  const session = await createSession(link.userId);
  return { ok: true, token: session.token };
}
