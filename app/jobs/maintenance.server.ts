import { purgeOldIdempotentRequests } from "~/api/idempotency.server";
import { sweepSignInThrottles } from "~/auth/sign-in-throttle.server";
import { sendRenewalReminders } from "~/billing/renewals.server";
import { renewSandboxSubscriptions } from "~/billing/sandbox.server";
import { db } from "~/db/db.server";
import { acquireLease, releaseLease } from "~/jobs/lease.server";
import { sweepRateLimits } from "~/limits/rate-limit.server";
import { recoverInterruptedSends } from "~/location-requests/delivery.server";
import { sweepDeclines } from "~/location-requests/recipient-controls.server";
import { purgeEndedNotifications } from "~/notifications/events.server";
import { sweepPhoneLookups } from "~/phone/lookup.server";
import { deleteInBatches } from "~/privacy/batches.server";
import {
  forgetOldRequestData,
  purgeOldAbuseReports,
  purgeOldContactMessages,
  purgeOldOutboxMessages,
  purgeOldPositions,
  purgeOldRefundRequests,
  purgeOldVoiceMessages,
  purgeUnpaidCheckouts,
} from "~/privacy/retention.server";
import { config } from "~/server/config.server";
import { log, processId } from "~/server/log.server";
import { purgeOldDeviceReports } from "~/telemetry/device-report.server";
import { DAY } from "~/utils/time";
import { purgeOldWebhookDeliveries } from "~/webhooks/delivery.server";

/**
 * Removes what has expired: sessions, one-time codes, rate-limit windows, cached number lookups, and
 * every kind of personal data past its retention period (app/privacy/retention.server.ts,
 * docs/privacy.md), declines past their cooldown,
 * sends due renewal reminders and charges the embedded sandbox's due renewals.
 * Idempotent; it runs in one process at a time anyway (the jobs below).
 */
export async function runMaintenance(now = new Date()) {
  const dayAgo = new Date(now.getTime() - DAY);
  return counted({
    // Every purge deletes or rewrites at most PURGE_BATCH rows per statement (app/privacy/batches.server.ts).
    sessions: deleteInBatches(db().session, { expiresAt: { lt: now } }),
    codes: deleteInBatches(db().verificationCode, { expiresAt: { lt: dayAgo } }),
    authCodes: deleteInBatches(db().authCode, { expiresAt: { lt: dayAgo } }),
    emailVerifications: deleteInBatches(db().emailVerification, { expiresAt: { lt: dayAgo } }),
    rateLimits: sweepRateLimits(now),
    idempotentRequests: purgeOldIdempotentRequests(now),
    positions: purgeOldPositions(now),
    requestData: forgetOldRequestData(now),
    voiceMessages: purgeOldVoiceMessages(now),
    contactMessages: purgeOldContactMessages(now),
    abuseReports: purgeOldAbuseReports(now),
    refundRequests: purgeOldRefundRequests(now),
    outboxMessages: purgeOldOutboxMessages(now),
    unpaidCheckouts: purgeUnpaidCheckouts(now),
    renewalReminders: sendRenewalReminders(now),
    phoneLookups: sweepPhoneLookups(now),
    deviceReports: purgeOldDeviceReports(now),
    declines: sweepDeclines(now),
    // Notices of request events, once their requests can no longer be answered (docs/decisions/043).
    notificationJobs: purgeEndedNotifications(now),
    webhookDeliveries: purgeOldWebhookDeliveries(now),
    sandboxRenewals: renewSandboxSubscriptions(now),
    signInThrottles: sweepSignInThrottles(now.getTime()),
    // The automatic sign-in after payment is long over by then (the cookie itself lasts a week).
    checkoutBrowsers: db().checkoutBrowser.deleteMany({
      where: { createdAt: { lt: new Date(now.getTime() - 7 * DAY) } },
    }),
  });
}

