import { expect, it } from "vitest";
import { createSession } from "~/auth/session.server";
import { resetConfig } from "~/config.server";
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

it("deletes positions older than RETENTION_DAYS, keeps the requests' states and newer positions", async () => {
  const { user } = await createUser();
  const now = new Date("2026-06-30T12:00:00.000Z");
  const daysAgo = (days: number) => new Date(now.getTime() - days * 24 * 3600 * 1000);
  const position = { latitude: 14.65, longitude: 121.05, accuracyMeters: 12, address: "Quezon City, PH" };
  const make = (code: string, status: string, locatedAt: Date) =>
    db().locationRequest.create({ data: { userId: user.id, channel: "link", requesterName: "Ana", locale: "en", code, status, locatedAt, ...position } });
  const old = await make("Retain01", "gps_tracked", daysAgo(31));
  const oldIp = await make("Retain02", "ip_located", daysAgo(45));
  const fresh = await make("Retain03", "gps_tracked", daysAgo(29));

  expect((await runMaintenance(now)).positions).toBe(2);
  for (const [row, status] of [[old, "gps_tracked"], [oldIp, "ip_located"]] as const) {
    expect(await db().locationRequest.findUniqueOrThrow({ where: { id: row.id } })).toMatchObject({
      status,
      locatedAt: row.locatedAt,
      latitude: null,
      longitude: null,
      accuracyMeters: null,
      address: null,
    });
  }
  expect(await db().locationRequest.findUniqueOrThrow({ where: { id: fresh.id } })).toMatchObject({ status: "gps_tracked", ...position });
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
        data: { userId: user.id, channel: "link", requesterName: "Ana", locale: "en", code, status: "gps_tracked", locatedAt: new Date(now.getTime() - days * 24 * 3600 * 1000), latitude: 1, longitude: 2, accuracyMeters: 3 },
      });
    const old = await make("Retain04", 8);
    const kept = await make("Retain05", 6);
    expect((await runMaintenance(now)).positions).toBe(1);
    expect(await db().locationRequest.findUniqueOrThrow({ where: { id: old.id } })).toMatchObject({ status: "gps_tracked", latitude: null });
    expect(await db().locationRequest.findUniqueOrThrow({ where: { id: kept.id } })).toMatchObject({ status: "gps_tracked", latitude: 1 });
  } finally {
    delete process.env.RETENTION_DAYS;
    resetConfig();
  }
});
