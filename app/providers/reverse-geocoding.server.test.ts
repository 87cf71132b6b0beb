// Reverse geocoding: the Nominatim-compatible HTTP path against a local fake of the API, the fallback
// to the offline nearest place, and the share that stores the address.
import type { ServerResponse } from "node:http";

import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";

import { db } from "~/db/db.server";
import { shareApproximate, sharePrecise } from "~/location-requests/answer.server";
import { createLocationRequest } from "~/location-requests/create.server";
import { resetConfig } from "~/server/config.server";

import { startFake, type Recorded } from "../../tests/fakes/http";
import { createUser } from "../../tests/support/factories";
import { addressOf, compactAddress, nominatimReverseGeocoder, reverseGeocoder } from "./reverse-geocoding.server";

// What the public Nominatim answers for a point in Quezon City (trimmed to the fields it always has).
const QUEZON_CITY = {
  place_id: 1,
  lat: "14.6507",
  lon: "121.0494",
  category: "boundary",
  type: "administrative",
  display_name: "Barangay Pinyahan, Diliman, Quezon City, Eastern Manila District, Metro Manila, 1100, Philippines",
  address: {
    quarter: "Barangay Pinyahan",
    suburb: "Diliman",
    city: "Quezon City",
    region: "Metro Manila",
    postcode: "1100",
    country: "Philippines",
    country_code: "ph",
  },
};

let answer: (req: Recorded, res: ServerResponse) => void = (_req, res) => res.end("{}");
let fake: Awaited<ReturnType<typeof startFake>>;
beforeAll(async () => {
  fake = await startFake((req, res) => answer(req, res));
});
afterAll(() => fake.close());
afterEach(() => {
  fake.requests.length = 0;
  for (const name of [
    "REVERSE_GEOCODING_URL",
    "REVERSE_GEOCODING_EMAIL",
    "REVERSE_GEOCODING_KEY",
    "REVERSE_GEOCODING_TIMEOUT_MS",
    "REVERSE_GEOCODING_MIN_INTERVAL_MS",
  ]) {
    delete process.env[name];
  }
  resetConfig();
});

const json = (status: number, body: unknown) => (_req: Recorded, res: ServerResponse) =>
  res
    .writeHead(status, { "Content-Type": "application/json" })
    .end(typeof body === "string" ? body : JSON.stringify(body));
const geocoder = (extra: Partial<Parameters<typeof nominatimReverseGeocoder>[0]> = {}) =>
  nominatimReverseGeocoder({
    baseUrl: `${fake.origin}/nominatim/`,
    userAgent: "FamilyLocator/1.0 (+http://localhost:3000)",
    timeoutMs: 300,
    ...extra,
  });
const quezon = { latitude: 14.6507, longitude: 121.0494 };

describe("Nominatim-compatible provider (local fake API)", () => {
  it("asks /reverse in jsonv2 with language, zoom, User-Agent, e-mail and key, and answers a compact address", async () => {
    answer = json(200, QUEZON_CITY);
    const result = await geocoder({ email: "ops@familylocator.example", apiKey: "k-123" }).reverse({
      ...quezon,
      locale: "ph",
      precision: "street",
    });
    expect(result).toEqual({ ok: true, address: "Barangay Pinyahan, Quezon City, PH" });
    expect(fake.requests).toHaveLength(1);
    const [req] = fake.requests;
    const url = new URL(req!.url, fake.origin);
    expect(req!.method).toBe("GET");
    expect(url.pathname).toBe("/nominatim/reverse");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      format: "jsonv2",
      lat: "14.650700",
      lon: "121.049400",
      "accept-language": "fil,en",
      zoom: "16",
      addressdetails: "1",
      email: "ops@familylocator.example",
      key: "k-123",
    });
    expect(req!.headers["user-agent"]).toBe("FamilyLocator/1.0 (+http://localhost:3000)");
  });

  it("names only the city for an approximate position", async () => {
    answer = json(200, QUEZON_CITY);
    expect(await geocoder().reverse({ ...quezon, locale: "id", precision: "city" })).toEqual({
      ok: true,
      address: "Quezon City, PH",
    });
    const url = new URL(fake.requests[0]!.url, fake.origin);
    expect(url.searchParams.get("zoom")).toBe("10");
    expect(url.searchParams.get("accept-language")).toBe("id,en");
    expect(url.searchParams.has("email")).toBe(false);
  });

  it("reports an error status, a malformed body and a timeout as failures", async () => {
    answer = json(503, { error: "busy" });
    expect(await geocoder().reverse({ ...quezon, locale: "en", precision: "street" })).toEqual({
      ok: false,
      error: "HTTP 503",
    });
    answer = json(200, "<html>not json");
    expect((await geocoder().reverse({ ...quezon, locale: "en", precision: "street" })).ok).toBe(false);
    answer = json(200, { address: { country_code: 42 } });
    expect(await geocoder().reverse({ ...quezon, locale: "en", precision: "street" })).toMatchObject({
      ok: false,
      error: expect.stringContaining("unexpected answer"),
    });
    answer = () => undefined; // never answers
    const started = Date.now();
    expect(await geocoder({ timeoutMs: 200 }).reverse({ ...quezon, locale: "en", precision: "street" })).toEqual({
      ok: false,
      error: "no answer within 200 ms",
    });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it("answers no address where Nominatim finds nothing", async () => {
    answer = json(200, { error: "Unable to geocode" });
    expect(await geocoder().reverse({ latitude: 0, longitude: -140, locale: "en", precision: "street" })).toEqual({
      ok: true,
      address: null,
    });
  });

  it("sends at most one request per interval from all processes together (the turn is kept in the database)", async () => {
    answer = json(200, QUEZON_CITY);
    // Two geocoders stand for two processes: they share nothing but the database.
    const [first, second] = [geocoder({ minIntervalMs: 60_000 }), geocoder({ minIntervalMs: 60_000 })];
    const results = await Promise.all(
      [first, second, first].map((g) => g.reverse({ ...quezon, locale: "en", precision: "street" })),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok)).toEqual([
      { ok: false, error: "not our turn (one request per 60000 ms)" },
      { ok: false, error: "not our turn (one request per 60000 ms)" },
    ]);
    expect(fake.requests).toHaveLength(1);
  });
});

