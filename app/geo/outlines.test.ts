import { describe, expect, it } from "vitest";

import {
  around,
  clipLine,
  clipRing,
  frameOf,
  outlinePaths,
  pathData,
  project,
  regionFor,
  simplify,
  staticBasemap,
  unitsPerMetre,
  unproject,
  WORLD,
  type Box,
  type Outlines,
  type Point,
} from "./outlines";
import { basemapFor } from "./outlines.server";

const QUEZON = { id: "q", latitude: 14.6507, longitude: 121.0494, radius: 15, precise: true, place: "Quezon City, PH" };
const JAKARTA = {
  id: "j",
  latitude: -6.2088,
  longitude: 106.8456,
  radius: 25_000,
  precise: false,
  place: "Jakarta, ID",
};

/** Every coordinate pair of an SVG path made of M, L and Z. */
const pointsOf = (d: string) =>
  [...d.matchAll(/(-?\d+(?:\.\d+)?) (-?\d+(?:\.\d+)?)/g)].map((m) => [Number(m[1]), Number(m[2])] as Point);

describe("Web Mercator", () => {
  it("puts (0, 0) in the middle of the world and the edges at its sides, as Leaflet's zoom 0 does", () => {
    expect(project([0, 0])).toEqual([WORLD / 2, WORLD / 2]);
    expect(project([-180, 0])[0]).toBe(0);
    expect(project([180, 0])[0]).toBe(WORLD);
    expect(project([0, 85.0511287798])[1]).toBeCloseTo(0, 6);
    expect(project([0, -85.0511287798])[1]).toBeCloseTo(WORLD, 6);
    // Beyond Mercator's limit a latitude stays on the world's edge instead of running to infinity.
    expect(project([0, 90])[1]).toBeCloseTo(0, 6);
  });

  it("agrees with the tile servers' own formula (OpenStreetMap's slippy map tile numbers)", () => {
    const lat = 14.6507;
    const lng = 121.0494;
    const zoom = 15;
    const n = 2 ** zoom;
    const tileX = Math.floor(((lng + 180) / 360) * n);
    const tileY = Math.floor(((1 - Math.asinh(Math.tan((lat * Math.PI) / 180)) / Math.PI) / 2) * n);
    const [x, y] = project([lng, lat]);
    expect(Math.floor((x / WORLD) * n)).toBe(tileX);
    expect(Math.floor((y / WORLD) * n)).toBe(tileY);
  });

  it("unprojects what it projects", () => {
    for (const point of [
      [121.0494, 14.6507],
      [-77.0365, 38.8977],
      [151.2093, -33.8688],
    ] as [number, number][]) {
      const [lng, lat] = unproject(project(point));
      expect(lng).toBeCloseTo(point[0], 9);
      expect(lat).toBeCloseTo(point[1], 9);
    }
  });

  it("stretches distances away from the equator", () => {
    expect(unitsPerMetre(0) * 40_075_016.686).toBeCloseTo(WORLD, 6);
    expect(unitsPerMetre(60)).toBeCloseTo(unitsPerMetre(0) * 2, 9);
  });
});

describe("regionFor", () => {
  it("gives a precise fix at least the minimum span, centred on it", () => {
    const region = regionFor([QUEZON]);
    const [x, y] = project([QUEZON.longitude, QUEZON.latitude]);
    expect(region.x1 - region.x0).toBeCloseTo(2, 9);
    expect(region.y1 - region.y0).toBeCloseTo(2, 9);
    expect((region.x0 + region.x1) / 2).toBeCloseTo(x, 9);
    expect((region.y0 + region.y1) / 2).toBeCloseTo(y, 9);
  });

  it("holds every area whole, with a margin, when they are far apart", () => {
    const region = regionFor([QUEZON, JAKARTA]);
    for (const spot of [QUEZON, JAKARTA]) {
      const [x, y] = project([spot.longitude, spot.latitude]);
      const r = spot.radius * unitsPerMetre(spot.latitude);
      expect(x - r).toBeGreaterThan(region.x0);
      expect(x + r).toBeLessThan(region.x1);
      expect(y - r).toBeGreaterThan(region.y0);
      expect(y + r).toBeLessThan(region.y1);
    }
    // Jakarta's 25 km area needs more than a city: its radius is well inside, not at the edge.
    expect(region.x1 - region.x0).toBeGreaterThan(project([121.0494, 0])[0] - project([106.8456, 0])[0]);
  });

  it("grows a box by its larger side", () => {
    expect(around({ x0: 10, y0: 10, x1: 14, y1: 12 }, 1)).toEqual({ x0: 6, y0: 6, x1: 18, y1: 16 });
  });
});

