// "Delete my account" (docs/privacy.md, docs/decisions/028): the password is asked again; an active
// provider subscription is stopped first (a provider error stops everything: nothing is deleted);
// then one transaction deletes the account and everything of it, keeps its payments for the
// accounting records without any link to a person, and writes the confirmation e-mail as a job
// (app/billing/payment-jobs.server.ts), sent right after the commit and retried until sent. A crash
// before the commit leaves the whole account; after it, the job still sends the e-mail.
import { z } from "zod";

import { verifyPassword } from "~/auth/password.server";
import { claimSignInAttempt } from "~/auth/sign-in-throttle.server";
import { credentialsJobKey, enqueueBillingJob } from "~/billing/payment-jobs.server";
import { db } from "~/db/db.server";
import { startJobs } from "~/jobs/jobs.server";
import { ACCOUNT_SLOT_KINDS, accountSlotKey } from "~/limits/usage-limit.server";
import { paymentProvider } from "~/providers/payments/provider.server";

import { ownedCheckouts, provenAddress } from "./owned-rows.server";

/** DELETE /api/v1/personnal/account's body: the password again, as the sign-in sends it. */
export const deleteAccountSchema = z.object({
  password: z
    .string()
    .min(1)
    .max(2048)
    .describe(
      "The account's password: RSA-OAEP (SHA-1) ciphertext in base64 under GET /api/v1/auth/publicKey's key; plain with `encrypted: false`.",
    ),
  encrypted: z.boolean().default(true).describe("false: `password` is the plain password (over TLS only)."),
});

export type DeleteAccountResult =
  | { ok: true }
  | { ok: false; error: "password" }
  | { ok: false; error: "throttled"; retryAfterSeconds: number }
  | { ok: false; error: "provider" };

/** States in which a provider subscription would still be charged again. */
const RENEWING = ["trial", "active"];

/**
 * Deletes the account of `userId` when `password` is its password. Wrong passwords count as failed
 * sign-ins from `clientIp` (the same throttle), so a stolen session cannot guess its way through.
 */
export async function deleteAccount(
  userId: string,
  password: string,
  clientIp: string,
  now = new Date(),
): Promise<DeleteAccountResult> {
  const user = await db().user.findUnique({ where: { id: userId } });
  if (!user) return { ok: false, error: "password" };
  const claim = await claimSignInAttempt(clientIp, user.email);
  if (!claim.ok) return { ok: false, error: "throttled", retryAfterSeconds: claim.retryAfterSeconds };
  if (!(await verifyPassword(password, user.passwordHash))) return { ok: false, error: "password" };
  await claim.forgive();

  const sub = await db().subscription.findUnique({ where: { userId } });
  if (
    sub?.provider &&
    sub.provider !== "sandbox" &&
    sub.providerSubscriptionId &&
    RENEWING.includes(sub.state) &&
    !sub.cancelAtPeriodEnd &&
    sub.validUntil > now
  ) {
    const provider = await paymentProvider(sub.provider);
    if (!provider) return { ok: false, error: "provider" };
    const stopped = await provider.cancelAtPeriodEnd(sub.providerSubscriptionId, {
      idempotencyKey: `delete-account-${sub.id}`,
    });
    if (!stopped.ok) return { ok: false, error: "provider" };
  }

  const jobKey = `accountDeleted:${user.id}`;
  const email = user.email;
  // Rows keyed only by the address go too once the address is proven; until then they may be someone
  // else's (owned-rows.server.ts). Every match below is exact: an address may hold `%` or `_`.
  const address = provenAddress(user);
  await db().$transaction(async (tx) => {
    // Kept for the accounting records (amount, date, provider reference), linked to nobody.
    if (sub) await tx.payment.updateMany({ where: { subscriptionId: sub.id }, data: { subscriptionId: null } });
    const checkouts = await tx.checkout.findMany({ where: { userId }, select: { id: true } });
    await tx.checkout.deleteMany({ where: ownedCheckouts(user) });
    if (address) {
      await tx.refundRequest.deleteMany({ where: { OR: [{ userId }, { email: address }] } });
      await tx.contactMessage.deleteMany({ where: { email: address } });
      await tx.outboxMessage.deleteMany({ where: { to: address } });
    } else {
      // Refund requests filed under this account by the public form stay, as their writer's, linked to nobody.
      await tx.refundRequest.updateMany({ where: { userId }, data: { userId: null } });
    }
    await tx.recipientBlock.deleteMany({ where: { userId } });
    await tx.recipientDecline.deleteMany({ where: { userId } });
    // The API's kept answers to this account's retried writes (their bodies name its requests).
    await tx.idempotentRequest.deleteMany({ where: { scope: `user:${userId}` } });
    await tx.usageSlot.deleteMany({
      where: { key: { in: ACCOUNT_SLOT_KINDS.map((kind) => accountSlotKey(kind, userId)) } },
    });
    // Failed sign-ins on this account, from any client address (the column repeats the key's account).
    await tx.signInThrottle.deleteMany({ where: { email } });
    // Finished jobs that named the account: its credentials e-mails, one per checkout that made it.
    await tx.job.deleteMany({
      where: { doneAt: { not: null }, key: { in: checkouts.map((c) => credentialsJobKey(c.id)) } },
    });
    // Sessions, codes, the subscription, requests (with their positions), voice messages and the review
    // go with the user (onDelete: Cascade).
    await tx.user.delete({ where: { id: userId } });
    await enqueueBillingJob(tx, jobKey, {
      kind: "sendAccountDeleted",
      payload: { email, name: user.name ?? "", locale: user.locale },
    });
  });
  // Started now, not awaited; if it fails, the job worker retries it.
  startJobs([jobKey]);
  return { ok: true };
}
