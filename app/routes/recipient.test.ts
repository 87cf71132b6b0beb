// The recipient's side of a location request: the consent page (the catch-all route), /share,
// /location-failed and /enter-link, called the way Remix calls them.
import { gzipSync } from "node:zlib";

import { assert, describe, expect, it } from "vitest";

import { db } from "~/db/db.server";
import { getT } from "~/i18n/i18next.server";
import type { Locale } from "~/i18n/locales";
import { createLocationRequest } from "~/location-requests/create.server";
import { recipientHandle } from "~/recipient/bare";
import { CONSENT_SCRIPT } from "~/recipient/consent-script";
import { CRITICAL_CSS } from "~/recipient/critical-css";
import { codeFromInput } from "~/recipient/recipient.server";
import { action as consentAction, loader as consentLoader } from "~/routes/consent-page";
import { action as enterLinkAction } from "~/routes/enter-link";
import { loader as failedLoader } from "~/routes/location-failed";
import { action as shareAction, loader as shareLoader } from "~/routes/share";
import type { FormReply } from "~/utils/parse-form";

import { matchedContext } from "../../tests/support/app-routes";
import { createUser, formRequest } from "../../tests/support/factories";
import { replyTexts } from "../../tests/support/reply-text";
import { routeData, settle } from "../../tests/support/route-data";

const ORIGIN = "http://localhost:3000";
const translated = async (locale: Locale, key: Parameters<Awaited<ReturnType<typeof getT>>>[0]) =>
  (await getT(locale))(key);

async function newRequest(locale: Locale = "en") {
  const { user } = await createUser();
  const created = await createLocationRequest({ userId: user.id, channel: "link", requesterName: "Maria", locale });
  if (!created.ok) throw new Error("could not create the request");
  return created.request.code;
}

const row = (code: string) => db().locationRequest.findUniqueOrThrow({ where: { code } });
const get = (path: string) => new Request(ORIGIN + path, { headers: { "x-client-ip": "203.0.113.9" } });
const args = (request: Request, splat?: string) => ({
  request,
  params: splat === undefined ? {} : { "*": splat },
  context: matchedContext(request.url),
});

/** The consent page's POST: `/{code}` (with a locale prefix) and the form fields. */
function consentPost(code: string, fields: Record<string, string>, options: { prefix?: string; ip?: string } = {}) {
  const request = formRequest(
    `${options.prefix ?? ""}/${code}`,
    fields,
    options.ip ? { "x-client-ip": options.ip } : {},
  );
  return consentAction(args(request, code));
}

async function redirectOf(promise: Promise<unknown>) {
  const result = await settle(promise);
  expect(result).toBeInstanceOf(Response);
  const response = result as Response;
  expect(response.status).toBe(302);
  return response.headers.get("Location");
}
/** A `data()` answer, returned or thrown: its status and its value. */
async function dataOf<R>(promise: Promise<R>) {
  const { status, data } = await routeData(promise);
  return { status, body: data };
}

describe("opening the short link", () => {
  it("records only that it was opened", async () => {
    const code = await newRequest();
    const before = await row(code);
    expect(before.openedAt).toBeNull();
    const page = (await routeData(consentLoader(args(get(`/${code}`), code)))).data;
    assert(typeof page === "object" && page.kind === "consent");
    expect(page.kind).toBe("consent");
    expect(page.title).toBe("Maria asks for your location");
    expect(page.request).toMatchObject({
      requesterName: "Maria",
      state: "pending",
      retentionDays: 30,
      approximateRadiusKm: 25,
    });
    const after = await row(code);
    expect(after.openedAt).toBeInstanceOf(Date);
    const { openedAt: _o, updatedAt: _u, ...rest } = after;
    const { openedAt: _bo, updatedAt: _bu, ...restBefore } = before;
    expect(rest).toEqual(restBefore);
    expect(after).toMatchObject({
      status: "pending",
      decision: null,
      latitude: null,
      longitude: null,
      address: null,
      locatedAt: null,
    });
  });

  it("keeps the first opening time when the recipient shares later", async () => {
    const code = await newRequest();
    await consentLoader(args(get(`/${code}`), code));
    const opened = new Date("2026-01-02T03:04:05.000Z");
    await db().locationRequest.update({ where: { code }, data: { openedAt: opened } });
    await redirectOf(consentPost(code, { intent: "precise", latitude: "14.6", longitude: "121.0", accuracy: "20" }));
    await redirectOf(consentPost(code, { intent: "approximate" }, { ip: "112.198.0.1" }));
    expect(await row(code)).toMatchObject({ status: "ip_located" });
    expect((await row(code)).openedAt).toEqual(opened);
  });

  it("speaks the language of the URL", async () => {
    const code = await newRequest("en");
    const { data: page } = await routeData(consentLoader(args(get(`/id/${code}`), code)));
    assert(typeof page === "object");
    expect(page.title).toBe("Maria meminta lokasi Anda");
  });

  it("says 'Invalid link!' (404) for an unknown code, in every language", async () => {
    const unknown = "Zz000000";
    expect(await dataOf(consentLoader(args(get(`/${unknown}`), unknown)))).toEqual({
      status: 404,
      body: {
        // No messages in the loader data: a bare page gets them in the server render (entry.server.tsx).
        kind: "invalid",
        title: "Invalid link!",
      },
    });
    expect((await dataOf(consentLoader(args(get(`/ph/${unknown}`), unknown)))).body.title).toBe("Hindi wastong link!");
    expect((await dataOf(consentAction(args(formRequest(`/${unknown}`, { intent: "decline" }), unknown)))).status).toBe(
      404,
    );
  });

  it("keeps 'Page not found' for any other unknown address", async () => {
    for (const splat of ["no-such-page", "Abcd1234/more", "short"]) {
      const thrown = await routeData(consentLoader(args(get(`/${splat}`), splat)));
      expect(thrown.status).toBe(404);
      expect(thrown.data).toBe("Page not found");
    }
  });
});

