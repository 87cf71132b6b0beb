import Stripe from "stripe";

import { log } from "~/server/log.server";
import { DAY } from "~/utils/time";

import { providerTimeoutMs } from "../timeout.server";
import type { PaymentEvent, PaymentProvider } from "./types";

type StripeOptions = {
  secretKey: string;
  webhookSecret?: string;
  /** Test seam: a local fake of the Stripe API. */
  host?: string;
  port?: number;
  protocol?: "http" | "https";
};

const checkoutLocale = { en: "en", id: "id", ph: "fil" } as const;
const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === "string" ? value : (value?.id ?? null);
const time = (seconds: number) => new Date(seconds * 1000);

/**
 * Stripe Checkout in subscription mode. The first day: a one-off line item for the first-day amount
 * plus the recurring price under a one-day trial, so the buyer pays the first-day amount at once and
 * the recurring amount when the trial ends, then every `periodDays` days.
 */
export function stripePaymentProvider(options: StripeOptions): PaymentProvider {
  const stripe = new Stripe(options.secretKey, {
    host: options.host,
    port: options.port,
    protocol: options.protocol,
    // The caller decides about retries; the SDK's own would triple a failing request.
    maxNetworkRetries: 0,
    timeout: providerTimeoutMs(),
  });
  const fail = (what: string, error: unknown) => {
    log("error", `Stripe ${what} failed`, { error: (error as Error).message });
    return { ok: false as const, error: (error as Error).message };
  };
  return {
    name: "stripe",
    async createCheckout(input) {
      try {
        const session = await stripe.checkout.sessions.create(
          {
            mode: "subscription",
            client_reference_id: input.checkoutId,
            customer_email: input.email,
            locale: checkoutLocale[input.locale],
            line_items: [
              {
                quantity: 1,
                price_data: {
                  currency: input.currency.toLowerCase(),
                  unit_amount: input.amount,
                  product_data: { name: input.productName },
                  recurring: { interval: "day", interval_count: input.periodDays },
                },
              },
              // A returning subscriber pays the regular amount at once: no first-day line, no trial.
              ...(input.trial
                ? [
                    {
                      quantity: 1,
                      price_data: {
                        currency: input.currency.toLowerCase(),
                        unit_amount: input.firstDayAmount,
                        product_data: { name: input.firstDayName },
                      },
                    },
                  ]
                : []),
            ],
            subscription_data: {
              ...(input.trial ? { trial_period_days: 1 } : {}),
              metadata: { checkoutId: input.checkoutId },
            },
            metadata: { checkoutId: input.checkoutId },
            success_url: input.successUrl,
            cancel_url: input.cancelUrl,
          },
          { idempotencyKey: `checkout-${input.checkoutId}` },
        );
        if (!session.url) return { ok: false, error: "Stripe returned no checkout URL" };
        return { ok: true, sessionId: session.id, url: session.url };
      } catch (error) {
        return fail("checkout", error);
      }
    },
    async cancelAtPeriodEnd(subscriptionId, options) {
      try {
        await stripe.subscriptions.update(
          subscriptionId,
          { cancel_at_period_end: true },
          options?.idempotencyKey ? { idempotencyKey: options.idempotencyKey } : undefined,
        );
        return { ok: true };
      } catch (error) {
        return fail("cancel", error);
      }
    },
    async resumeRenewals(subscriptionId) {
      try {
        await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: false });
        return { ok: true };
      } catch (error) {
        return fail("resume", error);
      }
    },
    async checkoutStatus(sessionId, checkoutId) {
      try {
        const session = await stripe.checkout.sessions.retrieve(sessionId, { expand: ["subscription", "invoice"] });
        if ((session.client_reference_id ?? session.metadata?.checkoutId) !== checkoutId) {
          return { state: "error", error: `session ${sessionId} belongs to another checkout` };
        }
        if (session.status === "expired") return { state: "failed" };
        const sub = session.subscription;
        if (session.status !== "complete" || session.payment_status === "unpaid" || !sub || typeof sub === "string")
          return { state: "pending" };
        if (sub.status === "canceled" || sub.status === "incomplete_expired") return { state: "unsubscribed" };
        const created = time(sub.created);
        const end = sub.trial_end ?? sub.items.data[0]?.current_period_end;
        const invoice = session.invoice;
        const paidInvoice =
          invoice && typeof invoice !== "string" && invoice.id && invoice.status === "paid" ? invoice : null;
        const invoiceEnds = paidInvoice?.lines?.data.map((line) => line.period.end) ?? [];
        return {
          state: "paid",
          subscriptionId: sub.id,
          customerId: idOf(session.customer),
          at: created,
          periodEnd: end ? time(end) : new Date(created.getTime() + DAY),
          payment: paidInvoice
            ? {
                id: paidInvoice.id!,
                amount: paidInvoice.amount_paid,
                currency: paidInvoice.currency.toUpperCase(),
                at: time(paidInvoice.status_transitions?.paid_at ?? paidInvoice.created),
                periodEnd: invoiceEnds.length ? time(Math.max(...invoiceEnds)) : null,
              }
            : undefined,
        };
      } catch (error) {
        // Asked again on the next query: a warning, not an error.
        log("warn", "Stripe checkout status failed", { error: (error as Error).message });
        return { state: "error", error: (error as Error).message };
      }
    },
    async parseWebhook(rawBody, headers) {
      if (!options.webhookSecret) return { ok: false, error: "not-configured" };
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, headers.get("stripe-signature") ?? "", options.webhookSecret);
      } catch {
        return { ok: false, error: "signature" };
      }
      return { ok: true, event: toPaymentEvent(event) };
    },
  };
}

