// Send Voice Message: a call that speaks the user's text, introduced by who sent it through which
// service and closed by how to stop such calls (press 9). One per three hours per account; a number
// that opted out is never called again; the state follows Twilio's signed status callbacks.
import twilio from "twilio";
import { z } from "zod";

import { config } from "~/config.server";
import { db } from "~/db.server";
import { getT } from "~/i18n/i18next.server";
import type { Locale } from "~/i18n/locales";
import { refineMobile } from "~/location-requests/requests.server";
import { parseMobile } from "~/phone/numbers.server";
import { voiceProvider } from "~/providers/voice.server";
import { claimSlot, releaseSlot } from "~/usage-limit.server";
import { withoutContactPoint } from "~/utils/contact-points.server";
import { NAME_MAX } from "~/utils/display-text";
import { parseFormData } from "~/utils/form-data.server";
import { messageKey } from "~/utils/parse-form";

import { MESSAGE_MAX, VOICE_LANGUAGES, VOICES, type Voice, type VoiceLanguage } from "./messages";

export { MESSAGE_MAX, VOICE_LANGUAGES, VOICES, type Voice, type VoiceLanguage } from "./messages";

/** Twilio <Say> language tags and Google text-to-speech voices per language. */
type SayVoice = NonNullable<Parameters<InstanceType<typeof twilio.twiml.VoiceResponse>["say"]>[0]>["voice"] & string;
const SPEECH: Record<
  VoiceLanguage,
  { tag: "en-US" | "id-ID" | "fil-PH"; voices: Record<Voice, SayVoice>; locale: Locale }
> = {
  en: { tag: "en-US", voices: { female: "Google.en-US-Standard-C", male: "Google.en-US-Standard-B" }, locale: "en" },
  id: { tag: "id-ID", voices: { female: "Google.id-ID-Standard-A", male: "Google.id-ID-Standard-B" }, locale: "id" },
  fil: {
    tag: "fil-PH",
    voices: { female: "Google.fil-PH-Standard-A", male: "Google.fil-PH-Standard-C" },
    locale: "ph",
  },
};

/** Twilio call states, in the words of the spec's history. */
export const CALL_STATES = [
  "queued",
  "initiated",
  "ringing",
  "in-progress",
  "completed",
  "busy",
  "no-answer",
  "failed",
  "canceled",
] as const;
export const STATUS_PATH = "/voice/status";
export const OPT_OUT_PATH = "/voice/opt-out";

export const isVoiceLanguage = (v: string): v is VoiceLanguage => (VOICE_LANGUAGES as readonly string[]).includes(v);
export const isVoice = (v: string): v is Voice => (VOICES as readonly string[]).includes(v);

/**
 * A voice message as the page's form and the JSON API send it (messages are translation keys): who
 * it is from, the number to call (`countryCode`, a region or a dial code, with `phone`), the text,
 * and how it is spoken.
 */
export const sendVoiceSchema = z
  .object({
    senderName: z
      .string()
      .trim()
      .min(1, messageKey("requests.errors.nameRequired"))
      .max(NAME_MAX, messageKey("voice.errors.nameTooLong"))
      .superRefine(withoutContactPoint("requests.errors.nameContact")),
    countryCode: z.string().max(5, messageKey("requests.errors.numberInvalid")).default(""),
    phone: z.string().max(32, messageKey("requests.errors.numberInvalid")),
    message: z
      .string()
      .trim()
      .min(1, messageKey("voice.errors.messageRequired"))
      .max(MESSAGE_MAX, messageKey("voice.errors.messageTooLong")),
    language: z.enum(VOICE_LANGUAGES).default("en"),
    voice: z.enum(VOICES).default("female"),
  })
  .superRefine(refineMobile)
  .transform(({ countryCode, phone, message, ...input }) => {
    const number = parseMobile(countryCode, phone);
    // Only reached when refineMobile accepted the number.
    return number.ok ? { ...input, to: number.e164, text: message } : z.NEVER;
  });

/** The three spoken parts, in the message's language: who sent it, the message, how to stop. */
export async function spokenParts(input: { senderName: string; text: string; language: VoiceLanguage }) {
  const t = await getT(SPEECH[input.language].locale);
  return {
    intro: t("voice.spoken.intro", { name: input.senderName }),
    text: input.text,
    optOut: t("voice.spoken.optOut"),
    optedOut: t("voice.spoken.optedOut"),
  };
}

export async function buildTwiml(input: {
  senderName: string;
  text: string;
  language: VoiceLanguage;
  voice: Voice;
  optOutUrl: string;
}) {
  const parts = await spokenParts(input);
  const say = { language: SPEECH[input.language].tag, voice: SPEECH[input.language].voices[input.voice] } as const;
  const response = new twilio.twiml.VoiceResponse();
  response.say(say, parts.intro);
  response.pause({ length: 1 });
  response.say(say, parts.text);
  const gather = response.gather({ numDigits: 1, action: input.optOutUrl, method: "POST", timeout: 5 });
  gather.say(say, parts.optOut);
  return response.toString();
}

