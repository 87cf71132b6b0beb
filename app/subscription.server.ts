import { config } from "~/config.server";
import { db } from "~/db.server";
import { readCookie } from "~/utils/cookies";

/** Spec section 9: the expired marker (app/paths.ts `expired`). */
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

export async function subscriptionFor(userId: string, now = new Date()) {
  const sub = await db().subscription.findUnique({ where: { userId } });
  return describeSubscription(sub, now);
}
