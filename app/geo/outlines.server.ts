import { createRequire } from "node:module";

import type { GeometryCollection, Topology } from "topojson-specification";

import { outlinesOf, staticBasemap, type Outlines, type Placed } from "./outlines";

const require = createRequire(import.meta.url);

let outlines: Outlines | undefined;
/** Natural Earth 1:50m (world-atlas), read once per process. */
function load() {
  outlines ??= outlinesOf(
    require("world-atlas/countries-50m.json") as Topology<{ land: GeometryCollection; countries: GeometryCollection }>,
  );
  return outlines;
}

/** The offline drawing of these positions (null when there is none to draw). */
export function basemapFor(spots: Placed[]) {
  return spots.length === 0 ? null : staticBasemap(load(), spots);
}
