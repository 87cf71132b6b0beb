import type { ActionFunctionArgs } from "@remix-run/node";

import { readTwilioCallback, recordCallStatus, STATUS_PATH } from "~/voice-messages/messages.server";

/** Twilio's call status callback: signed with the auth token over the public URL and the form fields. */
export async function action({ request }: ActionFunctionArgs) {
  // Twilio always posts a form: anything else is not Twilio and gets a plain 4xx, no page.
  // The URL Twilio signed: the voice message's id in its query (calls placed before it was added have none).
  const url = new URL(request.url);
  const callback = await readTwilioCallback(request, `${STATUS_PATH}${url.search}`);
  if (!callback.ok) return callback.response;
  const params = callback.params;
  await recordCallStatus(params.CallSid ?? "", params.CallStatus ?? "", url.searchParams.get("message"));
  return new Response(null, { status: 204 });
}

export const loader = () => new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
