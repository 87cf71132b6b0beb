import { db } from "~/db/db.server";
import { config } from "~/server/config.server";
import { log } from "~/server/log.server";

import type { SendResult } from "./email.server";
import { providerTimeoutMs, withinProviderTime } from "./timeout.server";
import { twilioClient, twilioErrorMessage, twilioFailure } from "./twilio.server";

/** `statusCallback`: where Twilio posts the message's delivery status (app/routes/sms.status.ts). */
export type SmsMessage = { to: string; body: string; statusCallback?: string };

/** Twilio's "Attempt to send to unsubscribed recipient". */
export const TWILIO_UNSUBSCRIBED = 21610;

export interface SmsProvider {
  readonly name: "outbox" | "twilio";
  send(message: SmsMessage): Promise<SendResult>;
}

/** Embedded default: stored and listed on the outbox page. */
export function outboxSmsProvider(): SmsProvider {
  return {
    name: "outbox",
    async send({ to, body }) {
      const row = await db().outboxMessage.create({ data: { channel: "sms", to, text: body } });
      return { ok: true, id: row.id };
    },
  };
}

export function twilioSmsProvider(options: {
  accountSid: string;
  authToken: string;
  from?: string;
  messagingServiceSid?: string;
  baseUrl?: string;
  timeoutMs?: number;
}): SmsProvider {
  const timeoutMs = options.timeoutMs ?? providerTimeoutMs();
  const client = twilioClient(options.accountSid, options.authToken, options.baseUrl, timeoutMs);
  return {
    name: "twilio",
    async send({ to, body, statusCallback }) {
      try {
        const sender = options.messagingServiceSid
          ? { messagingServiceSid: options.messagingServiceSid }
          : { from: options.from };
        const twilio = await client();
        const message = await withinProviderTime(
          "Twilio SMS",
          twilio.messages.create({ to, body, ...sender, ...(statusCallback ? { statusCallback } : {}) }),
          timeoutMs,
        );
        return { ok: true, id: message.sid };
      } catch (error) {
        // 21610: the number replied STOP to this sender. Not a failure of ours: the recipient said no.
        if ((error as { code?: number }).code === TWILIO_UNSUBSCRIBED)
          return { ok: false, error: twilioErrorMessage(error), optedOut: true };
        log("error", "Twilio SMS failed", { error: twilioErrorMessage(error) });
        // No answer is not a refusal: Twilio may have accepted the message and sent it.
        return twilioFailure(error);
      }
    },
  };
}

// Chosen once per configuration (tests reset the configuration to switch providers).
let chosen: { for: object; provider: SmsProvider } | undefined;
export function smsProvider(): SmsProvider {
  const c = config();
  if (chosen?.for !== c) {
    const twilio = c.TWILIO_ACCOUNT_SID && c.TWILIO_AUTH_TOKEN && (c.TWILIO_FROM || c.TWILIO_MESSAGING_SERVICE_SID);
    const provider = twilio
      ? twilioSmsProvider({
          accountSid: c.TWILIO_ACCOUNT_SID!,
          authToken: c.TWILIO_AUTH_TOKEN!,
          from: c.TWILIO_FROM,
          messagingServiceSid: c.TWILIO_MESSAGING_SERVICE_SID,
          baseUrl: c.TEST_TWILIO_BASE_URL,
        })
      : outboxSmsProvider();
    chosen = { for: c, provider };
  }
  return chosen.provider;
}
