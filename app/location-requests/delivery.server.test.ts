// Messages are never lost (docs/decisions/035): the outbox job written with the request, retries with
// a growing wait after a sure failure, nothing sent twice after an unknown outcome, the slot given back
// only when the message surely did not go out, and the worker that takes the jobs up after a restart.
import { spawnSync } from "node:child_process";
import { randomInt } from "node:crypto";
import type { ServerResponse } from "node:http";
import path from "node:path";

import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { db } from "~/db/db.server";
import { retryWait, runJobs, startJobWorker, UNANSWERED } from "~/jobs/jobs.server";
import { claimSlot } from "~/limits/usage-limit.server";
import { createLocationRequest } from "~/location-requests/create.server";
import { messagePolicy, requestMessageJobKey, UNCONFIRMED } from "~/location-requests/delivery.server";
import { requestLabel } from "~/location-requests/request-state";
import { config, resetConfig } from "~/server/config.server";

import { startFake } from "../../tests/fakes/http";
import { twilioEnv } from "../../tests/fakes/twilio";
import { allowConsoleError } from "../../tests/support/console";
import { createUser } from "../../tests/support/factories";

const CHILD = path.resolve("tests/support/send-crash-child.ts");
const TSX = path.resolve("node_modules/.bin/tsx");
const CRASHED = 86;
const SETTINGS = [
  ...Object.keys(twilioEnv("")),
  "PROVIDER_TIMEOUT_MS",
  "MESSAGE_SEND_ATTEMPTS",
  "RECIPIENT_DAILY_LIMIT",
];

/** What the fake Twilio answers next: a status (201 creates the message), or never. */
let answer: number | "hang" = 201;
let fake: Awaited<ReturnType<typeof startFake>>;
const hanging: ServerResponse[] = [];
let sids = 0;

beforeEach(async () => {
  answer = 201;
  fake = await startFake((_req, res) => {
    if (answer === "hang") return void hanging.push(res);
    const body =
      answer < 300
        ? { sid: `SM${String((sids += 1)).padStart(32, "0")}`, status: "queued" }
        : { code: 20000 + answer, message: "Service unavailable", status: answer };
    res.writeHead(answer, { "Content-Type": "application/json" }).end(JSON.stringify(body));
  });
  Object.assign(process.env, twilioEnv(fake.origin));
  resetConfig();
});

afterEach(async () => {
  for (const res of hanging.splice(0)) res.destroy();
  await fake.close();
  for (const key of SETTINGS) delete process.env[key];
  resetConfig();
});

const mobile = () => `+63917${randomInt(1_000_000, 9_999_999)}`;
const sent = () => fake.requests.filter((r) => r.url.endsWith("/Messages.json"));
const row = (userId: string) => db().locationRequest.findFirstOrThrow({ where: { userId } });
const job = (requestId: string) => db().job.findUniqueOrThrow({ where: { key: requestMessageJobKey(requestId) } });
const label = (r: { status: string; decision: string | null; delivery: string; createdAt: Date }) =>
  requestLabel(r, config().REQUEST_TTL_DAYS);
const slotFree = async (userId: string) =>
  (await db().usageSlot.findUnique({ where: { key: `sms:${userId}` } })) === null;
const later = (ms: number) => new Date(Date.now() + ms);

async function request(userId: string, target = mobile()) {
  return createLocationRequest({ userId, channel: "sms", target, requesterName: "Ana", locale: "en" });
}

