import type { Client as SendgridClient } from "@sendgrid/client";
import type { MailService as SendgridMailService } from "@sendgrid/mail";

import { db } from "~/db/db.server";
import { config } from "~/server/config.server";
import { log } from "~/server/log.server";

import { isProviderTimeout, providerTimeoutMs, withinProviderTime } from "./timeout.server";

/**
 * `headers`: extra mail headers, e.g. List-Unsubscribe (the outbox does not keep them). `customArgs`:
 * values the provider hands back with its delivery events (SendGrid's custom_args).
 */
export type EmailMessage = {
  to: string;
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
  customArgs?: Record<string, string>;
};
/**
 * `optedOut`: the provider refuses because the recipient opted out with it (Twilio error 21610).
 * `unknown`: no answer in time (PROVIDER_TIMEOUT_MS): the provider may have sent it all the same.
 * `permanent`: the provider refused this message for good (a 4xx answer such as an invalid number or
 * address): sending it again would be refused again. Other failures (5xx, no connection) may pass.
 */
export type SendResult =
  { ok: true; id: string } | { ok: false; error: string; optedOut?: boolean; unknown?: boolean; permanent?: boolean };

/** A 4xx answer other than 408 (timeout) and 429 (too many requests): the same request would fail again. */
export const isPermanentStatus = (status: unknown) =>
  typeof status === "number" && status >= 400 && status < 500 && status !== 408 && status !== 429;

export interface EmailProvider {
  readonly name: "outbox" | "sendgrid";
  send(message: EmailMessage): Promise<SendResult>;
}

/** Embedded default: messages are stored and shown on the outbox page; nothing leaves the machine. */
export function outboxEmailProvider(): EmailProvider {
  return {
    name: "outbox",
    async send(message) {
      const row = await db().outboxMessage.create({
        data: { channel: "email", to: message.to, subject: message.subject, text: message.text, html: message.html },
      });
      return { ok: true, id: row.id };
    },
  };
}

export function sendgridEmailProvider(
  apiKey: string,
  from: string,
  baseUrl?: string,
  timeoutMs = providerTimeoutMs(),
): EmailProvider {
  // SendGrid's SDK is loaded, and the mail service made, at the first e-mail (docs/decisions/037). Its
  // one check of the key (a warning) is made here, at start, as when the client was made here.
  if (!apiKey.startsWith("SG.")) log("warn", 'SendGrid: SENDGRID_API_KEY does not start with "SG."');
  let mail: Promise<SendgridMailService> | undefined;
  return {
    name: "sendgrid",
    async send(message) {
      try {
        mail ??= sendgridMailService(apiKey, baseUrl, timeoutMs);
        const service = await mail;
        const [response] = await withinProviderTime("SendGrid", service.send({ from, ...message }), timeoutMs);
        return { ok: true, id: String(response.headers["x-message-id"] ?? "") };
      } catch (error) {
        const detail = (error as { response?: { body?: unknown }; message?: string }).response?.body;
        log("error", "SendGrid send failed", { error: detail ?? (error as Error).message });
        const unknown = !detail && isProviderTimeout(error);
        // @sendgrid/client's ResponseError carries the HTTP status as `code`.
        const permanent = isPermanentStatus((error as { code?: unknown }).code);
        return {
          ok: false,
          error: (error as Error).message,
          ...(unknown ? { unknown } : {}),
          ...(permanent ? { permanent } : {}),
        };
      }
    },
  };
}

async function sendgridMailService(apiKey: string, baseUrl: string | undefined, timeoutMs: number) {
  // CommonJS modules whose types (`export =`) do not show the named exports a dynamic import has.
  const [{ Client }, { MailService }] = (await Promise.all([
    import("@sendgrid/client"),
    import("@sendgrid/mail"),
  ])) as unknown as [{ Client: typeof SendgridClient }, { MailService: typeof SendgridMailService }];
  // An own client and mail service: no shared module state. setApiKey resets the base URL, so a
  // configured base URL (a local fake in tests) is set after it.
  const client = new Client();
  client.setApiKey(apiKey);
  if (baseUrl) client.setDefaultRequest("baseUrl", baseUrl);
  // axios's timeout (the SDK has none by default: a hung API would hold the caller for ever).
  // (a request option the SDK passes on to axios, though its types do not list it)
  client.setDefaultRequest({ timeout: timeoutMs } as unknown as Parameters<SendgridClient["setDefaultRequest"]>[0]);
  const mail = new MailService();
  mail.setClient(client);
  return mail;
}

// Chosen once per configuration (tests reset the configuration to switch providers).
let chosen: { for: object; provider: EmailProvider } | undefined;
export function emailProvider(): EmailProvider {
  const c = config();
  if (chosen?.for !== c) {
    const provider = c.SENDGRID_API_KEY
      ? sendgridEmailProvider(c.SENDGRID_API_KEY, c.MAIL_FROM, c.TEST_SENDGRID_BASE_URL)
      : outboxEmailProvider();
    chosen = { for: c, provider };
  }
  return chosen.provider;
}
