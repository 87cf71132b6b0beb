// The job runner's one rule for attempts whose outcome never came (docs/decisions/041): a job whose
// last attempt was cut off (its process died with the lease still set) is not performed again unless
// its kind says a repeat has one effect, or that its own row tells whether the call had begun.
import { randomUUID } from "node:crypto";

import { expect, it } from "vitest";

import { db } from "~/db/db.server";
import {
  enqueueJob,
  jobKind,
  joinJobKinds,
  PAYMENT_POLICY,
  runJobs,
  UNANSWERED,
  type AfterInterruption,
} from "~/jobs/jobs.server";

const performed: string[] = [];
const testKind = (after: AfterInterruption | undefined) =>
  jobKind<{ n: number }>({
    policy: () => PAYMENT_POLICY,
    perform: async (key) => {
      performed.push(key);
      return { done: true };
    },
    ...(after ? { afterInterruption: after } : {}),
  });
/** The kinds these tests run, in place of the app's registry. */
const TEST_KINDS = joinJobKinds(
  { "test-default": testKind(undefined) },
  { "test-repeat": testKind("repeat"), "test-perform": testKind("perform") },
);
const kindFor = (after: AfterInterruption | undefined) => `test-${after ?? "default"}`;

/** A job whose first attempt claimed it and never reported (the lease, set, has run out). */
async function cutOffJob(kind: string) {
  const key = `test:${randomUUID()}`;
  await db().$transaction((tx) => enqueueJob(tx, key, kind, { n: 1 }));
  await db().job.update({ where: { key }, data: { attempts: 1, lockedUntil: new Date(Date.now() - 1000) } });
  return key;
}

it("a cut-off attempt is not repeated: the job ends without an answer", async () => {
  const key = await cutOffJob(kindFor(undefined));
  expect(await runJobs(new Date(), { keys: [key], kinds: TEST_KINDS })).toEqual({ done: 1, failed: 0 });
  expect(performed).not.toContain(key);
  const job = await db().job.findUniqueOrThrow({ where: { key } });
  expect(job).toMatchObject({ attempts: 2, lockedUntil: null });
  expect(job.doneAt).not.toBeNull();
  expect(job.lastError).toMatch(new RegExp(`^${UNANSWERED}: `));
});

it("a kind whose repeat has one effect, or whose row knows, is performed again", async () => {
  for (const after of ["repeat", "perform"] as const) {
    const key = await cutOffJob(kindFor(after));
    expect(await runJobs(new Date(), { keys: [key], kinds: TEST_KINDS })).toEqual({ done: 1, failed: 0 });
    expect(performed).toContain(key);
    expect((await db().job.findUniqueOrThrow({ where: { key } })).lastError).toBeNull();
  }
});

it("a job never claimed before is performed (a fresh job is not taken for a cut-off one)", async () => {
  const kind = kindFor(undefined);
  const key = `test:${randomUUID()}`;
  await db().$transaction((tx) => enqueueJob(tx, key, kind, { n: 1 }));
  expect(await runJobs(new Date(), { keys: [key], kinds: TEST_KINDS })).toEqual({ done: 1, failed: 0 });
  expect(performed).toContain(key);
});

it("refuses a kind's name defined by two modules: one registry, one kind per name", () => {
  expect(() => joinJobKinds({ twice: testKind(undefined) }, { twice: testKind("repeat") })).toThrow(
    'job kind "twice" is defined twice',
  );
});