describe("sharing the precise position", () => {
  it("stores it as GPS Tracked and thanks in the page's language", async () => {
    const code = await newRequest("ph");
    const location = await redirectOf(
      consentPost(
        code,
        { intent: "precise", latitude: "14.6507", longitude: "121.0494", accuracy: "18.4" },
        { prefix: "/ph" },
      ),
    );
    expect(location).toBe(`/ph/share?c=${code}`);
    expect(await row(code)).toMatchObject({
      status: "gps_tracked",
      latitude: 14.6507,
      longitude: 121.0494,
      accuracyMeters: 18.4,
      address: "Quezon City, PH",
    });
    const { data: page } = await routeData(shareLoader(args(get(`/share?c=${code}`))));
    assert(page.kind === "share");
    expect(page.request).toMatchObject({
      state: "shared",
      kind: "precise",
      place: "Quezon City, PH",
      accuracyMeters: 18,
    });
  });

  it("keeps a coarse fix (over 100 km) with its own radius, clamped at half the Earth", async () => {
    const code = await newRequest();
    const coarse = await redirectOf(
      consentPost(code, { intent: "precise", latitude: "14.6", longitude: "121.0", accuracy: "250000" }),
    );
    expect(coarse).toBe(`/share?c=${code}`);
    expect(await row(code)).toMatchObject({ status: "gps_tracked", accuracyMeters: 250000 });
    const other = await newRequest();
    await redirectOf(
      consentPost(other, { intent: "precise", latitude: "14.6", longitude: "121.0", accuracy: "900000000" }),
    );
    expect(await row(other)).toMatchObject({ status: "gps_tracked", accuracyMeters: 20_037_500 });
  });

  it("answers 400 with a message for a position that cannot be right, and stores nothing", async () => {
    const code = await newRequest();
    const valid = { latitude: "14.6", longitude: "121.0", accuracy: "20" };
    for (const wrong of [
      { latitude: "91" },
      { latitude: "-90.5" },
      { longitude: "180.01" },
      { longitude: "abc" },
      { accuracy: "-1" },
      { latitude: "Infinity" },
      { latitude: "1e400" },
      { latitude: "NaN" },
      { accuracy: "" },
    ]) {
      const answer = await dataOf(consentPost(code, { intent: "precise", ...valid, ...wrong }));
      expect(answer, JSON.stringify(wrong)).toEqual({
        status: 400,
        body: { ok: false, values: {}, errors: { form: "recipient.errors.badPosition" } },
      });
    }
    const answer = await dataOf(consentPost(code, { intent: "precise", ...valid, latitude: "91" }, { prefix: "/ph" }));
    expect(replyTexts(answer.body as FormReply, "ph", recipientHandle).form).toBe(
      await translated("ph", "recipient.errors.badPosition"),
    );
    expect(await row(code)).toMatchObject({ status: "pending", latitude: null, locatedAt: null });
  });

  it("sends a browser that posts no position (no JavaScript) to /location-failed", async () => {
    const code = await newRequest();
    expect(await redirectOf(consentPost(code, { intent: "precise" }, { prefix: "/id" }))).toBe(
      `/id/location-failed?c=${code}&reason=unsupported`,
    );
    expect((await row(code)).status).toBe("pending");
  });

  it("answers 400 to an unknown choice", async () => {
    const code = await newRequest();
    const answer = await dataOf(consentPost(code, { intent: "everything" }));
    expect(answer).toEqual({
      status: 400,
      body: { ok: false, values: {}, errors: { form: "recipient.errors.badChoice" } },
    });
    expect(replyTexts(answer.body as FormReply, "en", recipientHandle).form).toBe(
      await translated("en", "recipient.errors.badChoice"),
    );
    const share = await dataOf(shareAction(args(formRequest(`/share?c=${code}`, { intent: "everything" }))));
    expect(share).toEqual({
      status: 400,
      body: { ok: false, values: {}, errors: { form: "recipient.errors.badChoice" } },
    });
  });
});