/** The spoken answer after the recipient pressed 9. */
export async function optedOutTwiml(language: VoiceLanguage) {
  const response = new twilio.twiml.VoiceResponse();
  response.say(
    { language: SPEECH[language].tag },
    (await spokenParts({ senderName: "", text: "", language })).optedOut,
  );
  response.hangup();
  return response.toString();
}

export type SendInput = {
  userId: string;
  senderName: string;
  to: string;
  text: string;
  language: VoiceLanguage;
  voice: Voice;
};
export type SendResult =
  | { ok: true; message: { id: string; state: string } }
  | { ok: false; error: "optedOut" }
  | { ok: false; error: "limited"; nextAllowedAt: Date }
  | { ok: false; error: "sendFailed" };

export async function sendVoiceMessage(input: SendInput): Promise<SendResult> {
  if (await db().voiceOptOut.findUnique({ where: { number: input.to } })) return { ok: false, error: "optedOut" };
  const slotKey = `voice:${input.userId}`;
  const claim = await claimSlot(slotKey);
  if (!claim.ok) return { ok: false, error: "limited", nextAllowedAt: claim.nextAllowedAt };
  const row = await db().voiceMessage.create({
    data: { userId: input.userId, to: input.to, text: input.text, language: input.language, voice: input.voice },
  });
  const origin = config().publicUrl.origin;
  const optOutUrl = `${origin}${OPT_OUT_PATH}?lang=${input.language}`;
  const twiml = await buildTwiml({ ...input, optOutUrl });
  const placed = await voiceProvider().call({ to: input.to, twiml, statusCallback: `${origin}${STATUS_PATH}` });
  if (!placed.ok) {
    await db().voiceMessage.update({
      where: { id: row.id },
      data: { state: "failed", error: placed.error.slice(0, 500) },
    });
    await releaseSlot(slotKey, claim);
    return { ok: false, error: "sendFailed" };
  }
  const state = (CALL_STATES as readonly string[]).includes(placed.state) ? placed.state : "queued";
  await db().voiceMessage.update({ where: { id: row.id }, data: { callSid: placed.id, state } });
  return { ok: true, message: { id: row.id, state } };
}

/**
 * A Twilio callback's form fields, once its signature over `path` (on the public URL) is right; otherwise
 * the plain answer to send: 4xx for a body that is not a form (not Twilio), 403 for a bad signature.
 */
export async function readTwilioCallback(
  request: Request,
  path: string,
): Promise<{ ok: true; params: Record<string, string> } | { ok: false; response: Response }> {
  const parsed = await parseFormData(request);
  if (!parsed.ok)
    return {
      ok: false,
      response: new Response(parsed.status === 415 ? "Unsupported Media Type" : "Bad Request", {
        status: parsed.status,
      }),
    };
  const params = Object.fromEntries([...parsed.form].map(([k, v]) => [k, String(v)]));
  if (!validTwilioSignature(request.headers.get("X-Twilio-Signature"), path, params)) {
    return { ok: false, response: new Response("Invalid signature", { status: 403 }) };
  }
  return { ok: true, params };
}

/** True when Twilio signed these form parameters for this public URL with the auth token. */
export function validTwilioSignature(signature: string | null, path: string, params: Record<string, string>) {
  const token = config().TWILIO_AUTH_TOKEN;
  if (!token || !signature) return false;
  return twilio.validateRequest(token, signature, `${config().publicUrl.origin}${path}`, params);
}

/** How far a call has got: a callback may only move a message forward (they can arrive out of order). */
const STATE_RANK: Record<string, number> = { queued: 0, initiated: 1, ringing: 2, "in-progress": 3 };
const rank = (state: string) => STATE_RANK[state] ?? 4; // every final state ranks 4

/** A status callback: moves the call's message to Twilio's state (unknown states are ignored). */
export async function recordCallStatus(callSid: string, status: string) {
  if (!(CALL_STATES as readonly string[]).includes(status)) return false;
  const earlier = CALL_STATES.filter((state) => rank(state) < rank(status));
  await db().voiceMessage.updateMany({ where: { callSid, state: { in: earlier } }, data: { state: status } });
  return (await db().voiceMessage.count({ where: { callSid } })) > 0;
}

export async function optOut(number: string) {
  await db().voiceOptOut.upsert({ where: { number }, create: { number }, update: {} });
}

export async function listVoiceMessages(userId: string, take = 50) {
  const rows = await db().voiceMessage.findMany({
    where: { userId },
    orderBy: { createdAt: "desc" },
    take,
    select: { id: true, to: true, text: true, language: true, voice: true, state: true, createdAt: true },
  });
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}
