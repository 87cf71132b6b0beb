import type { Locale } from "~/i18n/locales";

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

/** `unavailable`: the provider's own verification service did not answer (an outage, not a forgery). */
export type WebhookParsed =
  { ok: true; event: PaymentEvent } | { ok: false; error: "signature" | "not-configured" | "unavailable" };

export type ProviderName = "sandbox" | "stripe" | "paypal";

export interface PaymentProvider {
  readonly name: ProviderName;
  createCheckout(input: CheckoutInput): Promise<CheckoutCreated>;
  /** Stops renewals; the paid period runs out normally. `idempotencyKey` makes a retried request one (Stripe). */
  cancelAtPeriodEnd(providerSubscriptionId: string, options?: { idempotencyKey?: string }): Promise<ProviderResult>;
  /**
   * Undoes `cancelAtPeriodEnd` before the period ends, where the provider allows it (Stripe: clears
   * cancel_at_period_end). Absent where a cancellation is final (PayPal).
   */
  resumeRenewals?(providerSubscriptionId: string): Promise<ProviderResult>;
  /** The state of a checkout at the provider, by the provider's id for it (`sessionId`). */
  checkoutStatus(sessionId: string, checkoutId: string): Promise<CheckoutStatus>;
  /** Verifies a webhook delivery against the raw body and turns it into a domain event. */
  parseWebhook(rawBody: string, headers: Headers): Promise<WebhookParsed>;
}
