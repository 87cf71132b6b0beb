import type { ActionFunctionArgs } from "@remix-run/node";
import { parseFormData } from "~/utils/form-data.server";
import { recordCallStatus, STATUS_PATH, validTwilioSignature } from "~/voice-messages.server";

/** Twilio's call status callback: signed with the auth token over the public URL and the form fields. */
export async function action({ request }: ActionFunctionArgs) {
  // Twilio always posts a form: anything else is not Twilio and gets a plain 4xx, no page.
  const parsed = await parseFormData(request);
  if (!parsed.ok) return new Response(parsed.status === 415 ? "Unsupported Media Type" : "Bad Request", { status: parsed.status });
  const params = Object.fromEntries([...parsed.form].map(([k, v]) => [k, String(v)]));
  if (!validTwilioSignature(request.headers.get("X-Twilio-Signature"), STATUS_PATH, params)) {
    return new Response("Invalid signature", { status: 403 });
  }
  await recordCallStatus(params.CallSid ?? "", params.CallStatus ?? "");
  return new Response(null, { status: 204 });
}

export const loader = () => new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
