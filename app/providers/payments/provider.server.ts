import { config } from "~/server/config.server";

import { sandboxPaymentProvider } from "./sandbox.server";
import type { PaymentProvider, ProviderName } from "./types";

// Stripe and PayPal may both be configured: the buyer chooses, and everything after the checkout
// (webhooks, status queries, cancelling, stopping an older subscription) goes to the provider the
// checkout or subscription was made with. The sandbox stands in only when neither is configured.

let built: { for: object; providers: Map<ProviderName, PaymentProvider> } | undefined;

/**
 * The payment providers that take payments, in the order the payment form offers them (card with
 * Stripe first, then PayPal); `["sandbox"]` when neither is configured.
 */
export function paymentProviderNames(): ProviderName[] {
  const c = config();
  const names: ProviderName[] = [];
  if (c.STRIPE_SECRET_KEY) names.push("stripe");
  if (c.PAYPAL_CLIENT_ID && c.PAYPAL_CLIENT_SECRET) names.push("paypal");
  return names.length > 0 ? names : ["sandbox"];
}

/** True when no real provider is configured and the embedded sandbox takes the payments. */
export function sandboxPayments() {
  return paymentProviderNames()[0] === "sandbox";
}

/** Whether `name` is one of the configured providers (the sandbox only when it stands in). */
export function isPaymentProviderName(name: unknown): name is ProviderName {
  return typeof name === "string" && (paymentProviderNames() as string[]).includes(name);
}

/**
 * The configured provider of that name (a checkout's or a subscription's own), or the first one
 * (what a new checkout uses when the buyer had no choice). Null when that provider is not configured
 * (any more): its webhooks are refused, and cancelling at it fails loudly.
 */
export async function paymentProvider(name?: string | null): Promise<PaymentProvider | null> {
  const c = config();
  if (built?.for !== c) built = { for: c, providers: new Map() };
  const wanted = name ?? paymentProviderNames()[0]!;
  if (!isPaymentProviderName(wanted)) return null;
  let provider = built.providers.get(wanted);
  if (!provider) {
    provider = await build(wanted);
    built.providers.set(wanted, provider);
  }
  return provider;
}

async function build(name: ProviderName): Promise<PaymentProvider> {
  const c = config();
  if (name === "stripe") {
    const { stripePaymentProvider } = await import("./stripe.server");
    return stripePaymentProvider({
      secretKey: c.STRIPE_SECRET_KEY!,
      webhookSecret: c.STRIPE_WEBHOOK_SECRET,
      host: c.TEST_STRIPE_API_HOST,
      port: c.TEST_STRIPE_API_PORT,
      protocol: c.TEST_STRIPE_API_PROTOCOL,
    });
  }
  if (name === "paypal") {
    const { paypalPaymentProvider } = await import("./paypal.server");
    return paypalPaymentProvider({
      clientId: c.PAYPAL_CLIENT_ID!,
      clientSecret: c.PAYPAL_CLIENT_SECRET!,
      webhookId: c.PAYPAL_WEBHOOK_ID,
      productId: c.PAYPAL_PRODUCT_ID,
      environment: c.PAYPAL_ENVIRONMENT,
      apiBase: c.TEST_PAYPAL_API_BASE,
    });
  }
  return sandboxPaymentProvider();
}
