import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { createSession } from "~/auth/session.server";
import { startCheckout } from "~/billing/checkout.server";
import { renewSandboxSubscriptions, sandboxAdvance, sandboxPay } from "~/billing/sandbox.server";
import { subscriptionDetails } from "~/billing/subscription.server";
import { db } from "~/db/db.server";
import { hit } from "~/limits/rate-limit.server";
import { resetConfig } from "~/server/config.server";
import { sha256 } from "~/utils/hash.server";
import { DAY as DAY_MS } from "~/utils/time";

import { createUser, uniqueEmail } from "../../tests/support/factories";
import { captureLog } from "../../tests/support/log";
import { leaseHolder } from "./lease.server";
import { MAINTENANCE_LEASE, runMaintenance, startMaintenance } from "./maintenance.server";

it("removes expired sessions and ended rate-limit windows, and keeps live ones", async () => {
  const { user } = await createUser();
  const live = await createSession(user.id);
  const old = await createSession(user.id);
  await db().session.updateMany({
    where: { tokenHash: sha256(old.token) },
    data: { expiresAt: new Date(Date.now() - 1000) },
  });
  await hit("sweep-me", 5, 1000, new Date(Date.now() - 5000));
  await hit("keep-me", 5, 60_000);
  const result = await runMaintenance();
  expect(result.sessions).toBeGreaterThanOrEqual(1);
  expect(result.rateLimits).toBe(1);
  expect(await db().session.count({ where: { userId: user.id } })).toBe(1);
  expect(await db().session.findUnique({ where: { tokenHash: sha256(live.token) } })).not.toBeNull();
});

it("sweeps number lookups cached for more than a day", async () => {
  await db().phoneLookup.create({
    data: {
      number: "+639170000001",
      provider: "twilio",
      result: "{}",
      fetchedAt: new Date(Date.now() - 2 * 24 * 3600 * 1000),
    },
  });
  await db().phoneLookup.create({ data: { number: "+639170000002", provider: "twilio", result: "{}" } });
  expect((await runMaintenance()).phoneLookups).toBe(1);
  expect(await db().phoneLookup.count()).toBe(1);
});

it("deletes positions older than RETENTION_DAYS, keeps the requests' states and newer positions", async () => {
  const { user } = await createUser();
  const now = new Date("2026-06-30T12:00:00.000Z");
  const daysAgo = (days: number) => new Date(now.getTime() - days * 24 * 3600 * 1000);
  const position = { latitude: 14.65, longitude: 121.05, accuracyMeters: 12, address: "Quezon City, PH" };
  const make = (code: string, status: string, locatedAt: Date) =>
    db().locationRequest.create({
      data: {
        userId: user.id,
        channel: "link",
        requesterName: "Ana",
        locale: "en",
        code,
        status,
        locatedAt,
        ...position,
      },
    });
  const old = await make("Retain01", "gps_tracked", daysAgo(31));
  const oldIp = await make("Retain02", "ip_located", daysAgo(45));
  const fresh = await make("Retain03", "gps_tracked", daysAgo(29));

  expect((await runMaintenance(now)).positions).toBe(2);
  for (const [row, status] of [
    [old, "gps_tracked"],
    [oldIp, "ip_located"],
  ] as const) {
    expect(await db().locationRequest.findUniqueOrThrow({ where: { id: row.id } })).toMatchObject({
      status,
      locatedAt: row.locatedAt,
      latitude: null,
      longitude: null,
      accuracyMeters: null,
      address: null,
    });
  }
  expect(await db().locationRequest.findUniqueOrThrow({ where: { id: fresh.id } })).toMatchObject({
    status: "gps_tracked",
    ...position,
  });
  // Running again finds nothing more: the job is idempotent.
  expect((await runMaintenance(now)).positions).toBe(0);
});

it("follows a configured RETENTION_DAYS", async () => {
  process.env.RETENTION_DAYS = "7";
  resetConfig();
  try {
    const { user } = await createUser();
    // Earlier than every other row of this file, so only these two can be past the cutoff.
    const now = new Date("2026-01-01T00:00:00.000Z");
    const make = (code: string, days: number) =>
      db().locationRequest.create({
        data: {
          userId: user.id,
          channel: "link",
          requesterName: "Ana",
          locale: "en",
          code,
          status: "gps_tracked",
          locatedAt: new Date(now.getTime() - days * 24 * 3600 * 1000),
          latitude: 1,
          longitude: 2,
          accuracyMeters: 3,
        },
      });
    const old = await make("Retain04", 8);
    const kept = await make("Retain05", 6);
    expect((await runMaintenance(now)).positions).toBe(1);
    expect(await db().locationRequest.findUniqueOrThrow({ where: { id: old.id } })).toMatchObject({
      status: "gps_tracked",
      latitude: null,
    });
    expect(await db().locationRequest.findUniqueOrThrow({ where: { id: kept.id } })).toMatchObject({
      status: "gps_tracked",
      latitude: 1,
    });
  } finally {
    delete process.env.RETENTION_DAYS;
    resetConfig();
  }
});