describe("clipping", () => {
  const box: Box = { x0: 0, y0: 0, x1: 10, y1: 10 };

  it("cuts a ring to the box and keeps it closed", () => {
    const square: Point[] = [
      [-5, -5],
      [5, -5],
      [5, 5],
      [-5, 5],
    ];
    const cut = clipRing(square, box);
    expect(cut).toHaveLength(4);
    for (const [x, y] of cut) {
      expect(x).toBeGreaterThanOrEqual(0);
      expect(y).toBeGreaterThanOrEqual(0);
      expect(x).toBeLessThanOrEqual(5);
      expect(y).toBeLessThanOrEqual(5);
    }
    expect(cut).toEqual(
      expect.arrayContaining([
        [0, 0],
        [5, 0],
        [5, 5],
        [0, 5],
      ]),
    );
  });

  it("drops a ring outside the box and keeps one inside untouched", () => {
    const outside: Point[] = [
      [20, 20],
      [30, 20],
      [30, 30],
    ];
    const inside: Point[] = [
      [1, 1],
      [9, 1],
      [5, 8],
    ];
    expect(clipRing(outside, box)).toEqual([]);
    expect(clipRing(inside, box)).toEqual(inside);
  });

  it("splits a line that leaves and re-enters the box into two pieces", () => {
    const line: Point[] = [
      [2, 5],
      [8, 5],
      [15, 5],
      [15, 8],
      [8, 8],
      [2, 8],
    ];
    expect(clipLine(line, box)).toEqual([
      [
        [2, 5],
        [8, 5],
        [10, 5],
      ],
      [
        [10, 8],
        [8, 8],
        [2, 8],
      ],
    ]);
  });

  it("keeps the part of a segment that crosses the box with both ends outside", () => {
    expect(
      clipLine(
        [
          [-5, 5],
          [15, 5],
        ],
        box,
      ),
    ).toEqual([
      [
        [0, 5],
        [10, 5],
      ],
    ]);
    expect(
      clipLine(
        [
          [-5, -5],
          [-1, 20],
        ],
        box,
      ),
    ).toEqual([]);
  });
});

