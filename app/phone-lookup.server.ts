// Reverse phone number lookup: what the number itself tells (free, for everyone) and, for subscribers
// when a provider is configured, what the provider knows (carrier, line type, caller name), cached
// for a day per number.
import { parsePhoneNumberFromString, type CountryCode } from "libphonenumber-js/max";
import { db } from "~/db.server";
import {
  offlineLookup,
  phoneLookupProvider,
  type OfflineLookup,
  type PhoneLookupProvider,
  type ProviderFields,
} from "~/providers/phone-lookup.server";
import { hit } from "~/rate-limit.server";
import { HOUR } from "~/utils/time";

export const CACHE_MS = 24 * HOUR;
/** Paid lookups per account and hour; cached answers do not count. */
export const PROVIDER_LOOKUPS_PER_HOUR = 30;
/** Paid lookups per visitor address and hour for the home page's search (a visitor pays nothing). */
export const VISITOR_LOOKUPS_PER_HOUR = 5;

export type ParsedNumber = { ok: true; e164: string } | { ok: false; error: string };

/**
 * The number to look up, from a country (ISO region such as "PH", or a calling code such as "+63") and
 * the number as typed; a number starting with + ignores the country. Any number that could exist is
 * accepted (landlines too): its validity is part of the answer.
 */
export function parseLookupNumber(country: string, number: string): ParsedNumber {
  const typed = number.trim();
  if (!typed) return { ok: false, error: "requests.errors.numberRequired" };
  if (typed.length > 40) return { ok: false, error: "requests.errors.numberInvalid" };
  const dial = country.trim().replace(/^\+?/, "+");
  const parsed = typed.startsWith("+")
    ? parsePhoneNumberFromString(typed)
    : /^\+\d{1,4}$/.test(dial)
      ? parsePhoneNumberFromString(dial + typed.replace(/^0+/, ""))
      : /^[A-Za-z]{2}$/.test(country.trim())
        ? parsePhoneNumberFromString(typed, country.trim().toUpperCase() as CountryCode)
        : undefined;
  if (!parsed || !parsed.isPossible()) return { ok: false, error: "requests.errors.numberInvalid" };
  return { ok: true, e164: parsed.number };
}

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
  const answer = (providerState: ProviderState, details: ProviderFields | null = null, fetchedAt: Date | null = null): LookupAnswer => ({
    ...offline,
    provider: provider.name,
    providerState,
    details,
    fetchedAt: fetchedAt?.toISOString() ?? null,
  });
  if (provider.name === "offline") return answer("unconfigured");
  const limitKey = subscriberId ? `lookup:user:${subscriberId}` : options.visitorIp ? `lookup:ip:${options.visitorIp}` : null;
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
  await db().phoneLookup.upsert({ where: { number: offline.number }, create: { number: offline.number, ...row }, update: row });
  return answer("ok", fetched.fields, now);
}

/** Drops cached answers older than a day (run by the maintenance job). */
export async function sweepPhoneLookups(now = new Date()) {
  const { count } = await db().phoneLookup.deleteMany({ where: { fetchedAt: { lt: new Date(now.getTime() - CACHE_MS) } } });
  return count;
}
