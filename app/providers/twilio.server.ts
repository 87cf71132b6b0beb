import type { Twilio } from "twilio";

import { isPermanentStatus } from "./email.server";
import { isProviderTimeout, providerTimeoutMs } from "./timeout.server";

/**
 * The Twilio SDK, loaded on first use: it costs every process some 15 MB, and a server with the
 * embedded providers, or one that never calls, never needs it (docs/decisions/037).
 */
let sdk: Promise<typeof import("twilio")> | undefined;
export function loadTwilio() {
  sdk ??= import("twilio").then((module) => module.default);
  return sdk;
}

/**
 * A Twilio client, made on first use (with the SDK). `baseUrl` sends every API call to another origin
 * (a local fake of the Twilio API in tests and development); Twilio's edge/region settings cannot
 * point at localhost.
 */
export function twilioClient(
  accountSid: string,
  authToken: string,
  baseUrl?: string,
  timeoutMs = providerTimeoutMs(),
): () => Promise<Twilio> {
  let client: Promise<Twilio> | undefined;
  return () => {
    client ??= loadTwilio().then((twilio) => makeClient(twilio, accountSid, authToken, baseUrl, timeoutMs));
    return client;
  };
}

function makeClient(
  twilio: typeof import("twilio"),
  accountSid: string,
  authToken: string,
  baseUrl: string | undefined,
  timeoutMs: number,
) {
  // Twilio's own default would wait 30 s for an answer.
  const httpClient = new twilio.RequestClient({ timeout: timeoutMs });
  if (baseUrl) {
    const target = new URL(baseUrl);
    const request = httpClient.request.bind(httpClient);
    httpClient.request = (opts) => {
      const uri = new URL(opts.uri);
      uri.protocol = target.protocol;
      uri.host = target.host;
      return request({ ...opts, uri: uri.toString() });
    };
  }
  return twilio(accountSid, authToken, { httpClient });
}

export function twilioErrorMessage(error: unknown) {
  const e = error as { code?: number; status?: number; message?: string };
  return [e.status, e.code, e.message].filter(Boolean).join(" ") || "Twilio request failed";
}

/**
 * A Twilio call that threw, as a failed send: `unknown` when Twilio did not answer in time (it may have
 * acted all the same), `permanent` when it refused for good (a 4xx such as an invalid number).
 */
export function twilioFailure(error: unknown): { ok: false; error: string; unknown?: boolean; permanent?: boolean } {
  const status = (error as { status?: number }).status;
  const unknown = !status && isProviderTimeout(error);
  const permanent = isPermanentStatus(status);
  return {
    ok: false,
    error: twilioErrorMessage(error),
    ...(unknown ? { unknown } : {}),
    ...(permanent ? { permanent } : {}),
  };
}