describe("paths", () => {
  it("simplifies a nearly straight line to its ends and keeps a real corner", () => {
    const straight: Point[] = [
      [0, 0],
      [5, 0.4],
      [10, 0],
    ];
    expect(simplify(straight, 1)).toEqual([
      [0, 0],
      [10, 0],
    ]);
    const corner: Point[] = [
      [0, 0],
      [5, 5],
      [10, 0],
    ];
    expect(simplify(corner, 1)).toEqual(corner);
  });

  it("writes whole drawing units and leaves out specks", () => {
    const frame = frameOf({ x0: 0, y0: 0, x1: 10, y1: 10 }, 100);
    const island: Point[] = [
      [1, 1],
      [5.04, 1],
      [5.04, 5.04],
      [1, 5.04],
    ];
    const speck: Point[] = [
      [8, 8],
      [8.1, 8],
      [8.1, 8.1],
    ];
    expect(pathData(frame, [island, speck], true)).toBe("M10 10L50 10L50 50L10 50Z");
    expect(
      pathData(
        frame,
        [
          [
            [0, 0],
            [10, 10],
          ],
        ],
        false,
      ),
    ).toBe("M0 0L100 100");
  });

  it("cuts land and borders to the box, in the frame's units", () => {
    // A square island on the equator, 2° a side, and a border across it.
    const outlines: Outlines = {
      land: [
        [
          [
            [-1, -1],
            [1, -1],
            [1, 1],
            [-1, 1],
            [-1, -1],
          ],
        ],
      ],
      borders: [
        [
          [0, -1],
          [0, 1],
        ],
        [
          [50, 0],
          [51, 0],
        ],
      ],
    };
    const region = regionFor([{ latitude: 0, longitude: 0, radius: 1 }]);
    const frame = frameOf(region);
    const paths = outlinePaths(outlines, region, frame);
    expect(paths.land).toMatch(/^M.*Z$/);
    for (const [x, y] of pointsOf(paths.land)) {
      expect(x).toBeGreaterThanOrEqual(0);
      expect(y).toBeGreaterThanOrEqual(0);
      expect(x).toBeLessThanOrEqual(1000);
      expect(y).toBeLessThanOrEqual(1000);
    }
    // The island is 2° of the region's 2 world units (≈ 2.8°) wide: about 710 of 1000 units.
    const xs = pointsOf(paths.land).map(([x]) => x);
    expect(Math.max(...xs) - Math.min(...xs)).toBeGreaterThan(690);
    expect(Math.max(...xs) - Math.min(...xs)).toBeLessThan(730);
    // The border through the middle is drawn; the one 50° away is not.
    expect(pointsOf(paths.borders).every(([x]) => x === 500)).toBe(true);
    expect(pointsOf(paths.borders)).toHaveLength(2);
  });

  it("places each mark where it is, sized by its area, with its place", () => {
    const basemap = staticBasemap({ land: [], borders: [] }, [QUEZON]);
    expect(basemap).toMatchObject({ width: 1000, height: 1000, land: "", borders: "" });
    expect(basemap.marks).toEqual([
      {
        id: "q",
        x: 500,
        y: 500,
        r: 0,
        precise: true,
        place: "Quezon City, PH",
        latitude: 14.6507,
        longitude: 121.0494,
      },
    ]);
  });
});

describe("Natural Earth (world-atlas 1:50m)", () => {
  it("draws Luzon's coast around Quezon City, with the city in the middle", () => {
    const basemap = basemapFor([QUEZON])!;
    expect(basemap.land.length).toBeGreaterThan(1000);
    // Small enough to send with the page.
    expect(basemap.land.length + basemap.borders.length).toBeLessThan(20_000);
    // The Philippines are islands: no border between two countries within ~900 km.
    expect(basemap.borders).toBe("");
    expect(basemap.marks[0]).toMatchObject({ x: 500, y: 500 });
  });

  it("draws the borders between countries where there are some", () => {
    // Geneva, on the border between Switzerland and France.
    const basemap = basemapFor([
      { id: "g", latitude: 46.2044, longitude: 6.1432, radius: 30, precise: true, place: null },
    ])!;
    expect(basemap.borders.length).toBeGreaterThan(0);
  });

  it("keeps two places far apart in one drawing of a reasonable size", () => {
    const basemap = basemapFor([QUEZON, JAKARTA])!;
    expect(basemap.height).toBe(1000);
    expect(basemap.width).toBeLessThan(1000);
    expect(basemap.land.length + basemap.borders.length).toBeLessThan(80_000);
    const [q, j] = basemap.marks;
    expect(q!.x).toBeGreaterThan(j!.x);
    expect(q!.y).toBeLessThan(j!.y);
    expect(j!.r).toBeGreaterThan(5);
  });

  it("has nothing to draw without positions", () => {
    expect(basemapFor([])).toBeNull();
  });
});
