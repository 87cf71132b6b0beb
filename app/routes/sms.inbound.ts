import type { ActionFunctionArgs } from "@remix-run/node";

import { getT } from "~/i18n/i18next.server";
import { isLocale } from "~/i18n/locales";
import { handleSmsReply, SMS_INBOUND_PATH } from "~/location-requests/recipient-controls.server";
import { readTwilioCallback } from "~/voice-messages/messages.server";

const xml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c]!);
const twiml = (message?: string) =>
  new Response(
    `<?xml version="1.0" encoding="UTF-8"?><Response>${message ? `<Message>${xml(message)}</Message>` : ""}</Response>`,
    {
      headers: { "Content-Type": "text/xml" },
    },
  );

/**
 * Twilio's inbound message webhook: a reply to one of our SMS, signed with the auth token over the
 * public URL and the form fields. STOP (and Twilio's other stop words) opts the number out of every
 * request, START undoes it, HELP is answered in the language of the last request sent to the number.
 */
export async function action({ request }: ActionFunctionArgs) {
  const callback = await readTwilioCallback(request, SMS_INBOUND_PATH);
  if (!callback.ok) return callback.response;
  const params = callback.params;
  const reply = await handleSmsReply(params.From ?? "", params.Body ?? "");
  if (reply.kind !== "help") return twiml();
  const t = await getT(reply.locale && isLocale(reply.locale) ? reply.locale : "en");
  return twiml(t("requests.sms.help"));
}

export const loader = () => new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
