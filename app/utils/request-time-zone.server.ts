// The zone of server-rendered times, before a hydrated page shows them in the browser's own.
import tzLookup from "@photostructure/tz-lookup";

import { locateIp } from "~/geo/ip-location.server";
import { localeFromPath, type Locale } from "~/i18n/locales";

import { clientAddress } from "./client-ip.server";
import { readCookie } from "./cookies";
import { isTimeZone, LOCALE_TIME_ZONE } from "./time-zone";
import { TZ_COOKIE } from "./time-zone-cookie";

/**
 * The zone at the client's approximate place (the bundled IP database, tz-lookup's map), if known. The
 * lookup reads a few blocks of the database's file, so even a fresh worker's first page has it; a page
 * does without it (null) if the file cannot be read.
 */
export async function addressTimeZone(request: Request): Promise<string | null> {
  try {
    const place = await locateIp(clientAddress(request));
    if (!place) return null;
    const zone = tzLookup(place.latitude, place.longitude);
    return isTimeZone(zone) ? zone : null;
  } catch {
    return null;
  }
}

/**
 * The zone for server-rendered times: the `tz` cookie when it names a real zone (the browser said it);
 * else Indonesian pages in Jakarta's and Filipino pages in Manila's; English pages, which have no one
 * country, in the zone where the client's address is, and UTC only when that is unknown.
 */
export async function requestTimeZone(
  request: Request,
  locale: Locale = localeFromPath(new URL(request.url).pathname),
): Promise<string> {
  const zone = readCookie(request.headers.get("Cookie"), TZ_COOKIE);
  if (isTimeZone(zone)) return zone;
  if (locale !== "en") return LOCALE_TIME_ZONE[locale];
  return (await addressTimeZone(request)) ?? LOCALE_TIME_ZONE.en;
}
