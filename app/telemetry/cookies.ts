// Cookie names and lifetimes of the telemetry (spec section 9), shared by server and browser code.
import { readCookie } from "~/utils/cookies";

/** The visitor identifier (spec sections 3 and 9): one year, path /, SameSite=Lax, Secure. */
export const VISITOR_COOKIE = "visitor_id";
/** The copy the advertising pixel reads (spec section 9: the same value, prefixed `FB_`). */
export const PIXEL_VISITOR_COOKIE = `FB_${VISITOR_COOKIE}`;
export const VISITOR_MAX_AGE = 31_536_000;

/** The visitor's answer to the cookie banner; asked again after half a year. */
export const CONSENT_COOKIE = "cookie_consent";
export const CONSENT_MAX_AGE = 182 * 24 * 60 * 60;
export type Consent = "accepted" | "rejected";

export const isConsent = (value: unknown): value is Consent => value === "accepted" || value === "rejected";

export function readConsent(cookieHeader: string | null): Consent | null {
  const value = readCookie(cookieHeader, CONSENT_COOKIE);
  return isConsent(value) ? value : null;
}

/** What a visitor id may look like; anything else in the cookie is treated as missing. */
export const VISITOR_ID = /^[A-Za-z0-9_-]{8,64}$/;
