import type { ActionFunctionArgs } from "@remix-run/node";

import {
  isVoiceLanguage,
  OPT_OUT_PATH,
  optedOutTwiml,
  optOut,
  readTwilioCallback,
} from "~/voice-messages/messages.server";

/** The digit the recipient pressed during a voice message (Twilio <Gather>): 9 stops all such calls. */
export async function action({ request }: ActionFunctionArgs) {
  const url = new URL(request.url);
  // Twilio always posts a form: anything else is not Twilio and gets a plain 4xx, no page.
  const callback = await readTwilioCallback(request, OPT_OUT_PATH + url.search);
  if (!callback.ok) return callback.response;
  const params = callback.params;
  const lang = url.searchParams.get("lang") ?? "en";
  if (params.Digits !== "9" || !params.To) {
    return new Response('<?xml version="1.0" encoding="UTF-8"?><Response><Hangup/></Response>', {
      headers: { "Content-Type": "text/xml" },
    });
  }
  await optOut(params.To);
  return new Response(await optedOutTwiml(isVoiceLanguage(lang) ? lang : "en"), {
    headers: { "Content-Type": "text/xml" },
  });
}

export const loader = () => new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
