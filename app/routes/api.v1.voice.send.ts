import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { ApiError, apiRoute, envelope, limitedError, methodNotAllowed, readJson, requireApiSubscriber } from "~/api/envelope.server";
import { parseMobile } from "~/phone/numbers.server";
import { MESSAGE_MAX, sendVoiceMessage, VOICE_LANGUAGES, VOICES } from "~/voice-messages/messages.server";

const body = z.object({
  senderName: z.string().trim().min(1).max(60),
  countryCode: z.string().max(5).default(""),
  phone: z.string().max(32),
  message: z.string().trim().min(1).max(MESSAGE_MAX),
  language: z.enum(VOICE_LANGUAGES).default("en"),
  voice: z.enum(VOICES).default("female"),
});

export const loader = ({ request }: LoaderFunctionArgs) => methodNotAllowed(request, "POST");

/** Calls a number and speaks the message; one per three hours per account. */
export const action = ({ request }: ActionFunctionArgs) =>
  apiRoute(request, async (ctx) => {
    const { user } = await requireApiSubscriber(request);
    const input = await readJson(request, body);
    const phone = parseMobile(input.countryCode, input.phone);
    if (!phone.ok) throw new ApiError(400, phone.error);
    const sent = await sendVoiceMessage({ userId: user.id, senderName: input.senderName, to: phone.e164, text: input.message, language: input.language, voice: input.voice });
    if (sent.ok) return envelope(200, { data: sent.message });
    if (sent.error === "optedOut") throw new ApiError(409, "voice.errors.optedOut");
    if (sent.error === "limited") throw limitedError(ctx, sent.nextAllowedAt);
    throw new ApiError(502, "voice.errors.sendFailed");
  });
