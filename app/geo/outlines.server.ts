import { createRequire } from "node:module";

import type { GeometryCollection, Topology } from "topojson-specification";

import { outlinesOf, staticBasemap, type Outlines, type Placed, type StaticBasemap } from "./outlines";

const require = createRequire(import.meta.url);

let outlines: Outlines | undefined;
/** Natural Earth 1:50m (world-atlas), read once per process. */
function load() {
  outlines ??= outlinesOf(
    require("world-atlas/countries-50m.json") as Topology<{ land: GeometryCollection; countries: GeometryCollection }>,
  );
  return outlines;
}

// The same page is drawn again on every reload and live update: the last drawings are kept.
const recent = new Map<string, StaticBasemap>();
const RECENT_MAX = 50;

/** The offline drawing of these positions (null when there is none to draw). */
export function basemapFor(spots: Placed[]) {
  if (spots.length === 0) return null;
  const key = JSON.stringify(spots);
  let drawing = recent.get(key);
  if (!drawing) {
    drawing = staticBasemap(load(), spots);
    if (recent.size >= RECENT_MAX) recent.delete(recent.keys().next().value!);
  } else {
    recent.delete(key);
  }
  recent.set(key, drawing);
  return drawing;
}
