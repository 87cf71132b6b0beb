import { config } from "~/config.server";

import { sandboxPaymentProvider } from "./sandbox.server";
import type { PaymentProvider, ProviderName } from "./types";

let chosen: { for: object; provider: PaymentProvider } | undefined;

/** The configured provider: Stripe when its key is set, else PayPal, else the sandbox. */
export async function paymentProvider(): Promise<PaymentProvider> {
  const c = config();
  if (chosen?.for !== c) {
    const name = activePaymentProviderName();
    let provider: PaymentProvider;
    if (name === "stripe") {
      const { stripePaymentProvider } = await import("./stripe.server");
      provider = stripePaymentProvider({
        secretKey: c.STRIPE_SECRET_KEY!,
        webhookSecret: c.STRIPE_WEBHOOK_SECRET,
        host: c.STRIPE_API_HOST,
        port: c.STRIPE_API_PORT,
        protocol: c.STRIPE_API_PROTOCOL,
      });
    } else if (name === "paypal") {
      const { paypalPaymentProvider } = await import("./paypal.server");
      provider = paypalPaymentProvider({
        clientId: c.PAYPAL_CLIENT_ID!,
        clientSecret: c.PAYPAL_CLIENT_SECRET!,
        webhookId: c.PAYPAL_WEBHOOK_ID,
        productId: c.PAYPAL_PRODUCT_ID,
        environment: c.PAYPAL_ENVIRONMENT,
        apiBase: c.PAYPAL_API_BASE,
      });
    } else {
      provider = sandboxPaymentProvider();
    }
    chosen = { for: c, provider };
  }
  return chosen.provider;
}

/** The active provider's name without building it, for the start-up log. */
export function activePaymentProviderName(): ProviderName {
  const c = config();
  if (c.STRIPE_SECRET_KEY) return "stripe";
  if (c.PAYPAL_CLIENT_ID && c.PAYPAL_CLIENT_SECRET) return "paypal";
  return "sandbox";
}
