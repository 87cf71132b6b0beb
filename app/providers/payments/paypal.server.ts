import {
  ApplicationContextUserAction,
  Client,
  Environment,
  IntervalUnit,
  SubscriptionsController,
  TenureType,
} from "@paypal/paypal-server-sdk";
import { z } from "zod";

import { db } from "~/db/db.server";
import { log } from "~/server/log.server";
import { DAY } from "~/utils/time";

import { providerTimeoutMs } from "../timeout.server";
import type { CheckoutInput, PaymentEvent, PaymentProvider } from "./types";

type PayPalOptions = {
  clientId: string;
  clientSecret: string;
  webhookId?: string;
  productId?: string;
  environment: "sandbox" | "production";
  /** Test seam: another PayPal-compatible API origin (a local fake), instead of the environment's. */
  apiBase?: string;
};

const API_BASE = { sandbox: "https://api-m.sandbox.paypal.com", production: "https://api-m.paypal.com" } as const;
const decimal = (minor: number) => (minor / 100).toFixed(2);
const minor = (value: string) => Math.round(Number(value) * 100);

/** The parts of a PayPal webhook body the app reads, validated. */
const webhookBody = z.object({
  id: z.string(),
  event_type: z.string(),
  create_time: z.string(),
  resource: z
    .object({
      id: z.string().optional(),
      custom_id: z.string().optional(),
      // A sale names the subscription's custom_id as `custom`.
      custom: z.string().optional(),
      billing_agreement_id: z.string().optional(),
      status_update_time: z.string().optional(),
      amount: z
        .object({
          total: z.string().optional(),
          value: z.string().optional(),
          currency: z.string().optional(),
          currency_code: z.string().optional(),
        })
        .optional(),
      billing_info: z
        .object({
          next_billing_time: z.string().optional(),
          last_failed_payment: z
            .object({ amount: z.object({ currency_code: z.string(), value: z.string() }).optional() })
            .optional(),
        })
        .optional(),
      subscriber: z.object({ payer_id: z.string().optional() }).optional(),
    })
    .passthrough(),
});

/**
 * PayPal subscriptions through the official server SDK. A billing plan per price (a one-day trial
 * cycle at the first-day amount, then a regular cycle every `periodDays` days) is created once and
 * reused by every process (the PaymentPlan table); the subscription carries our checkout id in
 * `custom_id`. The OAuth tokens are per process: PayPal hands out any number.
 */
