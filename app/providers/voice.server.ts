import { db } from "~/db/db.server";
import { config } from "~/server/config.server";
import { log } from "~/server/log.server";

import { providerTimeoutMs, withinProviderTime } from "./timeout.server";
import { twilioClient, twilioErrorMessage, twilioFailure } from "./twilio.server";

/** A call that plays `twiml`; Twilio reports its progress to `statusCallback`. */
export type VoiceCall = { to: string; twiml: string; statusCallback: string };
/** `unknown`: no answer in time (PROVIDER_TIMEOUT_MS): Twilio may have placed the call all the same. */
/** `permanent`: Twilio refused this call for good (a 4xx answer, such as an invalid number). */
export type CallResult =
  { ok: true; id: string; state: string } | { ok: false; error: string; unknown?: boolean; permanent?: boolean };

export interface VoiceProvider {
  readonly name: "outbox" | "twilio";
  call(call: VoiceCall): Promise<CallResult>;
}

/** Embedded default: the TwiML is stored and listed on the outbox page; nobody is called. */
export function outboxVoiceProvider(): VoiceProvider {
  return {
    name: "outbox",
    async call({ to, twiml }) {
      const row = await db().outboxMessage.create({ data: { channel: "voice", to, text: twiml } });
      return { ok: true, id: `outbox-${row.id}`, state: "queued" };
    },
  };
}

export function twilioVoiceProvider(options: {
  accountSid: string;
  authToken: string;
  from: string;
  baseUrl?: string;
  timeoutMs?: number;
}): VoiceProvider {
  const timeoutMs = options.timeoutMs ?? providerTimeoutMs();
  const client = twilioClient(options.accountSid, options.authToken, options.baseUrl, timeoutMs);
  return {
    name: "twilio",
    async call({ to, twiml, statusCallback }) {
      try {
        const twilio = await client();
        const call = await withinProviderTime(
          "Twilio call",
          twilio.calls.create({
            to,
            from: options.from,
            twiml,
            statusCallback,
            statusCallbackMethod: "POST",
            statusCallbackEvent: ["initiated", "ringing", "answered", "completed"],
          }),
          timeoutMs,
        );
        return { ok: true, id: call.sid, state: call.status ?? "queued" };
      } catch (error) {
        log("error", "Twilio call failed", { error: twilioErrorMessage(error) });
        return twilioFailure(error);
      }
    },
  };
}

// Chosen once per configuration (tests reset the configuration to switch providers).
let chosen: { for: object; provider: VoiceProvider } | undefined;
export function voiceProvider(): VoiceProvider {
  const c = config();
  if (chosen?.for !== c) {
    const provider =
      c.TWILIO_ACCOUNT_SID && c.TWILIO_AUTH_TOKEN && c.TWILIO_FROM
        ? twilioVoiceProvider({
            accountSid: c.TWILIO_ACCOUNT_SID,
            authToken: c.TWILIO_AUTH_TOKEN,
            from: c.TWILIO_FROM,
            baseUrl: c.TEST_TWILIO_BASE_URL,
          })
        : outboxVoiceProvider();
    chosen = { for: c, provider };
  }
  return chosen.provider;
}
