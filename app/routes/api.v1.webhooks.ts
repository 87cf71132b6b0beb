import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";

import { applyPaymentEvent } from "~/billing/payment-events.server";
import { RETRY_AFTER_SECONDS } from "~/http/reject.server";
import { paymentProvider } from "~/providers/payments/provider.server";
import { log } from "~/server/log.server";

const MAX_WEBHOOK_BYTES = 1024 * 1024;
const answer = (status: number, body: Record<string, unknown>) =>
  Response.json(body, { status, headers: { "Cache-Control": "no-store" } });

export const loader = (_args: LoaderFunctionArgs) => answer(405, { error: "POST only" });

/**
 * POST /api/v1/webhooks/{stripe|paypal}, for each configured provider. The signature is checked over the raw body; each event is
 * applied once (a duplicate answers 200 and changes nothing). A failure answers 500, and the provider's
 * verification service down 503, so that the provider delivers again.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  // Each configured provider has its own endpoint (both at once when Stripe and PayPal are configured).
  const provider =
    params.provider === "stripe" || params.provider === "paypal" ? await paymentProvider(params.provider) : null;
  if (!provider) return answer(404, { error: "webhook not configured" });
  if (Number(request.headers.get("Content-Length") ?? "0") > MAX_WEBHOOK_BYTES)
    return answer(413, { error: "too large" });
  const raw = await request.text();
  if (raw.length > MAX_WEBHOOK_BYTES) return answer(413, { error: "too large" });
  const parsed = await provider.parseWebhook(raw, request.headers);
  // The provider's verification service down: 503, so that the provider delivers the event again.
  if (!parsed.ok && parsed.error === "unavailable")
    return Response.json(
      { error: parsed.error },
      { status: 503, headers: { "Cache-Control": "no-store", "Retry-After": RETRY_AFTER_SECONDS } },
    );
  if (!parsed.ok) return answer(parsed.error === "signature" ? 400 : 404, { error: parsed.error });
  try {
    const result = await applyPaymentEvent(provider.name, parsed.event);
    return answer(200, { received: true, status: result.status });
  } catch (error) {
    log("error", "webhook processing failed", { provider: provider.name, event: parsed.event.eventId, error });
    return answer(500, { error: "processing failed" });
  }
}
