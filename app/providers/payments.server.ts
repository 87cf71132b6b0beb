import { config } from "~/config.server";
import { localizePath, type Locale } from "~/i18n/locales";

/** What a buyer is about to pay for; amounts in minor units (cents). */
export type CheckoutInput = {
  checkoutId: string;
  email: string;
  name: string;
  surname: string;
  locale: Locale;
  currency: string;
  firstDayAmount: number;
  amount: number;
  periodDays: number;
  /**
   * true: the first day at `firstDayAmount`, then `amount` every `periodDays` days. false (a returning
   * subscriber): `amount` at once for a full period, no first day.
   */
  trial: boolean;
  /** Absolute URLs built from PUBLIC_URL, never from the Host header. */
  successUrl: string;
  cancelUrl: string;
  /** Shown on the provider's page. */
  productName: string;
  firstDayName: string;
};

/** Where the buyer goes to pay; `sessionId` is the provider's id for the checkout. */
export type CheckoutCreated = { ok: true; sessionId: string; url: string } | { ok: false; error: string };
export type ProviderResult = { ok: true } | { ok: false; error: string };

/**
 * What providers tell us, in the domain's words. Each event carries the provider's event id (for
 * exactly-once processing) and the provider's time (for ordering).
 */
export type PaymentEvent = { eventId: string; at: Date } & (
  | {
      kind: "checkout.paid";
      checkoutId: string;
      customerId: string | null;
      subscriptionId: string;
      /** End of the first (trial) day: access until then, the first renewal at that time. */
      periodEnd: Date;
    }
  | {
      kind: "payment.succeeded" | "payment.failed";
      subscriptionId: string;
      checkoutId: string | null;
      customerId: string | null;
      paymentId: string;
      amount: number;
      currency: string;
      /** For a success: the end of the period this payment covers. */
      periodEnd: Date | null;
    }
  | { kind: "subscription.updated"; subscriptionId: string; cancelAtPeriodEnd: boolean; periodEnd: Date | null }
  | { kind: "subscription.ended"; subscriptionId: string; checkoutId: string | null }
  | { kind: "ignored"; type: string }
);

/**
 * What the provider says about a checkout when asked (its webhook may be late or lost). "paid" carries
 * what "checkout completed" would; `at` is the provider's creation time of the subscription, which
 * is never later than any event about it, so a later webhook is not taken for an older one.
 */
export type CheckoutStatus =
  | { state: "pending" | "failed" | "unsubscribed" }
  | {
      state: "paid";
      subscriptionId: string;
      customerId: string | null;
      at: Date;
      periodEnd: Date;
      /** The first invoice, when the provider names it: the payment history shows it without waiting for its webhook. */
      payment?: { id: string; amount: number; currency: string; at: Date; periodEnd: Date | null };
    }
  | { state: "error"; error: string };

export type WebhookParsed = { ok: true; event: PaymentEvent } | { ok: false; error: "signature" | "not-configured" };

export type ProviderName = "sandbox" | "stripe" | "paypal";

export interface PaymentProvider {
  readonly name: ProviderName;
  createCheckout(input: CheckoutInput): Promise<CheckoutCreated>;
  /** Stops renewals; the paid period runs out normally. `idempotencyKey` makes a retried request one (Stripe). */
  cancelAtPeriodEnd(providerSubscriptionId: string, options?: { idempotencyKey?: string }): Promise<ProviderResult>;
  /** The state of a checkout at the provider, by the provider's id for it (`sessionId`). */
  checkoutStatus(sessionId: string, checkoutId: string): Promise<CheckoutStatus>;
  /** Verifies a webhook delivery against the raw body and turns it into a domain event. */
  parseWebhook(rawBody: string, headers: Headers): Promise<WebhookParsed>;
}

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

let chosen: { for: object; provider: PaymentProvider } | undefined;

/** The configured provider: Stripe when its key is set, else PayPal, else the sandbox. */
export async function paymentProvider(): Promise<PaymentProvider> {
  const c = config();
  if (chosen?.for !== c) {
    const name = activePaymentProviderName();
    let provider: PaymentProvider;
    if (name === "stripe") {
      const { stripePaymentProvider } = await import("./payments-stripe.server");
      provider = stripePaymentProvider({
        secretKey: c.STRIPE_SECRET_KEY!,
        webhookSecret: c.STRIPE_WEBHOOK_SECRET,
        host: c.STRIPE_API_HOST,
        port: c.STRIPE_API_PORT,
        protocol: c.STRIPE_API_PROTOCOL,
      });
    } else if (name === "paypal") {
      const { paypalPaymentProvider } = await import("./payments-paypal.server");
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
