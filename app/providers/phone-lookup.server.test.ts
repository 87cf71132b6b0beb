import { afterEach, describe, expect, it } from "vitest";

import { startFake } from "../../tests/fakes/http";
import { twilioLookupAnswer } from "../../tests/fakes/twilio";
import { allowConsoleError } from "../../tests/support/console";
import { offlineLookup, timeZonesOf, twilioLookupProvider } from "./phone-lookup.server";

let fake: Awaited<ReturnType<typeof startFake>> | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

describe("offline lookup (libphonenumber-js metadata)", () => {
  it("tells validity, country, type and time zone of a Philippine mobile", () => {
    expect(offlineLookup("+639171234567")).toEqual({
      number: "+639171234567",
      valid: true,
      country: "PH",
      callingCode: "63",
      nationalFormat: "0917 123 4567",
      internationalFormat: "+63 917 123 4567",
      numberType: "MOBILE",
      timeZones: ["Asia/Manila"],
    });
  });

  it("knows Indonesian mobiles, fixed lines and toll-free numbers and the country's four zones", () => {
    const mobile = offlineLookup("+6281234567890")!;
    expect(mobile).toMatchObject({ valid: true, country: "ID", numberType: "MOBILE" });
    expect(mobile.timeZones).toEqual(expect.arrayContaining(["Asia/Jakarta", "Asia/Makassar", "Asia/Jayapura"]));
    expect(offlineLookup("+62215551234")).toMatchObject({ valid: true, country: "ID", numberType: "FIXED_LINE" });
    expect(offlineLookup("+18002752273")).toMatchObject({ valid: true, country: "US", numberType: "TOLL_FREE" });
  });

  it("reports an impossible or invalid number instead of inventing data", () => {
    expect(offlineLookup("not a number")).toBeNull();
    expect(offlineLookup("+63123")).toMatchObject({ valid: false, numberType: null });
  });

  it("takes time zones from ICU's country data", () => {
    expect(timeZonesOf("PH")).toEqual(["Asia/Manila"]);
    expect(timeZonesOf("US").length).toBeGreaterThan(5);
    expect(timeZonesOf("ZZ")).toEqual([]);
  });
});

describe("Twilio Lookup v2 provider (real SDK, local fake API)", () => {
  it("asks for line type intelligence and caller name and returns carrier, line type and caller name", async () => {
    fake = await startFake((_req, res) => {
      res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify(twilioLookupAnswer()));
    });
    const provider = twilioLookupProvider({ accountSid: "AC123", authToken: "secret", baseUrl: fake.origin });
    expect(await provider.lookup("+639171234567")).toEqual({
      ok: true,
      fields: { carrier: "Globe Telecom", lineType: "mobile", callerName: "JUAN DELA CRUZ" },
    });
    const [req, ...more] = fake.requests;
    expect(more).toHaveLength(0);
    const url = new URL(req!.url, fake.origin);
    expect(req!.method).toBe("GET");
    expect(decodeURIComponent(url.pathname)).toBe("/v2/PhoneNumbers/+639171234567");
    expect(url.searchParams.get("Fields")).toBe("line_type_intelligence,caller_name");
    expect(req!.headers.authorization).toBe(`Basic ${Buffer.from("AC123:secret").toString("base64")}`);
  });

  it("keeps missing parts as null", async () => {
    fake = await startFake((_req, res) => {
      const answer = {
        ...twilioLookupAnswer(),
        caller_name: null,
        line_type_intelligence: { carrier_name: null, type: "landline", error_code: null },
      };
      res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify(answer));
    });
    const provider = twilioLookupProvider({ accountSid: "AC123", authToken: "secret", baseUrl: fake.origin });
    expect(await provider.lookup("+639171234567")).toEqual({
      ok: true,
      fields: { carrier: null, lineType: "landline", callerName: null },
    });
  });

  it("turns a 404 or a server error into a failure", async () => {
    allowConsoleError();
    fake = await startFake((req, res) => {
      const status = decodeURIComponent(req.url).includes("+63") ? 404 : 500;
      res.writeHead(status, { "Content-Type": "application/json" }).end(
        JSON.stringify({
          code: status === 404 ? 20404 : 20500,
          message: "The requested resource was not found",
          status,
        }),
      );
    });
    const provider = twilioLookupProvider({ accountSid: "AC123", authToken: "secret", baseUrl: fake.origin });
    const missing = await provider.lookup("+639171234567");
    expect(missing.ok).toBe(false);
    expect(!missing.ok && missing.error).toContain("20404");
    const broken = await provider.lookup("+12025550123");
    expect(!broken.ok && broken.error).toContain("500");
  });
});
