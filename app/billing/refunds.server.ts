import { z } from "zod";

import { cancelSubscription, type CancelResult } from "~/billing/subscription.server";
import { db } from "~/db/db.server";
import { refundConfirmEmail, refundReceivedEmail, refundSupportEmail } from "~/emails/billing.server";
import { paths } from "~/http/paths";
import { getT } from "~/i18n/i18next.server";
import type { FieldMessages } from "~/i18n/keys";
import { isLocale, localizePath, type Locale } from "~/i18n/locales";
import { hit } from "~/limits/rate-limit.server";
import { emailProvider } from "~/providers/email.server";
import { config } from "~/server/config.server";
import { log } from "~/server/log.server";
import { randomToken, sha256 } from "~/utils/hash.server";
import { messageKey, parseForm } from "~/utils/parse-form";
import { DAY, HOUR } from "~/utils/time";

import { paymentFormSchema } from "./checkout.server";

// Refunds (/unsubscribe-and-refund): a request, its e-mailed confirmation link, and what confirming it does.

export const refundFormSchema = z.object({
  email: paymentFormSchema.shape.email,
  reason: z
    .string()
    .trim()
    .min(1, messageKey("payments.errors.reason"))
    .max(2000, messageKey("payments.errors.reasonLength")),
});

/** Refund requests per client address per hour and per e-mail address per day. */
export const REFUND_LIMITS = { perIpPerHour: 5, perEmailPerDay: 3 };

export type RefundResult =
  | { ok: true }
  | { ok: false; error: "validation"; fields: FieldMessages }
  | { ok: false; error: "throttled"; retryAfterSeconds: number };

/** How long the e-mailed confirmation link of a refund request works. */
export const REFUND_LINK_TTL_MS = DAY;

/**
 * The /unsubscribe-and-refund form. Anyone can type any address, so it changes nothing by itself:
 * the account's owner is e-mailed (in their language) a single-use link that expires after 24 hours,
 * and only following it (confirmRefund) stops renewals and reaches support. The answer is the same
 * whether an account exists or not, so the form tells no one who has an account.
 */
export async function requestRefund(
  raw: unknown,
  options: { locale: Locale; ip: string; now?: Date },
): Promise<RefundResult> {
  const parsed = parseForm(refundFormSchema, raw);
  if (!parsed.ok) return { ok: false, error: "validation", fields: parsed.errors };
  const { email, reason } = parsed.data;
  const now = options.now ?? new Date();
  for (const [key, limit, windowMs] of [
    [`refund:ip:${options.ip}`, REFUND_LIMITS.perIpPerHour, HOUR],
    [`refund:email:${email}`, REFUND_LIMITS.perEmailPerDay, DAY],
  ] as const) {
    const slot = await hit(key, limit, windowMs, now);
    if (!slot.ok) return { ok: false, error: "throttled", retryAfterSeconds: slot.retryAfterSeconds };
  }
  const user = await db().user.findUnique({ where: { email }, select: { id: true, name: true, locale: true } });
  if (!user) return { ok: true };
  // Only the hash is stored, like auth codes: a database reader cannot confirm for the owner.
  const token = randomToken(24);
  await db().refundRequest.create({
    data: {
      email,
      reason,
      locale: options.locale,
      userId: user.id,
      status: "unconfirmed",
      tokenHash: sha256(token),
      expiresAt: new Date(now.getTime() + REFUND_LINK_TTL_MS),
    },
  });
  const locale = isLocale(user.locale) ? user.locale : options.locale;
  const t = await getT(locale);
  const url = new URL(localizePath(paths.refundConfirm, locale), config().publicUrl);
  url.searchParams.set("token", token);
  const sent = await emailProvider().send({
    to: email,
    ...refundConfirmEmail(t, { name: user.name || email, url: url.toString() }),
  });
  if (!sent.ok) log("error", "refund confirmation link e-mail failed", { error: sent.error });
  return { ok: true };
}

/** The request a confirmation link stands for, while it can still be used (GET shows it, changes nothing). */
export async function refundLink(token: string, now = new Date()) {
  if (!token || token.length > 100) return null;
  const request = await db().refundRequest.findUnique({ where: { tokenHash: sha256(token) } });
  if (
    !request ||
    request.status !== "unconfirmed" ||
    !request.expiresAt ||
    request.expiresAt.getTime() <= now.getTime()
  )
    return null;
  return { email: request.email };
}

export type ConfirmRefundResult = { ok: true; cancelled: CancelResult | null } | { ok: false; error: "invalid" };

/**
 * Following the e-mailed link (POST): claims the request once, stops renewals (at the provider too),
 * tells support and confirms to the owner.
 */
export async function confirmRefund(token: string, now = new Date()): Promise<ConfirmRefundResult> {
  if (!token || token.length > 100) return { ok: false, error: "invalid" };
  const request = await db().refundRequest.findUnique({ where: { tokenHash: sha256(token) } });
  if (!request) return { ok: false, error: "invalid" };
  // A conditional update claims the link: of two confirmations at once, only one matches.
  const claimed = await db().refundRequest.updateMany({
    where: { id: request.id, status: "unconfirmed", expiresAt: { gt: now } },
    data: { status: "open", confirmedAt: now, tokenHash: null },
  });
  if (claimed.count !== 1) return { ok: false, error: "invalid" };
  return { ok: true, cancelled: await stopForRefund(request, now) };
}

/** A refund request its owner stands behind: stops renewals, tells support and the owner. */
async function stopForRefund(
  request: { email: string; reason: string; locale: string; userId: string | null },
  now: Date,
) {
  const user = request.userId
    ? await db().user.findUnique({ where: { id: request.userId }, select: { id: true, name: true, locale: true } })
    : null;
  let cancelled: CancelResult | null = null;
  if (user) {
    cancelled = await cancelSubscription(user.id, now);
    if (!cancelled.ok && cancelled.error === "provider")
      log("error", "refund request: cancelling at the provider failed", { user: user.id });
  }

  // Support reads English; the account line says what was done, so a provider failure is followed up.
  const staff = await getT("en");
  await emailProvider().send({
    to: config().CONTACT_EMAIL,
    ...refundSupportEmail(staff, {
      email: request.email,
      locale: request.locale,
      reason: request.reason,
      hasAccount: !!user,
      cancelled,
    }),
  });

  if (user) {
    const locale = isLocale(user.locale) ? user.locale : isLocale(request.locale) ? request.locale : "en";
    const t = await getT(locale);
    const sent = await emailProvider().send({
      to: request.email,
      ...refundReceivedEmail(t, locale, { name: user.name || request.email, cancelled }),
    });
    if (!sent.ok) log("error", "refund confirmation e-mail failed", { user: request.userId, error: sent.error });
  }
  return cancelled;
}
