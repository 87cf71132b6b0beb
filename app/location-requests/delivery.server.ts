// A location request's message on its way (docs/decisions/035): the rendered SMS or e-mail is written
// as a job (app/jobs/jobs.server.ts) in the transaction that stores the request, so a process that dies
// right after the commit still sends it. The request's own process tries at once; the job worker
// retries a send the provider surely refused (an error answer, no connection) with a growing wait, up
// to MESSAGE_SEND_ATTEMPTS, then marks it not delivered and gives the requester's slot back. A send
// whose outcome is unknown (no answer in time, a process that died during the call) is marked so and
// never sent again blindly; the provider's status callback settles it when one is configured.
import { EventWebhook, EventWebhookHeader } from "@sendgrid/eventwebhook";
import { z } from "zod";

import { db } from "~/db/db.server";
import { jobKind, type JobKinds, type JobPolicy } from "~/jobs/jobs.server";
import { releaseSlot } from "~/limits/usage-limit.server";
import { optOut, releaseDailyDelivery } from "~/location-requests/recipient-controls.server";
import { NOT_ACCEPTED } from "~/location-requests/request-state";
import { emailProvider, type EmailMessage } from "~/providers/email.server";
import { smsProvider } from "~/providers/sms.server";
import { config } from "~/server/config.server";
import { log } from "~/server/log.server";
import { HOUR, MINUTE } from "~/utils/time";

/** `delivery` of a message the provider may or may not have sent (no answer in time, or a crash). */
export const UNCONFIRMED = "unknown";

export type PreparedMessage =
  { channel: "sms"; sms: { to: string; body: string } } | { channel: "email"; email: EmailMessage };

/** What a send needs, and what to give back when it surely did not happen. */
export type RequestMessageJob = {
  requestId: string;
  message: PreparedMessage;
  /** The requester's three-hour slot for this channel (app/limits/usage-limit.server.ts). */
  slot: { key: string; claimedAtMs: number; previousMs: number | null };
  /** The recipient's daily delivery it counted against (recipient-controls), if any. */
  daily: { recipient: string; claimedAtMs: number } | null;
};

export const REQUEST_MESSAGE_JOB = "requestMessage";
export const requestMessageJobKey = (requestId: string) => `message:${requestId}`;

/**
 * How messages to recipients are retried: MESSAGE_RETRY_SECONDS doubling, capped at an hour, at most
 * MESSAGE_SEND_ATTEMPTS tries. A claimed send is left to its runner for longer than any provider call
 * takes, so a live send is never taken for a dead one.
 */
export function messagePolicy(): JobPolicy {
  const c = config();
  return {
    leaseMs: c.PROVIDER_TIMEOUT_MS + MINUTE,
    retryBaseMs: c.MESSAGE_RETRY_SECONDS * 1000,
    retryMaxMs: HOUR,
    maxAttempts: c.MESSAGE_SEND_ATTEMPTS,
  };
}

const INTERRUPTED = "interrupted while sending: it may have been delivered";

/** Moves the request's delivery from `from` to `data` only if it is still `from`; true when it did. */
async function settle(id: string, from: string, data: { delivery: string; deliveryError?: string | null }) {
  const { count } = await db().locationRequest.updateMany({ where: { id, delivery: from }, data });
  return count === 1;
}

/** What a request's send holds while it may still go out: the requester's slot, the recipient's day. */
export type SendUse = Pick<RequestMessageJob, "slot" | "daily">;

/**
 * Gives back what a request that surely was not sent had used: the requester's slot (unless claimed
 * since) and the recipient's day. The one give-back of a request's send: a creation that failed before
 * the request was stored (create.server.ts), a send given up, a provider's "not delivered".
 */
export async function giveBackSendUse(job: SendUse) {
  await releaseSlot(job.slot.key, job.slot);
  if (job.daily) await releaseDailyDelivery(job.daily.recipient, job.daily.claimedAtMs);
}

