// Stripe and PayPal configured at once (the real SDKs against the local fakes of both APIs): the buyer
// chooses in the payment form or by the API path, the sandbox does not stand in, and with one of them
// left configured the other one's path and webhooks are refused.
import { describe, expect, it } from "vitest";

import { paymentOffer } from "~/billing/plans.server";
import { renewSandboxSubscriptions } from "~/billing/sandbox.server";
import { db } from "~/db/db.server";
import { paymentProviderNames } from "~/providers/payments/provider.server";
import { loader as rootLoader } from "~/root";
import { action as registerAndSign } from "~/routes/api.v1.auth.register-and-sign";
import { loader as sandboxPage } from "~/routes/checkout.sandbox.$id";
import { action as paymentForm } from "~/routes/payments.checkout";
import { resetConfig } from "~/server/config.server";

import { PAYPAL_ENV } from "../../tests/fakes/paypal";
import {
  apiRequest,
  createUser,
  formRequest,
  readEnvelope,
  routeArgs,
  thrownResponse,
  uniqueEmail,
} from "../../tests/support/factories";
import { paypalFakeForTests, stripeFakeForTests } from "../../tests/support/provider-fakes";
import { routeData } from "../../tests/support/route-data";
import { buyThrough, paidWithPayPal, paypalWebhook, subscriptionOf } from "../../tests/support/two-providers";

const stripeFake = stripeFakeForTests();
paypalFakeForTests();

describe("both providers configured", () => {
  it("offers both, card first, and the sandbox does not stand in", () => {
    expect(paymentProviderNames()).toEqual(["stripe", "paypal"]);
  });

  it("opens a checkout at the provider the API path names, and still answers 501 for v5pay", async () => {
    const card = await buyThrough("stripe");
    expect(card.response.status).toBe(200);
    expect(card.body.data).toMatchObject({ provider: "stripe", url: expect.stringContaining("checkout.stripe.test") });
    expect(stripeFake.requests.map((r) => r.url)).toContain("/v1/checkout/sessions");

    const paypal = await buyThrough("paypal");
    expect(paypal.response.status).toBe(200);
    expect(paypal.body.data).toMatchObject({ provider: "paypal", url: expect.stringContaining("paypal.test") });
    expect(await db().checkout.findUniqueOrThrow({ where: { id: paypal.id } })).toMatchObject({ provider: "paypal" });

    const v5pay = await registerAndSign({
      ...routeArgs(apiRequest("/api/v1/auth/registerAndSign/v5pay", { json: {} })),
      params: { provider: "v5pay" },
    });
    expect(v5pay.status).toBe(501);
    expect((await readEnvelope(v5pay)).message).toBe("The payment method v5pay is not available");
  });

  it("takes the buyer's choice from the payment form, card by default, and refuses a method that is not offered", async () => {
    const fields = (provider?: string) => ({
      name: "Ana",
      surname: "Reyes",
      email: uniqueEmail("form"),
      adult: "on",
      returnTo: "/checkout",
      ...(provider === undefined ? {} : { provider }),
    });
    const post = (provider?: string) => paymentForm(routeArgs(formRequest("/payments/checkout", fields(provider))));

    const paypal = await post("paypal");
    expect(paypal.status).toBe(302);
    expect(paypal.headers.get("Location")).toContain("paypal.test");
    const card = await post("stripe");
    expect(card.headers.get("Location")).toContain("checkout.stripe.test");
    const unnamed = await post();
    expect(unnamed.headers.get("Location")).toContain("checkout.stripe.test");

    const before = await db().checkout.count();
    const sandbox = await post("sandbox");
    // Back to the form, with the field's error in the flash cookie.
    expect(sandbox.headers.get("Location")).toContain("modal=payment");
    expect(sandbox.headers.get("Set-Cookie")).toBeTruthy();
    expect(await db().checkout.count()).toBe(before);
  });

  it("shows the choice in the payment dialog with each method's own terms where PayPal charges another currency", async () => {
    // /id pays IDR by card; PayPal takes no IDR, so PayPal charges the default USD plan.
    const id = paymentOffer("id");
    expect(id.methods.map((m) => [m.provider, m.terms.currencyCode])).toEqual([
      ["stripe", "IDR"],
      ["paypal", "USD"],
    ]);
    expect(id.terms.currencyCode).toBe("IDR");
    // PHP is one of PayPal's currencies: the same terms either way.
    const ph = paymentOffer("ph");
    expect(ph.methods.map((m) => m.terms.currencyCode)).toEqual(["PHP", "PHP"]);

    // The payment dialog over any page (`?modal=payment`) offers the choice.
    const dialog = await routeData(rootLoader(routeArgs(new Request("http://localhost:3000/id/faqs?modal=payment"))));
    const offered = dialog.data as {
      paymentModal: { methods: { provider: string; terms: { currencyCode: string } }[] };
    };
    expect(offered.paymentModal.methods.map((m) => [m.provider, m.terms.currencyCode])).toEqual([
      ["stripe", "IDR"],
      ["paypal", "USD"],
    ]);

    const bought = await buyThrough("paypal", uniqueEmail("idr"), "id");
    expect(await db().checkout.findUniqueOrThrow({ where: { id: bought.id } })).toMatchObject({
      provider: "paypal",
      currency: "USD",
    });
    const card = await buyThrough("stripe", uniqueEmail("idr"), "id");
    expect(await db().checkout.findUniqueOrThrow({ where: { id: card.id } })).toMatchObject({
      provider: "stripe",
      currency: "IDR",
    });
  });

  it("has no sandbox: its renewals and checkout page are off", async () => {
    const { user } = await createUser();
    const sub = await db().subscription.update({
      where: { userId: user.id },
      data: {
        provider: "sandbox",
        providerSubscriptionId: `sbx_sub_two_${user.id}`,
        nextChargeAt: new Date(Date.now() - 1000),
        amount: 2999,
        periodDays: 30,
      },
    });
    expect(await renewSandboxSubscriptions()).toBe(0);
    expect(await db().payment.count({ where: { subscriptionId: sub.id } })).toBe(0);
    const page = await thrownResponse(
      sandboxPage({ ...routeArgs(new Request("http://localhost:3000/checkout/sandbox/x")), params: { id: "x" } }),
    );
    expect(page.status).toBe(404);
  });
});

describe("one provider left configured", () => {
  it("refuses the other one's path (501) and webhooks (404), and cancelling at it fails loudly", async () => {
    const paypal = await paidWithPayPal();
    delete process.env.PAYPAL_CLIENT_ID;
    resetConfig();
    try {
      expect(paymentProviderNames()).toEqual(["stripe"]);
      const refused = await buyThrough("paypal");
      expect(refused.response.status).toBe(501);
      const hook = await paypalWebhook("BILLING.SUBSCRIPTION.CANCELLED", { id: paypal.sub });
      expect(hook.status).toBe(404);
      const { cancelSubscription } = await import("~/billing/subscription.server");
      const user = await db().user.findUniqueOrThrow({ where: { email: paypal.email } });
      expect(await cancelSubscription(user.id)).toEqual({ ok: false, error: "provider" });
      expect(await subscriptionOf(paypal.email)).toMatchObject({ state: expect.not.stringMatching("cancelled") });
    } finally {
      process.env.PAYPAL_CLIENT_ID = PAYPAL_ENV.PAYPAL_CLIENT_ID;
      resetConfig();
    }
  });
});
