import { expect, it } from "vitest";

import { db } from "~/db/db.server";
import { purgeOldPositions } from "~/privacy/retention.server";
import { DAY } from "~/utils/time";

import { createUser } from "../../tests/support/factories";
import { inBatches } from "./batches.server";
import { forgetOldRequestData, purgeOldOutboxMessages } from "./retention.server";

it("works through the rows in bounded batches until none is left, and cannot loop", async () => {
  const rows = Array.from({ length: 25 }, (_, i) => ({ id: `row${i}` }));
  const batches: number[] = [];
  const count = await inBatches(
    async (take) => rows.slice(0, take),
    async (ids) => {
      batches.push(ids.length);
      rows.splice(0, ids.length);
      return { count: ids.length };
    },
    10,
  );
  expect(count).toBe(25);
  expect(batches).toEqual([10, 10, 5]);
  // Rows that keep matching but that `apply` no longer changes (changed meanwhile): it stops.
  let calls = 0;
  const stuck = await inBatches(
    async (take) => Array.from({ length: take }, (_, i) => ({ id: `s${i}` })),
    async () => ((calls += 1), 0),
    10,
  );
  expect([stuck, calls]).toEqual([0, 1]);
});

it("deletes every old outbox message in several batches and keeps the young ones", async () => {
  const old = new Date(Date.now() - 400 * DAY);
  await db().outboxMessage.createMany({
    data: Array.from({ length: 23 }, (_, i) => ({ channel: "sms", to: `+6391700${i}`, text: "x", createdAt: old })),
  });
  const young = await db().outboxMessage.create({ data: { channel: "sms", to: "+639170", text: "y" } });
  expect(await purgeOldOutboxMessages(new Date(), 5)).toBeGreaterThanOrEqual(23);
  expect(await db().outboxMessage.count({ where: { createdAt: { lt: new Date(Date.now() - 300 * DAY) } } })).toBe(0);
  expect(await db().outboxMessage.findUnique({ where: { id: young.id } })).not.toBeNull();
});

it("clears old positions and old request data in several batches", async () => {
  const { user } = await createUser();
  const longAgo = new Date(Date.now() - 400 * DAY);
  await db().locationRequest.createMany({
    data: Array.from({ length: 12 }, (_, i) => ({
      userId: user.id,
      channel: "sms",
      target: "+639171234567",
      requesterName: "Ana",
      locale: "en",
      code: `B${user.id.slice(-4)}${String(i).padStart(3, "0")}`,
      status: "gps_tracked",
      latitude: 14.6,
      longitude: 121,
      accuracyMeters: 10,
      address: "Quezon City, PH",
      locatedAt: longAgo,
      createdAt: longAgo,
    })),
  });
  const mine = { userId: user.id };
  expect(await purgeOldPositions(new Date(), 30, 5)).toBeGreaterThanOrEqual(12);
  expect(await db().locationRequest.count({ where: { ...mine, latitude: { not: null } } })).toBe(0);
  expect(await forgetOldRequestData(new Date(), 5)).toBeGreaterThanOrEqual(12);
  expect(await db().locationRequest.count({ where: { ...mine, target: { not: null } } })).toBe(0);
  // The requests and their state stay.
  expect(await db().locationRequest.count({ where: { ...mine, status: "gps_tracked" } })).toBe(12);
});
