import { db, firstRow } from "~/db/db.server";
import { Prisma } from "~/generated/prisma-sqlite/client";
import { nameIn } from "~/i18n/message-keys.server";
import { paymentProvider } from "~/providers/payments/provider.server";
import { config } from "~/server/config.server";
import { readCookie } from "~/utils/cookies";
import { later } from "~/utils/time";

/** Spec section 9: the expired marker (app/http/paths.ts `expired`). */
export function isExpiredMarker(url: URL) {
  return url.searchParams.get("s") === "-1" && url.searchParams.get("at") === "10";
}

/**
 * Set when the expired notice has been shown to this user: for the rest of the browser session the
 * dashboard opens read-only (history and records, no sending) instead of sending them back to the
 * notice. The value is the user id, so another account in the same browser sees its own notice.
 */
const EXPIRED_SEEN_COOKIE = "expired_seen";

export function expiredNoticeSeen(request: Request, userId: string) {
  return readCookie(request.headers.get("Cookie"), EXPIRED_SEEN_COOKIE) === userId;
}

/** A session cookie (no Max-Age): closing the browser brings the notice back. */
export function expiredNoticeSeenCookie(userId: string) {
  const secure = config().cookieSecure ? "; Secure" : "";
  return `${EXPIRED_SEEN_COOKIE}=${encodeURIComponent(userId)}; Path=/; SameSite=Lax; HttpOnly${secure}`;
}

export type SubscriptionRow = { state: string; validUntil: Date; createdAt: Date } | null;
export type DisplayState = "Active" | "Cancelled" | "Unsubscribed" | "Expired";

/** Stored states: trial | active | cancelled | unsubscribed | expired. */
export function describeSubscription(sub: SubscriptionRow, now = new Date()) {
  const access =
    !!sub && sub.validUntil.getTime() > now.getTime() && ["trial", "active", "cancelled"].includes(sub.state);
  let state: DisplayState = "Expired";
  if (sub && access) state = sub.state === "cancelled" ? "Cancelled" : "Active";
  else if (sub?.state === "unsubscribed") state = "Unsubscribed";
  return {
    access,
    state,
    expiredStatus: access ? 0 : 1,
    validUntil: sub?.validUntil.toISOString() ?? null,
    createdAt: sub?.createdAt.toISOString() ?? null,
  };
}

export type SubscriptionRead = NonNullable<SubscriptionRow> & {
  provider: string | null;
  plan: string | null;
  currency: string | null;
  amount: number | null;
  firstDayAmount: number | null;
  periodDays: number | null;
  cancelAtPeriodEnd: boolean;
  nextChargeAt: Date | null;
};

/** The columns of a `SubscriptionRead`. */
const READ_COLUMNS = [
  "state",
  "validUntil",
  "createdAt",
  "provider",
  "plan",
  "currency",
  "amount",
  "firstDayAmount",
  "periodDays",
  "cancelAtPeriodEnd",
  "nextChargeAt",
] as const satisfies readonly (keyof SubscriptionRead)[];

/** The same columns as a Prisma `select` (the simple path the raw reads are measured and tested against). */
export const subscriptionSelect = Object.fromEntries(READ_COLUMNS.map((column) => [column, true])) as Record<
  (typeof READ_COLUMNS)[number],
  true
>;

/**
 * The subscription's columns in a query that joins `"Subscription"` as `alias` (the session lookup
 * reads them with the session: one query per signed-in request), each named `alias_column`.
 */
export function subscriptionColumns(alias: string) {
  return Prisma.raw(READ_COLUMNS.map((column) => `${alias}."${column}" AS "${alias}_${column}"`).join(", "));
}

/** The subscription read through `subscriptionColumns(alias)`, or null when the user has none. */
export function subscriptionFromRow(row: Record<string, unknown>, alias: string): SubscriptionRead | null {
  if (row[`${alias}_state`] == null) return null;
  return Object.fromEntries(READ_COLUMNS.map((column) => [column, row[`${alias}_${column}`]])) as SubscriptionRead;
}

/** A user's subscription, or null (a raw read: app/db/db.server.ts `firstRow`). */
export async function readSubscription(userId: string) {
  const row = await firstRow<Record<string, unknown>>(
    Prisma.sql`SELECT ${subscriptionColumns("sub")} FROM "Subscription" sub WHERE sub."userId" = ${userId}`,
  );
  return row && subscriptionFromRow(row, "sub");
}

export async function subscriptionFor(userId: string, now = new Date()) {
  return describeSubscription(await readSubscription(userId), now);
}

// The subscriber's side: details, payment history, cancel.

/** The subscription as the pages and GET /api/v1/personnal/subscribe/info show it. */
export async function subscriptionDetails(userId: string, now = new Date()) {
  return detailsOf(await readSubscription(userId), now);
}