export function paypalPaymentProvider(options: PayPalOptions): PaymentProvider {
  const apiBase = (options.apiBase ?? API_BASE[options.environment]).replace(/\/+$/, "");
  const client = new Client({
    clientCredentialsAuthCredentials: { oAuthClientId: options.clientId, oAuthClientSecret: options.clientSecret },
    environment: options.environment === "production" ? Environment.Production : Environment.Sandbox,
    timeout: providerTimeoutMs(),
    // The SDK has no base-URL option: with another API origin, its HTTP client (axios) sends through
    // fetch with the environment's origin replaced.
    unstable_httpClientOptions: options.apiBase
      ? { adapter: "fetch", env: { fetch: rebasedFetch(API_BASE[options.environment], apiBase) } }
      : undefined,
  });
  const subscriptions = new SubscriptionsController(client);
  // The signature verification call is outside the SDK: its own token, reused until it expires.
  let verifyToken: Awaited<ReturnType<typeof client.clientCredentialsAuthManager.fetchToken>> | undefined;
  const fail = (what: string, error: unknown) => {
    // The SDK's ApiError has an empty message: the status and PayPal's error name say what happened.
    const e = error as Error & { statusCode?: number; result?: { name?: string; message?: string } };
    const detail = [e.statusCode, e.result?.name, e.result?.message, e.message].filter(Boolean).join(" ");
    log("error", `PayPal ${what} failed`, { error: detail });
    return { ok: false as const, error: detail };
  };

  async function planFor(input: CheckoutInput) {
    const key = priceKey(input);
    const known = await db().paymentPlan.findUnique({ where: { key: planKey(key) } });
    if (known) return known.planId;
    if (!options.productId) throw new Error("PAYPAL_PRODUCT_ID is not set");
    const { result } = await subscriptions.createBillingPlan({
      paypalRequestId: `plan-${key}`,
      body: {
        productId: options.productId,
        name: input.productName,
        // A returning subscriber's plan has no trial cycle: the regular price from the first charge.
        billingCycles: [
          ...(input.trial
            ? [
                {
                  tenureType: TenureType.Trial,
                  sequence: 1,
                  totalCycles: 1,
                  frequency: { intervalUnit: IntervalUnit.Day, intervalCount: 1 },
                  pricingScheme: { fixedPrice: { currencyCode: input.currency, value: decimal(input.firstDayAmount) } },
                },
              ]
            : []),
          {
            tenureType: TenureType.Regular,
            sequence: input.trial ? 2 : 1,
            totalCycles: 0,
            frequency: { intervalUnit: IntervalUnit.Day, intervalCount: input.periodDays },
            pricingScheme: { fixedPrice: { currencyCode: input.currency, value: decimal(input.amount) } },
          },
        ],
        paymentPreferences: { autoBillOutstanding: true, paymentFailureThreshold: 1 },
      },
    });
    if (!result.id) throw new Error("PayPal returned no plan id");
    // Processes that make the same plan at once send the same PayPal-Request-Id and get the same plan.
    await db().paymentPlan.upsert({
      where: { key: planKey(key) },
      create: { key: planKey(key), planId: result.id },
      update: { planId: result.id },
    });
    return result.id;
  }
  const priceKey = (input: CheckoutInput) =>
    `${input.currency}:${input.trial ? input.firstDayAmount : "none"}:${input.amount}:${input.periodDays}`;
  // Plans belong to the environment and its catalog product.
  const planKey = (price: string) => `paypal:${options.environment}:${options.productId}:${price}`;

  return {
    name: "paypal",
    async createCheckout(input) {
      try {
        const { result } = await subscriptions.createSubscription({
          paypalRequestId: `checkout-${input.checkoutId}`,
          body: {
            planId: await planFor(input),
            customId: input.checkoutId,
            subscriber: { emailAddress: input.email, name: { givenName: input.name, surname: input.surname } },
            applicationContext: {
              userAction: ApplicationContextUserAction.SubscribeNow,
              returnUrl: input.successUrl,
              cancelUrl: input.cancelUrl,
            },
          },
        });
        const approve = result.links?.find((link) => link.rel === "approve")?.href;
        if (!result.id || !approve) return { ok: false, error: "PayPal returned no approval link" };
        return { ok: true, sessionId: result.id, url: approve };
      } catch (error) {
        // A plan PayPal no longer takes (deactivated, deleted) is made again for the next checkout.
        if ([404, 422].includes((error as { statusCode?: number }).statusCode ?? 0)) {
          await db().paymentPlan.deleteMany({ where: { key: planKey(priceKey(input)) } });
        }
        return fail("checkout", error);
      }
    },
    async cancelAtPeriodEnd(subscriptionId) {
      // PayPal has no "cancel at period end": cancelling stops future cycles, and the app keeps
      // access until validUntil itself.
      try {
        await subscriptions.cancelSubscription({ id: subscriptionId, body: { reason: "Cancelled by the subscriber" } });
        return { ok: true };
      } catch (error) {
        // PayPal refuses to cancel twice: a subscription already stopped is the effect asked for (a
        // retried payment job, docs/decisions/011).
        try {
          const { result } = await subscriptions.getSubscription({ id: subscriptionId });
          if (result.status === "CANCELLED" || result.status === "EXPIRED") return { ok: true };
        } catch {
          // The original error says more.
        }
        return fail("cancel", error);
      }
    },
    async checkoutStatus(subscriptionId, checkoutId) {
      try {
        const { result } = await subscriptions.getSubscription({ id: subscriptionId });
        if (result.customId !== checkoutId)
          return { state: "error", error: `subscription ${subscriptionId} belongs to another checkout` };
        switch (result.status) {
          case "ACTIVE": {
            const created = new Date(result.createTime ?? result.startTime ?? Date.now());
            const next = result.billingInfo?.nextBillingTime;
            return {
              state: "paid",
              subscriptionId,
              customerId: result.subscriber?.payerId ?? null,
              at: created,
              periodEnd: next ? new Date(next) : new Date(created.getTime() + DAY),
            };
          }
          case "CANCELLED":
          case "EXPIRED":
          case "SUSPENDED":
            return { state: "unsubscribed" };
          default:
            // APPROVAL_PENDING, or APPROVED and about to be activated.
            return { state: "pending" };
        }
      } catch (error) {
        // Asked again on the next query: a warning, not an error.
        log("warn", "PayPal subscription status failed", { error: (error as Error).message });
        return { state: "error", error: (error as Error).message };
      }
    },
    async parseWebhook(rawBody, headers) {
      if (!options.webhookId) return { ok: false, error: "not-configured" };
      // PayPal's verification service down (no answer, a 5xx) proves nothing either way: an outage,
      // answered 503 so that PayPal delivers the event again, not a forged signature.
      const verified = await verifySignature(rawBody, headers).catch((error: Error) => {
        log("error", "PayPal unavailable: a webhook's signature could not be verified", { error: error.message });
        return "unavailable" as const;
      });
      if (verified === "unavailable") return { ok: false, error: "unavailable" };
      if (verified !== "verified") return { ok: false, error: "signature" };
      const parsed = webhookBody.safeParse(JSON.parse(rawBody));
      if (!parsed.success) return { ok: false, error: "signature" };
      return { ok: true, event: toPaymentEvent(parsed.data) };
    },
  };

  /**
   * PayPal verifies its own signatures: POST /v1/notifications/verify-webhook-signature. Throws when
   * PayPal cannot say (its token or verification service not answering in time, or answering 5xx/429).
   */
  async function verifySignature(rawBody: string, headers: Headers): Promise<"verified" | "refused"> {
    const token = (verifyToken = await client.clientCredentialsAuthManager.updateToken(verifyToken));
    const header = (name: string) => headers.get(name) ?? "";
    const response = await fetch(`${apiBase}/v1/notifications/verify-webhook-signature`, {
      method: "POST",
      headers: { Authorization: `Bearer ${token.accessToken}`, "Content-Type": "application/json" },
      // The event goes back verbatim: re-serialising parsed JSON could change what was signed.
      signal: AbortSignal.timeout(providerTimeoutMs()),
      body: `{"auth_algo":${JSON.stringify(header("paypal-auth-algo"))},"cert_url":${JSON.stringify(header("paypal-cert-url"))},"transmission_id":${JSON.stringify(header("paypal-transmission-id"))},"transmission_sig":${JSON.stringify(header("paypal-transmission-sig"))},"transmission_time":${JSON.stringify(header("paypal-transmission-time"))},"webhook_id":${JSON.stringify(options.webhookId)},"webhook_event":${rawBody}}`,
    });
    if (response.status >= 500 || response.status === 429) throw new Error(`verification answered ${response.status}`);
    if (!response.ok) return "refused";
    const body = (await response.json()) as { verification_status?: string };
    return body.verification_status === "SUCCESS" ? "verified" : "refused";
  }
}

