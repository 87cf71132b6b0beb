// The home page's number search: the loader checks the number on the server, answers what the number
// tells (the carrier only with a lookup provider, limited per visitor address), refuses bad input with
// 400, and sends a signed-in user to New Search with the number; the number survives checkout.
import { afterEach, describe, expect, it } from "vitest";

import { closeProcessDb, db } from "~/db/db.server";
import { settleStartedJobs } from "~/jobs/jobs.server";
import { VISITOR_LOOKUPS_PER_HOUR } from "~/phone/lookup.server";
import { resetConfig } from "~/server/config.server";
import { unpack } from "~/utils/packed";

import {
  browserCookie,
  formRequest,
  routeArgs,
  signedInUser,
  thrownResponse,
  uniqueEmail,
} from "../../tests/support/factories";
import { startTwilioLookupFake, stopTwilioLookupFake } from "../../tests/support/provider-fakes";
import { routeData } from "../../tests/support/route-data";
import { action as sandboxAction } from "./checkout.sandbox.$id";
import { loader as dashboardLoader } from "./dashboard";
import { loader } from "./home";
import { action as checkoutAction } from "./payments.checkout";
import { loader as registerLoader } from "./register";

let fake: Awaited<ReturnType<typeof startTwilioLookupFake>> | undefined;
afterEach(async () => {
  await stopTwilioLookupFake(fake);
  fake = undefined;
});

async function withTwilio() {
  fake = await startTwilioLookupFake();
}

const request = (path: string, headers: Record<string, string> = {}) =>
  new Request(`http://localhost:3000${path}`, { headers: { "x-client-ip": "198.51.100.4", ...headers } });
const answer = (path: string, headers?: Record<string, string>) => loader(routeArgs(request(path, headers)));
const home = (path: string, headers?: Record<string, string>) => routeData(answer(path, headers));
const search = (prefix: string, country: string, number: string, ip = "198.51.100.4") =>
  home(`${prefix}/?${new URLSearchParams({ modal: "search", country, number })}`, { "x-client-ip": ip });