/** `subscriptionDetails` of a subscription already read (with the session, for instance). */
export function detailsOf(sub: SubscriptionRead | null, now = new Date()) {
  const described = describeSubscription(sub, now);
  return {
    ...described,
    provider: sub?.provider ?? null,
    plan: sub?.plan ?? null,
    currencyCode: sub?.currency ?? null,
    amount: sub?.amount ?? null,
    firstDayDebitAmount: sub?.firstDayAmount ?? null,
    period: sub?.periodDays ?? null,
    cancelAtPeriodEnd: sub?.cancelAtPeriodEnd ?? false,
    nextDebitDay: described.access && !sub?.cancelAtPeriodEnd ? (sub?.nextChargeAt?.toISOString() ?? null) : null,
  };
}
export type SubscriptionDetails = Awaited<ReturnType<typeof subscriptionDetails>>;

/** Payment history and the total paid (POST /api/v1/personnal/getPaidAmount), newest first. */
export async function paidAmount(userId: string) {
  const payments = await db().payment.findMany({
    where: { subscription: { userId } },
    orderBy: { paidAt: "desc" },
    take: 100,
  });
  const totals: Record<string, number> = {};
  for (const p of payments) if (p.status === "paid") totals[p.currency] = (totals[p.currency] ?? 0) + p.amount;
  return {
    totals: Object.entries(totals).map(([currencyCode, amount]) => ({ currencyCode, amount })),
    payments: payments.map((p) => ({
      id: p.id,
      amount: p.amount,
      currencyCode: p.currency,
      status: nameIn("payments.my.paymentStatus", p.status),
      paidAt: p.paidAt.toISOString(),
      periodEnd: p.periodEnd?.toISOString() ?? null,
    })),
  };
}

export type CancelResult = { ok: true; validUntil: string } | { ok: false; error: "none" | "provider" };

/** Cancels at period end, at the provider first: access stays until validUntil. */
export async function cancelSubscription(userId: string, now = new Date()): Promise<CancelResult> {
  const sub = await db().subscription.findUnique({ where: { userId } });
  if (!sub || !describeSubscription(sub, now).access) return { ok: false, error: "none" };
  if (sub.state !== "cancelled") {
    if (sub.providerSubscriptionId && sub.provider && sub.provider !== "sandbox") {
      // The subscription's own provider, whichever other one takes new payments.
      const provider = await paymentProvider(sub.provider);
      if (!provider) return { ok: false, error: "provider" };
      const cancelled = await provider.cancelAtPeriodEnd(sub.providerSubscriptionId);
      if (!cancelled.ok) return { ok: false, error: "provider" };
    }
    await db().subscription.update({
      where: { id: sub.id },
      // The local cancel counts as an event at its time, so an older provider update arriving later
      // (cancel_at_period_end still false) does not turn it back on.
      data: {
        state: "cancelled",
        cancelAtPeriodEnd: true,
        nextChargeAt: null,
        lastEventAt: later(sub.lastEventAt, now),
      },
    });
  }
  return { ok: true, validUntil: sub.validUntil.toISOString() };
}

/**
 * Whether a cancelled subscription that still has access can be switched back on before it ends:
 * "resume" where the provider allows it (Stripe clears cancel_at_period_end; the embedded sandbox and
 * an account made without a checkout only change here), "subscribeAgain" for PayPal, whose
 * cancellation is final (the person subscribes again once it has ended), null otherwise.
 */
export function resumeChoice(details: { state: string; access: boolean; provider: string | null }) {
  if (details.state !== "Cancelled" || !details.access) return null;
  return details.provider === "paypal" ? ("subscribeAgain" as const) : ("resume" as const);
}

export type ResumeResult = { ok: true; validUntil: string } | { ok: false; error: "none" | "provider" | "final" };

/** Undoes a cancel before the paid period ends: renewals start again, at the provider first. */
export async function resumeSubscription(userId: string, now = new Date()): Promise<ResumeResult> {
  const sub = await db().subscription.findUnique({ where: { userId } });
  if (!sub) return { ok: false, error: "none" };
  const choice = resumeChoice({ ...describeSubscription(sub, now), provider: sub.provider });
  if (choice === null) return { ok: false, error: "none" };
  if (choice === "subscribeAgain") return { ok: false, error: "final" };
  if (sub.providerSubscriptionId && sub.provider && sub.provider !== "sandbox") {
    const provider = await paymentProvider(sub.provider);
    if (!provider?.resumeRenewals) return { ok: false, error: "provider" };
    const resumed = await provider.resumeRenewals(sub.providerSubscriptionId);
    if (!resumed.ok) return { ok: false, error: "provider" };
  }
  await db().subscription.update({
    where: { id: sub.id },
    // Like a cancel, the local resume counts as an event at its time: an older provider update
    // (cancel_at_period_end still true) arriving later does not cancel it again.
    data: {
      state: "active",
      cancelAtPeriodEnd: false,
      nextChargeAt: sub.provider ? sub.validUntil : null,
      lastEventAt: later(sub.lastEventAt, now),
    },
  });
  return { ok: true, validUntil: sub.validUntil.toISOString() };
}
