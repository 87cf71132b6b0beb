import { describe, expect, it } from "vitest";

import { openMapUrl } from "./map-link";

describe("openMapUrl", () => {
  it("marks a GPS fix up close", () => {
    expect(openMapUrl({ latitude: 14.6507, longitude: 121.0494, radius: 15, precise: true })).toBe(
      "https://www.openstreetmap.org/?mlat=14.65070&mlon=121.04940#map=15/14.65070/121.04940",
    );
  });

  it("shows an approximate area without a marker, zoomed out to its radius", () => {
    expect(openMapUrl({ latitude: -6.2088, longitude: 106.8456, radius: 25_000, precise: false })).toBe(
      "https://www.openstreetmap.org/#map=9/-6.20880/106.84560",
    );
    // A country-sized area stops at zoom 5; a tiny one at 15.
    expect(openMapUrl({ latitude: 0, longitude: 0, radius: 2_000_000, precise: false })).toMatch(/#map=5\//);
    expect(openMapUrl({ latitude: 0, longitude: 0, radius: 10, precise: false })).toMatch(/#map=15\//);
  });
});
