// Loaded lazily by location-map.tsx, in the browser only.
import "leaflet/dist/leaflet.css";

import L from "leaflet";
import iconRetinaUrl from "leaflet/dist/images/marker-icon-2x.png?url";
import iconUrl from "leaflet/dist/images/marker-icon.png?url";
import shadowUrl from "leaflet/dist/images/marker-shadow.png?url";
import { useMemo } from "react";
import { Circle, MapContainer, Marker, TileLayer } from "react-leaflet";

import type { MapPosition } from "./types";

// Leaflet finds its default icon images by a CSS path guess that bundling breaks; name them.
const pin = L.icon({
  iconUrl,
  iconRetinaUrl,
  shadowUrl,
  iconSize: [25, 41],
  iconAnchor: [12, 41],
  shadowSize: [41, 41],
});

const PRECISE = { color: "#1d4ed8", weight: 2, fillOpacity: 0.15 };
const APPROXIMATE = { color: "#c2410c", weight: 2, fillOpacity: 0.12, dashArray: "6 6" };

/** GPS: a pin with its accuracy circle. Approximate (IP): only the area with its radius, never a pin. */
export default function LeafletMap({
  positions,
  tileUrl,
  attribution,
}: {
  positions: MapPosition[];
  tileUrl: string;
  attribution: string;
}) {
  const bounds = useMemo(() => {
    const box = L.latLngBounds([]);
    for (const p of positions) box.extend(L.latLng(p.latitude, p.longitude).toBounds(p.radius * 2));
    return box.pad(0.1);
  }, [positions]);
  // MapContainer reads its options once: a new set of positions makes a new map.
  const key = positions.map((p) => `${p.id}:${p.latitude}:${p.longitude}:${p.radius}:${p.precise}`).join("|");
  return (
    <MapContainer key={key} bounds={bounds} scrollWheelZoom={false} className="leaflet-map">
      <TileLayer url={tileUrl} attribution={attribution} />
      {positions.map((p) => (
        <Circle
          key={`circle-${p.id}`}
          center={[p.latitude, p.longitude]}
          radius={p.radius}
          pathOptions={p.precise ? PRECISE : APPROXIMATE}
        />
      ))}
      {positions
        .filter((p) => p.precise)
        .map((p) => (
          <Marker key={`pin-${p.id}`} position={[p.latitude, p.longitude]} icon={pin} />
        ))}
    </MapContainer>
  );
}
