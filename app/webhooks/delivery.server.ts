// Webhooks, the channel of request events for integrators (docs/webhooks.md, docs/decisions/047). An
// event the account wants told (app/notifications/events.server.ts) is one job of this channel; that
// job writes one delivery per enabled endpoint, each with its own job, in one transaction. A delivery
// POSTs the event's JSON, signed at each attempt (./signature.server.ts), to the endpoint's address
// after checking where it points (./address.server.ts); no redirect is followed. Any 2xx delivers it;
// anything else (a non-2xx, a timeout, no connection) is tried again, waiting twice as long each time
// (at least once: a receiver de-duplicates by the event id). An endpoint whose attempts have failed
// without a success for DISABLE_AFTER_MS is disabled and its owner e-mailed.
import { createHash } from "node:crypto";
import http from "node:http";
import https from "node:https";
import { isIP, type LookupFunction } from "node:net";

import { db } from "~/db/db.server";
import { renderEmail } from "~/emails/render.server";
import { paths } from "~/http/paths";
import { getT } from "~/i18n/i18next.server";
import { isLocale, localizePath, type Locale } from "~/i18n/locales";
import { enqueueJob, jobKind, PAYMENT_POLICY, startJobs, type JobKinds, type JobPolicy } from "~/jobs/jobs.server";
import { messagePolicy } from "~/location-requests/delivery.server";
import { requestState } from "~/location-requests/request-state";
import type { NotificationChannel, RequestEventPayload } from "~/notifications/events.server";
import { deleteInBatches } from "~/privacy/batches.server";
import { emailProvider } from "~/providers/email.server";
import { config } from "~/server/config.server";
import { log } from "~/server/log.server";
import { DAY, HOUR, MINUTE } from "~/utils/time";
import { addressAllowed, checkedLookup, checkUrlForm } from "~/webhooks/address.server";
import { SIGNATURE_HEADER, signatureHeader } from "~/webhooks/signature.server";

export const WEBHOOK_EVENT_JOB = "webhookEvent";
export const WEBHOOK_DELIVERY_JOB = "webhookDelivery";
export const WEBHOOK_DISABLED_EMAIL_JOB = "webhookDisabledEmail";

/** An unbroken run of failed attempts this long disables the endpoint (Stripe's is three days too). */
export const DISABLE_AFTER_MS = 3 * DAY;
/** How long the delivery log is kept (docs/privacy.md). */
export const DELIVERY_LOG_DAYS = 30;

/**
 * A delivery's tries: after 1 min, then twice as long each time up to a day between tries; 14 tries
 * in all, over about three and a half days, so that an endpoint down for good crosses DISABLE_AFTER_MS
 * with its first event's tries. A try's call is bounded by PROVIDER_TIMEOUT_MS.
 */
export function deliveryPolicy(): JobPolicy {
  return {
    leaseMs: config().PROVIDER_TIMEOUT_MS + MINUTE,
    retryBaseMs: MINUTE,
    retryMaxMs: 24 * HOUR,
    maxAttempts: 14,
  };
}

export const WEBHOOK_CHANNEL: NotificationChannel = {
  name: "webhook",
  jobKind: WEBHOOK_EVENT_JOB,
  wants: (account) => account.webhookEndpoints > 0,
};

/** `location_request.shared`, …: the event's type, from any request event. */
export const eventType = (event: RequestEventPayload["event"]) => `location_request.${event}`;

/** The event's id: the same for the same request and event whatever runs its job, so a repeat writes nothing new. */
export const eventIdOf = (jobKey: string) => `evt_${createHash("sha256").update(jobKey).digest("hex").slice(0, 24)}`;

/**
 * What an integrator receives: the event and the request it concerns (its id and its state when the
 * event is sent, the precision of a share), never a position or the recipient's number: they fetch
 * the request with the API (GET /api/v1/locate/requests/{id}) with their token.
 */
export function eventBody(input: {
  id: string;
  event: RequestEventPayload["event"];
  created: Date;
  requestId: string;
  status: string;
  precision?: RequestEventPayload["precision"];
}) {
  return JSON.stringify({
    id: input.id,
    object: "event",
    type: eventType(input.event),
    created: Math.floor(input.created.getTime() / 1000),
    data: {
      requestId: input.requestId,
      status: input.status,
      ...(input.precision ? { precision: input.precision } : {}),
    },
  });
}

