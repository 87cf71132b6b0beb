import { afterEach, describe, expect, it } from "vitest";

import { getT } from "~/i18n/i18next.server";

import { allowConsoleError } from "../../tests/support/console";
import { apiRequest, formRequest, readEnvelope, routeArgs, signedInUser } from "../../tests/support/factories";
import { startTwilioLookupFake, stopTwilioLookupFake } from "../../tests/support/provider-fakes";
import { routeData } from "../../tests/support/route-data";
import { action as apiAction, loader as apiLoader } from "./api.v1.lookup";
import { action, loader } from "./reverse-phone-lookup";
import type { LookupReply } from "./reverse-phone-lookup.server";

let fake: Awaited<ReturnType<typeof startTwilioLookupFake>> | undefined;
afterEach(async () => {
  await stopTwilioLookupFake(fake);
  fake = undefined;
});

async function withTwilio(status = 200) {
  fake = await startTwilioLookupFake(status);
}

/** The lookup's answer, or undefined for a refused number. */
const resultOf = (reply: LookupReply | null) => (reply?.ok ? reply.result : undefined);

const post = (path: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
  routeData(action(routeArgs(formRequest(path, fields, headers))));
const get = (path: string, headers: Record<string, string> = {}) =>
  routeData(loader(routeArgs(new Request(`http://localhost:3000${path}`, { headers }))));

describe("/reverse-phone-lookup", () => {
  it("shows the form with countries in the page language, the market's country first", async () => {
    const page = await get("/ph/reverse-phone-lookup");
    expect(page.data.reply).toBeNull();
    expect(page.data.defaultRegion).toBe("PH");
    expect(page.data.title).toBe((await getT("ph"))("lookup.title"));
    expect(page.data.canonical).toBe("http://localhost:3000/ph/reverse-phone-lookup");
    expect(page.data.countries.slice(0, 3).map((c) => c.region)).toEqual(["ID", "PH", "US"]);
    expect(page.data.countries.find((c) => c.region === "PH")?.name).toBe("Pilipinas");
    expect((await get("/id/reverse-phone-lookup")).data.defaultRegion).toBe("ID");
  });

  it("answers a posted number with what the number tells, without a provider", async () => {
    const answer = await post("/id/reverse-phone-lookup", { country: "PH", number: "0917 123 4567" });
    expect(answer.status).toBe(200);
    expect(resultOf(answer.data)).toMatchObject({
      number: "+639171234567",
      valid: true,
      countryName: "Filipina",
      numberType: "MOBILE",
      provider: "offline",
      providerState: "unconfigured",
      details: null,
      zones: { name: "Waktu Standar Filipina", count: 1, from: "UTC+8", to: "UTC+8" },
    });
  });

  it("answers a link with ?number= in the loader", async () => {
    const page = await get("/reverse-phone-lookup?number=%2B6281234567890");
    expect(resultOf(page.data.reply)).toMatchObject({ country: "ID", countryName: "Indonesia", numberType: "MOBILE" });
    expect(resultOf(page.data.reply)?.zones).toEqual({ name: null, count: 3, from: "UTC+7", to: "UTC+9" });
  });

  it("refuses empty and invalid numbers with 400 and the translated message key", async () => {
    const empty = await post("/ph/reverse-phone-lookup", { country: "PH", number: "" });
    expect(empty.status).toBe(400);
    expect(empty.data).toEqual({
      ok: false,
      values: { country: "PH", number: "" },
      errors: { number: "requests.errors.numberRequired" },
    });
    const bad = await post("/reverse-phone-lookup", { country: "ID", number: "12" });
    expect(bad.data.ok ? null : bad.data.errors.number).toBe("requests.errors.numberInvalid");
    expect((await get("/reverse-phone-lookup?number=abc")).status).toBe(400);
    expect((await getT("id"))("requests.errors.numberInvalid")).not.toBe("Please enter a valid mobile number");
  });

  it("gives a signed-in subscriber the full lookup and a visitor only the offline fields", async () => {
    await withTwilio();
    const visitor = await post("/reverse-phone-lookup", { country: "PH", number: "09171234511" });
    expect(resultOf(visitor.data)).toMatchObject({
      provider: "twilio",
      providerState: "subscribersOnly",
      details: null,
    });
    expect(fake!.requests).toHaveLength(0);

    const { token } = await signedInUser();
    const subscriber = await post(
      "/reverse-phone-lookup",
      { country: "PH", number: "09171234511" },
      { Cookie: `token=${token}` },
    );
    expect(resultOf(subscriber.data)).toMatchObject({
      providerState: "ok",
      details: { carrier: "Globe Telecom", lineType: "mobile", callerName: "JUAN DELA CRUZ" },
    });
    const expired = await signedInUser({ days: -1 });
    const lapsed = await post(
      "/reverse-phone-lookup",
      { country: "PH", number: "09171234511" },
      { Cookie: `token=${expired.token}` },
    );
    expect(resultOf(lapsed.data)?.providerState).toBe("subscribersOnly");
  });

  it("shows the offline fields and marks the provider failure", async () => {
    allowConsoleError();
    await withTwilio(404);
    const { token } = await signedInUser();
    const answer = await post(
      "/reverse-phone-lookup",
      { country: "ID", number: "081234567812" },
      { Cookie: `token=${token}` },
    );
    expect(answer.status).toBe(200);
    expect(resultOf(answer.data)).toMatchObject({
      country: "ID",
      numberType: "MOBILE",
      providerState: "failed",
      details: null,
    });
  });
});

describe("GET /api/v1/lookup", () => {
  it("needs the APP header and a number", async () => {
    const noApp = await apiLoader(routeArgs(new Request("http://localhost:3000/api/v1/lookup?number=%2B639171234567")));
    expect(noApp.status).toBe(400);
    const noNumber = await apiLoader(routeArgs(apiRequest("/api/v1/lookup")));
    expect((await readEnvelope(noNumber)).message).toBe("Please enter a number");
    const bad = await apiLoader(
      routeArgs(apiRequest("/api/v1/lookup?number=123", { headers: { "Accept-Language": "id" } })),
    );
    expect(bad.status).toBe(400);
    expect((await readEnvelope(bad)).message).toBe((await getT("id"))("requests.errors.numberInvalid"));
    expect((await apiAction(routeArgs(apiRequest("/api/v1/lookup", { method: "POST" })))).status).toBe(405);
  });

  it("answers the offline fields without a token, and the full lookup for a subscriber's token", async () => {
    await withTwilio();
    const anonymous = await readEnvelope(
      await apiLoader(routeArgs(apiRequest("/api/v1/lookup?number=%2B639171234522"))),
    );
    expect(anonymous.data).toMatchObject({
      number: "+639171234522",
      country: "PH",
      numberType: "MOBILE",
      providerState: "subscribersOnly",
      details: null,
    });

    const { token } = await signedInUser();
    const full = await apiLoader(
      routeArgs(
        apiRequest("/api/v1/lookup?country=PH&number=09171234522", { headers: { Authorization: `Bearer ${token}` } }),
      ),
    );
    expect(full.status).toBe(200);
    expect((await readEnvelope(full)).data).toMatchObject({
      providerState: "ok",
      details: { carrier: "Globe Telecom" },
    });

    const revoked = await apiLoader(
      routeArgs(apiRequest("/api/v1/lookup?number=%2B639171234522", { headers: { Authorization: "no-such-token" } })),
    );
    expect(revoked.status).toBe(401);
  });
});
