// Loaded lazily by location-map.tsx, in the browser only.
import "leaflet/dist/leaflet.css";

import type { MultiLineString, MultiPolygon } from "geojson";
import L from "leaflet";
import iconRetinaUrl from "leaflet/dist/images/marker-icon-2x.png?url";
import iconUrl from "leaflet/dist/images/marker-icon.png?url";
import shadowUrl from "leaflet/dist/images/marker-shadow.png?url";
import { useEffect, useMemo, useRef } from "react";
import { Circle, MapContainer, Marker, Polyline, TileLayer, Tooltip, useMap } from "react-leaflet";
import type { GeometryCollection, Topology } from "topojson-specification";
// Natural Earth 1:50m as a static asset (fetched only when the outlines are drawn), never in a script.
import countriesUrl from "world-atlas/countries-50m.json?url";

import { outlinesOf, regionFor, unproject, type Outlines } from "~/geo/outlines";

import type { MapPosition } from "./types";

// Leaflet finds its default icon images by a CSS path guess that bundling breaks; name them.
const pin = L.icon({
  iconUrl,
  iconRetinaUrl,
  shadowUrl,
  iconSize: [25, 41],
  iconAnchor: [12, 41],
  tooltipAnchor: [0, -41],
  shadowSize: [41, 41],
});

// Colours come from the stylesheet's tokens through the classes (app.css).
const PRECISE = { weight: 2, fillOpacity: 0.15 };
const APPROXIMATE = { weight: 2, fillOpacity: 0.12, dashArray: "6 6" };
const TRAIL = { weight: 4, opacity: 0.7 };

/** Outlines have no street detail: closer than this they would only be a blank field. */
const OUTLINES_MAX_ZOOM = 10;
/** Tiles that have not drawn one image by then are taken as unavailable. */
const TILE_TIMEOUT_MS = 8000;

/**
 * GPS: a pin with its accuracy circle. Approximate (IP): only the area with its radius, never a pin.
 * Each is labelled with its place. Street tiles when `tileUrl` is given; without it, or as soon as
 * the tiles fail (errors before any image, or none within TILE_TIMEOUT_MS), Natural Earth's outlines,
 * and `onTilesFailed` tells the page to say so.
 */
export default function LeafletMap({
  positions,
  tileUrl,
  attribution,
  trail = null,
  onTilesFailed,
}: {
  positions: MapPosition[];
  tileUrl: string | null;
  attribution: string;
  /** A live share's earlier positions, oldest first: a line to the newest, which the map follows. */
  trail?: [number, number][] | null;
  onTilesFailed: () => void;
}) {
  const bounds = useMemo(() => {
    const box = L.latLngBounds([]);
    for (const p of positions) box.extend(L.latLng(p.latitude, p.longitude).toBounds(p.radius * 2));
    // A live share's trail is in view when the map opens; the map then follows the newest position.
    for (const point of trail ?? []) box.extend(point);
    return box.pad(0.1);
  }, [positions, trail]);
  // MapContainer reads its options once: a new set of positions makes a new map. A live share keeps
  // its map: the pin, its circle and the line move, and the view follows (FollowNewest).
  const key = trail
    ? positions.map((p) => `${p.id}:${p.precise}`).join("|")
    : positions.map((p) => `${p.id}:${p.latitude}:${p.longitude}:${p.radius}:${p.precise}`).join("|");
  const newest = positions[0];
  return (
    <MapContainer
      key={key}
      bounds={tileUrl ? bounds : outlineBounds(positions)}
      scrollWheelZoom={false}
      // A new set of positions makes a new map, and a zoom animation that ends on a map already
      // removed throws in Leaflet (`_leaflet_pos` of undefined): zooms are immediate, as a slow phone
      // prefers anyway.
      zoomAnimation={false}
      className="leaflet-map"
    >
      {tileUrl ? (
        <WatchedTiles url={tileUrl} attribution={attribution} onFailed={onTilesFailed} />
      ) : (
        <OutlineLayer positions={positions} />
      )}
      {trail && newest?.precise && trail.length > 0 ? (
        <Polyline
          // The trail ends at the newest position (it is stored as a trail row too); a request whose
          // position moved past the trail's last row still gets its line to where it is now.
          positions={endingAt(trail, [newest.latitude, newest.longitude])}
          className="map-trail"
          pathOptions={TRAIL}
          interactive={false}
        />
      ) : null}
      {trail && newest ? <FollowNewest latitude={newest.latitude} longitude={newest.longitude} /> : null}
      {positions.map((p) => (
        <Circle
          key={`circle-${p.id}`}
          center={[p.latitude, p.longitude]}
          radius={p.radius}
          // Read once, when the circle is made (pathOptions changes do not reach the class).
          className={p.precise ? "map-area map-precise" : "map-area map-approximate"}
          pathOptions={p.precise ? PRECISE : APPROXIMATE}
        >
          {!p.precise && p.place ? <PlaceLabel place={p.place} /> : null}
        </Circle>
      ))}
      {positions
        .filter((p) => p.precise)
        .map((p) => (
          <Marker key={`pin-${p.id}`} position={[p.latitude, p.longitude]} icon={pin}>
            {p.place ? <PlaceLabel place={p.place} /> : null}
          </Marker>
        ))}
    </MapContainer>
  );
}

