// Hostile values that pass every generic check (the right type, the right length, a signed callback)
// and were still answered wrongly: cursors dated outside any real time, a redirect whose locale was
// stripped after it was approved, a voice opt-out told apart from other refusals for free, a checkout
// completed by another provider's event, a refused provider name logged as a server failure.
import type { AddressInfo } from "node:net";

import express from "express";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { startCheckout } from "~/billing/checkout.server";
import { applyPaymentEvent } from "~/billing/payment-events.server";
import { db } from "~/db/db.server";
import { settleStartedJobs } from "~/jobs/jobs.server";
import { action as registerAndSign } from "~/routes/api.v1.auth.register-and-sign";
import { loader as requestsLoader } from "~/routes/api.v1.locate.requests";
import { action as sendVoiceApi } from "~/routes/api.v1.voice.send";
import { loader as dashboardLoader } from "~/routes/dashboard";
import { action as sendVoicePage } from "~/routes/send-voice-message";
import { action as setLocale } from "~/routes/set-locale";
import { resetConfig } from "~/server/config.server";
import { requestLog } from "~/server/request-log.server";

import { apiRequest, formRequest, readEnvelope, routeArgs, signedInUser, uniqueEmail } from "../support/factories";
import { captureLog } from "../support/log";
import { routeData } from "../support/route-data";

/** A cursor as a client would send it: base64url of whatever text it chose. */
const cursorOf = (text: string) => Buffer.from(text).toString("base64url");
const HOSTILE_CURSORS = [
  // The attack's own: year 10000 (JavaScript holds it, the database layer cannot write it).
  "o.253402300800000.a",
  "n.253402300800000.a",
  "o.999999999999999.a",
  "o.8640000000000001.a",
  // Before year 0, negative, not a number.
  "o.-62198755200000.a",
  "n.-1.a",
  "o.NaN.a",
  "n.Infinity.a",
  "o.1e20.a",
  "o.0x1f.a",
  // Not a position at all.
  "o..a",
  "x.1.a",
  "o.1.",
];

describe("cursors outside any real position", () => {
  it.each(HOSTILE_CURSORS)("the API answers %s with 400 naming the cursor, in its envelope", async (text) => {
    const { token } = await signedInUser();
    const cursor = encodeURIComponent(cursorOf(text));
    const res = await requestsLoader(
      routeArgs(
        apiRequest(`/api/v1/locate/requests?cursor=${cursor}`, { headers: { Authorization: `Bearer ${token}` } }),
      ),
    );
    expect(res.status).toBe(400);
    const body = await readEnvelope(res);
    expect(body.message).toContain("cursor");
  });

  it("the API answers the same in Indonesian", async () => {
    const { token } = await signedInUser();
    const res = await requestsLoader(
      routeArgs(
        apiRequest(`/api/v1/locate/requests?cursor=${cursorOf("o.253402300800000.a")}`, {
          headers: { Authorization: `Bearer ${token}`, "Accept-Language": "id" },
        }),
      ),
    );
    const body = await readEnvelope(res);
    expect(res.status).toBe(400);
    // Indonesian's word for it: "kursor".
    expect(body.message).toMatch(/kursor/i);
    expect(body.message).not.toMatch(/^api\./);
  });

  it.each(["", "/id", "/ph"])("the dashboard (%s) shows the newest page with a note", async (prefix) => {
    const { token } = await signedInUser();
    for (const text of HOSTILE_CURSORS) {
      const cursor = encodeURIComponent(cursorOf(text));
      const request = new Request(`http://localhost:3000${prefix}/dashboard/?tab=history&cursor=${cursor}`, {
        headers: { Cookie: `token=${token}` },
      });
      const page = await routeData(dashboardLoader(routeArgs(request)));
      expect(page.status, text).toBe(200);
      expect(page.data.list?.cursorRefused, text).toBe(true);
    }
  });
});

