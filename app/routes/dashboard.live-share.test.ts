import { expect, it } from "vitest";

import { db } from "~/db/db.server";

import { createUser } from "../../tests/support/factories";
import { appendPosition, startLiveShare } from "../../tests/support/live-shares";
import { liveView, loadDashboardView } from "./dashboard.server";

const HOUR = 3600_000;

async function newRequest(userId: string) {
  return db().locationRequest.create({
    data: {
      userId,
      channel: "link",
      requesterName: "Ana",
      locale: "en",
      code: `V${Math.random().toString(36).slice(2, 10)}`,
    },
  });
}
const detailOf = async (userId: string, id: string, zone = "Asia/Manila", locale: "en" | "id" | "ph" = "en") =>
  (await loadDashboardView(userId, new URL(`http://localhost/dashboard/?tab=records&id=${id}`), locale, zone))?.detail;

it("shows a live share's end with its zone's long name, the newest position's age, and its trail oldest first", async () => {
  const { user } = await createUser();
  const request = await newRequest(user.id);
  await startLiveShare(request.id, {
    until: new Date(Date.UTC(2030, 0, 1, 6, 30)),
    fixes: [
      { latitude: 14.6, longitude: 121 },
      { latitude: 14.61, longitude: 121.01 },
      { latitude: 14.62, longitude: 121.02 },
    ],
  });
  const detail = await detailOf(user.id, request.id);
  expect(detail?.latitude).toBe(14.62);
  expect(detail?.live).toMatchObject({
    until: "2030-01-01T06:30:00.000Z",
    endedAt: null,
    trail: [
      [14.6, 121],
      [14.61, 121.01],
      [14.62, 121.02],
    ],
    shown: { until: "2:30 PM (Philippine Standard Time)", ended: false },
  });
  expect(detail?.live?.shown.age).toMatch(/sec\. ago$/);
  // The same in Indonesian, in Jakarta's zone.
  const id = await detailOf(user.id, request.id, "Asia/Jakarta", "id");
  expect(id?.live?.shown.until).toBe("13.30 (Waktu Indonesia Barat)");
});

it("says a share ended once it was stopped or its time passed, and shows a one-off or approximate share without a trail", async () => {
  const { user } = await createUser();
  const stopped = await newRequest(user.id);
  await startLiveShare(stopped.id, {
    until: new Date(Date.now() + HOUR),
    endedAt: new Date(),
    fixes: [{ latitude: 1, longitude: 2 }],
  });
  expect((await detailOf(user.id, stopped.id))?.live?.shown.ended).toBe(true);

  const now = new Date();
  expect(
    liveView({ liveUntil: now.toISOString(), liveEndedAt: null, locatedAt: null }, "en", "UTC", [], now)?.shown.ended,
  ).toBe(true);

  const once = await newRequest(user.id);
  await db().locationRequest.update({
    where: { id: once.id },
    data: { status: "gps_tracked", latitude: 1, longitude: 2, locatedAt: new Date() },
  });
  expect((await detailOf(user.id, once.id))?.live).toBeNull();

  const area = await newRequest(user.id);
  await startLiveShare(area.id, { until: new Date(Date.now() + HOUR), status: "ip_located" });
  await appendPosition(area.id, { latitude: 1, longitude: 2, accuracyMeters: 5000 });
  expect((await detailOf(user.id, area.id))?.live?.trail).toEqual([]);
});
