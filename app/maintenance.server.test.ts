import { expect, it } from "vitest";
import { createSession } from "~/auth/session.server";
import { db } from "~/db.server";
import { hit } from "~/rate-limit.server";
import { sha256 } from "~/utils/hash.server";
import { createUser } from "../tests/support/factories";
import { runMaintenance } from "./maintenance.server";

it("removes expired sessions and ended rate-limit windows, and keeps live ones", async () => {
  const { user } = await createUser();
  const live = await createSession(user.id);
  const old = await createSession(user.id);
  await db().session.updateMany({ where: { tokenHash: sha256(old.token) }, data: { expiresAt: new Date(Date.now() - 1000) } });
  await hit("sweep-me", 5, 1000, new Date(Date.now() - 5000));
  await hit("keep-me", 5, 60_000);
  const result = await runMaintenance();
  expect(result.sessions).toBeGreaterThanOrEqual(1);
  expect(result.rateLimits).toBe(1);
  expect(await db().session.count({ where: { userId: user.id } })).toBe(1);
  expect(await db().session.findUnique({ where: { tokenHash: sha256(live.token) } })).not.toBeNull();
});

it("sweeps number lookups cached for more than a day", async () => {
  await db().phoneLookup.create({ data: { number: "+639170000001", provider: "twilio", result: "{}", fetchedAt: new Date(Date.now() - 2 * 24 * 3600 * 1000) } });
  await db().phoneLookup.create({ data: { number: "+639170000002", provider: "twilio", result: "{}" } });
  expect((await runMaintenance()).phoneLookups).toBe(1);
  expect(await db().phoneLookup.count()).toBe(1);
});