describe("compact address", () => {
  it("keeps locality, city and country code without repeats", () => {
    expect(compactAddress({ village: "Cibubur", city: "Jakarta Timur", country_code: "id" }, "street")).toBe(
      "Cibubur, Jakarta Timur, ID",
    );
    expect(compactAddress({ town: "Tagaytay", country_code: "ph" }, "street")).toBe("Tagaytay, PH");
    expect(compactAddress({ village: "Sagada", country_code: "ph" }, "street")).toBe("Sagada, PH");
  });
  it("says nothing when only the country is known (the offline place is better)", () => {
    expect(compactAddress({ country: "Philippines", country_code: "ph" }, "street")).toBeNull();
  });
});

describe("the address of a share", () => {
  async function code() {
    const { user } = await createUser();
    const created = await createLocationRequest({
      userId: user.id,
      channel: "link",
      requesterName: "Maria",
      locale: "ph",
    });
    if (!created.ok) throw new Error("could not create the request");
    return created.request.code;
  }
  const configure = (env: Record<string, string>) => {
    Object.assign(process.env, { REVERSE_GEOCODING_URL: fake.origin, REVERSE_GEOCODING_MIN_INTERVAL_MS: "0", ...env });
    resetConfig();
  };
  const address = async (c: string) => (await db().locationRequest.findUniqueOrThrow({ where: { code: c } })).address;

  it("is the offline nearest place when no provider is configured, and nothing is asked", async () => {
    expect(reverseGeocoder().name).toBe("offline");
    const c = await code();
    await sharePrecise(c, { ...quezon, accuracyMeters: 12 });
    expect(await address(c)).toBe("Quezon City, PH");
    expect(fake.requests).toHaveLength(0);
  });

  it("comes from the provider when configured: one request per share, in the request's language", async () => {
    configure({});
    answer = json(200, QUEZON_CITY);
    const c = await code();
    await sharePrecise(c, { ...quezon, accuracyMeters: 12 });
    expect(await address(c)).toBe("Barangay Pinyahan, Quezon City, PH");
    expect(fake.requests).toHaveLength(1);
    expect(new URL(fake.requests[0]!.url, fake.origin).searchParams.get("accept-language")).toBe("fil,en");
  });

  it.each([
    ["an error status", json(500, { error: "internal" })],
    ["a malformed body", json(200, { unexpected: true })],
    ["no answer in time", () => undefined],
  ])("falls back to the offline place on %s, keeps the share and warns", async (_name, respond) => {
    configure({ REVERSE_GEOCODING_TIMEOUT_MS: "200" });
    answer = respond;
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const c = await code();
    await sharePrecise(c, { ...quezon, accuracyMeters: 12 });
    const row = await db().locationRequest.findUniqueOrThrow({ where: { code: c } });
    expect(row).toMatchObject({ status: "gps_tracked", latitude: quezon.latitude, address: "Quezon City, PH" });
    expect(warn).toHaveBeenCalledWith(
      expect.stringMatching(
        /^warn: reverse geocoding failed, using the nearest known place geocoder=nominatim error=./,
      ),
    );
    warn.mockRestore();
  });

  it("does not ask about an approximate share whose area holds a known town", async () => {
    configure({});
    answer = json(200, QUEZON_CITY);
    const c = await code();
    expect(await shareApproximate(c, "112.198.0.1")).toBe(true);
    expect(await address(c)).toBe("Makati City, PH");
    expect(fake.requests).toHaveLength(0);
  });

  it("addressOf answers the provider's address or the offline one", async () => {
    configure({});
    answer = json(200, { error: "Unable to geocode" });
    expect(await addressOf({ ...quezon, locale: "en", precision: "street" })).toBe("Quezon City, PH");
  });
});
