import { config } from "~/config.server";
import { db, type Tx } from "~/db.server";
import { accountDeletedEmail, credentialsEmail } from "~/emails/billing.server";
import { getT } from "~/i18n/i18next.server";
import { isLocale, localizePath } from "~/i18n/locales";
import { emailProvider } from "~/providers/email.server";
import { paymentProvider } from "~/providers/payments/provider.server";
import { HOUR, MINUTE } from "~/utils/time";

/**
 * Side effects of a payment that must not be lost (docs/decisions/011): written to PaymentJob in
 * the same transaction as the payment state they follow from, performed right after the commit, and
 * retried by the maintenance job with a growing wait until done. A job is claimed with a lease before
 * it runs, so two runners never perform it at once, and it is marked done right after its effect.
 */
export type PaymentJob =
  /** A provider subscription replaced by a newer paid checkout of the same account: stop its renewals. */
  | { kind: "stopSubscription"; payload: { provider: string; subscriptionId: string } }
  /** A new account's credentials (the generated password), e-mailed once. */
  | { kind: "sendCredentials"; payload: { email: string; name: string; password: string; locale: string } }
  /** A deleted account's confirmation (app/privacy/account-deletion.server.ts); the address is forgotten once sent. */
  | { kind: "sendAccountDeleted"; payload: { email: string; name: string; locale: string } };

/** How long a claimed job is left to its runner before another may take it over. */
export const JOB_LEASE_MS = 5 * MINUTE;
export const JOB_RETRY_BASE_MS = MINUTE;
export const JOB_RETRY_MAX_MS = 6 * HOUR;

/** Records a job inside the caller's transaction. `key` names the effect: a second job with it is the same job. */
export async function enqueuePaymentJob(tx: Tx, key: string, job: PaymentJob) {
  await tx.paymentJob.upsert({
    where: { key },
    create: { key, kind: job.kind, payload: JSON.stringify(job.payload) },
    update: {},
  });
  return key;
}

/**
 * Runs due jobs (or only those with the given keys, right after their commit). Safe to call from any
 * number of processes at once: each job is claimed by one conditional update. A plain function, so
 * the maintenance loop (or a lease around it) decides where it runs.
 */
export async function runPaymentJobs(now = new Date(), options: { keys?: string[]; limit?: number } = {}) {
  const due = await db().paymentJob.findMany({
    where: {
      doneAt: null,
      ...(options.keys ? { key: { in: options.keys } } : { nextRunAt: { lte: now } }),
      OR: [{ lockedUntil: null }, { lockedUntil: { lt: now } }],
    },
    orderBy: { nextRunAt: "asc" },
    take: options.limit ?? 50,
  });
  let done = 0;
  let failed = 0;
  for (const job of due) {
    const claimed = await db().paymentJob.updateMany({
      where: { id: job.id, doneAt: null, OR: [{ lockedUntil: null }, { lockedUntil: { lt: now } }] },
      data: { lockedUntil: new Date(now.getTime() + JOB_LEASE_MS), attempts: { increment: 1 } },
    });
    if (claimed.count !== 1) continue;
    const attempts = job.attempts + 1;
    let error: string | null;
    try {
      error = await perform(job.key, { kind: job.kind, payload: JSON.parse(job.payload) } as PaymentJob);
    } catch (thrown) {
      error = thrown instanceof Error ? thrown.message : String(thrown);
    }
    if (error === null) {
      done += 1;
      await db().paymentJob.update({
        where: { id: job.id },
        // The generated password is not kept once it has been sent, nor a deleted account's address.
        data: {
          doneAt: new Date(),
          lockedUntil: null,
          lastError: null,
          payload:
            job.kind === "sendCredentials"
              ? scrubPassword(job.payload)
              : job.kind === "sendAccountDeleted"
                ? "{}"
                : job.payload,
        },
      });
    } else {
      failed += 1;
      const wait = Math.min(JOB_RETRY_MAX_MS, JOB_RETRY_BASE_MS * 2 ** (attempts - 1));
      console.error(
        `Payment job ${job.kind} ${job.key} failed (attempt ${attempts}), retrying in ${Math.round(wait / MINUTE)} min:`,
        error,
      );
      await db().paymentJob.update({
        where: { id: job.id },
        data: { lockedUntil: null, lastError: error.slice(0, 1000), nextRunAt: new Date(now.getTime() + wait) },
      });
    }
  }
  return { done, failed };
}

function scrubPassword(payload: string) {
  const { password: _password, ...rest } = JSON.parse(payload) as Record<string, unknown>;
  return JSON.stringify(rest);
}

/** Performs one job: null when done, the error otherwise. */
async function perform(key: string, job: PaymentJob): Promise<string | null> {
  switch (job.kind) {
    case "stopSubscription": {
      if (job.payload.provider === "sandbox") return null;
      const provider = await paymentProvider(job.payload.provider);
      if (!provider) return `${job.payload.provider} is not configured`;
      // The job key is the provider's idempotency key: a retried request has one effect.
      const stopped = await provider.cancelAtPeriodEnd(job.payload.subscriptionId, { idempotencyKey: `job-${key}` });
      return stopped.ok ? null : stopped.error;
    }
    case "sendCredentials": {
      const account = job.payload;
      const t = await getT(account.locale);
      const login = new URL(
        localizePath("/?modal=login", isLocale(account.locale) ? account.locale : "en"),
        config().publicUrl,
      );
      const message = credentialsEmail(t, {
        name: account.name,
        email: account.email,
        password: account.password,
        loginUrl: login.toString(),
      });
      const sent = await emailProvider().send({ to: account.email, ...message });
      return sent.ok ? null : sent.error;
    }
    case "sendAccountDeleted": {
      const account = job.payload;
      const t = await getT(account.locale);
      const sent = await emailProvider().send({ to: account.email, ...accountDeletedEmail(t, account) });
      return sent.ok ? null : sent.error;
    }
  }
}