describe("a voice opt-out is never learnt for free", () => {
  const OPTED_OUT = "+639171230029";
  const optOut = () =>
    db().voiceOptOut.upsert({ where: { number: OPTED_OUT }, create: { number: OPTED_OUT }, update: {} });
  const viaApi = async (token: string, phone: string) => {
    const res = await sendVoiceApi(
      routeArgs(
        apiRequest("/api/v1/voice/send", {
          headers: { Authorization: `Bearer ${token}` },
          json: { senderName: "Ana", phone, message: "Dinner at seven." },
        }),
      ),
    );
    return res.status;
  };
  const viaPage = async (token: string, number: string) => {
    const fields = { country: "PH", number, name: "Ana", message: "Dinner at seven.", language: "en", voice: "male" };
    const res = await routeData(
      sendVoicePage(routeArgs(formRequest("/ph/send-voice-message", fields, { Cookie: `token=${token}` }))),
    );
    // The page's success is a redirect to its list of messages.
    return res.status === 302 ? 200 : res.status;
  };

  it.each([
    ["the API", viaApi],
    ["the page", viaPage],
  ])(
    "through %s: a spent slot answers 429 for that number as for any; a free one is spent by asking",
    async (_, send) => {
      await optOut();
      const sender = await signedInUser();
      expect(await send(sender.token, "+639171230030")).toBe(200);
      expect(await send(sender.token, OPTED_OUT)).toBe(429);

      const prober = await signedInUser();
      expect(await send(prober.token, OPTED_OUT)).toBe(409);
      // The answer cost the slot: asking again, or about anyone else, waits three hours.
      expect(await send(prober.token, OPTED_OUT)).toBe(429);
      expect(await send(prober.token, "+639171230031")).toBe(429);
    },
  );
});

describe("the language menu's redirect stays on the site", () => {
  const SITE = "http://localhost:3000";
  const choose = async (lng: string, redirectTo: string, path = "/set-locale") => {
    const res = await setLocale(routeArgs(formRequest(path, { lng, redirectTo })));
    expect(res.status).toBe(302);
    return res.headers.get("Location") ?? "";
  };
  /** What a browser would follow: a path of this site, not `//host`, `/\host` or another origin. */
  const staysHome = (location: string) => {
    expect(location, location).toMatch(/^\/(?![/\\])/);
    expect(new URL(location, SITE).origin, location).toBe(SITE);
    const pathname = new URL(location, SITE).pathname;
    let decoded = pathname;
    try {
      decoded = decodeURIComponent(pathname);
    } catch {
      // Not decodable: no proxy could turn it into another host either.
    }
    expect(decoded, location).not.toMatch(/^\/[/\\]/);
  };
  const LANGUAGES = ["en", "id", "ph", "xx"];
  const PREFIXES = ["", "/ph", "/id", "/PH", "/Id", "/%70h", "/%69%64"];
  const TAILS = [
    "//evil.example",
    "/\\evil.example",
    "/%2F%2Fevil.example",
    "/%2f/evil.example",
    "/%5Cevil.example",
    "/%5C%5Cevil.example",
    "/%09/evil.example",
    "/..//evil.example",
    "/.%2E//evil.example",
    "//evil.example/dashboard?tab=records#x",
    "/https://evil.example",
    "/\t/evil.example",
  ];

  it("never answers a Location that leaves the site, for every language and locale prefix", async () => {
    for (const lng of LANGUAGES)
      for (const prefix of PREFIXES)
        for (const tail of TAILS) {
          staysHome(await choose(lng, prefix + tail));
        }
  });

  it("keeps the page, its query and its hash when the path is an ordinary one", async () => {
    expect(await choose("id", "/ph/dashboard/?tab=records#map")).toBe("/id/dashboard/?tab=records#map");
    expect(await choose("en", "/ph/blog")).toBe("/blog");
    expect(await choose("ph", "/")).toBe("/ph");
    expect(await choose("en", "/ph//evil.example")).toBe("/");
    expect(await choose("ph", "/id//evil.example")).toMatch(/^\/ph/);
  });

  it("holds for any path built from slashes, backslashes, encodings, dots and locale names", async () => {
    const piece = fc.constantFrom(
      "/",
      "\\",
      "%2F",
      "%2f",
      "%5C",
      "%252F",
      "%09",
      "\t",
      "ph",
      "id",
      "PH",
      "%70h",
      "..",
      ".",
      "evil.example",
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...LANGUAGES),
        fc.constantFrom(...PREFIXES),
        fc.array(piece, { minLength: 1, maxLength: 8 }),
        async (lng, prefix, pieces) => {
          staysHome(await choose(lng, `${prefix}/${pieces.join("")}`));
        },
      ),
      { numRuns: 300, seed: 20261128 },
    );
  });
});

