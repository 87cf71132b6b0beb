// The raw reads on every request's path (app/db.server.ts `firstRow`) must answer exactly what Prisma's
// own query answers: the same columns, with the same types (Date, boolean, number, null), on SQLite
// and, in the postgres project, on PostgreSQL.
import { describe, expect, it } from "vitest";

import { createSession, lookupSession } from "~/auth/session.server";
import { db } from "~/db.server";
import { findByCode } from "~/location-requests/requests.server";
import { readSubscription } from "~/subscription.server";

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
});