describe("home page number search", () => {
  it("offers the request countries with the language's own country preselected", async () => {
    for (const [prefix, region] of [
      ["", "US"],
      ["/id", "ID"],
      ["/ph", "PH"],
    ]) {
      const page = await home(`${prefix}/`);
      expect(page.status).toBe(200);
      expect(page.data.form).toEqual({ country: region, number: "" });
      expect(
        unpack(page.data.countries)
          .slice(0, 3)
          .map((c) => c.region),
      ).toEqual(["ID", "PH", "US"]);
      expect(page.data.facts).toBeNull();
    }
  });

  it("tells what a Philippine mobile number tells, in the page language, and nothing else", async () => {
    const page = await search("/ph", "PH", "0917 123 4567");
    expect(page.status).toBe(200);
    expect(page.data.error).toBeNull();
    expect(page.data.facts).toEqual({
      internationalFormat: "+63 917 123 4567",
      country: { name: "Pilipinas", callingCode: "63" },
      zones: { name: "Standard na Oras sa Pilipinas", count: 1, from: "UTC+8", to: "UTC+8" },
      numberType: "MOBILE",
    });
    // Without a provider there is no carrier at all, not even an empty one.
    expect(page.data.facts).not.toHaveProperty("carrier");
    expect(page.data.form).toEqual({ country: "PH", number: "0917 123 4567" });
  });

  it("tells an Indonesian mobile number's zones, and a number with its own + ignores the picker", async () => {
    const page = await search("/id", "ID", "0812-3456-7890");
    expect(page.data.facts).toMatchObject({
      internationalFormat: "+62 812 3456 7890",
      country: { name: "Indonesia", callingCode: "62" },
    });
    // Four zones, three offsets (Pontianak shares Jakarta's).
    expect(page.data.facts?.zones).toEqual({ name: null, count: 3, from: "UTC+7", to: "UTC+9" });
    const plus = await search("", "US", "+62 812 3456 7890");
    expect(plus.data.facts?.country?.callingCode).toBe("62");
  });

  it("summarises a large country's zones as a count and a range of offsets, never a list", async () => {
    const page = await search("", "US", "(201) 555-0123");
    const zones = page.data.facts?.zones;
    expect(zones?.count).toBeGreaterThanOrEqual(5);
    expect(zones?.from).toMatch(/^UTC\u2212(10|11)$/);
    expect(zones?.to).toMatch(/^UTC\u2212[45]$/);
    expect(JSON.stringify(page.data.facts)).not.toContain("America/");
  });

  it("refuses empty, impossible, too long and non-mobile numbers with 400, keeping what was typed", async () => {
    const empty = await search("/ph", "PH", "  ");
    expect(empty.status).toBe(400);
    expect(empty.data).toMatchObject({ error: "requests.errors.numberRequired", facts: null });
    const invalid = await search("/id", "ID", "12");
    expect(invalid.status).toBe(400);
    expect(invalid.data).toMatchObject({
      error: "requests.errors.numberInvalid",
      form: { country: "ID", number: "12" },
      facts: null,
    });
    expect((await search("", "PH", "9".repeat(41))).data.error).toBe("requests.errors.numberInvalid");
    // A landline cannot receive the SMS request that comes next.
    expect((await search("/id", "ID", "021 555 1234")).data.error).toBe("requests.errors.numberInvalid");
    // An unknown country falls back to the language's own.
    expect((await search("/ph", "XX", "0917 123 4567")).data.facts?.country?.callingCode).toBe("63");
  });

  it("only fills the form in again when the address has a number but no search", async () => {
    await withTwilio();
    const page = await home("/?country=PH&number=0917%20123%204567");
    expect(page.status).toBe(200);
    expect(page.data).toMatchObject({ form: { country: "PH", number: "0917 123 4567" }, error: null, facts: null });
    expect(fake!.requests).toHaveLength(0);
  });

  it("adds the carrier only when a provider is configured, never the caller name", async () => {
    await withTwilio();
    const page = await search("", "PH", "0917 123 4571");
    expect(page.data.facts?.carrier).toEqual({ state: "ok", name: "Globe Telecom" });
    expect(JSON.stringify(page.data)).not.toContain("JUAN");
    // Cached for the day: the same number again costs nothing.
    await search("", "PH", "0917 123 4571", "198.51.100.99");
    expect(fake!.requests).toHaveLength(1);
  });

  it("limits a visitor address's paid lookups, and says so instead of inventing a carrier", async () => {
    await withTwilio();
    const ip = "198.51.100.77";
    for (let i = 0; i < VISITOR_LOOKUPS_PER_HOUR; i++) {
      expect((await search("", "PH", `0917 555 10${i}0`, ip)).data.facts?.carrier).toMatchObject({ state: "ok" });
    }
    const limited = await search("", "PH", "0917 555 1999", ip);
    expect(limited.status).toBe(200);
    expect(limited.data.facts).toMatchObject({ numberType: "MOBILE", carrier: { state: "unavailable" } });
    expect(fake!.requests).toHaveLength(VISITOR_LOOKUPS_PER_HOUR);
    // Another address has its own allowance.
    expect((await search("", "PH", "0917 555 1999", "198.51.100.78")).data.facts?.carrier).toEqual({
      state: "ok",
      name: "Globe Telecom",
    });
  });

  it("sends a signed-in user to New Search with the number, or to the dashboard without one", async () => {
    const { token } = await signedInUser();
    const cookie = { Cookie: `token=${token}` };
    const withNumber = await thrownResponse(answer("/ph/?modal=search&country=PH&number=0917%20123%204567", cookie));
    expect(withNumber.headers.get("Location")).toBe("/ph/dashboard/?tab=new&country=PH&number=0917+123+4567");
    expect((await thrownResponse(answer("/id/", cookie))).headers.get("Location")).toBe("/id/dashboard/");

    const newSearch = (
      await dashboardLoader(routeArgs(request("/ph/dashboard/?tab=new&country=PH&number=0917+123+4567", cookie)))
    ).data;
    expect(newSearch.newSearch?.prefill).toEqual({ countryCode: "PH", number: "0917 123 4567" });
    const unknownCountry = (
      await dashboardLoader(routeArgs(request("/id/dashboard/?tab=new&country=ZZ&number=0812", cookie)))
    ).data;
    expect(unknownCountry.newSearch?.prefill).toEqual({ countryCode: "ID", number: "0812" });
    const plain = (await dashboardLoader(routeArgs(request("/dashboard/?tab=new", cookie)))).data;
    expect(plain.newSearch?.prefill).toBeNull();
  });

  it("carries the number through the payment modal, the sandbox checkout and the automatic sign-in", async () => {
    delete process.env.STRIPE_SECRET_KEY;
    resetConfig();
    const email = uniqueEmail("search");
    const returnTo = "/ph/?country=PH&number=0917+123+4567";
    const started = (await checkoutAction(
      routeArgs(formRequest("/payments/checkout", { returnTo, name: "Ana", surname: "Reyes", email, adult: "on" })),
    )) as Response;
    const sandboxUrl = new URL(started.headers.get("Location")!);
    const id = sandboxUrl.pathname.split("/").pop()!;
    expect(sandboxUrl.searchParams.get("return")).toBe(`/ph/register?id=${id}&country=PH&number=0917+123+4567`);

    const paid = (await sandboxAction({
      ...routeArgs(formRequest(sandboxUrl.pathname + sandboxUrl.search, { intent: "pay" })),
      params: { id },
    })) as Response;
    const registerPath = paid.headers.get("Location")!;
    expect(registerPath).toBe(`/ph/register?id=${id}&country=PH&number=0917+123+4567`);
    // In the browser that started the checkout (its checkout cookie).
    const signedIn = await thrownResponse(
      registerLoader(routeArgs(request(registerPath, { Cookie: browserCookie(started) }))),
    );
    expect(signedIn.headers.get("Location")).toBe("/ph/dashboard/modules/SuccessModal?country=PH&number=0917+123+4567");
    expect(await db().user.count({ where: { email } })).toBe(1);

    // A return address for another checkout is not followed.
    const other = (await sandboxAction({
      ...routeArgs(
        formRequest(`/checkout/sandbox/${id}?return=${encodeURIComponent("/register?id=other&x=1")}`, {
          intent: "pay",
        }),
      ),
      params: { id },
    })) as Response;
    expect(other.headers.get("Location")).toBe(`/ph/register?id=${id}`);
  });
});

describe("home page during a database outage", () => {
  it("still answers, without its reviews", async () => {
    const saved = process.env.DATABASE_URL;
    // The jobs the tests above set going (the new account's e-mail) end first: closing the database
    // under a transaction in flight left its connection unreleased and the close waiting for it.
    await settleStartedJobs();
    await closeProcessDb();
    process.env.DATABASE_URL = "postgres://fl:fl@127.0.0.1:1/none";
    process.env.DATABASE_CONNECT_TIMEOUT_MS = "500";
    resetConfig();
    try {
      const page = await home("/id");
      expect(page.status).toBe(200);
      expect(page.data.reviews).toBeNull();
      expect(page.data.content).toBeTruthy();
    } finally {
      await closeProcessDb();
      process.env.DATABASE_URL = saved;
      delete process.env.DATABASE_CONNECT_TIMEOUT_MS;
      resetConfig();
    }
  });
});
