// A location request's message on its way (docs/decisions/035): the rendered SMS or e-mail is written
// as a job (app/jobs.server.ts) in the transaction that stores the request, so a process that dies
// right after the commit still sends it. The request's own process tries at once; the job worker
// retries a send the provider surely refused (an error answer, no connection) with a growing wait, up
// to MESSAGE_SEND_ATTEMPTS, then marks it not delivered and gives the requester's slot back. A send
// whose outcome is unknown (no answer in time, a process that died during the call) is marked so and
// never sent again blindly; the provider's status callback settles it when one is configured.
import { config } from "~/config.server";
import { db } from "~/db.server";
import { defineJobKind, type JobPolicy } from "~/jobs.server";
import { optOut, releaseDailyDelivery } from "~/location-requests/recipient-controls.server";
import { NOT_ACCEPTED } from "~/location-requests/request-state";
import { emailProvider, type EmailMessage } from "~/providers/email.server";
import { smsProvider } from "~/providers/sms.server";
import { releaseSlot } from "~/usage-limit.server";
import { HOUR, MINUTE } from "~/utils/time";

/** `delivery` of a message the provider may or may not have sent (no answer in time, or a crash). */
export const UNCONFIRMED = "unknown";

export type PreparedMessage =
  { channel: "sms"; sms: { to: string; body: string } } | { channel: "email"; email: EmailMessage };

/** What a send needs, and what to give back when it surely did not happen. */
export type RequestMessageJob = {
  requestId: string;
  message: PreparedMessage;
  /** The requester's three-hour slot for this channel (app/usage-limit.server.ts). */
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

/** Gives back what a message that surely did not go out had used: the requester's slot, the recipient's day. */
async function giveBack(job: RequestMessageJob) {
  await releaseSlot(job.slot.key, job.slot);
  if (job.daily) await releaseDailyDelivery(job.daily.recipient, job.daily.claimedAtMs);
}

defineJobKind<RequestMessageJob>(REQUEST_MESSAGE_JOB, {
  policy: messagePolicy,
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
      return { done: true };
    }
    if (row.delivery !== "queued") return { done: true };
    // The recipient erased their data meanwhile: there is nobody to send to any more.
    if (!row.target) return { giveUp: "the recipient erased their data" };

    // From here on the provider may have the message: a process that ends now leaves it `sending`,
    // which the next attempt (or recoverInterruptedSends) reads as "perhaps sent".
    if (!(await settle(row.id, "queued", { delivery: "sending" }))) return { done: true };
    const message = job.message;
    const sent =
      message.channel === "sms" ? await smsProvider().send(message.sms) : await emailProvider().send(message.email);
    if (sent.ok) {
      await db().locationRequest.update({
        where: { id: row.id },
        data: { delivery: "sent", deliveryError: null, providerMessageId: sent.id || null },
      });
      return { done: true };
    }
    const error = sent.error.slice(0, 500);
    if (sent.unknown) {
      // No answer in time: the provider may have sent it. Never marked failed (a resend could
      // duplicate it), and the slot stays used.
      await settle(row.id, "sending", { delivery: UNCONFIRMED, deliveryError: error });
      return { done: true };
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
      await giveBack(job);
  },
  // The message (the number or address, the recipient's link) is not kept once it has been handled.
  afterwards: (job) => ({ requestId: job.requestId }),
});

/** Whether a job of this request is still waiting or running (its send is not settled yet). */
export async function openMessageJobs(requestIds: string[]) {
  if (requestIds.length === 0) return new Set<string>();
  const jobs = await db().paymentJob.findMany({
    where: { key: { in: requestIds.map(requestMessageJobKey) }, doneAt: null },
    select: { key: true },
  });
  return new Set(jobs.map((job) => job.key.slice("message:".length)));
}
