import { expect, it } from "vitest";

import { db } from "~/db/db.server";
import { LIVE_TRAIL_MAX } from "~/location-requests/live-limits";
import { liveState, readTrail, recentTrail, VIEW_TRAIL_MAX } from "~/location-requests/live-trail.server";

import { createUser } from "../../tests/support/factories";
import { appendPosition, startLiveShare } from "../../tests/support/live-shares";

const HOUR = 3600_000;

async function liveRequest(userId: string, fixes: number, status: "gps_tracked" | "ip_located" = "gps_tracked") {
  const request = await db().locationRequest.create({
    data: {
      userId,
      channel: "link",
      requesterName: "Ana",
      locale: "en",
      code: `L${Math.random().toString(36).slice(2, 10)}`,
    },
  });
  await startLiveShare(request.id, {
    until: new Date(Date.now() + HOUR),
    status,
    fixes: Array.from({ length: fixes }, (_, i) => ({ latitude: 14.6 + i / 1000, longitude: 121 + i / 1000 })),
  });
  return request;
}

it("names a live share live until its end or its early stop, ended after, and a one-off share not at all", () => {
  const now = new Date("2026-11-28T12:00:00Z");
  expect(liveState({ liveUntil: null, liveEndedAt: null }, now)).toBeNull();
  expect(liveState({ liveUntil: "2026-11-28T12:00:01Z", liveEndedAt: null }, now)).toBe("live");
  expect(liveState({ liveUntil: "2026-11-28T12:00:00Z", liveEndedAt: null }, now)).toBe("ended");
  expect(liveState({ liveUntil: "2026-11-28T13:00:00Z", liveEndedAt: "2026-11-28T11:59:00Z" }, now)).toBe("ended");
});

it("pages a trail by key, oldest first, every position exactly once, and keeps the key when nothing is new", async () => {
  const { user } = await createUser();
  const request = await liveRequest(user.id, 25);
  const seen: number[] = [];
  let after: number | undefined;
  const sizes: number[] = [];
  for (;;) {
    const page = await readTrail(user.id, request.id, { after, limit: 10 });
    if (!page) throw new Error("not found");
    expect(page.live).toBe("live");
    sizes.push(page.items.length);
    seen.push(...page.items.map((p) => p.id));
    after = page.nextAfter;
    if (!page.more) break;
  }
  expect(sizes).toEqual([10, 10, 5]);
  expect(seen).toEqual([...seen].sort((a, b) => a - b));
  expect(new Set(seen).size).toBe(25);
  // Following the share: nothing new keeps the key; the next position comes alone.
  const idle = await readTrail(user.id, request.id, { after });
  expect(idle).toMatchObject({ items: [], more: false, nextAfter: after });
  await appendPosition(request.id, { latitude: 15, longitude: 122 });
  const next = await readTrail(user.id, request.id, { after });
  expect(next?.items.map((p) => [p.latitude, p.longitude])).toEqual([[15, 122]]);
});

it("answers another account's request like a missing one, and gives an approximate share no trail", async () => {
  const { user } = await createUser();
  const other = await createUser();
  const request = await liveRequest(user.id, 3);
  expect(await readTrail(other.user.id, request.id, {})).toBeNull();
  expect(await readTrail(user.id, "missing", {})).toBeNull();
  const area = await liveRequest(user.id, 3, "ip_located");
  expect((await readTrail(user.id, area.id, {}))?.items).toEqual([]);
});

it("shows no trail once the recipient stopped sharing or the position was purged, whatever rows remain", async () => {
  const { user } = await createUser();
  const stopped = await liveRequest(user.id, 3);
  expect((await readTrail(user.id, stopped.id, {}))?.items).toHaveLength(3);
  await db().locationRequest.update({
    where: { id: stopped.id },
    data: { decision: "revoked", latitude: null, longitude: null },
  });
  expect((await readTrail(user.id, stopped.id, {}))?.items).toEqual([]);
  const purged = await liveRequest(user.id, 3);
  await db().locationRequest.update({ where: { id: purged.id }, data: { latitude: null, longitude: null } });
  expect((await readTrail(user.id, purged.id, {}))?.items).toEqual([]);
});

it("keeps the newest LIVE_TRAIL_MAX positions, and the page reads only the newest VIEW_TRAIL_MAX of them", async () => {
  const { user } = await createUser();
  const request = await liveRequest(user.id, LIVE_TRAIL_MAX + 5);
  expect(await db().livePosition.count({ where: { requestId: request.id } })).toBe(LIVE_TRAIL_MAX);
  const trail = await recentTrail(request.id);
  expect(trail).toHaveLength(VIEW_TRAIL_MAX);
  const newest = await db().locationRequest.findUniqueOrThrow({ where: { id: request.id } });
  // Oldest first, ending at the request's own (newest) position.
  expect(trail.at(-1)).toMatchObject({ latitude: newest.latitude, longitude: newest.longitude });
  expect(trail.map((p) => p.id)).toEqual([...trail.map((p) => p.id)].sort((a, b) => a - b));
  // The API pages the whole kept trail, never more than LIVE_TRAIL_MAX at once.
  const all = await readTrail(user.id, request.id, { limit: LIVE_TRAIL_MAX });
  expect(all?.items).toHaveLength(LIVE_TRAIL_MAX);
  expect(all?.more).toBe(false);
});