describe("the sandbox's renewals", () => {
  // These runs move the clock years ahead; the reminders are counted in the outbox, which would
  // otherwise be swept after OUTBOX_DAYS of that clock.
  beforeEach(() => {
    process.env.OUTBOX_DAYS = "3650";
    resetConfig();
  });
  afterEach(() => {
    delete process.env.OUTBOX_DAYS;
    resetConfig();
  });
  /** A sandbox buyer whose first (trial) day is paid, as after the sandbox checkout's Pay button. */
  async function sandboxBuyer(at: Date) {
    const email = uniqueEmail("renewal");
    const started = await startCheckout(
      { name: "Ana", surname: "Reyes", email, adult: "on" },
      { locale: "ph", ip: "203.0.113.20", now: at },
    );
    if (!started.ok) throw new Error("checkout failed");
    await sandboxPay(started.checkoutId, at);
    const user = await db().user.findUniqueOrThrow({ where: { email } });
    return { email, user, sub: await db().subscription.findUniqueOrThrow({ where: { userId: user.id } }) };
  }

  it("reminds before the end of each period, then charges the next one: a payment, validUntil moved", async () => {
    const start = new Date("2031-03-01T08:00:00.000Z");
    const { email, user, sub } = await sandboxBuyer(start);
    expect(sub).toMatchObject({
      state: "trial",
      validUntil: new Date(start.getTime() + DAY_MS),
      nextChargeAt: new Date(start.getTime() + DAY_MS),
    });

    // Before the end of the first day nothing is charged (the reminder has gone out: it is within 3 days).
    expect((await runMaintenance(new Date(start.getTime() + DAY_MS - 60_000))).sandboxRenewals).toBe(0);
    expect(
      await db().outboxMessage.count({
        where: { to: email, subject: "Malapit nang mag-renew ang iyong subscription" },
      }),
    ).toBe(1);

    // Ten minutes after the day ends, the next period is charged from the due time on.
    const firstDue = new Date(start.getTime() + DAY_MS);
    expect((await runMaintenance(new Date(firstDue.getTime() + 10 * 60_000))).sandboxRenewals).toBe(1);
    const renewed = await db().subscription.findUniqueOrThrow({ where: { userId: user.id } });
    const secondDue = new Date(firstDue.getTime() + 30 * DAY_MS);
    expect(renewed).toMatchObject({ state: "active", validUntil: secondDue, nextChargeAt: secondDue });
    const paid = await db().payment.findMany({
      where: { subscriptionId: sub.id, status: "paid" },
      orderBy: { paidAt: "asc" },
    });
    expect(paid.map((p) => [p.amount, p.currency])).toEqual([
      [4900, "PHP"],
      [149900, "PHP"],
    ]);
    expect(await subscriptionDetails(user.id, new Date(secondDue.getTime() - 1000))).toMatchObject({
      state: "Active",
      expiredStatus: 0,
    });

    // Running again (another process, the next tick) charges nothing more.
    expect((await runMaintenance(new Date(firstDue.getTime() + 20 * 60_000))).sandboxRenewals).toBe(0);
    expect(await db().payment.count({ where: { subscriptionId: sub.id } })).toBe(2);

    // The next period: a reminder three days before, then the charge.
    await runMaintenance(new Date(secondDue.getTime() - 2 * DAY_MS));
    expect(
      await db().outboxMessage.count({
        where: { to: email, subject: "Malapit nang mag-renew ang iyong subscription" },
      }),
    ).toBe(2);
    expect((await runMaintenance(new Date(secondDue.getTime() + 60_000))).sandboxRenewals).toBe(1);
    expect(await db().subscription.findUniqueOrThrow({ where: { userId: user.id } })).toMatchObject({
      validUntil: new Date(secondDue.getTime() + 30 * DAY_MS),
    });
    expect(await db().payment.count({ where: { subscriptionId: sub.id, status: "paid" } })).toBe(3);
  });

  it("does not charge a forced failure or a cancelled subscription again: they expire", async () => {
    const start = new Date("2031-05-01T08:00:00.000Z");
    const failing = await sandboxBuyer(start);
    const failedAt = new Date(start.getTime() + 12 * 3600_000);
    expect((await sandboxAdvance(failing.email, "fail", failedAt)).ok).toBe(true);
    const cancelled = await sandboxBuyer(start);
    await db().subscription.update({
      where: { id: cancelled.sub.id },
      data: { state: "cancelled", cancelAtPeriodEnd: true, nextChargeAt: null },
    });

    const later = new Date(start.getTime() + 2 * DAY_MS);
    await runMaintenance(later);
    for (const { user, sub } of [failing, cancelled]) {
      expect(await subscriptionDetails(user.id, later)).toMatchObject({ state: "Expired", expiredStatus: 1 });
      expect(await db().payment.count({ where: { subscriptionId: sub.id, status: "paid" } })).toBe(1);
    }
    expect(await db().payment.count({ where: { subscriptionId: failing.sub.id, status: "failed" } })).toBe(1);
  });

  it("leaves sandbox subscriptions alone while a real provider takes the payments", async () => {
    const start = new Date("2031-07-01T08:00:00.000Z");
    const { sub } = await sandboxBuyer(start);
    process.env.STRIPE_SECRET_KEY = "sk_test_unused";
    resetConfig();
    try {
      expect(await renewSandboxSubscriptions(new Date(start.getTime() + 2 * DAY_MS))).toBe(0);
    } finally {
      delete process.env.STRIPE_SECRET_KEY;
      resetConfig();
    }
    expect(await db().payment.count({ where: { subscriptionId: sub.id } })).toBe(1);
  });
});

