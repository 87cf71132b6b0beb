import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { startCheckout } from "~/billing/checkout.server";
import { db } from "~/db/db.server";
import { action as registerAndSign } from "~/routes/api.v1.auth.register-and-sign";
import { action as paymentsCheckout } from "~/routes/payments.checkout";
import { resetConfig } from "~/server/config.server";

import {
  apiRequest,
  createUser,
  formRequest,
  readEnvelope,
  routeArgs,
  uniqueEmail,
} from "../../tests/support/factories";

const buy = (email: string, ip: string, headers: Record<string, string> = {}) =>
  registerAndSign({
    ...routeArgs(
      apiRequest("/api/v1/auth/registerAndSign/stripe", {
        json: { name: "Ana", surname: "Reyes", email, adult: true },
        ip,
        headers,
      }),
    ),
    params: { provider: "stripe" },
  });

beforeEach(() => {
  // The defaults (10 per address, 5 per e-mail per hour); the test set-up raises them for other files.
  delete process.env.CHECKOUT_LIMIT_PER_IP;
  delete process.env.CHECKOUT_LIMIT_PER_EMAIL;
  resetConfig();
});
afterEach(() => {
  process.env.CHECKOUT_LIMIT_PER_IP = "1000";
  process.env.CHECKOUT_LIMIT_PER_EMAIL = "1000";
  resetConfig();
});

describe("checkout limits", () => {
  it("an address with an account is answered as a new one, inside the same limit: the 11th checkout from one address is a 429", async () => {
    const { email: taken } = await createUser();
    for (let i = 0; i < 9; i++) expect((await buy(uniqueEmail("probe"), "203.0.113.90")).status).toBe(200);
    const inUse = await buy(taken, "203.0.113.90");
    expect(inUse.status).toBe(200);
    expect(JSON.stringify(await readEnvelope(inUse))).not.toMatch(/in use/i);
    const refused = await buy(taken, "203.0.113.90", { "Accept-Language": "fil" });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect((await readEnvelope(refused)).message).toMatch(
      /^Masyadong maraming pagsubok\. Subukang muli pagkalipas ng \d+ minuto\.$/,
    );
    // Nothing was stored or opened for the address with an account, nor for the refused request.
    expect(await db().checkout.count()).toBe(9);
    // Another address is not affected.
    expect((await buy(uniqueEmail("other"), "198.51.100.90")).status).toBe(200);
  });

  it("e-mails an address's owner at most once an hour, however often it is tried", async () => {
    const { email: taken } = await createUser();
    for (let i = 0; i < 5; i++) expect((await buy(taken, `198.51.100.${i + 20}`)).status).toBe(200);
    expect(await db().outboxMessage.count({ where: { to: taken } })).toBe(1);
    // An hour later, one more.
    const later = new Date(Date.now() + 61 * 60_000);
    const again = await startCheckout(
      { name: "Ana", surname: "Reyes", email: taken, adult: true },
      { locale: "en", ip: "198.51.100.40", now: later },
    );
    expect(again).toMatchObject({ ok: true });
    expect(await db().outboxMessage.count({ where: { to: taken } })).toBe(2);
  });

  it("limits checkouts per e-mail address across client addresses", async () => {
    const email = uniqueEmail("many");
    for (let i = 0; i < 5; i++) expect((await buy(email, `198.51.100.${i + 1}`)).status).toBe(200);
    expect((await buy(email, "198.51.100.77")).status).toBe(429);
  });

  it("the payment form answers a translated 429 page with Retry-After", async () => {
    process.env.CHECKOUT_LIMIT_PER_IP = "1";
    resetConfig();
    const form = (email: string) =>
      paymentsCheckout(
        routeArgs(
          formRequest("/payments/checkout", {
            name: "Budi",
            surname: "Santoso",
            email,
            adult: "on",
            returnTo: "/id/checkout",
          }),
        ),
      );
    const first = await form(uniqueEmail("web"));
    expect(first.status).toBe(302);
    expect(first.headers.get("Set-Cookie")).toMatch(
      /^checkout_browser=[\w-]{40,}; Max-Age=\d+; Path=\/; SameSite=Lax; HttpOnly; Secure$/,
    );
    const thrown = (await form(uniqueEmail("web")).catch((r: unknown) => r)) as Response;
    expect(thrown.status).toBe(429);
    expect(Number(thrown.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(((await thrown.json()) as { message: string }).message).toMatch(
      /^Terlalu banyak percobaan\. Silakan coba lagi dalam \d+ menit\.$/,
    );
  });

  it('the payment form leads an address with an account to "check your e-mail", never to "already in use"', async () => {
    const { email: taken } = await createUser();
    const form = (email: string) =>
      paymentsCheckout(
        routeArgs(
          formRequest(
            "/payments/checkout",
            { name: "Budi", surname: "Santoso", email, adult: "on", returnTo: "/id/checkout" },
            { "x-client-ip": "198.51.100.60" },
          ),
        ),
      );
    const fresh = await form(uniqueEmail("web"));
    const inUse = await form(taken);
    // The same kind of answer as a new buyer's (a redirect with the checkout cookie), and no flash.
    expect(inUse.status).toBe(fresh.status);
    expect(inUse.headers.get("Location")).toBe("http://localhost:3000/id/checkout/email");
    expect(inUse.headers.get("Set-Cookie")).toMatch(/^checkout_browser=/);
    expect(await db().outboxMessage.count({ where: { to: taken } })).toBe(1);
    expect(await db().checkout.count({ where: { email: taken } })).toBe(0);
  });
});
