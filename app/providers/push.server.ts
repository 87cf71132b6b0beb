// Web Push (docs/decisions/048): one message to one device's push service. The standard protocol:
// web-push builds the request (a VAPID JWT signed with the sender's key, RFC 8292; the payload
// encrypted for the browser's key with aes128gcm, RFC 8291/8188), and it is posted here with fetch,
// bounded by PROVIDER_TIMEOUT_MS. The embedded default keeps the message in the outbox (sandbox and
// demo: nothing leaves the machine); APP_MODE=live always sends, since Web Push needs no account
// (the VAPID keys are made and kept by the server): there is nothing to fall back from.
import webpush from "web-push";

import { db } from "~/db/db.server";
import type { VapidKeys } from "~/notifications/vapid.server";
import { config } from "~/server/config.server";

import { isPermanentStatus } from "./email.server";
import { isProviderTimeout, providerTimeoutMs, withinProviderTime } from "./timeout.server";

export type PushTarget = { endpoint: string; p256dh: string; auth: string; device: string };

/** What the device shows: never a position or a number (docs/decisions/048). */
export type PushMessage = { title: string; body: string; url: string; tag: string; lang: string };

/**
 * `gone`: the push service no longer knows this subscription (404/410): it is deleted. `unknown`: the
 * request went out and no answer came: it may be shown, so it is never sent again. `permanent`: the
 * same request would be refused again (another 4xx).
 */
export type PushResult =
  | { ok: true }
  | { ok: false; gone: true; error: string }
  | { ok: false; gone?: false; error: string; unknown?: boolean; permanent?: boolean };

export interface PushProvider {
  readonly name: "outbox" | "web-push";
  send(target: PushTarget, message: PushMessage, keys: VapidKeys): Promise<PushResult>;
}

/** How long a push service keeps a message for a device that is offline: a day, then it is stale. */
const TTL_SECONDS = 24 * 60 * 60;

/** Embedded default: the notification is stored and listed on the outbox page. */
export function outboxPushProvider(): PushProvider {
  return {
    name: "outbox",
    async send(target, message) {
      await db().outboxMessage.create({
        data: { channel: "push", to: target.device, subject: message.title, text: `${message.body}\n${message.url}` },
      });
      return { ok: true };
    },
  };
}

export function webPushProvider(options: { timeoutMs?: number } = {}): PushProvider {
  const timeoutMs = options.timeoutMs ?? providerTimeoutMs();
  return {
    name: "web-push",
    async send(target, message, keys) {
      const details = webpush.generateRequestDetails(
        { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
        JSON.stringify(message),
        {
          vapidDetails: keys,
          contentEncoding: "aes128gcm",
          TTL: TTL_SECONDS,
          urgency: "normal",
          // One notice per request and event: a repeat replaces the one still waiting for the device.
          topic: message.tag.replace(/[^A-Za-z0-9_-]/g, "").slice(0, 32),
        },
      );
      let response: Response;
      try {
        response = await withinProviderTime(
          "Web Push",
          fetch(details.endpoint, {
            method: "POST",
            headers: details.headers,
            body: details.body ? new Uint8Array(details.body) : null,
            redirect: "error",
            signal: AbortSignal.timeout(timeoutMs),
          }),
          timeoutMs,
        );
      } catch (error) {
        const text = error instanceof Error ? error.message : String(error);
        // No connection at all is a refusal (nothing was delivered); a request cut off waiting is not.
        return { ok: false, error: `Web Push: ${text}`, unknown: isProviderTimeout(error) };
      }
      // The body is a push service's explanation, read only to say it in the log.
      const said = (await response.text().catch(() => "")).slice(0, 200);
      if (response.ok) return { ok: true };
      const error = `Web Push: ${response.status} ${said}`.trim();
      if (response.status === 404 || response.status === 410) return { ok: false, gone: true, error };
      return { ok: false, error, permanent: isPermanentStatus(response.status) };
    },
  };
}

// Chosen once per configuration (tests reset the configuration to switch providers).
let chosen: { for: object; provider: PushProvider } | undefined;
export function pushProvider(): PushProvider {
  const c = config();
  if (chosen?.for !== c) chosen = { for: c, provider: c.mode === "live" ? webPushProvider() : outboxPushProvider() };
  return chosen.provider;
}
