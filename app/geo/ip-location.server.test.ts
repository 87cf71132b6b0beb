import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

import { expect, it, vi } from "vitest";

import { IP_ACCURACY_METERS, locateIp } from "./ip-location.server";

/** A full collection, so that what is measured is what is held, not what awaits collection. */
function collect() {
  setFlagsFromString("--expose-gc");
  (runInNewContext("gc") as () => void)();
}

it("holds a few megabytes at most, however many addresses it places (never the ~130 MB files)", async () => {
  collect();
  const before = process.memoryUsage().arrayBuffers;
  let placed = 0;
  for (let i = 0; i < 400; i++) {
    const a = (i * 97 + 13) % 224;
    const found = await locateIp(
      i % 2 ? `${a}.${(i * 31) % 256}.${(i * 7) % 256}.1` : `2a0${i % 10}:${i.toString(16)}::1`,
    );
    if (found) placed += 1;
  }
  collect();
  expect(placed).toBeGreaterThan(100);
  expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(4 * 1024 * 1024);
});

it("never holds the event loop: timers fire while lookups read the file", async () => {
  let ticks = 0;
  const ticker = setInterval(() => (ticks += 1), 1);
  try {
    const lookups = Promise.all(Array.from({ length: 50 }, (_, i) => locateIp(`${100 + i}.${i * 5}.0.1`)));
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(ticks).toBeGreaterThan(0);
    expect((await lookups).filter(Boolean).length).toBeGreaterThan(10);
  } finally {
    clearInterval(ticker);
  }
});

it("answers a fresh worker's first lookup, opening the database then, not when the app's modules load", async () => {
  vi.resetModules();
  const ip = await import("./ip-location.server");
  // What a worker loads at start: the server build's modules, the consent page and the share code.
  await import("~/location-requests/answer.server");
  await import("~/routes/consent-page");
  await import("~/routes/share");
  expect(await ip.locateIp("112.198.0.1")).toEqual({
    latitude: expect.closeTo(14.5535, 4),
    longitude: expect.closeTo(121.05, 4),
    accuracyMeters: IP_ACCURACY_METERS,
    city: "Taguig",
    region: "National Capital Region",
    country: "PH",
  });
});