function endingAt(trail: [number, number][], newest: [number, number]): [number, number][] {
  const last = trail.at(-1);
  return last && last[0] === newest[0] && last[1] === newest[1] ? trail : [...trail, newest];
}

/** Keeps a live share's newest position in view as it moves (the map itself is kept). */
function FollowNewest({ latitude, longitude }: { latitude: number; longitude: number }) {
  const map = useMap();
  const first = useRef(true);
  useEffect(() => {
    // The first position is already framed by the map's bounds.
    if (first.current) {
      first.current = false;
      return;
    }
    map.panTo([latitude, longitude], { animate: false });
  }, [map, latitude, longitude]);
  return null;
}

const hideFromScreenReaders = {
  add: (event: L.LeafletEvent) => (event.target as L.Tooltip).getElement()?.setAttribute("aria-hidden", "true"),
};

/**
 * The place's name over the pin, for the eye: the same words are text beside the map (the request's
 * card), so screen readers skip the label, which Leaflet creates empty before React fills it.
 */
function PlaceLabel({ place }: { place: string }) {
  return (
    <Tooltip permanent direction="top" className="map-place" eventHandlers={hideFromScreenReaders}>
      {place}
    </Tooltip>
  );
}

/** The region the offline drawing shows: the positions with the coast and borders around them. */
function outlineBounds(positions: MapPosition[]) {
  const region = regionFor(positions);
  const [west, north] = unproject([region.x0, region.y0]);
  const [east, south] = unproject([region.x1, region.y1]);
  return L.latLngBounds([south, west], [north, east]);
}

function WatchedTiles({ url, attribution, onFailed }: { url: string; attribution: string; onFailed: () => void }) {
  const counts = useRef({ loaded: 0, failed: 0, done: false });
  const fail = useRef(onFailed);
  fail.current = onFailed;
  useEffect(() => {
    const state = counts.current;
    const timer = window.setTimeout(() => {
      if (state.loaded === 0 && !state.done) {
        state.done = true;
        fail.current();
      }
    }, TILE_TIMEOUT_MS);
    return () => window.clearTimeout(timer);
  }, []);
  return (
    <TileLayer
      url={url}
      attribution={attribution}
      eventHandlers={{
        tileload: () => {
          counts.current.loaded++;
        },
        tileerror: () => {
          const state = counts.current;
          state.failed++;
          // One blocked tile among many drawn is a gap; failing before any is drawn is no street map.
          if (!state.done && (state.loaded === 0 || state.failed > state.loaded + 4)) {
            state.done = true;
            fail.current();
          }
        },
      }}
    />
  );
}

let outlines: Promise<Outlines> | undefined;
function loadOutlines() {
  outlines ??= fetch(countriesUrl)
    .then((response) => {
      if (!response.ok) throw new Error(`outlines: ${response.status}`);
      return response.json() as Promise<Topology<{ land: GeometryCollection; countries: GeometryCollection }>>;
    })
    .then(outlinesOf)
    .catch((error: unknown) => {
      // A later map tries again.
      outlines = undefined;
      throw error;
    });
  return outlines;
}

/** Land and borders from Natural Earth, in their own pane under the positions, on a sea-coloured map. */
function OutlineLayer({ positions }: { positions: MapPosition[] }) {
  const map = useMap();
  const first = useRef(positions);
  useEffect(() => {
    const pane = map.getPane("outlines") ?? map.createPane("outlines");
    // Above where tiles would be (200), under the areas and pins (400 and up).
    pane.style.zIndex = "250";
    const container = map.getContainer();
    container.classList.add("map-outlines");
    map.setMaxZoom(OUTLINES_MAX_ZOOM);
    map.fitBounds(outlineBounds(first.current));
    map.attributionControl.addAttribution("Natural Earth");
    const renderer = L.svg({ pane: "outlines", padding: 0.5 });
    const layers: L.Layer[] = [];
    let cancelled = false;
    loadOutlines()
      .then(({ land, borders }) => {
        if (cancelled) return;
        const options = { pane: "outlines", renderer, interactive: false };
        const landShape: MultiPolygon = { type: "MultiPolygon", coordinates: land };
        const borderLines: MultiLineString = { type: "MultiLineString", coordinates: borders };
        layers.push(
          L.geoJSON(landShape, { ...options, style: { className: "map-land" } }),
          L.geoJSON(borderLines, { ...options, style: { className: "map-border" } }),
        );
        for (const layer of layers) layer.addTo(map);
        container.dataset.outlinesDrawn = "true";
      })
      .catch(() => {
        // Offline and not cached: the areas, pins and place names still show, on the sea colour.
      });
    return () => {
      cancelled = true;
      for (const layer of layers) layer.remove();
      map.attributionControl.removeAttribution("Natural Earth");
      container.classList.remove("map-outlines");
      delete container.dataset.outlinesDrawn;
    };
  }, [map]);
  return null;
}
