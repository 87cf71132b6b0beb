// What happened to a requester's request, told to them (docs/decisions/043). A request event (shared,
// declined, expired unanswered) is recorded in the same transaction as the change that makes it, as
// one durable job per channel the account wants (app/jobs/jobs.server.ts): the job's key is the request,
// the event and the channel, so an event is told at most once per channel however often the recipient
// answers. The channels are e-mail (app/notifications/email.server.ts), Web Push to each device the
// requester turned it on for (app/notifications/push.server.ts) and webhooks to the account's
// endpoints (app/webhooks/delivery.server.ts). A request's end is not a write anybody makes: a check, due
// when the answering window closes, is written with the request and records "expired" then if nobody
// answered.
import { db, type Tx } from "~/db/db.server";
import { enqueueJob, jobKind, PAYMENT_POLICY, startJobs, type JobKinds } from "~/jobs/jobs.server";
import { LIVE_END_JOB } from "~/location-requests/live-limits";
import { requestState } from "~/location-requests/request-state";
import { EMAIL_CHANNEL } from "~/notifications/email.server";
import { PUSH_CHANNEL } from "~/notifications/push.server";
import { deleteInBatches } from "~/privacy/batches.server";
import { config } from "~/server/config.server";
import { log } from "~/server/log.server";
import { DAY } from "~/utils/time";
import { WEBHOOK_CHANNEL } from "~/webhooks/delivery.server";

export const REQUEST_EVENTS = ["shared", "declined", "expired", "live_started", "live_ended"] as const;
export type RequestEvent = (typeof REQUEST_EVENTS)[number];

/** What a channel's job is given: never the position or the recipient's contact (it reads what it may show). */
export type RequestEventPayload = {
  requestId: string;
  event: RequestEvent;
  /** For `shared`: what the recipient chose. */
  precision?: "precise" | "approximate";
};

/** The account's choices a channel reads, inside the event's transaction: e-mails on, devices turned on for push, endpoints enabled now. */
type AccountChoices = { notifyByEmail: boolean; pushDevices: number; webhookEndpoints: number };

/**
 * A way of telling the requester: whether the account wants it, and the kind of job that tells it
 * (`followUpKinds`: the jobs that job writes in its turn, such as one per device, swept with it).
 */
export type NotificationChannel = {
  name: string;
  jobKind: string;
  followUpKinds?: string[];
  wants: (account: AccountChoices) => boolean;
};

/** Every channel, in one list: an event fans out to those the account wants. */
const channels: NotificationChannel[] = [EMAIL_CHANNEL, PUSH_CHANNEL, WEBHOOK_CHANNEL];

/** The job that tells one event on one channel: at most one per request, event and channel. */
export const notificationJobKey = (channel: string, requestId: string, event: RequestEvent) =>
  `notify:${channel}:${requestId}:${event}`;

/**
 * Records an event inside the transaction that made it: one job per channel the account wants now.
 * Returns the jobs' keys, to start once the transaction has committed (`tellNow`).
 */
export async function recordRequestEvent(
  tx: Tx,
  request: { id: string; userId: string },
  payload: RequestEventPayload,
) {
  const row = await tx.user.findUnique({
    where: { id: request.userId },
    select: {
      notifyByEmail: true,
      _count: { select: { pushSubscriptions: true, webhookEndpoints: { where: { disabledAt: null } } } },
    },
  });
  if (!row) return [];
  const account: AccountChoices = {
    notifyByEmail: row.notifyByEmail,
    pushDevices: row._count.pushSubscriptions,
    webhookEndpoints: row._count.webhookEndpoints,
  };
  const keys: string[] = [];
  for (const channel of channels) {
    if (!channel.wants(account)) continue;
    keys.push(
      await enqueueJob(tx, notificationJobKey(channel.name, request.id, payload.event), channel.jobKind, payload),
    );
  }
  return keys;
}

/** Starts the event's jobs after their commit without waiting: the recipient's answer never waits on a provider. */
export function tellNow(keys: string[]) {
  startJobs(keys);
}

// --- A request's end: checked when its answering window closes. ---

export const EXPIRY_CHECK_JOB = "requestExpiryCheck";
export const expiryCheckJobKey = (requestId: string) => `request-end:${requestId}`;

/** Written with the request: the check runs when REQUEST_TTL_DAYS have passed. */
export async function scheduleExpiryCheck(tx: Tx, request: { id: string; createdAt: Date }) {
  const due = new Date(request.createdAt.getTime() + config().REQUEST_TTL_DAYS * DAY);
  return enqueueJob(tx, expiryCheckJobKey(request.id), EXPIRY_CHECK_JOB, { requestId: request.id }, due);
}

/**
 * The check itself: a request still unanswered at its end, whose message was not refused, records
 * "expired". An answered, stopped, erased or undelivered request records nothing; a request whose
 * window is still open (REQUEST_TTL_DAYS was raised since it was written) is checked again later.
 */
export async function checkRequestEnd(requestId: string, now = new Date()) {
  const row = await db().locationRequest.findUnique({
    where: { id: requestId },
    select: { id: true, userId: true, status: true, decision: true, delivery: true, createdAt: true },
  });
  if (!row) return "gone" as const;
  const state = requestState(row, config().REQUEST_TTL_DAYS, now);
  if (state === "pending") return "open" as const;
  if (state !== "expired" || row.delivery === "failed") return "answered" as const;
  const keys = await db().$transaction((tx) => recordRequestEvent(tx, row, { requestId, event: "expired" }));
  tellNow(keys);
  return "expired" as const;
}

const expiryCheckJob = jobKind<{ requestId: string }>({
  // Nothing is sent here: a failure (the database away) waits and tries again, like a payment's job.
  policy: () => PAYMENT_POLICY,
  async perform(_key, { requestId }, { now }) {
    const outcome = await checkRequestEnd(requestId, now);
    if (outcome === "open") {
      log("info", "request still open at its planned end: checked again later", { requestId });
      return { retry: "the request is still open" };
    }
    return { done: true };
  },
});

/**
 * Ended notices and end checks, once they can no longer guard anything: a job's key is what keeps an
 * event from being told twice, and a request takes answers only for REQUEST_TTL_DAYS from its making,
 * which came before its jobs. A job that ended more than that (and a day) ago belongs to a request
 * that can no longer change, so it goes (the maintenance sweep), and the job table does not grow
 * with every request ever made.
 */
export function purgeEndedNotifications(now = new Date()) {
  const cutoff = new Date(now.getTime() - (config().REQUEST_TTL_DAYS + 1) * DAY);
  return deleteInBatches(db().job, {
    doneAt: { lt: cutoff },
    kind: {
      in: [
        EXPIRY_CHECK_JOB,
        LIVE_END_JOB,
        ...channels.flatMap((channel) => [channel.jobKind, ...(channel.followUpKinds ?? [])]),
      ],
    },
  });
}

/** This module's kinds of job (app/jobs/kinds.server.ts joins them into JOB_KINDS). */
export const requestEndJobKinds = {
  [EXPIRY_CHECK_JOB]: expiryCheckJob,
} satisfies JobKinds;
