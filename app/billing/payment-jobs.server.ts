import { emailVerificationUrl } from "~/auth/email-verification.server";
import type { Tx } from "~/db/db.server";
import { accountDeletedEmail, credentialsEmail } from "~/emails/billing.server";
import { paths } from "~/http/paths";
import { getT } from "~/i18n/i18next.server";
import { isLocale, localizePath } from "~/i18n/locales";
import { enqueueJob, jobKind, PAYMENT_POLICY, runJobs, type JobKinds } from "~/jobs/jobs.server";
import { emailProvider } from "~/providers/email.server";
import { paymentProvider } from "~/providers/payments/provider.server";
import { config } from "~/server/config.server";

/**
 * Side effects of billing that must not be lost (docs/decisions/011): a paid account's e-mail, a
 * replaced subscription's stop, and a deleted account's confirmation. Written to the job table in
 * the same transaction as the payment state they follow from, performed right after the commit, and
 * retried by the job worker (app/jobs/jobs.server.ts) with a growing wait until done. A job is claimed with a lease before
 * it runs, so two runners never perform it at once, and it is marked done right after its effect.
 */
export type BillingJob =
  /** A provider subscription replaced by a newer paid checkout of the same account: stop its renewals. */
  | { kind: "stopSubscription"; payload: { provider: string; subscriptionId: string } }
  /**
   * A new account's e-mail, sent once: the receipt, and the link that sets the password and proves the
   * address (`verifyToken`, app/auth/email-verification.server.ts). Jobs written before the buyer chose
   * the password carry the generated `password` instead of the receipt.
   */
  | {
      kind: "sendCredentials";
      payload: {
        email: string;
        name: string;
        verifyToken?: string;
        locale: string;
        receipt?: Receipt;
        password?: string;
      };
    }
  /** A deleted account's confirmation (app/privacy/account-deletion.server.ts); the address is forgotten once sent. */
  | { kind: "sendAccountDeleted"; payload: { email: string; name: string; locale: string } };

/** What the first payment bought, in minor units and ISO times (app/emails/billing.server.ts words it). */
export type Receipt = {
  currency: string;
  paid: number;
  paidAt: string;
  amount: number;
  periodDays: number;
  renewsAt: string;
};

export const JOB_LEASE_MS = PAYMENT_POLICY.leaseMs;
export const JOB_RETRY_BASE_MS = PAYMENT_POLICY.retryBaseMs;
export const JOB_RETRY_MAX_MS = PAYMENT_POLICY.retryMaxMs;

const BILLING_KINDS = ["stopSubscription", "sendCredentials", "sendAccountDeleted"] as const;

/** The billing kinds of job, one per BillingJob kind (app/jobs/kinds.server.ts joins them). */
export const billingJobKinds: JobKinds = Object.fromEntries(
  BILLING_KINDS.map((kind) => [
    kind,
    jobKind<BillingJob["payload"]>({
      policy: () => PAYMENT_POLICY,
      perform: async (key, payload) => {
        const result = await perform(key, { kind, payload } as BillingJob);
        if (result === null) return { done: true };
        // An e-mail with no answer may have gone out: never sent twice (the job runner's rule).
        return result.unanswered ? { unanswered: result.error } : { retry: result.error };
      },
      // Stopping renewals names the job as the provider's idempotency key: asking again has one effect.
      // An e-mail cut off mid-send is not sent again (the runner's default).
      ...(kind === "stopSubscription" ? { afterInterruption: "repeat" as const } : {}),
      // The link (and an older job's generated password) is not kept once sent, nor a deleted account's address.
      afterwards: (payload) =>
        kind === "sendCredentials" ? scrubSecrets(payload) : kind === "sendAccountDeleted" ? {} : payload,
    }),
  ]),
);

/** The job that e-mails the account a checkout created (one per checkout, so deletion can name it exactly). */
export const credentialsJobKey = (checkoutId: string) => `credentials:${checkoutId}`;

/** Records a job inside the caller's transaction. `key` names the effect: a second job with it is the same job. */
export async function enqueueBillingJob(tx: Tx, key: string, job: BillingJob) {
  return enqueueJob(tx, key, job.kind, job.payload);
}

/**
 * Runs due billing jobs (or only those with the given keys, right after their commit) through the
 * one job runner (app/jobs/jobs.server.ts); the job worker runs them with every other kind.
 */
export async function runBillingJobs(now = new Date(), options: { keys?: string[]; limit?: number } = {}) {
  return runJobs(now, { ...options, kinds: billingJobKinds });
}

function scrubSecrets(payload: BillingJob["payload"]) {
  const { password: _password, verifyToken: _verifyToken, ...rest } = payload as Record<string, unknown>;
  return rest;
}

/** Performs one job: null when done, the error otherwise (`unanswered`: the provider did not answer in time). */
async function perform(key: string, job: BillingJob): Promise<{ error: string; unanswered?: boolean } | null> {
  switch (job.kind) {
    case "stopSubscription": {
      if (job.payload.provider === "sandbox") return null;
      const provider = await paymentProvider(job.payload.provider);
      if (!provider) return { error: `${job.payload.provider} is not configured` };
      // The job key is the provider's idempotency key: a retried request has one effect.
      const stopped = await provider.cancelAtPeriodEnd(job.payload.subscriptionId, { idempotencyKey: `job-${key}` });
      // No answer is retried too: the same idempotency key cannot stop it twice.
      return stopped.ok ? null : { error: stopped.error };
    }
    case "sendCredentials": {
      const account = job.payload;
      const t = await getT(account.locale);
      const language = isLocale(account.locale) ? account.locale : "en";
      const login = new URL(localizePath("/?modal=login", language), config().publicUrl);
      const message = credentialsEmail(t, language, {
        name: account.name,
        email: account.email,
        password: account.password ?? null,
        receipt: account.receipt ?? null,
        loginUrl: login.toString(),
        subscriptionUrl: new URL(localizePath(paths.mySubscription, language), config().publicUrl).toString(),
        verifyUrl: account.verifyToken ? emailVerificationUrl(account.verifyToken, language) : null,
      });
      const sent = await emailProvider().send({ to: account.email, ...message });
      return sent.ok ? null : { error: sent.error, unanswered: sent.unknown };
    }
    case "sendAccountDeleted": {
      const account = job.payload;
      const t = await getT(account.locale);
      const sent = await emailProvider().send({ to: account.email, ...accountDeletedEmail(t, account) });
      return sent.ok ? null : { error: sent.error, unanswered: sent.unknown };
    }
  }
}
