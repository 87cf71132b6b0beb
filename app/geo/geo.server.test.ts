import { describe, expect, it } from "vitest";

import { approximatePlace } from "~/location-requests/answer.server";

import { locateIp } from "./ip-location.server";
import { areaPlace, nearestPlace } from "./nearest-place.server";

describe("offline IP location", () => {
  it("places public addresses in their city", async () => {
    expect(await locateIp("112.198.0.1")).toMatchObject({ city: "Taguig", country: "PH", accuracyMeters: 25_000 });
    expect((await locateIp("::ffff:112.198.0.1"))?.country).toBe("PH");
  });
  it("knows nothing of local addresses", async () => {
    expect(await locateIp("127.0.0.1")).toBeNull();
    expect(await locateIp("not an ip")).toBeNull();
  });
});

describe("nearest place", () => {
  it("names the city around a position", () => {
    expect(nearestPlace(14.6507, 121.0494)).toBe("Quezon City, PH");
    expect(nearestPlace(-6.2, 106.8167)).toBe("Jakarta, ID");
  });
  it("says nothing in the middle of the ocean", () => {
    expect(nearestPlace(0, -140)).toBeNull();
  });
});

describe("the place of an approximate position", () => {
  it("names the town that holds the area, never the village at its centre", () => {
    // Near Ubud (a village for this purpose): the area 25 km wide is Denpasar's.
    expect(nearestPlace(-8.53, 115.33)).toBe("Ubud, ID");
    expect(areaPlace(-8.53, 115.33, 25)).toBe("Denpasar, ID");
    expect(nearestPlace(10.3, 123.9)).toBe("Adlaon, PH");
    expect(areaPlace(10.3, 123.9, 25)).toBe("Cebu City, PH");
    expect(areaPlace(0, -140, 25)).toBeNull();
  });
  it("falls back to the region the IP database names, and never to its city", () => {
    const far = { latitude: 0, longitude: -140, accuracyMeters: 25_000, country: "ID" };
    expect(approximatePlace({ ...far, city: "Kupel", region: "Bali" })).toBe("Bali, ID");
    expect(approximatePlace({ ...far, city: "Kupel", region: null })).toBeNull();
  });
});
