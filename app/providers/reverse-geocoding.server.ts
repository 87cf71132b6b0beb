import { z } from "zod";

import { nearestPlace } from "~/geo/nearest-place.server";
import type { Locale } from "~/i18n/locales";
import { claimSlot } from "~/limits/usage-limit.server";
import { config } from "~/server/config.server";
import { log } from "~/server/log.server";

/**
 * How fine the address should be: "street" for a GPS fix (neighbourhood / barangay level), "city"
 * for an approximate one, where anything finer would claim a precision the position does not have.
 */
export type AddressPrecision = "street" | "city";
export type ReverseQuery = { latitude: number; longitude: number; locale: Locale; precision: AddressPrecision };
export type ReverseResult = { ok: true; address: string | null } | { ok: false; error: string };

export interface ReverseGeocoder {
  readonly name: "offline" | "nominatim";
  reverse(query: ReverseQuery): Promise<ReverseResult>;
}

/** Embedded default: the nearest known place from the packaged city list ("Quezon City, PH"). */
export function offlineReverseGeocoder(): ReverseGeocoder {
  return {
    name: "offline",
    async reverse({ latitude, longitude }) {
      return { ok: true, address: nearestPlace(latitude, longitude) };
    },
  };
}

// The parts of a Nominatim `format=jsonv2` answer the app reads. A position with nothing around it
// (the open sea) is answered 200 with `{"error": "Unable to geocode"}`.
const nominatimAnswer = z.union([
  z.object({ error: z.string() }),
  z.object({
    display_name: z.string().optional(),
    address: z
      .object({
        country_code: z.string().length(2).optional(),
        country: z.string().optional(),
      })
      .catchall(z.unknown()),
  }),
]);

// Nominatim's address keys from the finest to the coarsest that still name a neighbourhood, and the
// keys that name a city. A barangay is mapped as quarter, suburb, village or neighbourhood.
const LOCAL_KEYS = ["quarter", "suburb", "neighbourhood", "village", "hamlet", "city_district", "district"] as const;
const CITY_KEYS = ["city", "town", "municipality", "village", "county", "state_district", "state"] as const;
// Nominatim takes browser-style language lists; Filipino place names are mostly the English ones.
const ACCEPT_LANGUAGE: Record<Locale, string> = { en: "en", id: "id,en", ph: "fil,en" };
const ZOOM: Record<AddressPrecision, number> = { street: 16, city: 10 };
const MAX_ADDRESS = 200;

/** "Barangay X, Quezon City, PH": the locality, the city and the country code, without repeats; null without a place name. */
export function compactAddress(address: Record<string, unknown>, precision: AddressPrecision): string | null {
  const text = (key: string) => {
    const value = address[key];
    return typeof value === "string" && value.trim() ? value.trim() : null;
  };
  const first = (keys: readonly string[]) => keys.map(text).find((v): v is string => v !== null) ?? null;
  const city = first(CITY_KEYS);
  const local = precision === "street" ? first(LOCAL_KEYS) : null;
  const country = text("country_code")?.toUpperCase() ?? text("country");
  // A country alone says less than the offline nearest place: the caller falls back to that.
  if (!local && !city) return null;
  const parts = [local, city, country].filter((p, i, all): p is string => p !== null && all.indexOf(p) === i);
  return parts.join(", ").slice(0, MAX_ADDRESS);
}

type NominatimOptions = {
  baseUrl: string;
  userAgent: string;
  /** Nominatim's `email` parameter: how the operator of a public instance can reach us. */
  email?: string;
  /** An API key for hosted Nominatim-compatible services (`key` parameter). */
  apiKey?: string;
  timeoutMs: number;
  /**
   * At most one request per this many milliseconds to this service from all processes together (the
   * public Nominatim allows one per second per application, not per process): the turn is claimed in
   * the database. A share in between gets the offline answer instead of waiting.
   */
  minIntervalMs?: number;
};

/** GET {base}/reverse?format=jsonv2 of a Nominatim-compatible API. */
export function nominatimReverseGeocoder(options: NominatimOptions): ReverseGeocoder {
  const paceKey = `pace:reverse-geocoding:${new URL(options.baseUrl).host}`;
  return {
    name: "nominatim",
    async reverse({ latitude, longitude, locale, precision }) {
      if (options.minIntervalMs && !(await claimSlot(paceKey, options.minIntervalMs)).ok) {
        return { ok: false, error: `not our turn (one request per ${options.minIntervalMs} ms)` };
      }
      const url = new URL(`${options.baseUrl.replace(/\/+$/, "")}/reverse`);
      url.searchParams.set("format", "jsonv2");
      url.searchParams.set("lat", latitude.toFixed(6));
      url.searchParams.set("lon", longitude.toFixed(6));
      url.searchParams.set("accept-language", ACCEPT_LANGUAGE[locale]);
      url.searchParams.set("zoom", String(ZOOM[precision]));
      url.searchParams.set("addressdetails", "1");
      if (options.email) url.searchParams.set("email", options.email);
      if (options.apiKey) url.searchParams.set("key", options.apiKey);
      try {
        const response = await fetch(url, {
          headers: { "User-Agent": options.userAgent, Accept: "application/json" },
          signal: AbortSignal.timeout(options.timeoutMs),
        });
        if (!response.ok) {
          await response.body?.cancel();
          return { ok: false, error: `HTTP ${response.status}` };
        }
        const parsed = nominatimAnswer.safeParse(await response.json());
        if (!parsed.success) return { ok: false, error: `unexpected answer: ${parsed.error.issues[0]?.message}` };
        if ("error" in parsed.data) return { ok: true, address: null };
        return { ok: true, address: compactAddress(parsed.data.address, precision) };
      } catch (error) {
        const e = error as Error;
        return { ok: false, error: e.name === "TimeoutError" ? `no answer within ${options.timeoutMs} ms` : e.message };
      }
    },
  };
}

// Chosen once per configuration (tests reset the configuration to switch providers).
let chosen: { for: object; geocoder: ReverseGeocoder } | undefined;
export function reverseGeocoder(): ReverseGeocoder {
  const c = config();
  if (chosen?.for !== c) {
    const geocoder = c.REVERSE_GEOCODING_URL
      ? nominatimReverseGeocoder({
          baseUrl: c.REVERSE_GEOCODING_URL,
          // Nominatim's usage policy asks for an application-identifying User-Agent.
          userAgent: `FamilyLocator/1.0 (+${c.publicUrl.origin})`,
          email: c.REVERSE_GEOCODING_EMAIL,
          apiKey: c.REVERSE_GEOCODING_KEY,
          timeoutMs: c.REVERSE_GEOCODING_TIMEOUT_MS,
          minIntervalMs: c.REVERSE_GEOCODING_MIN_INTERVAL_MS,
        })
      : offlineReverseGeocoder();
    chosen = { for: c, geocoder };
  }
  return chosen.geocoder;
}

/**
 * The address of a shared position: the configured provider's, or the offline nearest place when
 * it fails (logged as a warning; a share never waits for or depends on the provider).
 */
export async function addressOf(query: ReverseQuery): Promise<string | null> {
  const geocoder = reverseGeocoder();
  const result = await geocoder.reverse(query);
  if (result.ok && result.address) return result.address;
  if (!result.ok)
    log("warn", "reverse geocoding failed, using the nearest known place", {
      geocoder: geocoder.name,
      error: result.error,
    });
  return nearestPlace(query.latitude, query.longitude);
}