describe("sharing the approximate position", () => {
  it("locates the request's address as IP Located", async () => {
    const code = await newRequest();
    expect(await redirectOf(consentPost(code, { intent: "approximate" }, { ip: "112.198.0.1" }))).toBe(
      `/share?c=${code}`,
    );
    expect(await row(code)).toMatchObject({ status: "ip_located", address: "Makati City, PH", accuracyMeters: 25_000 });
    const { data: page } = await routeData(shareLoader(args(get(`/share?c=${code}`))));
    assert(page.kind === "share");
    expect(page.request).toMatchObject({ state: "shared", kind: "approximate", place: "Makati City, PH" });
  });

  it("fails for an address no database knows (a local one)", async () => {
    const code = await newRequest();
    expect(await redirectOf(consentPost(code, { intent: "approximate" }, { ip: "127.0.0.1" }))).toBe(
      `/location-failed?c=${code}&reason=ip`,
    );
    expect(await row(code)).toMatchObject({ status: "pending", latitude: null });
  });
});

describe("declining and revoking", () => {
  it("declines", async () => {
    const code = await newRequest();
    expect(await redirectOf(consentPost(code, { intent: "decline" }))).toBe(`/share?c=${code}`);
    expect(await row(code)).toMatchObject({ decision: "declined", latitude: null });
    const { data: page } = await routeData(shareLoader(args(get(`/share?c=${code}`))));
    assert(page.kind === "share");
    expect(page.request).toMatchObject({ state: "declined", place: null });
  });

  it("stops sharing and deletes the position", async () => {
    const code = await newRequest();
    await redirectOf(consentPost(code, { intent: "approximate" }, { ip: "112.198.0.1" }));
    expect(await redirectOf(shareAction(args(formRequest(`/id/share?c=${code}`, { intent: "revoke" }))))).toBe(
      `/id/share?c=${code}`,
    );
    expect(await row(code)).toMatchObject({
      decision: "revoked",
      latitude: null,
      longitude: null,
      accuracyMeters: null,
      address: null,
    });
    const { data: page } = await routeData(shareLoader(args(get(`/share?c=${code}`))));
    assert(page.kind === "share");
    expect(page.request).toMatchObject({ state: "deleted", place: null, locatedAt: null });
  });

  it("/share says 'Invalid link!' without a known code", async () => {
    for (const path of ["/share", "/share?c=Zz000000", "/share?c=bad"]) {
      expect(await dataOf(shareLoader(args(get(path))))).toEqual({
        status: 404,
        body: {
          kind: "invalid",
          title: "Invalid link!",
        },
      });
    }
    expect((await dataOf(shareAction(args(formRequest("/share?c=Zz000000", { intent: "revoke" }))))).status).toBe(404);
  });
});

describe("/location-failed", () => {
  it("names the reason, and any other reason is a plain failure", async () => {
    const code = await newRequest();
    expect(await failedLoader(args(get(`/location-failed?c=${code}&reason=unavailable`)))).toMatchObject({
      reason: "unavailable",
      code,
    });
    expect(await failedLoader(args(get(`/location-failed?c=${code}&reason=<script>`)))).toMatchObject({
      reason: "failed",
    });
    expect((await dataOf(failedLoader(args(get("/location-failed?reason=denied"))))).body.title).toBe("Invalid link!");
  });
});

describe("/enter-link", () => {
  it("reads the code from a typed code or a pasted link", () => {
    expect(codeFromInput(" AbCd1234 ")).toBe("AbCd1234");
    expect(codeFromInput("https://familylocator.example/id/AbCd1234/?utm=x#top")).toBe("AbCd1234");
    expect(codeFromInput("familylocator.example/ph/AbCd1234")).toBe("AbCd1234");
    expect(codeFromInput("AbCd123")).toBeNull();
    expect(codeFromInput("")).toBeNull();
  });

  it("opens the consent page of an existing code in the page's language", async () => {
    const code = await newRequest();
    const request = formRequest("/id/enter-link", { code: `http://localhost:3000/${code}` });
    expect(await redirectOf(enterLinkAction(args(request)))).toBe(`/id/${code}`);
  });

  it("keeps the value and says 'Invalid link!' (400) otherwise", async () => {
    for (const value of ["Zz000000", "hello"]) {
      const answer = await dataOf(enterLinkAction(args(formRequest("/enter-link", { code: value }))));
      expect(answer).toEqual({
        status: 400,
        body: { ok: false, values: { code: value }, errors: { code: "recipient.invalidLink" } },
      });
      expect(replyTexts(answer.body as FormReply, "en", recipientHandle).code).toBe("Invalid link!");
    }
    const answer = await dataOf(enterLinkAction(args(formRequest("/id/enter-link", { code: "hello" }))));
    expect(replyTexts(answer.body as FormReply, "id", recipientHandle).code).toBe("Tautan tidak valid!");
  });
});

describe("the 2G budget", () => {
  it("keeps the consent script under 3 KB and the critical CSS small (gzip)", () => {
    expect(gzipSync(CONSENT_SCRIPT).length).toBeLessThan(3 * 1024);
    expect(gzipSync(CRITICAL_CSS).length).toBeLessThan(2 * 1024);
  });
});
