// Durable jobs (docs/decisions/011 and 035): one table (Job) and one runner for
// every side effect that must not be lost: a payment's e-mails and subscription stops, and every
// message to a recipient (a location request's SMS or e-mail, a voice call). A job is written in the
// same transaction as the row it follows from, so it exists exactly when that row does; it is started
// right after the commit by the process that wrote it, and run by the job worker of any process
// (startJobWorker) when that did not finish it: due jobs are claimed with a lease by one conditional
// update, so two runners never perform one job at once, and a failed one waits longer each time.
// One rule for every kind (docs/decisions/041): an attempt whose outcome never came (the provider did
// not answer in time, or the process died during it) is never repeated, unless the kind's effect is
// one whatever the number of calls (an idempotency key).
import { db, type Tx } from "~/db/db.server";
import { log } from "~/server/log.server";
import { HOUR, MINUTE } from "~/utils/time";

/** How a kind of job is retried. `maxAttempts`: Infinity retries for ever (with the capped wait). */
export type JobPolicy = { leaseMs: number; retryBaseMs: number; retryMaxMs: number; maxAttempts: number };

/**
 * What one attempt did: `done`; `retry` (a failure that may pass: it runs again after the wait, until
 * `maxAttempts`); `giveUp` (it will never succeed, or no attempt is left: `onGiveUp` runs);
 * `unanswered` (the provider had the request and gave no answer in time: it may have acted, so the job
 * ends and is never performed again).
 */
export type JobOutcome = { done: true } | { retry: string } | { giveUp: string } | { unanswered: string };

/**
 * What a claim does with a job whose last attempt never reported (its process died or its lease ran
 * out during the attempt): `unanswered` (the default) ends it as an attempt without an answer, never
 * performed again; `repeat` performs it again (its effect is one however many times it is asked for:
 * an idempotency key); `perform` lets `perform` decide, from its own row that says whether the call
 * had begun (the messages' `sending`).
 */
export type AfterInterruption = "unanswered" | "repeat" | "perform";

export type JobKind<P> = {
  policy: () => JobPolicy;
  /**
   * `attempt` counts from 1; `lastAttempt` is true when a `retry` answer would be the end; `now` is
   * the run's time (runJobs's, which tests move).
   */
  perform: (
    key: string,
    payload: P,
    attempt: { attempt: number; lastAttempt: boolean; now: Date },
  ) => Promise<JobOutcome>;
  /** Called once when the job ends without success (the last retry failed, or `giveUp`). */
  onGiveUp?: (key: string, payload: P, error: string) => Promise<void>;
  /** The payload kept once the job has ended (what it no longer needs is not kept). */
  afterwards?: (payload: P) => unknown;
  afterInterruption?: AfterInterruption;
};

/** The payment jobs' policy (docs/decisions/011): 1 min doubling to 6 h, for ever. */
export const PAYMENT_POLICY: JobPolicy = {
  leaseMs: 5 * MINUTE,
  retryBaseMs: MINUTE,
  retryMaxMs: 6 * HOUR,
  maxAttempts: Infinity,
};

/** The start of `lastError` of a job ended by an attempt without an answer. */
export const UNANSWERED = "no answer";
const INTERRUPTED = "the attempt was cut off (its process ended or its lease ran out)";

/** Kinds of job by name: each module that owns an effect exports its own, and app/jobs/kinds.server.ts joins them. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type JobKinds = Readonly<Record<string, JobKind<any>>>;

/** A kind of job, its payload typed: `{ [NAME]: jobKind<Payload>({ ... }) }` in its module's map of kinds. */
export const jobKind = <P>(kind: JobKind<P>) => kind;

/** The modules' maps of kinds as one; a name that two of them define throws (two kinds would answer to it). */
export function joinJobKinds(...groups: JobKinds[]): JobKinds {
  const joined: Record<string, JobKinds[string]> = {};
  for (const group of groups) {
    for (const [name, kind] of Object.entries(group)) {
      if (Object.hasOwn(joined, name)) throw new Error(`job kind "${name}" is defined twice`);
      joined[name] = kind;
    }
  }
  return joined;
}

/**
 * Records a job inside the caller's transaction. `key` names the effect: a second job with it is the
 * same job (nothing changes). `runAt`: not before then (a check that is due later, such as a request's
 * end: app/notifications/events.server.ts).
 */
export async function enqueueJob(tx: Tx, key: string, kind: string, payload: unknown, runAt?: Date) {
  await tx.job.upsert({
    where: { key },
    create: { key, kind, payload: JSON.stringify(payload), ...(runAt ? { nextRunAt: runAt } : {}) },
    update: {},
  });
  return key;
}

/** How long a failed attempt waits before the next: base × 2^(attempts−1), capped. */
export function retryWait(policy: JobPolicy, attempts: number) {
  return Math.min(policy.retryMaxMs, policy.retryBaseMs * 2 ** (attempts - 1));
}

let registry: Promise<JobKinds> | undefined;

/**
 * The one registry, loaded when the first run begins: the modules it joins import this one
 * (enqueueJob), so importing it at the top would be an import cycle. Every run awaits the one load, so
 * none reads the registry while its modules are still being evaluated (two runs started together).
 */
function jobKinds() {
  registry ??= import("./kinds.server").then((module) => module.JOB_KINDS);
  return registry;
}

/**
 * Runs due jobs (or only those with the given keys, right after their commit), of every kind of
 * JOB_KINDS (app/jobs/kinds.server.ts) or only of `kinds`. Safe to call from any number of processes
 * at once: each job is claimed by one conditional update. Returns how many ended (done, or without an
 * answer) and how many failed.
 */
