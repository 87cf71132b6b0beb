import { timingSafeEqual } from "node:crypto";

import { db } from "~/db/db.server";
import { config } from "~/server/config.server";
import { readCookie, serializeCookie } from "~/utils/cookies";
import { randomToken, sha256 } from "~/utils/hash.server";

/**
 * The browser that starts a checkout keeps a random value in this httpOnly, Secure, SameSite=Lax
 * cookie; the checkout stores its SHA-256 (CheckoutBrowser). The automatic sign-in after payment
 * (/register?id=… and POST /api/v1/auth/loginByAuthCode) happens only where the cookie matches, so
 * a /register link opened anywhere else signs no one in (no login CSRF into someone else's account).
 */
export const CHECKOUT_COOKIE = "checkout_browser";
const COOKIE_MAX_AGE = 7 * 24 * 3600;
const SECRET_PATTERN = /^[A-Za-z0-9_-]{32,64}$/;

/** The request's browser value, reused when present (two tabs, two checkouts); a new one otherwise. */
export function checkoutBrowserSecret(request: Request) {
  const current = readBrowserSecret(request);
  const secret = current ?? randomToken(32);
  const cookie = serializeCookie(CHECKOUT_COOKIE, secret, {
    maxAge: COOKIE_MAX_AGE,
    httpOnly: true,
    secure: config().cookieSecure,
  });
  return { secret, cookie };
}

export function readBrowserSecret(request: Request) {
  const value = readCookie(request.headers.get("Cookie"), CHECKOUT_COOKIE);
  return value && SECRET_PATTERN.test(value) ? value : null;
}

/** True only when `secret` is the value of the browser that started the checkout. */
export async function isCheckoutBrowser(checkoutId: string, secret: string | null | undefined) {
  if (!secret) return false;
  const row = await db().checkoutBrowser.findUnique({ where: { checkoutId } });
  if (!row) return false;
  return timingSafeEqual(Buffer.from(row.secretHash), Buffer.from(sha256(secret)));
}