describe("the maintenance loop", () => {
  const until = async (check: () => boolean | Promise<boolean>, ms = 5000) => {
    const end = Date.now() + ms;
    while (!(await check())) {
      if (Date.now() > end) throw new Error("condition not met in time");
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };

  it("runs its jobs in one process at a time; when that one stops, another takes over", async () => {
    const runs: string[] = [];
    const jobs = (holder: string) => [{ name: "count", everyMs: 100, run: async () => void runs.push(holder) }];
    const stopA = startMaintenance({ holder: "a", leaseMs: 600, jobs: jobs("a") });
    await until(() => runs.length > 0);
    const stopB = startMaintenance({ holder: "b", leaseMs: 600, jobs: jobs("b") });
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(await leaseHolder(MAINTENANCE_LEASE)).toBe("a");
    expect(runs.length).toBeGreaterThan(1);
    expect(new Set(runs)).toEqual(new Set(["a"]));

    await stopA();
    const before = runs.length;
    await until(() => runs.length > before);
    expect(await leaseHolder(MAINTENANCE_LEASE)).toBe("b");
    expect(runs.slice(before).every((holder) => holder === "b")).toBe(true);
    await stopB();
    expect(await leaseHolder(MAINTENANCE_LEASE)).toBeNull();
  });

  it("logs a failing job and runs it again when next due", async () => {
    let calls = 0;
    const log = captureLog();
    const stop = startMaintenance({
      holder: "c",
      leaseMs: 300,
      jobs: [
        {
          name: "flaky",
          everyMs: 50,
          run: async () => {
            calls += 1;
            if (calls === 1) throw new Error("boom");
          },
        },
      ],
    });
    await until(() => calls >= 2);
    await stop();
    log.restore();
    expect(log.err()).toEqual([expect.stringMatching(/^error: maintenance job failed job=flaky error="Error: boom/)]);
  });

  it("gives up a job that hangs: the loop goes on, runs it again when due, and stops at once", async () => {
    let calls = 0;
    const log = captureLog();
    const stop = startMaintenance({
      holder: "hung",
      leaseMs: 300,
      jobs: [
        {
          name: "hangs",
          everyMs: 50,
          timeoutMs: 100,
          // A provider or database that never answers.
          run: () => {
            calls += 1;
            return new Promise(() => {});
          },
        },
      ],
    });
    await until(() => calls >= 2);
    const started = Date.now();
    await stop();
    expect(Date.now() - started).toBeLessThan(1000);
    log.restore();
    expect(log.err().some((line) => line.includes("not finished after 100 ms"))).toBe(true);
  });
});
