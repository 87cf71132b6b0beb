// The dashboard marks a position that arrived since the requester last looked at a list ("New
// position"), until they have seen it: the time of their last look is a cookie of this browser,
// renewed each time a list is shown (issue 29: an arrival highlight).
import { config } from "~/server/config.server";
import { readCookie } from "~/utils/cookies";

const SEEN_COOKIE = "seen";
const YEAR_S = 365 * 24 * 60 * 60;

/**
 * When this user last saw a list in this browser (epoch ms), or null: a first look marks nothing, as
 * everything in it is new to this browser alike. A cookie of another account is not theirs.
 */
export function lastSeen(request: Request, userId: string): number | null {
  const value = readCookie(request.headers.get("Cookie"), SEEN_COOKIE);
  const match = value ? /^(.+)\.(\d{1,15})$/.exec(value) : null;
  return match && match[1] === userId ? Number(match[2]) : null;
}

/** The cookie that records this look. */
export function seenCookie(userId: string, now = Date.now()) {
  const secure = config().cookieSecure ? "; Secure" : "";
  return `${SEEN_COOKIE}=${encodeURIComponent(`${userId}.${now}`)}; Path=/; Max-Age=${YEAR_S}; SameSite=Lax; HttpOnly${secure}`;
}

/** Whether a position shared at `locatedAt` arrived after the last look. */
export const arrivedSince = (locatedAt: Date | string | null, seen: number | null) =>
  seen !== null && locatedAt !== null && new Date(locatedAt).getTime() > seen;