const requestMessageJob = jobKind<RequestMessageJob>({
  policy: messagePolicy,
  // The row says whether an interrupted attempt had begun the call (`sending`) or not (`queued`).
  afterInterruption: "perform",
  async perform(_key, job) {
    const row = await db().locationRequest.findUnique({
      where: { id: job.requestId },
      select: { id: true, delivery: true, target: true, recipientKey: true },
    });
    // The account was deleted, or the send was settled already (a status callback, a recovery).
    if (!row) return { done: true };
    if (row.delivery === "sending") {
      // An earlier attempt was cut off after the provider may have had the message: not sent twice.
      await settle(row.id, "sending", { delivery: UNCONFIRMED, deliveryError: INTERRUPTED });
      return { unanswered: INTERRUPTED };
    }
    if (row.delivery !== "queued") return { done: true };
    // The recipient erased their data meanwhile: there is nobody to send to any more.
    if (!row.target) return { giveUp: "the recipient erased their data" };

    // From here on the provider may have the message: a process that ends now leaves it `sending`,
    // which the next attempt (or recoverInterruptedSends) reads as "perhaps sent".
    if (!(await settle(row.id, "queued", { delivery: "sending" }))) return { done: true };
    // Both providers report back what became of the message, naming the request (routes/sms.status.ts,
    // routes/email.events.ts): that also settles a send whose answer never came.
    const message = job.message;
    const sent =
      message.channel === "sms"
        ? await smsProvider().send({ ...message.sms, statusCallback: smsStatusCallbackUrl(row.id) })
        : await emailProvider().send({ ...message.email, customArgs: { requestId: row.id } });
    if (sent.ok) {
      // A status callback may have been quicker than this answer: it is not undone.
      const providerMessageId = sent.id || null;
      const { count } = await db().locationRequest.updateMany({
        where: { id: row.id, delivery: "sending" },
        data: { delivery: "sent", deliveryError: null, providerMessageId },
      });
      if (count === 0) {
        log("info", "message status arrived before the provider's answer", { requestId: row.id });
        await db().locationRequest.update({ where: { id: row.id }, data: { providerMessageId } });
      }
      return { done: true };
    }
    const error = sent.error.slice(0, 500);
    if (sent.unknown) {
      // No answer in time: the provider may have sent it. Never marked failed (a resend could
      // duplicate it), and the slot stays used.
      await settle(row.id, "sending", { delivery: UNCONFIRMED, deliveryError: error });
      return { unanswered: error };
    }
    if (sent.optedOut && row.recipientKey) {
      // The carrier says the number replied STOP to our sender (Twilio 21610): the same as an opt-out here.
      await optOut(row.recipientKey, "carrier");
      await settle(row.id, "sending", { delivery: NOT_ACCEPTED, deliveryError: error });
      if (job.daily) await releaseDailyDelivery(job.daily.recipient, job.daily.claimedAtMs);
      return { done: true };
    }
    // Surely not sent: back in the queue until the next try (or given up, below).
    await settle(row.id, "sending", { delivery: "queued", deliveryError: error });
    return sent.permanent ? { giveUp: error } : { retry: error };
  },
  async onGiveUp(_key, job, error) {
    // A send cut off during its last attempt may have gone out: unconfirmed, and the slot stays used.
    if (await settle(job.requestId, "sending", { delivery: UNCONFIRMED, deliveryError: INTERRUPTED })) return;
    if (await settle(job.requestId, "queued", { delivery: "failed", deliveryError: error.slice(0, 500) }))
      await giveBackSendUse(job);
  },
  // The message (the number or address, the recipient's link) is not kept once it has been handled;
  // what a later "not delivered" from the provider gives back is.
  afterwards: (job) => ({ requestId: job.requestId, slot: job.slot, daily: job.daily }),
});

export const SMS_STATUS_PATH = "/sms/status";
export const EMAIL_EVENTS_PATH = "/email/events";

/** Twilio's StatusCallback for one request's SMS: the request's id in the URL, which Twilio signs. */
export const smsStatusCallbackUrl = (requestId: string) =>
  `${config().publicUrl.origin}${SMS_STATUS_PATH}?request=${encodeURIComponent(requestId)}`;

/** What a provider reports about a message: it took it, it reached the person, or it surely did not. */
export type DeliveryReport = "sent" | "delivered" | "failed";

