// The offline basemap's geometry: Web Mercator (the projection Leaflet and the tile servers use, so
// the drawing without JavaScript and the interactive map agree), the region a set of positions needs,
// and country and coast outlines cut to that region as small SVG paths. Pure functions, shared by the
// server (the drawing sent with the page), the interactive map's outline layer and their tests.
import { feature, mesh } from "topojson-client";
import type { GeometryCollection, Topology } from "topojson-specification";

/** A longitude, latitude pair, in that order (GeoJSON's). */
export type LngLat = [number, number];
/** A point in world units: the whole world is 256 × 256, as at Leaflet's zoom 0. */
export type Point = [number, number];
export type Box = { x0: number; y0: number; x1: number; y1: number };

export const WORLD = 256;
/** Web Mercator stops here, where the world becomes a square. */
export const MAX_LATITUDE = 85.0511287798;
const EARTH_CIRCUMFERENCE_M = 40_075_016.686;

export function project([lng, lat]: LngLat): Point {
  const phi = (Math.max(-MAX_LATITUDE, Math.min(MAX_LATITUDE, lat)) * Math.PI) / 180;
  return [((lng + 180) / 360) * WORLD, ((1 - Math.log(Math.tan(Math.PI / 4 + phi / 2)) / Math.PI) / 2) * WORLD];
}

export function unproject([x, y]: Point): LngLat {
  const lng = (x / WORLD) * 360 - 180;
  const n = Math.PI * (1 - (2 * y) / WORLD);
  return [lng, (Math.atan(Math.sinh(n)) * 180) / Math.PI];
}

/** World units per metre at a latitude (Mercator stretches away from the equator). */
export function unitsPerMetre(latitude: number) {
  return WORLD / (EARTH_CIRCUMFERENCE_M * Math.cos((latitude * Math.PI) / 180));
}

/** A shared position: the centre and the radius (metres) of the area it stands for. */
export type Spot = { latitude: number; longitude: number; radius: number };

/**
 * The least a map of these positions must show: every area whole, with a margin, and never less than
 * `minSpan` world units a side (2 ≈ 310 km at the equator), so that a precise fix still comes with
 * the coast and the borders around it.
 */
export function regionFor(spots: Spot[], minSpan = 2, margin = 0.15): Box {
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (const s of spots) {
    const [x, y] = project([s.longitude, s.latitude]);
    const r = s.radius * unitsPerMetre(s.latitude);
    x0 = Math.min(x0, x - r);
    y0 = Math.min(y0, y - r);
    x1 = Math.max(x1, x + r);
    y1 = Math.max(y1, y + r);
  }
  if (!Number.isFinite(x0)) return { x0: 0, y0: 0, x1: WORLD, y1: WORLD };
  const pad = Math.max(x1 - x0, y1 - y0) * margin;
  const grow = (lo: number, hi: number) => {
    const half = Math.max((hi - lo) / 2 + pad, minSpan / 2);
    const mid = (lo + hi) / 2;
    return [mid - half, mid + half] as const;
  };
  const [gx0, gx1] = grow(x0, x1);
  const [gy0, gy1] = grow(y0, y1);
  return { x0: gx0, y0: gy0, x1: gx1, y1: gy1 };
}

/** The box grown by `factor` times its larger side on every side. */
export function around(box: Box, factor: number): Box {
  const d = Math.max(box.x1 - box.x0, box.y1 - box.y0) * factor;
  return { x0: box.x0 - d, y0: box.y0 - d, x1: box.x1 + d, y1: box.y1 + d };
}

/** Sutherland–Hodgman: a closed ring cut to the box (what stays is still one closed ring). */
export function clipRing(ring: Point[], box: Box): Point[] {
  const edges: [(p: Point) => boolean, (a: Point, b: Point) => Point][] = [
    [(p) => p[0] >= box.x0, (a, b) => atX(a, b, box.x0)],
    [(p) => p[0] <= box.x1, (a, b) => atX(a, b, box.x1)],
    [(p) => p[1] >= box.y0, (a, b) => atY(a, b, box.y0)],
    [(p) => p[1] <= box.y1, (a, b) => atY(a, b, box.y1)],
  ];
  let out = ring;
  for (const [inside, cross] of edges) {
    const input = out;
    out = [];
    for (let i = 0; i < input.length; i++) {
      const current = input[i]!;
      const previous = input[(i + input.length - 1) % input.length]!;
      if (inside(current)) {
        if (!inside(previous)) out.push(cross(previous, current));
        out.push(current);
      } else if (inside(previous)) {
        out.push(cross(previous, current));
      }
    }
    if (out.length === 0) break;
  }
  return out;
}

