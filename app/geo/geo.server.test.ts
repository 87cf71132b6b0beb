import { describe, expect, it } from "vitest";

import { locateIp } from "./ip-location.server";
import { nearestPlace } from "./nearest-place.server";

describe("offline IP location", () => {
  it("places public addresses in their city", () => {
    expect(locateIp("112.198.0.1")).toMatchObject({ city: "Taguig", country: "PH", accuracyMeters: 25_000 });
    expect(locateIp("::ffff:112.198.0.1")?.country).toBe("PH");
  });
  it("knows nothing of local addresses", () => {
    expect(locateIp("127.0.0.1")).toBeNull();
    expect(locateIp("not an ip")).toBeNull();
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