/** fetch with `from` (an origin) replaced by `to` in every URL. */
function rebasedFetch(from: string, to: string): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    const url = request.url.startsWith(from) ? to + request.url.slice(from.length) : request.url;
    return fetch(new Request(url, request));
  };
}

function toPaymentEvent(body: z.infer<typeof webhookBody>): PaymentEvent {
  const base = { eventId: body.id, at: new Date(body.create_time) };
  const r = body.resource;
  const next = r.billing_info?.next_billing_time ? new Date(r.billing_info.next_billing_time) : null;
  switch (body.event_type) {
    case "BILLING.SUBSCRIPTION.ACTIVATED":
      if (!r.id || !r.custom_id) break;
      return {
        ...base,
        kind: "checkout.paid",
        checkoutId: r.custom_id,
        subscriptionId: r.id,
        customerId: r.subscriber?.payer_id ?? null,
        periodEnd: next ?? new Date(base.at.getTime() + DAY),
      };
    case "PAYMENT.SALE.COMPLETED":
    case "PAYMENT.SALE.DENIED": {
      if (!r.id || !r.billing_agreement_id) break;
      const paid = body.event_type === "PAYMENT.SALE.COMPLETED";
      return {
        ...base,
        kind: paid ? "payment.succeeded" : "payment.failed",
        subscriptionId: r.billing_agreement_id,
        checkoutId: r.custom_id ?? r.custom ?? null,
        customerId: null,
        paymentId: r.id,
        amount: minor(r.amount?.total ?? r.amount?.value ?? "0"),
        currency: (r.amount?.currency ?? r.amount?.currency_code ?? "USD").toUpperCase(),
        // A sale does not say which period it pays for: the plan does (the first day, then regular
        // periods), applied in app/billing/payment-events.server.ts.
        periodEnd: null,
      };
    }
    case "BILLING.SUBSCRIPTION.PAYMENT.FAILED": {
      if (!r.id) break;
      const failed = r.billing_info?.last_failed_payment?.amount;
      return {
        ...base,
        kind: "payment.failed",
        subscriptionId: r.id,
        checkoutId: r.custom_id ?? null,
        customerId: null,
        paymentId: `${body.id}:failed`,
        amount: failed ? minor(failed.value) : 0,
        currency: (failed?.currency_code ?? "USD").toUpperCase(),
        periodEnd: null,
      };
    }
    case "BILLING.SUBSCRIPTION.UPDATED":
    case "BILLING.SUBSCRIPTION.RE-ACTIVATED":
      if (!r.id) break;
      return { ...base, kind: "subscription.updated", subscriptionId: r.id, cancelAtPeriodEnd: false, periodEnd: next };
    case "BILLING.SUBSCRIPTION.CANCELLED":
      // Ours (cancel at period end) or the buyer's at PayPal: either way no further renewals.
      if (!r.id) break;
      return { ...base, kind: "subscription.updated", subscriptionId: r.id, cancelAtPeriodEnd: true, periodEnd: null };
    case "BILLING.SUBSCRIPTION.EXPIRED":
    case "BILLING.SUBSCRIPTION.SUSPENDED":
      if (!r.id) break;
      return { ...base, kind: "subscription.ended", subscriptionId: r.id, checkoutId: r.custom_id ?? null };
    default:
      break;
  }
  return { ...base, kind: "ignored", type: body.event_type };
}
