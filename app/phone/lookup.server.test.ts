import { afterEach, describe, expect, it } from "vitest";

import { db } from "~/db/db.server";
import { CACHE_MS, lookupPhoneNumber } from "~/phone/lookup.server";
import { parseLookupNumber } from "~/phone/numbers.server";
import { offlineLookupProvider, twilioLookupProvider } from "~/providers/phone-lookup.server";

import { startFake } from "../../tests/fakes/http";
import { twilioLookupAnswer } from "../../tests/fakes/twilio";
import { allowConsoleError } from "../../tests/support/console";
import { createUser } from "../../tests/support/factories";

let fake: Awaited<ReturnType<typeof startFake>> | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

async function twilioFake(status = 200) {
  fake = await startFake((req, res) => {
    const number = decodeURIComponent(new URL(req.url, "http://x").pathname.split("/").pop()!);
    const body = status === 200 ? twilioLookupAnswer(number) : { code: 20500, message: "Internal", status };
    res.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify(body));
  });
  return twilioLookupProvider({ accountSid: "AC1", authToken: "t", baseUrl: fake.origin });
}

describe("parseLookupNumber", () => {
  it("reads a region, a calling code or a number with its own +", () => {
    expect(parseLookupNumber("PH", "0917 123 4567")).toEqual({ ok: true, e164: "+639171234567" });
    expect(parseLookupNumber("+62", "0812-3456-7890")).toEqual({ ok: true, e164: "+6281234567890" });
    expect(parseLookupNumber("US", "+62 21 5551234")).toEqual({ ok: true, e164: "+62215551234" });
  });

  it("accepts landlines, and refuses empty and impossible numbers with the translation keys", () => {
    expect(parseLookupNumber("ID", "021 555 1234")).toEqual({ ok: true, e164: "+62215551234" });
    expect(parseLookupNumber("PH", "  ")).toEqual({ ok: false, error: "requests.errors.numberRequired" });
    expect(parseLookupNumber("PH", "12")).toEqual({ ok: false, error: "requests.errors.numberInvalid" });
    expect(parseLookupNumber("PH", "hello")).toEqual({ ok: false, error: "requests.errors.numberInvalid" });
    expect(parseLookupNumber("nowhere", "0917 123 4567")).toEqual({
      ok: false,
      error: "requests.errors.numberInvalid",
    });
  });
});

describe("lookupPhoneNumber", () => {
  it("without a provider answers the offline fields and says the rest needs one", async () => {
    const { user } = await createUser();
    const answer = await lookupPhoneNumber("+639171234567", user.id, { provider: offlineLookupProvider() });
    expect(answer).toMatchObject({
      country: "PH",
      numberType: "MOBILE",
      provider: "offline",
      providerState: "unconfigured",
      details: null,
    });
  });

  it("gives a visitor only the offline fields and never asks the provider", async () => {
    const provider = await twilioFake();
    const answer = await lookupPhoneNumber("+639171234501", null, { provider });
    expect(answer).toMatchObject({ valid: true, country: "PH", providerState: "subscribersOnly", details: null });
    expect(fake!.requests).toHaveLength(0);
  });

  it("gives a subscriber the provider fields, cached for a day per number", async () => {
    const { user } = await createUser();
    const provider = await twilioFake();
    const t0 = new Date("2026-11-20T08:00:00Z");
    const first = await lookupPhoneNumber("+639171234502", user.id, { provider, now: t0 });
    expect(first).toMatchObject({
      provider: "twilio",
      providerState: "ok",
      details: { carrier: "Globe Telecom", lineType: "mobile", callerName: "JUAN DELA CRUZ" },
      fetchedAt: t0.toISOString(),
    });
    const stored = await db().phoneLookup.findUniqueOrThrow({ where: { number: "+639171234502" } });
    expect(stored.provider).toBe("twilio");
    expect(JSON.parse(stored.result)).toEqual(first!.details);

    const later = new Date(t0.getTime() + CACHE_MS - 60_000);
    const cached = await lookupPhoneNumber("+639171234502", user.id, { provider, now: later });
    expect(cached).toMatchObject({ providerState: "ok", details: first!.details, fetchedAt: t0.toISOString() });
    expect(fake!.requests).toHaveLength(1);

    const nextDay = new Date(t0.getTime() + CACHE_MS + 1);
    const refreshed = await lookupPhoneNumber("+639171234502", user.id, { provider, now: nextDay });
    expect(refreshed?.fetchedAt).toBe(nextDay.toISOString());
    expect(fake!.requests).toHaveLength(2);
  });

  it("shows the offline fields when the provider fails, and caches nothing", async () => {
    allowConsoleError();
    const { user } = await createUser();
    const provider = await twilioFake(500);
    const answer = await lookupPhoneNumber("+6281234567803", user.id, { provider });
    expect(answer).toMatchObject({
      valid: true,
      country: "ID",
      numberType: "MOBILE",
      providerState: "failed",
      details: null,
    });
    expect(await db().phoneLookup.count({ where: { number: "+6281234567803" } })).toBe(0);
  });

  it("does not spend a paid lookup on an invalid number", async () => {
    const { user } = await createUser();
    const provider = await twilioFake();
    const answer = await lookupPhoneNumber("+63123456", user.id, { provider });
    expect(answer).toMatchObject({ valid: false, providerState: "invalidNumber" });
    expect(fake!.requests).toHaveLength(0);
  });
});
