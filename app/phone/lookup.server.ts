// Reverse phone number lookup: what the number itself tells (free, for everyone) and, for subscribers
// when a provider is configured, what the provider knows (carrier, line type, caller name), cached
// for a day per number.
import { db } from "~/db/db.server";
import { intlLocale, type Locale } from "~/i18n/locales";
import { hit } from "~/limits/rate-limit.server";
import {
  offlineLookup,
  phoneLookupProvider,
  type OfflineLookup,
  type PhoneLookupProvider,
  type ProviderFields,
} from "~/providers/phone-lookup.server";
import { dateTimeFormat } from "~/utils/intl-cache";
import { HOUR } from "~/utils/time";
import { zoneName } from "~/utils/time-zone";

import type { ZoneSummary } from "./zones";

export type { ZoneSummary } from "./zones";

export const CACHE_MS = 24 * HOUR;
/** Paid lookups per account and hour; cached answers do not count. */
export const PROVIDER_LOOKUPS_PER_HOUR = 30;
/** Paid lookups per visitor address and hour for the home page's search (a visitor pays nothing). */
export const VISITOR_LOOKUPS_PER_HOUR = 5;

/** Why the provider fields are missing: no provider configured, not a subscriber, or the provider failed. */
export type ProviderState = "unconfigured" | "subscribersOnly" | "failed" | "limited" | "invalidNumber" | "ok";

export type LookupAnswer = OfflineLookup & {
  provider: "offline" | "twilio";
  providerState: ProviderState;
  /** Present only when providerState is "ok". */
  details: ProviderFields | null;
  /** When the provider answered (a cached answer keeps its time). */
  fetchedAt: string | null;
};

/**
 * Looks up an E.164 number. `subscriberId` is the account with an active subscription, or null for a
 * visitor, who gets only the offline fields, unless `visitorIp` is given (the home page's search):
 * then the provider is asked too, at most VISITOR_LOOKUPS_PER_HOUR times per address.
 */
export async function lookupPhoneNumber(
  e164: string,
  subscriberId: string | null,
  options: { provider?: PhoneLookupProvider; now?: Date; visitorIp?: string } = {},
): Promise<LookupAnswer | null> {
  const offline = offlineLookup(e164);
  if (!offline) return null;
  const provider = options.provider ?? phoneLookupProvider();
  const now = options.now ?? new Date();
  const answer = (
    providerState: ProviderState,
    details: ProviderFields | null = null,
    fetchedAt: Date | null = null,
  ): LookupAnswer => ({
    ...offline,
    provider: provider.name,
    providerState,
    details,
    fetchedAt: fetchedAt?.toISOString() ?? null,
  });
  if (provider.name === "offline") return answer("unconfigured");
  const limitKey = subscriberId
    ? `lookup:user:${subscriberId}`
    : options.visitorIp
      ? `lookup:ip:${options.visitorIp}`
      : null;
  if (!limitKey) return answer("subscribersOnly");
  if (!offline.valid) return answer("invalidNumber");

  const cached = await db().phoneLookup.findUnique({ where: { number: offline.number } });
  if (cached && cached.provider === provider.name && now.getTime() - cached.fetchedAt.getTime() < CACHE_MS) {
    return answer("ok", JSON.parse(cached.result) as ProviderFields, cached.fetchedAt);
  }
  const limit = await hit(limitKey, subscriberId ? PROVIDER_LOOKUPS_PER_HOUR : VISITOR_LOOKUPS_PER_HOUR, HOUR, now);
  if (!limit.ok) return answer("limited");
  const fetched = await provider.lookup(offline.number);
  if (!fetched.ok) return answer("failed");
  const row = { provider: provider.name, result: JSON.stringify(fetched.fields), fetchedAt: now };
  await db().phoneLookup.upsert({
    where: { number: offline.number },
    create: { number: offline.number, ...row },
    update: row,
  });
  return answer("ok", fetched.fields, now);
}

/** Drops cached answers older than a day (run by the maintenance job). */
export async function sweepPhoneLookups(now = new Date()) {
  const { count } = await db().phoneLookup.deleteMany({
    where: { fetchedAt: { lt: new Date(now.getTime() - CACHE_MS) } },
  });
  return count;
}

/**
 * A number's time zones as a person reads them: how many, and the range of their offsets from UTC now
 * ("UTC+8"; "6 time zones, UTC−10 to UTC−5"), never a list of zone identifiers.
 */

/** The answer as the page shows it: names and offsets already in the page language. */
export type LookupView = LookupAnswer & { countryName: string | null; zones: ZoneSummary | null };

/** Minutes east of UTC of a zone at `now` (Intl's "GMT+5:30"). */
function offsetMinutes(zone: string, now: Date) {
  const parts = dateTimeFormat("en-US", { timeZone: zone, timeZoneName: "shortOffset" }).formatToParts(now);
  const match = /GMT([+-])(\d{1,2})(?::(\d{2}))?/.exec(parts.find((p) => p.type === "timeZoneName")?.value ?? "");
  if (!match) return 0;
  return (match[1] === "-" ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3] ?? 0));
}

/** "UTC+8", "UTC−3:30" (a true minus sign), "UTC". */
export function utcOffsetLabel(minutes: number) {
  if (minutes === 0) return "UTC";
  const abs = Math.abs(minutes);
  const hours = Math.floor(abs / 60);
  const rest = abs % 60;
  return `UTC${minutes < 0 ? "\u2212" : "+"}${hours}${rest ? `:${String(rest).padStart(2, "0")}` : ""}`;
}

export function zoneSummary(zones: readonly string[], now = new Date(), language = "en"): ZoneSummary | null {
  if (!zones.length) return null;
  const offsets = zones.map((zone) => offsetMinutes(zone, now));
  return {
    // One zone is called by its name, as every time elsewhere in the product names its zone.
    name: zones.length === 1 ? zoneName(zones[0]!, language, now) : null,
    count: new Set(offsets).size,
    from: utcOffsetLabel(Math.min(...offsets)),
    to: utcOffsetLabel(Math.max(...offsets)),
  };
}

/** The answer as a page shows it (the lookup page, the home page's number search). */
export function lookupView(answer: LookupAnswer, locale: Locale, now = new Date()): LookupView {
  const names = new Intl.DisplayNames([intlLocale[locale]], { type: "region" });
  return {
    ...answer,
    countryName: answer.country ? (names.of(answer.country) ?? answer.country) : null,
    zones: zoneSummary(answer.timeZones, now, intlLocale[locale]),
  };
}
