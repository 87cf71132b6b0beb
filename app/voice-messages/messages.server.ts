// Send Voice Message: a call that speaks the user's text, introduced by who sent it through which
// service and closed by how to stop such calls (press 9). One per three hours per account; a number
// that opted out is never called again; the state follows Twilio's signed status callbacks.
import type twilio from "twilio";
import { z } from "zod";

import { db } from "~/db/db.server";
import { getT } from "~/i18n/i18next.server";
import type { Locale } from "~/i18n/locales";
import { enqueueJob, jobKind, runJobs, type JobKinds } from "~/jobs/jobs.server";
import { accountSlotKey, claimSlot, releaseSlot } from "~/limits/usage-limit.server";
import { messagePolicy } from "~/location-requests/delivery.server";
import { refineMobile } from "~/location-requests/schemas.server";
import { parseMobile } from "~/phone/numbers.server";
import { loadTwilio } from "~/providers/twilio.server";
import { voiceProvider, type VoiceCall } from "~/providers/voice.server";
import { config } from "~/server/config.server";
import { log } from "~/server/log.server";
import { withoutContactPoint } from "~/utils/contact-points.server";
import { cleanLine, cleanText, NAME_MAX } from "~/utils/display-text";
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

/**
 * A voice message's states: Twilio's call states, in the words of the spec's history, and two of ours
 * before Twilio has the call: `sending` (being placed) and `unknown` (Twilio did not answer in time or
 * the process stopped during the request: the call may or may not have been placed).
 */
export const UNCONFIRMED_CALL = "unknown";
export const CALL_STATES = [
  "sending",
  "unknown",
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
    // Spoken from our number, like a request's name in our SMS: the same cleaning and the same rule.
    senderName: z
      .string()
      .trim()
      .min(1, messageKey("requests.errors.nameRequired"))
      .max(NAME_MAX, messageKey("voice.errors.nameTooLong"))
      // A pipe, not a transform, after the documented bounds: a failed bound leaves the other checks running.
      .pipe(
        z
          .string()
          .transform(cleanLine)
          .pipe(
            z
              .string()
              .min(1, messageKey("requests.errors.nameRequired"))
              .max(NAME_MAX, messageKey("voice.errors.nameTooLong"))
              .superRefine(withoutContactPoint("requests.errors.nameContact")),
          ),
      ),
    countryCode: z.string().max(5, messageKey("requests.errors.numberInvalid")).default(""),
    phone: z
      .string()
      .min(1, messageKey("requests.errors.numberRequired"))
      .max(32, messageKey("requests.errors.numberInvalid")),
    // The body is spoken by our number too: "Your account is locked, call …" must not be.
    message: z
      .string()
      .trim()
      .min(1, messageKey("voice.errors.messageRequired"))
      .max(MESSAGE_MAX, messageKey("voice.errors.messageTooLong"))
      .pipe(
        z
          .string()
          .transform(cleanText)
          .pipe(
            z
              .string()
              .min(1, messageKey("voice.errors.messageRequired"))
              .max(MESSAGE_MAX, messageKey("voice.errors.messageTooLong"))
              .superRefine(withoutContactPoint("voice.errors.messageContact")),
          ),
      ),
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
  const { twiml } = await loadTwilio();
  const response = new twiml.VoiceResponse();
  response.say(say, parts.intro);
  response.pause({ length: 1 });
  response.say(say, parts.text);
  const gather = response.gather({ numDigits: 1, action: input.optOutUrl, method: "POST", timeout: 5 });
  gather.say(say, parts.optOut);
  return response.toString();
}

