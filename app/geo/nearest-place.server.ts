import { placesNow } from "./places-data.server";

const RADIUS_KM = 6371;
function distanceKm(lat1: number, lng1: number, lat2: number, lng2: number) {
  const toRad = Math.PI / 180;
  const dLat = (lat2 - lat1) * toRad;
  const dLng = (lng2 - lng1) * toRad;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * toRad) * Math.cos(lat2 * toRad) * Math.sin(dLng / 2) ** 2;
  return 2 * RADIUS_KM * Math.asin(Math.sqrt(a));
}

/** First position in `byLat` whose latitude (×1e5) is at least `min`. */
function firstAtLeast(byLat: Uint32Array, latE5: Int32Array, min: number) {
  let lo = 0;
  let hi = byLat.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (latE5[byLat[mid]!]! / 1e5 < min) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * The best place within `radiusKm` of a position of at least `minPopulation` people: nearest first,
 * larger ones winning at a similar distance. Only the band of latitudes the radius can reach is read
 * (one degree of latitude is ~111 km); the band is taken a little wider than the exact test inside
 * it, and an equal score goes to the place listed first, so the answer is the one a scan of every
 * place gives (app/geo/nearest-place.server.test.ts).
 */
function bestPlace(latitude: number, longitude: number, radiusKm: number, minPopulation: number) {
  const { latE5, lngE5, population, byLat, label } = placesNow();
  const span = radiusKm / 111;
  let best = -1;
  let bestScore = Infinity;
  for (let k = firstAtLeast(byLat, latE5, latitude - span - 1e-6); k < byLat.length; k++) {
    const i = byLat[k]!;
    const lat = latE5[i]! / 1e5;
    if (lat > latitude + span + 1e-6) break;
    if (population[i]! < minPopulation || Math.abs(lat - latitude) > span) continue;
    const d = distanceKm(latitude, longitude, lat, lngE5[i]! / 1e5);
    if (d > radiusKm) continue;
    // log10 of the population (at least 10): larger places win at a similar distance.
    const score = (d + 1) / Math.log10(Math.max(population[i]!, 10));
    if (score < bestScore || (score === bestScore && i < best)) {
      bestScore = score;
      best = i;
    }
  }
  return best >= 0 ? label(best) : null;
}

/**
 * The best-known place near a position ("Quezon City, PH"), or null far from any. Larger cities win
 * over tiny ones at a similar distance, so a point in a metro area is named after its city.
 */
export function nearestPlace(latitude: number, longitude: number, maxKm = 50): string | null {
  return bestPlace(latitude, longitude, maxKm, 0);
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
  return bestPlace(latitude, longitude, radiusKm, AREA_PLACE_MIN_POPULATION);
}
