import type { ActionFunctionArgs } from "@remix-run/node";
import { parseFormData } from "~/utils/form-data.server";
import { isVoiceLanguage, OPT_OUT_PATH, optedOutTwiml, optOut, validTwilioSignature } from "~/voice-messages.server";

/** The digit the recipient pressed during a voice message (Twilio <Gather>): 9 stops all such calls. */
export async function action({ request }: ActionFunctionArgs) {
  const url = new URL(request.url);
  // Twilio always posts a form: anything else is not Twilio and gets a plain 4xx, no page.
  const parsed = await parseFormData(request);
  if (!parsed.ok) return new Response(parsed.status === 415 ? "Unsupported Media Type" : "Bad Request", { status: parsed.status });
  const params = Object.fromEntries([...parsed.form].map(([k, v]) => [k, String(v)]));
  if (!validTwilioSignature(request.headers.get("X-Twilio-Signature"), OPT_OUT_PATH + url.search, params)) {
    return new Response("Invalid signature", { status: 403 });
  }
  const lang = url.searchParams.get("lang") ?? "en";
  if (params.Digits !== "9" || !params.To) {
    return new Response("<?xml version=\"1.0\" encoding=\"UTF-8\"?><Response><Hangup/></Response>", { headers: { "Content-Type": "text/xml" } });
  }
  await optOut(params.To);
  return new Response(await optedOutTwiml(isVoiceLanguage(lang) ? lang : "en"), { headers: { "Content-Type": "text/xml" } });
}

export const loader = () => new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