function atX(a: Point, b: Point, x: number): Point {
  return [x, a[1] + ((b[1] - a[1]) * (x - a[0])) / (b[0] - a[0])];
}
function atY(a: Point, b: Point, y: number): Point {
  return [a[0] + ((b[0] - a[0]) * (y - a[1])) / (b[1] - a[1]), y];
}

/** Liang–Barsky per segment: the pieces of an open line inside the box. */
export function clipLine(line: Point[], box: Box): Point[][] {
  const pieces: Point[][] = [];
  let current: Point[] = [];
  for (let i = 1; i < line.length; i++) {
    const segment = clipSegment(line[i - 1]!, line[i]!, box);
    if (!segment) {
      if (current.length > 1) pieces.push(current);
      current = [];
      continue;
    }
    const [a, b] = segment;
    const last = current[current.length - 1];
    if (!last || last[0] !== a[0] || last[1] !== a[1]) {
      if (current.length > 1) pieces.push(current);
      current = [a];
    }
    current.push(b);
  }
  if (current.length > 1) pieces.push(current);
  return pieces;
}

function clipSegment(a: Point, b: Point, box: Box): [Point, Point] | null {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  let t0 = 0;
  let t1 = 1;
  const checks: [number, number][] = [
    [-dx, a[0] - box.x0],
    [dx, box.x1 - a[0]],
    [-dy, a[1] - box.y0],
    [dy, box.y1 - a[1]],
  ];
  for (const [p, q] of checks) {
    if (p === 0) {
      if (q < 0) return null;
      continue;
    }
    const t = q / p;
    if (p < 0) {
      if (t > t1) return null;
      t0 = Math.max(t0, t);
    } else {
      if (t < t0) return null;
      t1 = Math.min(t1, t);
    }
  }
  // Unchanged ends stay the very same numbers, so that consecutive segments join.
  return [t0 === 0 ? a : [a[0] + t0 * dx, a[1] + t0 * dy], t1 === 1 ? b : [a[0] + t1 * dx, a[1] + t1 * dy]];
}

/** Maps world units to the drawing's own units (the region's larger side is `size` wide). */
export type Frame = { box: Box; scale: number };

export function frameOf(region: Box, size = 1000): Frame {
  return { box: region, scale: size / Math.max(region.x1 - region.x0, region.y1 - region.y0) };
}

export function toFrame(frame: Frame, [x, y]: Point): Point {
  return [(x - frame.box.x0) * frame.scale, (y - frame.box.y0) * frame.scale];
}

/** Ramer–Douglas–Peucker: the points that keep the line within `epsilon` of where it was. */
export function simplify(points: Point[], epsilon: number): Point[] {
  if (points.length < 3) return points;
  const keep = new Uint8Array(points.length);
  keep[0] = 1;
  keep[points.length - 1] = 1;
  const stack: [number, number][] = [[0, points.length - 1]];
  while (stack.length > 0) {
    const [first, last] = stack.pop()!;
    const [ax, ay] = points[first]!;
    const [bx, by] = points[last]!;
    const dx = bx - ax;
    const dy = by - ay;
    const length = Math.hypot(dx, dy);
    let worst = -1;
    let index = -1;
    for (let i = first + 1; i < last; i++) {
      const [px, py] = points[i]!;
      const d = length === 0 ? Math.hypot(px - ax, py - ay) : Math.abs(dy * px - dx * py + bx * ay - by * ax) / length;
      if (d > worst) {
        worst = d;
        index = i;
      }
    }
    if (worst > epsilon) {
      keep[index] = 1;
      stack.push([first, index], [index, last]);
    }
  }
  return points.filter((_, i) => keep[i] === 1);
}

/**
 * SVG path data of lines or rings in world units, in the frame's units rounded to whole numbers. The
 * drawing is a few hundred pixels wide: lines are simplified to within `tolerance` units, and rings
 * (islands, lakes) smaller than a few units across are left out.
 */
export function pathData(frame: Frame, lines: Point[][], closed: boolean, tolerance = 1.5) {
  const parts: string[] = [];
  for (const line of lines) {
    const rounded: Point[] = [];
    for (const point of line) {
      const [x, y] = toFrame(frame, point);
      const p: Point = [Math.round(x), Math.round(y)];
      const last = rounded[rounded.length - 1];
      if (!last || last[0] !== p[0] || last[1] !== p[1]) rounded.push(p);
    }
    const kept = simplify(rounded, tolerance);
    if (kept.length < (closed ? 3 : 2)) continue;
    if (closed) {
      const xs = kept.map((p) => p[0]);
      const ys = kept.map((p) => p[1]);
      if (Math.max(...xs) - Math.min(...xs) < 3 && Math.max(...ys) - Math.min(...ys) < 3) continue;
    }
    parts.push(`M${kept.map(([x, y]) => `${x} ${y}`).join("L")}${closed ? "Z" : ""}`);
  }
  return parts.join("");
}