describe("a checkout is completed only by its own provider", () => {
  beforeAll(() => {
    // The embedded sandbox opens the checkout; the events below claim to come from the real providers.
    delete process.env.STRIPE_SECRET_KEY;
    delete process.env.PAYPAL_CLIENT_ID;
    resetConfig();
  });

  it.each(["stripe", "paypal"] as const)("a %s event naming a sandbox checkout opens no account", async (provider) => {
    const email = uniqueEmail("other-provider");
    const started = await startCheckout(
      { name: "Budi", surname: "Santoso", email, adult: "on" },
      { locale: "en", ip: "198.51.100.30" },
    );
    if (!started.ok) throw new Error("checkout failed");
    expect(started.provider).toBe("sandbox");
    const at = new Date();
    await applyPaymentEvent(provider, {
      kind: "checkout.paid",
      eventId: `evt_other_${started.checkoutId}`,
      at,
      checkoutId: started.checkoutId,
      customerId: "cus_other",
      subscriptionId: `sub_other_${started.checkoutId}`,
      periodEnd: new Date(at.getTime() + 86_400_000),
    });
    expect(await db().checkout.findUniqueOrThrow({ where: { id: started.checkoutId } })).toMatchObject({
      status: "pending",
      userId: null,
    });
    expect(await db().user.count({ where: { email } })).toBe(0);
    // The checkout's own provider still completes it.
    await applyPaymentEvent("sandbox", {
      kind: "checkout.paid",
      eventId: `evt_own_${started.checkoutId}`,
      at,
      checkoutId: started.checkoutId,
      customerId: "cus_own",
      subscriptionId: `sub_own_${started.checkoutId}`,
      periodEnd: new Date(at.getTime() + 86_400_000),
    });
    await settleStartedJobs();
    expect(await db().checkout.findUniqueOrThrow({ where: { id: started.checkoutId } })).toMatchObject({
      status: "paid",
    });
  });
});

describe("a provider name the API does not offer", () => {
  // The route behind the server's own request log, as server.ts mounts it.
  let origin = "";
  let close = () => {};
  beforeAll(async () => {
    const app = express();
    app.use(requestLog());
    app.post("/api/v1/auth/registerAndSign/:provider", async (req, res) => {
      const answer = await registerAndSign(
        routeArgs(apiRequest(req.originalUrl, { json: {} }), { provider: req.params.provider }),
      );
      res
        .status(answer.status)
        .type("application/json")
        .send(await answer.text());
    });
    const server = app.listen(0);
    await new Promise((resolve) => server.once("listening", resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => server.close();
  });
  afterAll(() => close());

  it("answers 501 in the envelope and writes one info line per request, never an error", async () => {
    const names = ["v5pay", "bitcoin", "STRIPE", "sandbox", "stripe%20", "%E2%80%AE", "x".repeat(300)];
    const log = captureLog();
    const statuses: number[] = [];
    try {
      for (const name of names) {
        const res = await fetch(`${origin}/api/v1/auth/registerAndSign/${name}`, { method: "POST" });
        statuses.push(res.status);
        const body = (await res.json()) as { status: number; message: string };
        expect(body.status).toBe(501);
        expect(body.message).toMatch(/not available/);
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    } finally {
      log.restore();
    }
    expect(statuses).toEqual(names.map(() => 501));
    expect(log.err()).toEqual([]);
    expect(log.out().filter((line) => line.includes("registerAndSign"))).toHaveLength(names.length);
  });
});
