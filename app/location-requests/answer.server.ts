// The recipient's side: every function takes the code from the link, the only capability.
import { db, firstRow } from "~/db/db.server";
import type { LocationRequest, Prisma } from "~/generated/prisma-sqlite/client";
import { locateIp, type IpLocation } from "~/geo/ip-location.server";
import { areaPlace, nearestPlace } from "~/geo/nearest-place.server";
import { isLocale } from "~/i18n/locales";
import { CODE_PATTERN } from "~/location-requests/links.server";
import { endLiveShares } from "~/location-requests/live.server";
import { recipientOf, recordDecline } from "~/location-requests/recipient-controls.server";
import { mayDo, NOT_ACCEPTED, requestState, type RecipientAction } from "~/location-requests/request-state";
import { recordRequestEvent, tellNow, type RequestEventPayload } from "~/notifications/events.server";
import { addressOf, reverseGeocoder, type AddressPrecision } from "~/providers/reverse-geocoding.server";
import { config } from "~/server/config.server";
import { trickOn } from "~/server/speed-tricks.server";
import { DAY } from "~/utils/time";

/** A request by its short code: what opening a consent page reads (app/db/db.server.ts `firstRow`). */
export async function findByCode(code: string) {
  if (!CODE_PATTERN.test(code)) return null;
  // Prisma's model API is the simple path the bench measures this raw read against
  // (app/server/speed-tricks.server.ts); tests/unit/raw-reads.test.ts holds the two to one answer.
  if (!trickOn("raw-reads")) return db().locationRequest.findUnique({ where: { code } });
  return firstRow<LocationRequest>`SELECT * FROM "LocationRequest" WHERE "code" = ${code}`;
}

/** The state of a stored request now (app/location-requests/request-state.ts). */
export const stateOf = (row: Parameters<typeof requestState>[0], now = new Date()) =>
  requestState(row, config().REQUEST_TTL_DAYS, now);

/** Whether the recipient may do `action` on this request now (the state machine's rule). */
export const recipientMayDo = (row: Parameters<typeof mayDo>[0], action: RecipientAction, now = new Date()) =>
  mayDo(row, action, config().REQUEST_TTL_DAYS, now);

/**
 * The rows a recipient may share on or decline: delivered, not stopped, within the answering window
 * (recipientMay's "share" and "decline", in SQL, so that racing answers cannot step around it).
 */
function answerable(code: string, now = new Date()) {
  const cutoff = new Date(now.getTime() - config().REQUEST_TTL_DAYS * DAY);
  return {
    code,
    NOT: { delivery: NOT_ACCEPTED },
    createdAt: { gt: cutoff },
    OR: [{ decision: null }, { decision: "declined" }],
  };
}

/**
 * A recipient's answer and the requester's event in one transaction (app/notifications/events.server.ts):
 * the event is recorded exactly when the answer is stored, and told once per request and event however
 * often the recipient answers again. Its jobs start after the commit; the answer does not wait on them.
 */
async function answerWithEvent(
  code: string,
  event: Omit<RequestEventPayload, "requestId">,
  data: Prisma.LocationRequestUpdateManyMutationInput,
) {
  const { stored, keys } = await db().$transaction(async (tx) => {
    const stored = await tx.locationRequest.updateMany({ where: answerable(code), data });
    if (stored.count === 0) return { stored, keys: [] };
    const row = await tx.locationRequest.findUnique({ where: { code }, select: { id: true, userId: true } });
    return { stored, keys: row ? await recordRequestEvent(tx, row, { requestId: row.id, ...event }) : [] };
  });
  tellNow(keys);
  return stored;
}

/** Opening records only that it was opened. */
/** The first opening of a link; a row already marked as opened needs no write. */
export async function recordOpened(row: { code: string; openedAt: Date | null }) {
  if (row.openedAt) return;
  await db().locationRequest.updateMany({ where: { code: row.code, openedAt: null }, data: { openedAt: new Date() } });
}

/** A share implies an opening; the first opening time is kept, a later share never moves it. */
async function markOpened(code: string, at: Date) {
  await db().locationRequest.updateMany({ where: { code, openedAt: null }, data: { openedAt: at } });
}

