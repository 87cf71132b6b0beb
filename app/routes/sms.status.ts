import type { ActionFunctionArgs } from "@remix-run/node";

import { recordDeliveryReport, SMS_STATUS_PATH, twilioReport } from "~/location-requests/delivery.server";
import { readTwilioCallback } from "~/voice-messages/messages.server";

/**
 * Twilio's StatusCallback for a location request's SMS (set on each message it creates): signed with
 * the auth token over the public URL, the request's id in its query, and the form fields. `sent`,
 * `delivered`, `undelivered` and `failed` move the request's delivery forward (a message whose send got
 * no answer included); the other states change nothing.
 */
export async function action({ request }: ActionFunctionArgs) {
  const url = new URL(request.url);
  const callback = await readTwilioCallback(request, `${SMS_STATUS_PATH}${url.search}`);
  if (!callback.ok) return callback.response;
  const { MessageSid, MessageStatus, ErrorCode } = callback.params;
  const report = twilioReport(MessageStatus ?? "");
  const requestId = url.searchParams.get("request");
  if (report && requestId)
    await recordDeliveryReport(requestId, "sms", report, {
      ...(MessageSid ? { providerMessageId: MessageSid } : {}),
      error: `Twilio: ${MessageStatus}${ErrorCode ? ` (error ${ErrorCode})` : ""}`,
    });
  return new Response(null, { status: 204 });
}

export const loader = () => new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