/** Twilio's message states (MessageStatus), as reports; the others (queued, sending, …) say nothing new. */
export function twilioReport(status: string): DeliveryReport | null {
  if (status === "sent") return "sent";
  if (status === "delivered" || status === "read") return "delivered";
  if (status === "undelivered" || status === "failed" || status === "canceled") return "failed";
  return null;
}

/** SendGrid's event types, as reports (open, click and the like say it was delivered; deferred nothing yet). */
export function sendgridReport(event: string): DeliveryReport | null {
  if (event === "processed") return "sent";
  if (event === "delivered" || event === "open" || event === "click") return "delivered";
  if (event === "bounce" || event === "dropped" || event === "blocked") return "failed";
  return null;
}

/** The states each report may move a request's message from: forward only, whatever order they come in. */
const REPORT_FROM: Record<DeliveryReport, string[]> = {
  sent: ["sending", UNCONFIRMED],
  delivered: ["sending", UNCONFIRMED, "sent"],
  failed: ["sending", UNCONFIRMED, "sent"],
};

/**
 * A provider's report about one request's message (a verified status callback or event). A message
 * whose outcome was unknown becomes sent, delivered or not delivered; a message the provider could not
 * deliver is "Not delivered" and gives the requester's slot (and the recipient's day) back, since it
 * surely did not reach them. `providerMessageId`, when given, must be the request's own (or the
 * request's id was never answered). False when the report changed nothing.
 */
export async function recordDeliveryReport(
  requestId: string,
  channel: "sms" | "email",
  report: DeliveryReport,
  detail: { providerMessageId?: string; error?: string } = {},
) {
  const row = await db().locationRequest.findFirst({
    where: { id: requestId, channel },
    select: { id: true, delivery: true, providerMessageId: true },
  });
  if (!row) return false;
  const id = detail.providerMessageId;
  // SendGrid's event id is the message id followed by its own suffix.
  if (id && row.providerMessageId && !(id === row.providerMessageId || id.startsWith(`${row.providerMessageId}.`)))
    return false;
  const { count } = await db().locationRequest.updateMany({
    where: { id: row.id, delivery: { in: REPORT_FROM[report] } },
    data: {
      delivery: report,
      ...(report === "failed" ? { deliveryError: (detail.error ?? "not delivered").slice(0, 500) } : {}),
      ...(report !== "failed" && row.delivery === UNCONFIRMED ? { deliveryError: null } : {}),
      ...(!row.providerMessageId && id && channel === "sms" ? { providerMessageId: id } : {}),
    },
  });
  if (count === 1 && report === "failed") {
    const job = await db().job.findUnique({ where: { key: requestMessageJobKey(row.id) } });
    const used = job ? (JSON.parse(job.payload) as Partial<RequestMessageJob>) : {};
    if (used.slot) await giveBackSendUse({ slot: used.slot, daily: used.daily ?? null });
  }
  return count === 1;
}

/** Whether a job of this request is still waiting or running (its send is not settled yet). */
export async function openMessageJobs(requestIds: string[]) {
  if (requestIds.length === 0) return new Set<string>();
  const jobs = await db().job.findMany({
    where: { key: { in: requestIds.map(requestMessageJobKey) }, doneAt: null },
    select: { key: true },
  });
  return new Set(jobs.map((job) => job.key.slice("message:".length)));
}

/**
 * Sends a process did not finish and no job will finish (requests stored before messages went through
 * the job table above; a request whose job is still open is the job's to settle). A request still
 * `queued` never reached the provider: it is not delivered, and its slot is given back. One still `sending` may have gone out: it is marked unconfirmed and keeps its
 * slot. Only rows older than any send could take (PROVIDER_TIMEOUT_MS and a minute) are touched: a
 * live send is never taken for a dead one.
 */