export async function sharePrecise(
  code: string,
  position: { latitude: number; longitude: number; accuracyMeters: number },
) {
  const locatedAt = new Date();
  const offline = nearestPlace(position.latitude, position.longitude);
  // The share is stored first with the offline address, so a slow or failing geocoder can never lose it.
  const stored = await answerWithEvent(
    code,
    { event: "shared", precision: "precise" },
    {
      status: "gps_tracked",
      decision: null,
      latitude: position.latitude,
      longitude: position.longitude,
      accuracyMeters: Math.max(position.accuracyMeters, 1),
      address: offline,
      locatedAt,
    },
  );
  if (stored.count > 0) await markOpened(code, locatedAt);
  if (stored.count > 0) await refineAddress(code, locatedAt, offline, { ...position, precision: "street" });
  return stored;
}

/**
 * Approximate: located from the address the recipient's request came from; false when unknown,
 * "closed" when the request takes no answer any more.
 */
export async function shareApproximate(code: string, ip: string): Promise<boolean | "closed"> {
  const found = await locateIp(ip);
  if (!found) return false;
  const locatedAt = new Date();
  const offline = approximatePlace(found);
  const stored = await answerWithEvent(
    code,
    { event: "shared", precision: "approximate" },
    {
      status: "ip_located",
      decision: null,
      latitude: found.latitude,
      longitude: found.longitude,
      accuracyMeters: found.accuracyMeters,
      address: offline,
      locatedAt,
    },
  );
  if (stored.count > 0) await markOpened(code, locatedAt);
  if (stored.count === 0) return "closed";
  if (!offline) {
    await refineAddress(code, locatedAt, offline, {
      latitude: found.latitude,
      longitude: found.longitude,
      precision: "city",
    });
  }
  return true;
}

/**
 * What an approximate position is called: the largest town within its area, else the region the IP
 * database names; never the database's own city, which is often a village at the area's centre
 * ("Kupel, ID" for an area 25 km wide). Null when neither is known (a geocoder may name it later).
 */
export function approximatePlace(found: IpLocation): string | null {
  const town = areaPlace(found.latitude, found.longitude, found.accuracyMeters / 1000);
  if (town) return town;
  return found.region && found.country ? `${found.region}, ${found.country}` : null;
}

/**
 * One reverse-geocoding request per share, when a provider is configured. The address is replaced
 * only on that same share: if the recipient revoked or shared again meanwhile, it is left alone.
 */
async function refineAddress(
  code: string,
  locatedAt: Date,
  offline: string | null,
  position: { latitude: number; longitude: number; precision: AddressPrecision },
) {
  if (reverseGeocoder().name === "offline") return;
  const row = await db().locationRequest.findUnique({ where: { code }, select: { locale: true } });
  const locale = row && isLocale(row.locale) ? row.locale : "en";
  const address = await addressOf({
    latitude: position.latitude,
    longitude: position.longitude,
    precision: position.precision,
    locale,
  });
  if (!address || address === offline) return;
  await db().locationRequest.updateMany({ where: { code, locatedAt, decision: null }, data: { address } });
}

export const clearedPosition = { latitude: null, longitude: null, accuracyMeters: null, address: null };

/** A decline also starts the requester's cooldown for this number or address (docs/decisions/012). */
export async function decline(code: string) {
  const { count } = await answerWithEvent(code, { event: "declined" }, { decision: "declined", ...clearedPosition });
  if (count === 0) return false;
  const row = await db().locationRequest.findUnique({
    where: { code },
    select: { userId: true, channel: true, target: true },
  });
  const recipient = row ? await recipientOf(row) : null;
  if (row && recipient) await recordDecline(recipient, row.userId);
  return true;
}

/**
 * The recipient stops sharing: what they shared is deleted at once, and the link takes no answer any
 * more (recipientMay's "stop": only a request that is shared, at any age), with a live share's trail.
 * False when nothing was shared.
 */
export async function revoke(code: string) {
  const { count, keys } = await db().$transaction(async (tx) => {
    const where = { code, NOT: { delivery: NOT_ACCEPTED }, status: { not: "pending" }, decision: null };
    // A live share ends with it (told once as "live_ended"), and its trail goes with the position.
    const keys = await endLiveShares(tx, where);
    const { count } = await tx.locationRequest.updateMany({ where, data: { decision: "revoked", ...clearedPosition } });
    if (count > 0) await tx.livePosition.deleteMany({ where: { request: { code } } });
    return { count, keys };
  });
  tellNow(keys);
  return count > 0;
}