/** The channel's job: one delivery (and its job) per endpoint enabled now, written together. */
const webhookEventJob = jobKind<RequestEventPayload>({
  policy: () => PAYMENT_POLICY,
  // Writing the deliveries twice writes nothing new (their keys), so a cut-off run is simply run again.
  afterInterruption: "repeat",
  async perform(key, payload, { now }) {
    const request = await db().locationRequest.findUnique({
      where: { id: payload.requestId },
      select: { id: true, userId: true, status: true, decision: true, delivery: true, createdAt: true },
    });
    if (!request) return { done: true };
    const job = await db().job.findUnique({ where: { key }, select: { createdAt: true } });
    const eventId = eventIdOf(key);
    const body = eventBody({
      id: eventId,
      event: payload.event,
      created: job?.createdAt ?? now,
      requestId: request.id,
      status: requestState(request, config().REQUEST_TTL_DAYS, now),
      ...(payload.precision ? { precision: payload.precision } : {}),
    });
    const keys = await db().$transaction(async (tx) => {
      const endpoints = await tx.webhookEndpoint.findMany({
        where: { userId: request.userId, disabledAt: null },
        select: { id: true },
      });
      const written: string[] = [];
      for (const endpoint of endpoints) {
        const delivery = await tx.webhookDelivery.upsert({
          where: { endpointId_eventId: { endpointId: endpoint.id, eventId } },
          create: { endpointId: endpoint.id, eventId, type: eventType(payload.event), body },
          update: {},
          select: { id: true },
        });
        written.push(await enqueueJob(tx, `webhook:${delivery.id}`, WEBHOOK_DELIVERY_JOB, { deliveryId: delivery.id }));
      }
      return written;
    });
    startJobs(keys);
    return { done: true };
  },
});

type Answer = { ok: true; status: number } | { ok: false; status: number | null; error: string };

/** One signed POST; its answer's status only (the body is not read). Redirects are answers, not followed. */
export async function postEvent(address: string, secret: string, body: string, now: Date): Promise<Answer> {
  const form = checkUrlForm(address);
  if (!form.ok) return { ok: false, status: null, error: `refused address: ${form.reason}` };
  const url = form.url;
  const literal = url.hostname.replace(/^\[(.*)\]$/, "$1");
  // Node connects to an address literal without a lookup: checked here, as the lookup checks names.
  if (isIP(literal) && !addressAllowed(literal))
    return { ok: false, status: null, error: `refused address ${literal}` };
  const client = url.protocol === "https:" ? https : http;
  return new Promise<Answer>((resolve) => {
    const request = client.request(
      url,
      {
        method: "POST",
        agent: false,
        lookup: checkedLookup as unknown as LookupFunction,
        signal: AbortSignal.timeout(config().PROVIDER_TIMEOUT_MS),
        headers: {
          "Content-Type": "application/json",
          "Content-Length": Buffer.byteLength(body),
          "User-Agent": "FamilyLocator-Webhooks/1",
          [SIGNATURE_HEADER]: signatureHeader(secret, body, now),
        },
      },
      (response) => {
        const status = response.statusCode ?? 0;
        response.destroy();
        resolve(status >= 200 && status < 300 ? { ok: true, status } : { ok: false, status, error: `HTTP ${status}` });
      },
    );
    request.on("error", (error) => {
      const timedOut = error.name === "AbortError" || error.name === "TimeoutError";
      resolve({ ok: false, status: null, error: timedOut ? "no answer in time" : error.message.slice(0, 300) });
    });
    request.end(body);
  });
}

/** One delivery's attempt: sent, or failed (its endpoint's run of failures grows, and may disable it). */
const webhookDeliveryJob = jobKind<{ deliveryId: string }>({
  policy: deliveryPolicy,
  // At least once: a try cut off in the middle is tried again (the receiver de-duplicates by event id).
  afterInterruption: "repeat",
  async perform(_key, { deliveryId }, { now, lastAttempt }) {
    const delivery = await db().webhookDelivery.findUnique({
      where: { id: deliveryId },
      select: { body: true, endpoint: { select: { id: true, url: true, secret: true, disabledAt: true } } },
    });
    // The endpoint was removed (its log with it), or the account deleted.
    if (!delivery) return { done: true };
    const { endpoint } = delivery;
    if (endpoint.disabledAt) {
      await db().webhookDelivery.update({
        where: { id: deliveryId },
        data: { failedAt: now, lastError: "endpoint disabled" },
      });
      return { done: true };
    }
    const answer = await postEvent(endpoint.url, endpoint.secret, delivery.body, now);
    await db().webhookDelivery.update({
      where: { id: deliveryId },
      data: {
        attempts: { increment: 1 },
        lastAttemptAt: now,
        lastStatus: answer.status,
        lastError: answer.ok ? null : answer.error,
        ...(answer.ok ? { deliveredAt: now } : {}),
      },
    });
    if (answer.ok) {
      await db().webhookEndpoint.update({
        where: { id: endpoint.id },
        data: { consecutiveFailures: 0, failingSince: null },
      });
      return { done: true };
    }
    if (await recordFailure(endpoint.id, now)) return { giveUp: `endpoint disabled after: ${answer.error}` };
    return lastAttempt ? { giveUp: answer.error } : { retry: answer.error };
  },
  async onGiveUp(_key, { deliveryId }) {
    await db().webhookDelivery.updateMany({
      where: { id: deliveryId, deliveredAt: null },
      data: { failedAt: new Date() },
    });
  },
});