/** Stripe's events in the domain's words; anything else is recorded and ignored. */
export function toPaymentEvent(event: Stripe.Event): PaymentEvent {
  const base = { eventId: event.id, at: time(event.created) };
  switch (event.type) {
    case "checkout.session.completed": {
      const session = event.data.object;
      const checkoutId = session.client_reference_id ?? session.metadata?.checkoutId;
      const subscriptionId = idOf(session.subscription);
      if (session.mode !== "subscription" || !checkoutId || !subscriptionId || session.payment_status === "unpaid")
        break;
      return {
        ...base,
        kind: "checkout.paid",
        checkoutId,
        subscriptionId,
        customerId: idOf(session.customer),
        periodEnd: new Date(base.at.getTime() + DAY),
      };
    }
    case "invoice.paid":
    case "invoice.payment_failed": {
      const invoice = event.data.object;
      const details = invoice.parent?.subscription_details;
      const subscriptionId = idOf(details?.subscription);
      if (!subscriptionId || !invoice.id) break;
      const ends = invoice.lines.data.map((line) => line.period.end);
      const paid = event.type === "invoice.paid";
      return {
        ...base,
        kind: paid ? "payment.succeeded" : "payment.failed",
        subscriptionId,
        checkoutId: details?.metadata?.checkoutId ?? null,
        customerId: idOf(invoice.customer),
        paymentId: invoice.id,
        amount: paid ? invoice.amount_paid : invoice.amount_due,
        currency: invoice.currency.toUpperCase(),
        periodEnd: paid && ends.length ? time(Math.max(...ends)) : null,
      };
    }
    case "customer.subscription.updated": {
      const sub = event.data.object;
      const end = sub.items.data[0]?.current_period_end;
      return {
        ...base,
        kind: "subscription.updated",
        subscriptionId: sub.id,
        cancelAtPeriodEnd: sub.cancel_at_period_end,
        periodEnd: end ? time(end) : null,
      };
    }
    case "customer.subscription.deleted": {
      const sub = event.data.object;
      return {
        ...base,
        kind: "subscription.ended",
        subscriptionId: sub.id,
        checkoutId: sub.metadata?.checkoutId ?? null,
      };
    }
    default:
      break;
  }
  return { ...base, kind: "ignored", type: event.type };
}
