// A delivery's signature (docs/webhooks.md): Stripe's scheme, the time inside the signed bytes.
import { createHmac } from "node:crypto";

import { describe, expect, it } from "vitest";

import { newWebhookSecret, signatureHeader, verifySignature } from "~/webhooks/signature.server";

const SECRET = "whsec_test-secret";
const BODY = '{"id":"evt_1","type":"location_request.shared"}';
const AT = new Date("2026-11-28T12:00:00Z");

describe("the Locator-Signature header", () => {
  it("is t=<unix seconds>,v1=<hex HMAC-SHA-256 of t.body>", () => {
    const t = Math.floor(AT.getTime() / 1000);
    const hex = createHmac("sha256", SECRET).update(`${t}.${BODY}`).digest("hex");
    expect(signatureHeader(SECRET, BODY, AT)).toBe(`t=${t},v1=${hex}`);
  });

  it("verifies with the same secret, body and a time inside the tolerance", () => {
    const header = signatureHeader(SECRET, BODY, AT);
    expect(verifySignature(SECRET, BODY, header, { now: new Date(AT.getTime() + 299_000) })).toBe(true);
  });

  it("fails for another secret, a changed body, a changed time or an old delivery", () => {
    const header = signatureHeader(SECRET, BODY, AT);
    const now = { now: AT };
    expect(verifySignature("whsec_other", BODY, header, now)).toBe(false);
    expect(verifySignature(SECRET, BODY.replace("shared", "declined"), header, now)).toBe(false);
    const t = Math.floor(AT.getTime() / 1000);
    expect(verifySignature(SECRET, BODY, header.replace(`t=${t}`, `t=${t + 1}`), now)).toBe(false);
    expect(verifySignature(SECRET, BODY, header, { now: new Date(AT.getTime() + 301_000) })).toBe(false);
    expect(verifySignature(SECRET, BODY, "v1=abc", now)).toBe(false);
    expect(verifySignature(SECRET, BODY, `t=${t},v1=zz`, now)).toBe(false);
  });

  it("makes a new 256-bit secret each time", () => {
    const a = newWebhookSecret();
    expect(a).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(newWebhookSecret()).not.toBe(a);
  });
});