/** The spoken answer after the recipient pressed 9. */
export async function optedOutTwiml(language: VoiceLanguage) {
  const { twiml } = await loadTwilio();
  const response = new twiml.VoiceResponse();
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

/** A voice message's call on its way: a job (app/jobs/jobs.server.ts), like a location request's message. */
type VoiceCallJob = {
  voiceMessageId: string;
  call: VoiceCall;
  slot: { key: string; claimedAtMs: number; previousMs: number | null };
};
export const VOICE_CALL_JOB = "voiceCall";
export const voiceCallJobKey = (voiceMessageId: string) => `call:${voiceMessageId}`;

/** Moves the message's state from `from` to `data` only if it is still `from`; true when it did. */
async function settleCall(id: string, from: string, data: { state: string; error?: string | null; callSid?: string }) {
  const { count } = await db().voiceMessage.updateMany({ where: { id, state: from }, data });
  return count === 1;
}

const INTERRUPTED = "interrupted while placing the call: it may have been placed";

// The same rules as a location request's message (app/location-requests/delivery.server.ts): a call
// Twilio surely refused is tried again up to MESSAGE_SEND_ATTEMPTS, then failed with the slot given
// back; one whose outcome is unknown is `unknown` and never placed twice blindly.
const voiceCallJob = jobKind<VoiceCallJob>({
  policy: messagePolicy,
  // The row says whether an interrupted attempt had begun the call (`sending`) or not (`queued`).
  afterInterruption: "perform",
  async perform(_key, job) {
    const row = await db().voiceMessage.findUnique({ where: { id: job.voiceMessageId }, select: { state: true } });
    if (!row) return { done: true };
    if (row.state === "sending") {
      await settleCall(job.voiceMessageId, "sending", { state: UNCONFIRMED_CALL, error: INTERRUPTED });
      return { unanswered: INTERRUPTED };
    }
    if (row.state !== "queued") return { done: true };
    if (!(await settleCall(job.voiceMessageId, "queued", { state: "sending" }))) return { done: true };
    const placed = await voiceProvider().call({
      ...job.call,
      statusCallback: voiceStatusCallbackUrl(job.voiceMessageId),
    });
    if (placed.ok) {
      const state = (CALL_STATES as readonly string[]).includes(placed.state) ? placed.state : "queued";
      await db().voiceMessage.update({
        where: { id: job.voiceMessageId },
        data: { callSid: placed.id, state, error: null },
      });
      return { done: true };
    }
    const error = placed.error.slice(0, 500);
    if (placed.unknown) {
      await settleCall(job.voiceMessageId, "sending", { state: UNCONFIRMED_CALL, error });
      return { unanswered: error };
    }
    await settleCall(job.voiceMessageId, "sending", { state: "queued", error });
    return placed.permanent ? { giveUp: error } : { retry: error };
  },
  async onGiveUp(_key, job, error) {
    if (await settleCall(job.voiceMessageId, "sending", { state: UNCONFIRMED_CALL, error: INTERRUPTED })) return;
    if (await settleCall(job.voiceMessageId, "queued", { state: "failed", error: error.slice(0, 500) }))
      await releaseSlot(job.slot.key, job.slot);
  },
  // The spoken text and the number are not kept in the job once it has been handled; the slot, which a
  // later "failed" from Twilio gives back, is.
  afterwards: (job) => ({ voiceMessageId: job.voiceMessageId, slot: job.slot }),
});

/**
 * Stores the voice message and its call as a job in one transaction, then tries the call at once; the
 * job worker retries a call Twilio surely refused. "sendFailed" only when it was refused for good.
 */
export async function sendVoiceMessage(input: SendInput): Promise<SendResult> {
  const slotKey = accountSlotKey("voice", input.userId);
  const claim = await claimSlot(slotKey);
  if (!claim.ok) return { ok: false, error: "limited", nextAllowedAt: claim.nextAllowedAt };
  // Asked only once the slot is claimed, and the slot is kept: whether a number pressed 9 costs a
  // sender's message to learn, like a location request a recipient refused (docs/decisions/012).
  if (await db().voiceOptOut.findUnique({ where: { number: input.to } })) return { ok: false, error: "optedOut" };
  let id: string;
  let key: string;
  try {
    const origin = config().publicUrl.origin;
    const optOutUrl = `${origin}${OPT_OUT_PATH}?lang=${input.language}`;
    const twiml = await buildTwiml({ ...input, optOutUrl });
    const call = { to: input.to, twiml, statusCallback: `${origin}${STATUS_PATH}` };
    ({ id, key } = await db().$transaction(async (tx) => {
      const row = await tx.voiceMessage.create({
        data: { userId: input.userId, to: input.to, text: input.text, language: input.language, voice: input.voice },
      });
      const slot = { key: slotKey, claimedAtMs: claim.claimedAtMs, previousMs: claim.previousMs };
      const job: VoiceCallJob = { voiceMessageId: row.id, call, slot };
      return { id: row.id, key: await enqueueJob(tx, voiceCallJobKey(row.id), VOICE_CALL_JOB, job) };
    }));
  } catch (error) {
    await releaseSlot(slotKey, claim);
    throw error;
  }
  await runJobs(new Date(), { keys: [key] }).catch((error) => log("error", "voice call failed", { error }));
  const row = await db().voiceMessage.findUnique({ where: { id }, select: { state: true } });
  if (row?.state === "failed") return { ok: false, error: "sendFailed" };
  return { ok: true, message: { id, state: row?.state ?? "queued" } };
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
  if (!(await validTwilioSignature(request.headers.get("X-Twilio-Signature"), path, params))) {
    return { ok: false, response: new Response("Invalid signature", { status: 403 }) };
  }
  return { ok: true, params };
}

/** True when Twilio signed these form parameters for this public URL with the auth token. */
export async function validTwilioSignature(signature: string | null, path: string, params: Record<string, string>) {
  const token = config().TWILIO_AUTH_TOKEN;
  if (!token || !signature) return false;
  const { validateRequest } = await loadTwilio();
  return validateRequest(token, signature, `${config().publicUrl.origin}${path}`, params);
}

/** How far a call has got: a callback may only move a message forward (they can arrive out of order). */
const STATE_RANK: Record<string, number> = {
  sending: -1,
  unknown: -1,
  queued: 0,
  initiated: 1,
  ringing: 2,
  "in-progress": 3,
};
const rank = (state: string) => STATE_RANK[state] ?? 4; // every final state ranks 4

/** Twilio's status callback for one voice message: its id in the URL, which Twilio signs. */
export const voiceStatusCallbackUrl = (voiceMessageId: string) =>
  `${config().publicUrl.origin}${STATUS_PATH}?message=${encodeURIComponent(voiceMessageId)}`;

/**
 * A status callback: moves the call's message to Twilio's state (states Twilio does not have are
 * ignored). `messageId` (from the callback's URL) finds a message whose placing got no answer, so it
 * has no call id yet ("Call not confirmed"): the callback settles it, and a call Twilio reports
 * `failed` or `canceled` before it rang gives the sender's slot back (it surely did not happen).
 */
export async function recordCallStatus(callSid: string, status: string, messageId?: string | null) {
  if (!(CALL_STATES as readonly string[]).includes(status) || !callSid) return false;
  const earlier = CALL_STATES.filter((state) => rank(state) < rank(status));
  const before = messageId
    ? await db().voiceMessage.findFirst({
        where: { id: messageId, OR: [{ callSid }, { callSid: null }] },
        select: { id: true, state: true },
      })
    : null;
  const where = before ? { id: before.id } : { callSid };
  const { count } = await db().voiceMessage.updateMany({
    where: { ...where, state: { in: earlier } },
    data: { state: status, ...(before ? { callSid } : {}) },
  });
  if (count === 1 && before && (status === "failed" || status === "canceled") && rank(before.state) < 0) {
    const job = await db().job.findUnique({ where: { key: voiceCallJobKey(before.id) } });
    const slot = job ? (JSON.parse(job.payload) as Partial<VoiceCallJob>).slot : undefined;
    if (slot) await releaseSlot(slot.key, slot);
  }
  return (await db().voiceMessage.count({ where })) > 0;
}

export async function optOut(number: string) {
  await db().voiceOptOut.upsert({ where: { number }, create: { number }, update: {} });
}

/** This module's kinds of job (app/jobs/kinds.server.ts joins them into JOB_KINDS). */
export const voiceJobKinds = {
  [VOICE_CALL_JOB]: voiceCallJob,
} satisfies JobKinds;
