import { issueAuthCode } from "~/auth/auth-code.server";
import { isCheckoutBrowser } from "~/auth/checkout-browser.server";
import { db } from "~/db/db.server";
import { hit } from "~/limits/rate-limit.server";
import { paymentProvider } from "~/providers/payments/provider.server";

import { applyPaymentEvent } from "./payment-events.server";

// After checkout: the register query (the payment's result, asking the provider when its webhook is
// late) and the automatic sign-in.

/** A checkout id's longest form (the document's bound, and the route's). */
export const CHECKOUT_ID_MAX = 64;

export type RegisterStatus = "pending" | "success" | "failed" | "unsubscribed" | "unknown";

/**
 * The payment and signing result of a checkout (GET /api/v1/personnal/registerQuery/{id}). The first
 * successful query from the browser that started the checkout (`browserSecret`, its cookie value)
 * hands out the single automatic sign-in code; later ones, and any other browser (`elsewhere`), get
 * the result without it.
 */
export async function registerQuery(
  checkoutId: string,
  browserSecret: string | null,
): Promise<{ status: RegisterStatus; authCode?: string; renewal?: boolean; elsewhere?: boolean; userId?: string }> {
  let checkout = await db().checkout.findUnique({ where: { id: checkoutId } });
  if (!checkout) return { status: "unknown" };
  if (checkout.status === "pending" && (await askProvider(checkout))) {
    checkout = (await db().checkout.findUnique({ where: { id: checkoutId } }))!;
  }
  switch (checkout.status) {
    case "pending":
      return { status: "pending" };
    case "failed":
      return { status: "failed" };
    case "unsubscribed":
      return { status: "unsubscribed" };
    case "paid": {
      if (!checkout.userId) return { status: "unknown" };
      if (!(await isCheckoutBrowser(checkoutId, browserSecret)))
        return { status: "success", elsewhere: true, userId: checkout.userId };
      const claimed = await db().checkout.updateMany({
        where: { id: checkoutId, status: "paid", authCodeIssuedAt: null },
        data: { authCodeIssuedAt: new Date() },
      });
      const authCode = claimed.count === 1 ? await issueAuthCode(checkout.userId, checkoutId) : undefined;
      return { status: "success", authCode, renewal: !authCode, userId: checkout.userId };
    }
    default:
      return { status: "unknown" };
  }
}

/** At most one provider status query per checkout in this many milliseconds, across processes. */
export const STATUS_QUERY_INTERVAL_MS = 5000;

/**
 * A checkout still pending locally: asks the provider (its webhook may be late or lost) and applies
 * the answer as the event the webhook would bring. The event id is per checkout, and completing a
 * checkout is claimed atomically, so this and a webhook arriving later or at the same time create
 * one account and send one e-mail. True when something changed.
 */
async function askProvider(checkout: { id: string; provider: string; providerSessionId: string | null }) {
  if (!checkout.providerSessionId || checkout.provider === "sandbox") return false;
  const provider = await paymentProvider(checkout.provider);
  if (!provider) return false;
  const slot = await hit(`checkout-status:${checkout.id}`, 1, STATUS_QUERY_INTERVAL_MS);
  if (!slot.ok) return false;
  const status = await provider.checkoutStatus(checkout.providerSessionId, checkout.id);
  switch (status.state) {
    case "paid":
      await applyPaymentEvent(provider.name, {
        kind: "checkout.paid",
        eventId: `status:${checkout.id}`,
        at: status.at,
        checkoutId: checkout.id,
        customerId: status.customerId,
        subscriptionId: status.subscriptionId,
        periodEnd: status.periodEnd,
      });
      // The first-day invoice too, as its "invoice.paid" webhook would: the payment id makes the two one record.
      if (status.payment) {
        await applyPaymentEvent(provider.name, {
          kind: "payment.succeeded",
          eventId: `status:${status.payment.id}`,
          at: status.payment.at,
          subscriptionId: status.subscriptionId,
          checkoutId: checkout.id,
          customerId: status.customerId,
          paymentId: status.payment.id,
          amount: status.payment.amount,
          currency: status.payment.currency,
          periodEnd: status.payment.periodEnd,
        });
      }
      return true;
    case "failed":
    case "unsubscribed": {
      const { count } = await db().checkout.updateMany({
        where: { id: checkout.id, status: "pending" },
        data: { status: status.state },
      });
      return count > 0;
    }
    default:
      return false;
  }
}