export async function runJobs(now = new Date(), options: { keys?: string[]; kinds?: JobKinds; limit?: number } = {}) {
  const kinds = options.kinds ?? (await jobKinds());
  const names = Object.keys(kinds);
  const due = await db().job.findMany({
    where: {
      doneAt: null,
      kind: { in: names },
      ...(options.keys ? { key: { in: options.keys } } : { nextRunAt: { lte: now } }),
      OR: [{ lockedUntil: null }, { lockedUntil: { lt: now } }],
    },
    orderBy: { nextRunAt: "asc" },
    take: options.limit ?? 50,
  });
  let done = 0;
  let failed = 0;
  for (const job of due) {
    const kind = kinds[job.kind]!;
    const policy = kind.policy();
    const claimed = await db().job.updateMany({
      where: { id: job.id, doneAt: null, OR: [{ lockedUntil: null }, { lockedUntil: { lt: now } }] },
      data: { lockedUntil: new Date(now.getTime() + policy.leaseMs), attempts: { increment: 1 } },
    });
    if (claimed.count !== 1) continue;
    const attempts = job.attempts + 1;
    const payload = JSON.parse(job.payload);
    let outcome: JobOutcome;
    // Every ending below clears the lease: one still set is an attempt that never reported.
    const interrupted = job.lockedUntil !== null;
    if (interrupted && (kind.afterInterruption ?? "unanswered") === "unanswered") {
      outcome = { unanswered: INTERRUPTED };
    } else {
      try {
        outcome = await kind.perform(job.key, payload, {
          attempt: attempts,
          lastAttempt: attempts >= policy.maxAttempts,
          now,
        });
      } catch (thrown) {
        outcome = { retry: thrown instanceof Error ? thrown.message : String(thrown) };
      }
    }
    if ("unanswered" in outcome) {
      done += 1;
      // Perhaps done: never sent again, and nothing is given back (docs/decisions/035).
      log("warn", "job ended without an answer, not repeated", {
        kind: job.kind,
        key: job.key,
        attempts,
        error: outcome.unanswered,
      });
      await db().job.update({
        where: { id: job.id },
        data: {
          doneAt: new Date(),
          lockedUntil: null,
          lastError: `${UNANSWERED}: ${outcome.unanswered}`.slice(0, 1000),
          payload: kept(kind, payload),
        },
      });
      continue;
    }
    if ("done" in outcome) {
      done += 1;
      await db().job.update({
        where: { id: job.id },
        data: { doneAt: new Date(), lockedUntil: null, lastError: null, payload: kept(kind, payload) },
      });
      continue;
    }
    failed += 1;
    const error = "retry" in outcome ? outcome.retry : outcome.giveUp;
    if ("retry" in outcome && attempts < policy.maxAttempts) {
      const wait = retryWait(policy, attempts);
      log("warn", "job failed, retrying", { kind: job.kind, key: job.key, attempt: attempts, waitMs: wait, error });
      await db().job.update({
        where: { id: job.id },
        data: { lockedUntil: null, lastError: error.slice(0, 1000), nextRunAt: new Date(now.getTime() + wait) },
      });
      continue;
    }
    log("error", "job given up", { kind: job.kind, key: job.key, attempts, error });
    await kind.onGiveUp?.(job.key, payload, error);
    await db().job.update({
      where: { id: job.id },
      data: { doneAt: new Date(), lockedUntil: null, lastError: error.slice(0, 1000), payload: kept(kind, payload) },
    });
  }
  return { done, failed };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
function kept(kind: JobKind<any>, payload: unknown) {
  return JSON.stringify(kind.afterwards ? kind.afterwards(payload) : payload);
}

const started = new Set<Promise<unknown>>();

/**
 * Starts the given jobs now and returns at once: the answer that wrote them does not wait on a
 * provider (a buyer's payment, an account's deletion). What this run does not finish (a failure, a
 * crash, a shutdown) the job worker of any process takes up, like any due job.
 */
export function startJobs(keys: string[]) {
  if (keys.length === 0) return;
  const run: Promise<unknown> = runJobs(new Date(), { keys })
    .catch((error) => log("error", "job run failed", { error, keys }))
    .finally(() => started.delete(run));
  started.add(run);
}

/** Waits until every run begun by startJobs in this process has ended (shutdown; tests). */
export async function settleStartedJobs() {
  while (started.size > 0) await Promise.all([...started]);
}

/** How often the worker looks for due jobs when nothing woke it. */
export const JOB_POLL_MS = 2000;

/**
 * The job worker: every serving process runs one. It looks for due jobs every `everyMs` and runs
 * them; looks never overlap. Returns the stop: no new look starts, the running
 * one finishes (each provider call is bounded by PROVIDER_TIMEOUT_MS).
 */
export function startJobWorker(options: { everyMs?: number } = {}) {
  const everyMs = options.everyMs ?? JOB_POLL_MS;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const look = () => {
    clearTimeout(timer);
    if (stopped) return;
    running = running
      .then(() => runJobs())
      .then(
        (result) => {
          if (result.done + result.failed > 0) log("info", "jobs run", result);
        },
        (error) => log("error", "job worker failed", { error }),
      )
      .finally(() => {
        if (!stopped) {
          timer = setTimeout(look, everyMs);
          timer.unref();
        }
      });
  };
  look();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
    await settleStartedJobs();
  };
}