/** Outlines as longitude/latitude lists: land as polygons (rings), borders between countries as lines. */
export type Outlines = { land: LngLat[][][]; borders: LngLat[][] };

// The outlines are read once and never change: each line's bounds are worked out once too.
const bounds = new WeakMap<LngLat[], Box>();
function boundsOf(line: LngLat[]) {
  let known = bounds.get(line);
  if (!known) bounds.set(line, (known = measure(line)));
  return known;
}

function measure(line: LngLat[]): Box {
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (const [lng, lat] of line) {
    x0 = Math.min(x0, lng);
    x1 = Math.max(x1, lng);
    y0 = Math.min(y0, lat);
    y1 = Math.max(y1, lat);
  }
  return { x0, y0, x1, y1 };
}

/** The part of the world a box shows, as longitudes and latitudes (for a cheap first test). */
function lngLatBox(box: Box) {
  const [west, north] = unproject([box.x0, box.y0]);
  const [east, south] = unproject([box.x1, box.y1]);
  return { x0: west, y0: south, x1: east, y1: north };
}

const overlaps = (a: Box, b: Box) => a.x0 <= b.x1 && a.x1 >= b.x0 && a.y0 <= b.y1 && a.y1 >= b.y0;

/** The land (its edge is the coast) and the borders inside `box`, in the frame's units. */
export function outlinePaths(outlines: Outlines, box: Box, frame: Frame) {
  const geo = lngLatBox(box);
  const rings: Point[][] = [];
  for (const polygon of outlines.land) {
    for (const ring of polygon) {
      if (!overlaps(boundsOf(ring), geo)) continue;
      const cut = clipRing(ring.map(project), box);
      if (cut.length >= 3) rings.push(cut);
    }
  }
  const lines = (list: LngLat[][]) =>
    list.filter((line) => overlaps(boundsOf(line), geo)).flatMap((line) => clipLine(line.map(project), box));
  return {
    land: pathData(frame, rings, true),
    borders: pathData(frame, lines(outlines.borders), false),
  };
}

/** Natural Earth's land and countries as world-atlas ships them, turned into outlines. */
export function outlinesOf(topology: Topology<{ land: GeometryCollection; countries: GeometryCollection }>): Outlines {
  const land = feature(topology, topology.objects.land);
  const polygons: LngLat[][][] = [];
  for (const f of land.features) {
    const g = f.geometry;
    if (g.type === "Polygon") polygons.push(g.coordinates as LngLat[][]);
    else if (g.type === "MultiPolygon") polygons.push(...(g.coordinates as LngLat[][][]));
  }
  return {
    land: polygons,
    // Only arcs shared by two countries: the coasts are the land's own edge.
    borders: mesh(topology, topology.objects.countries, (a, b) => a !== b).coordinates as LngLat[][],
  };
}

/** A position as the drawing shows it: where (drawing units), how large its area, and its name. */
export type Mark = {
  id: string;
  x: number;
  y: number;
  r: number;
  precise: boolean;
  place: string | null;
  latitude: number;
  longitude: number;
};

/** What the map without JavaScript draws: outlines around the positions, and the positions. */
export type StaticBasemap = { width: number; height: number; land: string; borders: string; marks: Mark[] };

export type Placed = Spot & { id: string; precise: boolean; place: string | null };

/**
 * The drawing of these positions: the region they need (`regionFor`) is the drawing's own box (its
 * viewBox), and the outlines reach one region-size beyond it on every side, so that a page wider or
 * taller than the region still shows land and sea to its edges, not a blank band.
 */
export function staticBasemap(outlines: Outlines, spots: Placed[]): StaticBasemap {
  const region = regionFor(spots);
  const frame = frameOf(region);
  const paths = outlinePaths(outlines, around(region, 1), frame);
  const round = (n: number) => Math.round(n * 10) / 10;
  return {
    width: Math.round((region.x1 - region.x0) * frame.scale),
    height: Math.round((region.y1 - region.y0) * frame.scale),
    ...paths,
    marks: spots.map((s) => {
      const [x, y] = toFrame(frame, project([s.longitude, s.latitude]));
      return {
        id: s.id,
        x: round(x),
        y: round(y),
        r: round(s.radius * unitsPerMetre(s.latitude) * frame.scale),
        precise: s.precise,
        place: s.place,
        latitude: s.latitude,
        longitude: s.longitude,
      };
    }),
  };
}
