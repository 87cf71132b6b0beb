// How a webhook delivery is signed (docs/webhooks.md, docs/decisions/047), the way Stripe signs: an
// HMAC-SHA-256 of "<unix seconds>.<raw body>" under the endpoint's secret, sent as
// `Locator-Signature: t=<unix seconds>,v1=<hex>`. The time is inside the signed bytes, so a captured
// delivery replayed later fails the receiver's tolerance check however valid its signature.
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

export const SIGNATURE_HEADER = "Locator-Signature";

/** A new endpoint secret: 32 random bytes, with a prefix that says what it is when it turns up in a log. */
export function newWebhookSecret() {
  return `whsec_${randomBytes(32).toString("base64url")}`;
}

function hmac(secret: string, timestamp: number, body: string) {
  return createHmac("sha256", secret).update(`${timestamp}.${body}`, "utf8").digest("hex");
}

/** The header's value for one attempt: signed again at every attempt, with that attempt's time. */
export function signatureHeader(secret: string, body: string, now = new Date()) {
  const timestamp = Math.floor(now.getTime() / 1000);
  return `t=${timestamp},v1=${hmac(secret, timestamp, body)}`;
}

/**
 * The receiver's check (what docs/webhooks.md's snippet does, for the server's own tests and tools):
 * the header's time within `toleranceSeconds` of now, and one of its v1 signatures equal, compared in
 * constant time.
 */
export function verifySignature(
  secret: string,
  body: string,
  header: string,
  options: { toleranceSeconds?: number; now?: Date } = {},
) {
  const parts = header.split(",").map((part) => part.trim().split("="));
  const timestamp = Number(parts.find(([name]) => name === "t")?.[1]);
  const given = parts.filter(([name]) => name === "v1").map(([, value]) => value ?? "");
  if (!Number.isInteger(timestamp) || given.length === 0) return false;
  const now = Math.floor((options.now ?? new Date()).getTime() / 1000);
  if (Math.abs(now - timestamp) > (options.toleranceSeconds ?? 300)) return false;
  const expected = Buffer.from(hmac(secret, timestamp, body), "hex");
  return given.some((value) => {
    const candidate = Buffer.from(value, "hex");
    return candidate.length === expected.length && timingSafeEqual(candidate, expected);
  });
}