describe("the message outbox", () => {
  it("is written in the request's transaction: a process that dies right after the commit still sends it, once", async () => {
    const { user } = await createUser();
    const target = mobile();
    const child = spawnSync(TSX, [CHILD, "request", user.id, target], {
      env: { ...process.env },
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(child.status, child.stderr).toBe(CRASHED);

    // Committed together: the request and its message, nothing sent yet.
    const stored = await row(user.id);
    expect(stored).toMatchObject({ delivery: "queued", target });
    expect(label(stored).delivery).toBe("sending");
    expect(await job(stored.id)).toMatchObject({ doneAt: null, attempts: 0, kind: "requestMessage" });
    expect(sent()).toHaveLength(0);

    // A restarted process's job worker sends it.
    expect(await runJobs()).toEqual({ done: 1, failed: 0 });
    expect(sent()).toHaveLength(1);
    expect(new URLSearchParams(sent()[0]!.body).get("To")).toBe(target);
    const delivered = await row(user.id);
    expect(delivered).toMatchObject({ delivery: "sent", providerMessageId: "SM00000000000000000000000000000001" });
    expect(label(delivered).delivery).toBe("sent");
    // Its payload no longer holds the number or the recipient's link.
    expect(Object.keys(JSON.parse((await job(stored.id)).payload)).sort()).toEqual(["daily", "requestId", "slot"]);

    // Done once: later looks send nothing more.
    await runJobs(later(24 * 3600_000));
    expect(sent()).toHaveLength(1);
  }, 90_000);

  it("tries again after a sure failure (503), with a growing wait, and sends the message once", async () => {
    allowConsoleError();
    const { user } = await createUser();
    answer = 503;
    const result = await request(user.id);
    // Not lost and not failed: still on its way; the requester's slot stays used meanwhile.
    expect(result.ok).toBe(true);
    const first = await row(user.id);
    expect(first.delivery).toBe("queued");
    expect(first.deliveryError).toMatch(/503/);
    expect(label(first).delivery).toBe("sending");
    expect(await slotFree(user.id)).toBe(false);
    const waiting = await job(first.id);
    expect(waiting).toMatchObject({ attempts: 1, doneAt: null });
    expect(waiting.nextRunAt.getTime() - Date.now()).toBeGreaterThan(25_000);

    answer = 201;
    // Not due yet: nothing is sent before its wait is over.
    await runJobs();
    expect(sent()).toHaveLength(1);
    await runJobs(later(31_000));
    expect(sent()).toHaveLength(2);
    expect(await row(user.id)).toMatchObject({ delivery: "sent", deliveryError: null });
    await runJobs(later(24 * 3600_000));
    expect(sent()).toHaveLength(2);
  });

  it("waits MESSAGE_RETRY_SECONDS, then twice as long each time, up to an hour", () => {
    const policy = messagePolicy();
    expect([1, 2, 3, 4].map((n) => retryWait(policy, n))).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(retryWait(policy, 20)).toBe(3600_000);
    expect(policy.maxAttempts).toBe(4);
  });

  it("after MESSAGE_SEND_ATTEMPTS sure failures it is not delivered, and the slot and the recipient's day come back", async () => {
    allowConsoleError();
    Object.assign(process.env, { MESSAGE_SEND_ATTEMPTS: "2", RECIPIENT_DAILY_LIMIT: "1" });
    resetConfig();
    const { user } = await createUser();
    const target = mobile();
    answer = 503;
    expect((await request(user.id, target)).ok).toBe(true);
    expect(await slotFree(user.id)).toBe(false);
    await runJobs(later(31_000));
    expect(sent()).toHaveLength(2);
    const failed = await row(user.id);
    expect(failed.delivery).toBe("failed");
    expect(label(failed)).toMatchObject({ key: "not_delivered", delivery: null });
    expect(await job(failed.id)).toMatchObject({ attempts: 2, lastError: expect.stringMatching(/503/) });
    expect(await slotFree(user.id)).toBe(true);
    // Nothing more is tried.
    await runJobs(later(24 * 3600_000));
    expect(sent()).toHaveLength(2);

    // The recipient's delivery for today was given back too: another requester may reach them.
    answer = 201;
    const { user: other } = await createUser();
    expect(await request(other.id, target)).toMatchObject({ ok: true });
    expect((await row(other.id)).delivery).toBe("sent");
  });

  it("a send refused for good (400, invalid number) is not tried again: not delivered, slot back", async () => {
    allowConsoleError();
    const { user } = await createUser();
    answer = 400;
    expect(await request(user.id)).toMatchObject({ ok: false, error: "sendFailed" });
    expect((await row(user.id)).delivery).toBe("failed");
    expect(await slotFree(user.id)).toBe(true);
    await runJobs(later(24 * 3600_000));
    expect(sent()).toHaveLength(1);
  });

  it("an unknown outcome (no answer in time) is marked so and never sent again; the slot stays used", async () => {
    allowConsoleError();
    process.env.PROVIDER_TIMEOUT_MS = "300";
    resetConfig();
    const { user } = await createUser();
    answer = "hang";
    expect((await request(user.id)).ok).toBe(true);
    const unconfirmed = await row(user.id);
    expect(unconfirmed.delivery).toBe(UNCONFIRMED);
    expect(label(unconfirmed).delivery).toBe("unconfirmed");
    // Ended by the job runner's rule for an attempt without an answer, which it records.
    expect(await job(unconfirmed.id)).toMatchObject({
      doneAt: expect.any(Date),
      lastError: expect.stringMatching(new RegExp(`^${UNANSWERED}: `)),
    });
    answer = 201;
    await runJobs(later(24 * 3600_000));
    expect(sent()).toHaveLength(1);
    expect(await slotFree(user.id)).toBe(false);
    expect((await claimSlot(`sms:${user.id}`)).ok).toBe(false);
  });

  it("a send cut off by a crash during the provider call is marked unknown, not sent again", async () => {
    allowConsoleError();
    const { user } = await createUser();
    answer = 503;
    await request(user.id);
    const stored = await row(user.id);
    // What a process killed during its second attempt leaves: the row `sending`, the job's lease over.
    await db().locationRequest.update({ where: { id: stored.id }, data: { delivery: "sending" } });
    await db().job.update({
      where: { key: requestMessageJobKey(stored.id) },
      data: { lockedUntil: later(-1000), nextRunAt: later(-1000), attempts: 2 },
    });
    answer = 201;
    expect(await runJobs()).toEqual({ done: 1, failed: 0 });
    expect(sent()).toHaveLength(1);
    expect(await row(user.id)).toMatchObject({ delivery: UNCONFIRMED });
    expect(await slotFree(user.id)).toBe(false);
  });

  it("the job worker takes up due messages by itself (as after a restart)", async () => {
    allowConsoleError();
    const { user } = await createUser();
    answer = 503;
    await request(user.id);
    const stored = await row(user.id);
    await db().job.update({ where: { key: requestMessageJobKey(stored.id) }, data: { nextRunAt: later(-1) } });
    answer = 201;
    const stop = startJobWorker({ everyMs: 50 });
    try {
      for (let i = 0; i < 100 && (await row(user.id)).delivery !== "sent"; i++)
        await new Promise((resolve) => setTimeout(resolve, 50));
    } finally {
      await stop();
    }
    expect((await row(user.id)).delivery).toBe("sent");
    expect(sent()).toHaveLength(2);
  });
});
