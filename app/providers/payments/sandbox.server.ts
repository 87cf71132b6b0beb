import { localizePath } from "~/i18n/locales";
import { config } from "~/server/config.server";

import type { PaymentProvider } from "./types";

/**
 * Embedded default: the "hosted checkout" is a page of this app (/checkout/sandbox/:id) with Pay and
 * Decline buttons; renewals and failures are driven by `npm run sandbox`. Nothing leaves the machine.
 */
export function sandboxPaymentProvider(): PaymentProvider {
  return {
    name: "sandbox",
    async createCheckout(input) {
      const url = new URL(localizePath(`/checkout/sandbox/${input.checkoutId}`, input.locale), config().publicUrl);
      // Like a hosted checkout, the page returns to the success address it was given.
      const success = new URL(input.successUrl);
      url.searchParams.set("return", success.pathname + success.search);
      return { ok: true, sessionId: `sbx_cs_${input.checkoutId}`, url: url.toString() };
    },
    async cancelAtPeriodEnd() {
      return { ok: true };
    },
    async checkoutStatus() {
      // The sandbox page applies Pay and Decline to the checkout itself: the local state is its state.
      return { state: "pending" };
    },
    async parseWebhook() {
      // The sandbox has no webhooks: its page and command apply events directly.
      return { ok: false, error: "not-configured" };
    },
  };
}
