// The raw reads on every request's path (app/db/db.server.ts `firstRow`, `rows`; they go to the driver
// directly, app/db/reads.server.ts) must answer exactly what Prisma's own query answers: the same
// columns, with the same types (Date, boolean, number, bigint, null), on SQLite and, in the postgres
// project, on PostgreSQL.
import { describe, expect, it } from "vitest";

import { createSession, lookupSession } from "~/auth/session.server";
import { readSubscription } from "~/billing/subscription.server";
import { closeProcessDb, db, rows } from "~/db/db.server";
import { findByCode } from "~/location-requests/answer.server";
import { reviewsVersion } from "~/reviews/reviews.server";
import { onSimplePath } from "~/server/speed-tricks.server";

import { createUser } from "../support/factories";

/** The columns of a subscription read (`SubscriptionRead`), as Prisma selects them. */
const subscriptionRead = {
  state: true,
  validUntil: true,
  createdAt: true,
  provider: true,
  plan: true,
  currency: true,
  amount: true,
  firstDayAmount: true,
  periodDays: true,
  cancelAtPeriodEnd: true,
  nextChargeAt: true,
} as const;

describe("raw reads", () => {
  it("read a session, its user and the user's subscription as Prisma does", async () => {
    const { user } = await createUser();
    await db().user.update({ where: { id: user.id }, data: { name: "Ana", locale: "ph" } });
    await db().subscription.update({ where: { userId: user.id }, data: { amount: 499, plan: "monthly" } });
    const { token } = await createSession(user.id);
    const lookup = await lookupSession(token);
    const session = await db().session.findFirstOrThrow({
      where: { userId: user.id },
      select: {
        id: true,
        user: {
          select: { id: true, email: true, name: true, locale: true, subscription: { select: subscriptionRead } },
        },
      },
    });
    const { subscription, ...sessionUser } = session.user;
    expect(lookup).toEqual({ state: "valid", sessionId: session.id, user: sessionUser, subscription });
    expect(await lookupSession(`${token}x`)).toEqual({ state: "invalid" });
  });

  it("read a session whose user has no subscription", async () => {
    const { user } = await createUser();
    await db().subscription.deleteMany({ where: { userId: user.id } });
    const { token } = await createSession(user.id);
    expect(await lookupSession(token)).toMatchObject({ state: "valid", user: { id: user.id }, subscription: null });
  });

  it("treat an expired session as invalid and delete it", async () => {
    const { user } = await createUser();
    const { token } = await createSession(user.id);
    await db().session.updateMany({ where: { userId: user.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect(await lookupSession(token)).toEqual({ state: "invalid" });
    expect(await db().session.count({ where: { userId: user.id } })).toBe(0);
  });

  it("read a subscription with its dates, flags, amounts and nulls as Prisma does", async () => {
    const { user } = await createUser({ days: 30 });
    await db().subscription.update({
      where: { userId: user.id },
      data: { amount: 1999, cancelAtPeriodEnd: true, nextChargeAt: new Date("2027-01-02T03:04:05.678Z") },
    });
    const raw = await readSubscription(user.id);
    const prisma = await db().subscription.findUniqueOrThrow({ where: { userId: user.id }, select: subscriptionRead });
    expect(raw).toEqual(prisma);
    expect(raw!.validUntil).toBeInstanceOf(Date);
    expect(raw!.cancelAtPeriodEnd).toBe(true);
    expect(raw!.amount).toBe(1999);
    expect(raw!.firstDayAmount).toBeNull();
    const { user: without } = await createUser();
    await db().subscription.deleteMany({ where: { userId: without.id } });
    expect(await readSubscription(without.id)).toBeNull();
  });

  it("read a location request by its code as Prisma does, a shared position included", async () => {
    const { user } = await createUser();
    const row = await db().locationRequest.create({
      data: {
        userId: user.id,
        channel: "link",
        requesterName: "Ana",
        locale: "id",
        code: "Rw9pQ2xZ",
        status: "located",
        openedAt: new Date("2026-11-01T10:00:00.000Z"),
        locatedAt: new Date("2026-11-01T10:01:00.000Z"),
        latitude: 14.5995123,
        longitude: 120.9842456,
        accuracyMeters: 12.5,
      },
    });
    expect(await findByCode(row.code)).toEqual(row);
    expect(await findByCode("Zz9pQ2xZ")).toBeNull();
  });

  it("read dates as the instants Prisma stored, whatever the process's time zone", async () => {
    const { user } = await createUser({ days: 30 });
    const prisma = await db().subscription.findUniqueOrThrow({ where: { userId: user.id }, select: subscriptionRead });
    const zone = process.env.TZ;
    try {
      for (const tz of ["Asia/Manila", "America/Los_Angeles"]) {
        process.env.TZ = tz;
        expect(new Date(2026, 0, 1).getTimezoneOffset()).not.toBe(0);
        expect(await readSubscription(user.id)).toEqual(prisma);
      }
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });

  it("read a date the database wrote itself (CURRENT_TIMESTAMP) as Prisma does", async () => {
    const { user } = await createUser();
    await db()
      .$executeRaw`INSERT INTO "Review" ("id", "userId", "rating", "text", "displayName", "locale", "status", "writtenAt", "createdAt", "updatedAt")
      VALUES ('rv_raw', ${user.id}, 4, 'Good', 'Ana', 'en', 'published', CURRENT_TIMESTAMP, CURRENT_TIMESTAMP, CURRENT_TIMESTAMP)`;
    const prisma = await db().review.findUniqueOrThrow({ where: { id: "rv_raw" } });
    const [raw] = await rows<typeof prisma>`SELECT * FROM "Review" WHERE "id" = ${"rv_raw"}`;
    expect(raw).toEqual(prisma);
    expect(Math.abs(raw!.writtenAt.getTime() - Date.now())).toBeLessThan(60_000);
  });

  it("answer each value through one prepared statement, and see every write Prisma has committed", async () => {
    const users = await Promise.all([createUser(), createUser(), createUser()]);
    const sessions = await Promise.all(users.map(({ user }) => createSession(user.id)));
    // Twice each, interleaved: the statement prepared for the first value answers the others.
    for (const round of [0, 1])
      for (const [index, { token }] of sessions.entries()) {
        const lookup = await lookupSession(token);
        expect(lookup, `round ${round}`).toMatchObject({ state: "valid", user: { id: users[index]!.user.id } });
      }
    await db().user.update({ where: { id: users[0]!.user.id }, data: { name: "Renamed" } });
    expect(await lookupSession(sessions[0]!.token)).toMatchObject({ user: { name: "Renamed" } });
    await db().session.deleteMany({ where: { userId: users[1]!.user.id } });
    expect(await lookupSession(sessions[1]!.token)).toEqual({ state: "invalid" });
  });

  it("answer what each simple path answers: Prisma's model API, and Prisma's raw query instead of the driver", async () => {
    // The bench measures both tricks against these paths (docs/performance.md); each must answer alike.
    const { user } = await createUser({ days: 30 });
    await db().subscription.update({
      where: { userId: user.id },
      data: { amount: 1999, cancelAtPeriodEnd: true, nextChargeAt: new Date("2027-01-02T03:04:05.678Z") },
    });
    const { token } = await createSession(user.id);
    const { code } = await db().locationRequest.create({
      data: { userId: user.id, channel: "link", requesterName: "Ana", locale: "id", code: "Qw8pR2xZ", latitude: 1.25 },
    });
    const reads: Record<string, () => Promise<unknown>> = {
      session: () => lookupSession(token),
      unknownSession: () => lookupSession(`${token}x`),
      subscription: () => readSubscription(user.id),
      request: () => findByCode(code),
      unknownRequest: () => findByCode("Zz9pQ2xZ"),
      reviewsVersion: () => reviewsVersion(),
    };
    for (const [name, read] of Object.entries(reads)) {
      const answer = await read();
      for (const tricks of [["raw-reads"], ["driver-reader"], ["raw-reads", "driver-reader"]] as const)
        expect(await onSimplePath(tricks, read), `${name} without ${tricks.join(", ")}`).toEqual(answer);
    }
    expect(await lookupSession(token)).toMatchObject({ state: "valid", subscription: { amount: 1999 } });
  });

  it("open the database again after this process's client was closed", async () => {
    const { user } = await createUser();
    await closeProcessDb();
    expect(await readSubscription(user.id)).toMatchObject({ state: expect.any(String) });
    expect(await db().user.count({ where: { id: user.id } })).toBe(1);
  });
});
