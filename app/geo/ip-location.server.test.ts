import { afterEach, expect, it, vi } from "vitest";

afterEach(() => {
  vi.useRealTimers();
  vi.resetModules();
});

it("reads the IP database on the first lookup, not when the app's modules load, and lets it go when idle", async () => {
  vi.resetModules();
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
  const ip = await import("./ip-location.server");
  // What a worker loads at start: the server build's modules, the consent page and the share code.
  await import("~/location-requests/answer.server");
  await import("~/routes/consent-page");
  await import("~/routes/share");
  expect(ip.ipDatabaseLoaded()).toBe(false);

  // What can do without it (a page's time zone) does not wait: it starts the read for the next page.
  expect(ip.locateIpIfLoaded("112.198.0.1")).toBeUndefined();
  const found = await ip.locateIp("112.198.0.1");
  expect(found).toMatchObject({ country: "PH", accuracyMeters: ip.IP_ACCURACY_METERS });
  expect(ip.ipDatabaseLoaded()).toBe(true);
  expect(ip.locateIpIfLoaded("112.198.0.1")).toEqual(found);
  // Each lookup keeps it a while longer; after a quiet spell it is let go, and read again when needed.
  vi.advanceTimersByTime(ip.IP_DATABASE_IDLE_MS - 1000);
  expect(await ip.locateIp("10.0.0.1")).toBeNull();
  vi.advanceTimersByTime(ip.IP_DATABASE_IDLE_MS - 1000);
  expect(ip.ipDatabaseLoaded()).toBe(true);
  vi.advanceTimersByTime(2000);
  expect(ip.ipDatabaseLoaded()).toBe(false);
  expect(await ip.locateIp("112.198.0.1")).toEqual(found);
});

it("reads the IP database off the event loop: timers keep firing while it is read", async () => {
  vi.resetModules();
  const ip = await import("./ip-location.server");
  let ticks = 0;
  const ticker = setInterval(() => (ticks += 1), 1);
  try {
    const reading = ip.locateIp("112.198.0.1");
    // A read on the event loop (readFileSync of ~130 MB) would let no timer fire before it ends.
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(ip.ipDatabaseLoaded()).toBe(false);
    expect(ticks).toBeGreaterThan(0);
    expect(await reading).toMatchObject({ country: "PH" });
  } finally {
    clearInterval(ticker);
  }
});
