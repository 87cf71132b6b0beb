// Sends that did not finish: a provider that never answers, and a process that stopped mid-way.
import type { ServerResponse } from "node:http";

import { afterEach, expect, it } from "vitest";

import { db } from "~/db/db.server";
import { claimSlot } from "~/limits/usage-limit.server";
import { createLocationRequest } from "~/location-requests/create.server";
import { recoverInterruptedSends, UNCONFIRMED } from "~/location-requests/delivery.server";
import { resetConfig } from "~/server/config.server";

import { startFake } from "../../tests/fakes/http";
import { twilioEnv } from "../../tests/fakes/twilio";
import { allowConsoleError } from "../../tests/support/console";
import { createUser } from "../../tests/support/factories";

const slot = (key: string) => db().usageSlot.findUnique({ where: { key } });

afterEach(() => {
  for (const key of [...Object.keys(twilioEnv("")), "PROVIDER_TIMEOUT_MS"]) delete process.env[key];
  resetConfig();
});

it("an SMS the provider did not answer in time is not marked failed, and its slot stays used", async () => {
  allowConsoleError();
  const hanging: ServerResponse[] = [];
  const fake = await startFake((_req, res) => void hanging.push(res));
  Object.assign(process.env, twilioEnv(fake.origin), { PROVIDER_TIMEOUT_MS: "300" });
  resetConfig();
  try {
    const { user } = await createUser();
    const result = await createLocationRequest({
      userId: user.id,
      channel: "sms",
      target: "+639171234567",
      requesterName: "Ana",
      locale: "en",
    });
    // The provider may have sent it: the requester is not told it failed, nor invited to send again.
    expect(result.ok).toBe(true);
    const row = await db().locationRequest.findFirstOrThrow({ where: { userId: user.id } });
    expect(row).toMatchObject({ delivery: UNCONFIRMED });
    expect(row.deliveryError).toMatch(/timeout of 300ms|no answer within 300 ms/);
    expect(await slot(`sms:${user.id}`)).not.toBeNull();
    expect((await claimSlot(`sms:${user.id}`)).ok).toBe(false);
    expect(fake.requests).toHaveLength(1);
  } finally {
    for (const res of hanging) res.destroy();
    await fake.close();
  }
});

it("the maintenance job finishes sends a stopped process left: never sent → slot back; perhaps sent → unconfirmed", async () => {
  const { user: a } = await createUser();
  const { user: b } = await createUser();
  const { user: live } = await createUser();
  const longAgo = new Date(Date.now() - 10 * 60_000);
  // What a process killed before the provider call leaves, and one killed during it.
  await claimSlot(`sms:${a.id}`, undefined, longAgo.getTime() - 5);
  await claimSlot(`email:${b.id}`, undefined, longAgo.getTime() - 5);
  const base = { requesterName: "Ana", locale: "en", title: null };
  const queued = await db().locationRequest.create({
    data: { ...base, userId: a.id, channel: "sms", target: "+639171234567", code: "queued1", delivery: "queued" },
  });
  const sending = await db().locationRequest.create({
    data: { ...base, userId: b.id, channel: "email", target: "b@example.com", code: "sending1", delivery: "sending" },
  });
  // A send in progress right now is left alone.
  const inFlight = await db().locationRequest.create({
    data: { ...base, userId: live.id, channel: "sms", target: "+639171234568", code: "inflight1", delivery: "sending" },
  });
  for (const id of [queued.id, sending.id])
    await db()
      .$executeRaw`UPDATE "LocationRequest" SET "createdAt" = ${longAgo}, "updatedAt" = ${longAgo} WHERE "id" = ${id}`;

  expect(await recoverInterruptedSends()).toEqual({ notSent: 1, unconfirmed: 1 });
  expect(await db().locationRequest.findUniqueOrThrow({ where: { id: queued.id } })).toMatchObject({
    delivery: "failed",
  });
  // It surely did not go out: the requester may send again at once.
  expect(await slot(`sms:${a.id}`)).toBeNull();
  expect(await db().locationRequest.findUniqueOrThrow({ where: { id: sending.id } })).toMatchObject({
    delivery: UNCONFIRMED,
  });
  // It may have gone out: the slot stays used.
  expect(await slot(`email:${b.id}`)).not.toBeNull();
  expect(await db().locationRequest.findUniqueOrThrow({ where: { id: inFlight.id } })).toMatchObject({
    delivery: "sending",
  });
  // Nothing is left for a second run.
  expect(await recoverInterruptedSends()).toEqual({ notSent: 0, unconfirmed: 0 });
});
