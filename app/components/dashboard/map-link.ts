import type { MapPosition } from "./types";

/**
 * "Open in a map": the position on openstreetmap.org (docs/decisions/031). A GPS fix gets the site's
 * marker, up close; an approximate one only the view of its area, zoomed out enough to hold its
 * radius, and no marker: an approximate position is an area, never a pin.
 */
export function openMapUrl(position: Pick<MapPosition, "latitude" | "longitude" | "radius" | "precise">) {
  const lat = position.latitude.toFixed(5);
  const lng = position.longitude.toFixed(5);
  if (position.precise) return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=15/${lat}/${lng}`;
  const zoom = Math.max(5, Math.min(15, Math.round(Math.log2(40_000_000 / position.radius)) - 2));
  return `https://www.openstreetmap.org/#map=${zoom}/${lat}/${lng}`;
}