export async function recoverInterruptedSends(now = new Date()) {
  const before = new Date(now.getTime() - config().PROVIDER_TIMEOUT_MS - 60_000);
  const stale = await db().locationRequest.findMany({
    where: { delivery: { in: ["queued", "sending"] }, updatedAt: { lt: before } },
    select: { id: true, userId: true, channel: true, createdAt: true, delivery: true },
    take: 500,
  });
  const open = await openMessageJobs(stale.map((row) => row.id));
  const orphans = stale.filter((row) => !open.has(row.id));
  const queued = orphans.filter((row) => row.delivery === "queued");
  for (const row of queued) {
    const { count } = await db().locationRequest.updateMany({
      where: { id: row.id, delivery: "queued" },
      data: { delivery: "failed", deliveryError: "interrupted before it was sent" },
    });
    // The slot this request claimed (just before it was stored), unless a later request holds it.
    if (count === 1)
      await db().usageSlot.deleteMany({
        where: {
          key: `${row.channel}:${row.userId}`,
          lastAtMs: { gte: BigInt(row.createdAt.getTime() - 60_000), lte: BigInt(row.createdAt.getTime()) },
        },
      });
  }
  const sending = await db().locationRequest.updateMany({
    where: {
      id: { in: orphans.filter((row) => row.delivery === "sending").map((row) => row.id) },
      delivery: "sending",
    },
    data: { delivery: UNCONFIRMED, deliveryError: "interrupted while sending: it may have been delivered" },
  });
  return { notSent: queued.length, unconfirmed: sending.count };
}

/** One SendGrid event, as much of it as is read; `requestId` is the custom argument set on the send. */
const sendgridEvent = z
  .object({
    event: z.string().max(50),
    requestId: z.string().max(100).optional(),
    sg_message_id: z.string().max(500).optional(),
    reason: z.string().max(500).optional(),
  })
  .passthrough();
const sendgridEvents = z.array(z.unknown()).max(10_000);

/**
 * The events of a SendGrid Event Webhook post, once its signature is right; otherwise the plain answer
 * to send: 404 while SENDGRID_WEBHOOK_PUBLIC_KEY is unset, 403 for a missing or wrong signature, 400
 * for a signed body that is not a list of events. Events that are not objects with an `event` are skipped.
 */
export async function readSendGridEvents(
  request: Request,
): Promise<{ ok: true; events: z.infer<typeof sendgridEvent>[] } | { ok: false; response: Response }> {
  const key = config().SENDGRID_WEBHOOK_PUBLIC_KEY;
  const refuse = (status: number, text: string) => ({ ok: false as const, response: new Response(text, { status }) });
  if (!key) return refuse(404, "Not Found");
  const raw = await request.text();
  const signature = request.headers.get(EventWebhookHeader.SIGNATURE());
  const timestamp = request.headers.get(EventWebhookHeader.TIMESTAMP());
  if (!signature || !timestamp || !validSendGridSignature(key, raw, signature, timestamp))
    return refuse(403, "Invalid signature");
  // The timestamp is signed with the body: one outside the window is a delivery replayed (or held)
  // by someone, not SendGrid's, which signs each delivery as it sends it.
  const ageMs = Math.abs(Date.now() - Number(timestamp) * 1000);
  if (!(ageMs <= config().SENDGRID_EVENT_MAX_AGE_MINUTES * MINUTE)) return refuse(403, "Stale signature");
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return refuse(400, "Bad Request");
  }
  const list = sendgridEvents.safeParse(parsed);
  if (!list.success) return refuse(400, "Bad Request");
  const events = list.data.flatMap((item) => {
    const event = sendgridEvent.safeParse(item);
    return event.success ? [event.data] : [];
  });
  return { ok: true, events };
}

/** True when SendGrid signed `timestamp` + `payload` with the key whose public half is `publicKey`. */
export function validSendGridSignature(publicKey: string, payload: string, signature: string, timestamp: string) {
  try {
    const webhook = new EventWebhook();
    return webhook.verifySignature(webhook.convertPublicKeyToECDSA(publicKey), payload, signature, timestamp);
  } catch {
    // A key or signature that is not even well-formed.
    return false;
  }
}

/** This module's kinds of job (app/jobs/kinds.server.ts joins them into JOB_KINDS). */
export const requestMessageJobKinds = {
  [REQUEST_MESSAGE_JOB]: requestMessageJob,
} satisfies JobKinds;