/** Runs the sweeps at once and names how many rows each touched (a deleteMany answers its count). */
async function counted<T extends Record<string, PromiseLike<number | { count: number }>>>(
  sweeps: T,
): Promise<{ [K in keyof T]: number }> {
  const names = Object.keys(sweeps) as (keyof T)[];
  const results: (number | { count: number })[] = await Promise.all(names.map((name) => sweeps[name]));
  return Object.fromEntries(names.map((name, i) => [name, countOf(results[i]!)])) as { [K in keyof T]: number };
}

function countOf(result: number | { count: number }) {
  return typeof result === "number" ? result : result.count;
}

/**
 * What the maintenance loop runs, each at most every `everyMs` and in one process at a time: add a
 * job here. Its result is logged; an error is logged and the job runs again when next due. A job
 * that has not finished after `timeoutMs` (default MAINTENANCE_JOB_TIMEOUT_MS) is logged as failed
 * and runs again when next due: a hung provider or database cannot stop the loop, nor a shutdown.
 */
export type MaintenanceJob = { name: string; everyMs: number; timeoutMs?: number; run: () => Promise<unknown> };
export const MAINTENANCE_JOB_TIMEOUT_MS = 5 * 60_000;
export const MAINTENANCE_JOBS: MaintenanceJob[] = [
  { name: "sweep", everyMs: 10 * 60_000, run: () => runMaintenance() },
  // Payment side effects and messages to recipients are jobs the job worker runs in every process
  // (app/jobs/jobs.server.ts startJobWorker), not here.
  // Sends a stopped or killed process left unfinished with no job to settle them (app/location-requests/delivery.server.ts).
  { name: "interrupted-sends", everyMs: 60_000, run: () => recoverInterruptedSends() },
];

export const MAINTENANCE_LEASE = "maintenance";

/**
 * Runs the jobs in this process while it holds the maintenance lease. Every serving process calls it;
 * each tries to take or renew the lease every third of its time to live (MAINTENANCE_LEASE_SECONDS),
 * and only the holder runs jobs. When the holder stops it gives the lease up and another process
 * takes it at its next try; when the holder dies, another takes it once the lease has expired.
 * Returns the stop: no new job starts, the running ones finish, the lease is released.
 */
export function startMaintenance(options: { leaseMs?: number; holder?: string; jobs?: typeof MAINTENANCE_JOBS } = {}) {
  const { leaseMs = config().MAINTENANCE_LEASE_SECONDS * 1000, holder = processId, jobs = MAINTENANCE_JOBS } = options;
  let holding = false;
  let stopped = false;
  const lastStart = new Map<string, number>();
  const running = new Map<string, Promise<void>>();

  const runJob = (job: (typeof jobs)[number]) => {
    lastStart.set(job.name, Date.now());
    const started = Date.now();
    const limit = job.timeoutMs ?? MAINTENANCE_JOB_TIMEOUT_MS;
    let timer: NodeJS.Timeout | undefined;
    const run = Promise.race([
      job.run(),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`not finished after ${limit} ms: given up`)), limit);
      }),
    ])
      .finally(() => clearTimeout(timer))
      .then((result) => log("info", "maintenance job done", { job: job.name, ms: Date.now() - started, result }))
      .catch((error) => log("error", "maintenance job failed", { job: job.name, error }))
      .finally(() => running.delete(job.name));
    running.set(job.name, run);
  };

  const tick = async () => {
    const held = await acquireLease(MAINTENANCE_LEASE, holder, leaseMs).catch((error) => {
      log("error", "maintenance lease check failed", { error });
      return false;
    });
    if (held !== holding) log("info", held ? "maintenance lease taken" : "maintenance lease lost", { holder });
    holding = held;
    if (!held || stopped) return;
    for (const job of jobs) {
      if (!running.has(job.name) && Date.now() - (lastStart.get(job.name) ?? -Infinity) >= job.everyMs) runJob(job);
    }
  };

  // Ticks never overlap: each waits for the one before.
  let ticking = tick();
  const timer = setInterval(() => (ticking = ticking.then(tick)), Math.max(100, Math.floor(leaseMs / 3)));
  timer.unref();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await ticking;
    await Promise.all(running.values());
    if (holding) {
      await releaseLease(MAINTENANCE_LEASE, holder);
      log("info", "maintenance lease released", { holder });
    }
  };
}
