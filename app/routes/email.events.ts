import type { ActionFunctionArgs } from "@remix-run/node";

import {
  EMAIL_EVENTS_PATH,
  readSendGridEvents,
  recordDeliveryReport,
  sendgridReport,
} from "~/location-requests/delivery.server";

/**
 * SendGrid's Event Webhook (Signed Event Webhook): a JSON array of events, signed with SendGrid's
 * private key over the timestamp header and the raw body (ECDSA), verified with
 * SENDGRID_WEBHOOK_PUBLIC_KEY. Events of a location request's e-mail carry its id (`requestId`,
 * a custom argument set on the send) and move its delivery forward; every other event is ignored.
 * Answered 204 once verified (SendGrid sends again on any other answer); 403 for a bad signature or
 * a timestamp outside SENDGRID_EVENT_MAX_AGE_MINUTES of now (a replayed delivery);
 * 404 while no verification key is configured.
 */
export async function action({ request }: ActionFunctionArgs) {
  const events = await readSendGridEvents(request);
  if (!events.ok) return events.response;
  for (const event of events.events) {
    const report = sendgridReport(event.event);
    if (!report || !event.requestId) continue;
    await recordDeliveryReport(event.requestId, "email", report, {
      ...(event.sg_message_id ? { providerMessageId: event.sg_message_id } : {}),
      error: `SendGrid: ${event.event}${event.reason ? ` (${event.reason})` : ""}`,
    });
  }
  return new Response(null, { status: 204 });
}

export const loader = () =>
  new Response(`Method Not Allowed: ${EMAIL_EVENTS_PATH} takes POST`, { status: 405, headers: { Allow: "POST" } });