/**
 * Adds a failed attempt to the endpoint's run; when the run has lasted DISABLE_AFTER_MS, disables the
 * endpoint and writes its owner's e-mail in the same transaction (once: only the write that disables
 * it does). True when the endpoint is disabled now.
 */
async function recordFailure(endpointId: string, now: Date) {
  const endpoint = await db().webhookEndpoint.update({
    where: { id: endpointId },
    data: { consecutiveFailures: { increment: 1 } },
    select: { failingSince: true, disabledAt: true },
  });
  if (!endpoint.failingSince) {
    await db().webhookEndpoint.updateMany({
      where: { id: endpointId, failingSince: null },
      data: { failingSince: now },
    });
    return false;
  }
  if (endpoint.disabledAt) return true;
  if (now.getTime() - endpoint.failingSince.getTime() < DISABLE_AFTER_MS) return false;
  const keys = await db().$transaction(async (tx) => {
    const { count } = await tx.webhookEndpoint.updateMany({
      where: { id: endpointId, disabledAt: null },
      data: { disabledAt: now },
    });
    if (count !== 1) return [];
    return [
      await enqueueJob(tx, `webhook-disabled:${endpointId}:${now.getTime()}`, WEBHOOK_DISABLED_EMAIL_JOB, {
        endpointId,
      }),
    ];
  });
  log("warn", "webhook endpoint disabled after failing for days", { endpointId });
  startJobs(keys);
  return true;
}

/** The owner's e-mail: which address was disabled, why, and where to turn it on again. */
export async function endpointDisabledEmail(url: string, locale: Locale) {
  const t = await getT(locale);
  const values = { url, days: DISABLE_AFTER_MS / DAY };
  return renderEmail({
    subject: t("webhooks.email.subject"),
    paragraphs: [t("webhooks.email.body", values), t("webhooks.email.next")],
    action: {
      href: new URL(localizePath(paths.webhooks, locale), config().publicUrl).toString(),
      label: t("webhooks.email.open"),
    },
    footer: t("webhooks.email.footer"),
  });
}

const webhookDisabledEmailJob = jobKind<{ endpointId: string }>({
  policy: messagePolicy,
  // An attempt cut off during the send may have sent it: ended unsent, as every e-mail (decision 041).
  afterInterruption: "unanswered",
  async perform(_key, { endpointId }) {
    const endpoint = await db().webhookEndpoint.findUnique({
      where: { id: endpointId },
      select: { url: true, disabledAt: true, user: { select: { email: true, locale: true } } },
    });
    // Removed, or enabled again, before the e-mail went: nothing to tell.
    if (!endpoint?.disabledAt) return { done: true };
    const locale = isLocale(endpoint.user.locale) ? endpoint.user.locale : "en";
    const email = await endpointDisabledEmail(endpoint.url, locale);
    const sent = await emailProvider().send({ to: endpoint.user.email, ...email });
    if (sent.ok || sent.unknown) return { done: true };
    return sent.permanent ? { giveUp: sent.error.slice(0, 500) } : { retry: sent.error.slice(0, 500) };
  },
});

/** The delivery log after DELIVERY_LOG_DAYS, and the ended jobs of deliveries and e-mails (the maintenance sweep). */
export async function purgeOldWebhookDeliveries(now = new Date()) {
  const cutoff = new Date(now.getTime() - DELIVERY_LOG_DAYS * DAY);
  const deliveries = await deleteInBatches(db().webhookDelivery, { createdAt: { lt: cutoff } });
  const jobs = await deleteInBatches(db().job, {
    doneAt: { lt: cutoff },
    kind: { in: [WEBHOOK_DELIVERY_JOB, WEBHOOK_DISABLED_EMAIL_JOB] },
  });
  return deliveries + jobs;
}

/** This module's kinds of job (app/jobs/kinds.server.ts joins them into JOB_KINDS). */
export const webhookJobKinds = {
  [WEBHOOK_EVENT_JOB]: webhookEventJob,
  [WEBHOOK_DELIVERY_JOB]: webhookDeliveryJob,
  [WEBHOOK_DISABLED_EMAIL_JOB]: webhookDisabledEmailJob,
} satisfies JobKinds;
