// An integrator's client, typed from the document: openapi-fetch with the types `npm run api:types`
// generates (docs/api-v1.d.ts, committed), over HTTP against the API as the server runs it
// (tests/support/api-app.ts), with the embedded payment sandbox. It signs in with an RSA-encrypted
// password, creates a link and reads it back, and walks the sign-up after payment: registerAndSign,
// the buyer paying on the sandbox's hosted checkout, the register query and loginByAuthCode, keeping
// the `checkout_browser` cookie in a cookie jar as a program must. Also: the committed types are what
// the script writes from the current document.
import { constants, publicEncrypt } from "node:crypto";
import { readFileSync } from "node:fs";

import createClient from "openapi-fetch";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { resetConfig } from "~/server/config.server";

import type { paths } from "../../../docs/api-v1";
import { API_TYPES_FILE, apiTypes } from "../../../scripts/api-types";
import { startApiApp, type ApiApp } from "../../../tests/support/api-app";
import { createUser, uniqueEmail } from "../../../tests/support/factories";

let app: ApiApp;
beforeAll(async () => {
  // The sandbox stands in for the payment providers (none configured).
  for (const name of ["STRIPE_SECRET_KEY", "PAYPAL_CLIENT_ID", "PAYPAL_CLIENT_SECRET"]) delete process.env[name];
  resetConfig();
  app = await startApiApp({ pages: ["checkout/sandbox/:id"] });
});
afterAll(() => app.close());

/** A cookie jar for one client: what a browser does with Set-Cookie, for a program. */
function cookieJar() {
  const cookies = new Map<string, string>();
  const jarFetch = async (input: Request) => {
    if (cookies.size > 0)
      input.headers.set("Cookie", [...cookies].map(([name, value]) => `${name}=${value}`).join("; "));
    const answer = await fetch(input);
    for (const header of answer.headers.getSetCookie()) {
      const [pair] = header.split(";");
      const [name, ...value] = pair!.split("=");
      cookies.set(name!.trim(), value.join("="));
    }
    return answer;
  };
  return { cookies, fetch: jarFetch };
}

/** The APP header, a parameter of every call in the types: a call without it does not compile. */
const APP = { APP: "partner-app" };

function client() {
  const jar = cookieJar();
  const api = createClient<paths>({ baseUrl: app.origin, headers: { APP: "partner-app" }, fetch: jar.fetch });
  return { api, jar };
}

describe("a typed client (openapi-fetch on docs/api-v1.d.ts)", () => {
  it("signs in with an encrypted password, creates a link and reads it back", async () => {
    const { api } = client();
    const { email, password } = await createUser();

    const key = await api.GET("/api/v1/auth/publicKey", { params: { header: APP } });
    expect(key.response.status).toBe(200);
    const encrypted = publicEncrypt(
      { key: key.data!.data.publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: "sha1" },
      Buffer.from(password),
    ).toString(key.data!.data.encoding);

    const login = await api.POST("/api/v1/auth/login", {
      params: { header: APP },
      body: { email, password: encrypted },
    });
    expect(login.error).toBeUndefined();
    const { token, user } = login.data!.data;
    expect(user.userCacheInfo.email).toBe(email);
    const auth = { ...APP, Authorization: `Bearer ${token}` };

    const created = await api.POST("/api/v1/locate/createLink", {
      params: { header: auth },
      body: { requesterName: "Ana", title: "Dad's phone", locale: "en" },
    });
    expect(created.response.status).toBe(200);
    const link = created.data!.data;
    expect(link.link).toMatch(new RegExp(`/${link.code}$`));

    const read = await api.GET("/api/v1/locate/requests/{id}", { params: { header: auth, path: { id: link.id } } });
    expect(read.data!.data).toMatchObject({
      id: link.id,
      code: link.code,
      link: link.link,
      channel: "link",
      title: "Dad's phone",
      status: "pending",
      delivery: "link",
    });
    const list = await api.GET("/api/v1/locate/requests", {
      params: { header: auth, query: { channel: "link", pageSize: 5 } },
    });
    expect(list.data!.data.items.map((item) => item.id)).toEqual([link.id]);

    // A second link within three hours: the typed 429 answer says when.
    const again = await api.POST("/api/v1/locate/createLink", {
      params: { header: auth },
      body: { requesterName: "Ana", title: "Mum's phone" },
    });
    expect(again.response.status).toBe(429);
    expect(again.response.headers.get("Retry-After")).toMatch(/^\d+$/);
    const refused = again.error as { data: { retryAfterSeconds: number } };
    expect(refused.data.retryAfterSeconds).toBeGreaterThan(0);
  });

  it("walks the sign-up after payment: registerAndSign, pay, register query, loginByAuthCode with the checkout cookie", async () => {
    const { api, jar } = client();
    const email = uniqueEmail("integrator");
    const opened = await api.POST("/api/v1/auth/registerAndSign/{provider}", {
      params: { header: APP, path: { provider: "stripe" } },
      body: { name: "Ana", surname: "Reyes", email, adult: true, locale: "en" },
    });
    expect(opened.response.status).toBe(200);
    const checkout = opened.data!.data;
    // No provider configured: the embedded sandbox stands in for the path's provider.
    expect(checkout.provider).toBe("sandbox");
    expect(jar.cookies.get("checkout_browser")).toBeTruthy();

    const pending = await api.GET("/api/v1/personnal/registerQuery/{id}", {
      params: { header: APP, path: { id: checkout.id } },
    });
    expect(pending.data!.data).toEqual({ status: "pending", authCode: null });

    // The buyer pays on the hosted checkout page `url` (its Pay button posts the form).
    const page = new URL(checkout.url);
    const paid = await fetch(app.origin + page.pathname + page.search, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "Sec-Fetch-Site": "same-origin" },
      body: "intent=pay",
      redirect: "manual",
    });
    expect(paid.status).toBe(302);
    expect(paid.headers.get("Location")).toContain(`/register?id=${checkout.id}`);

    // Another client (no checkout cookie) learns the result, never the sign-in code.
    const elsewhere = await createClient<paths>({ baseUrl: app.origin, headers: { APP: "partner-app" } }).GET(
      "/api/v1/personnal/registerQuery/{id}",
      { params: { header: APP, path: { id: checkout.id } } },
    );
    expect(elsewhere.data!.data).toEqual({ status: "success", authCode: null });

    const result = await api.GET("/api/v1/personnal/registerQuery/{id}", {
      params: { header: APP, path: { id: checkout.id } },
    });
    const { status, authCode } = result.data!.data;
    expect(status).toBe("success");
    expect(authCode).toEqual(expect.any(String));

    const signedIn = await api.POST("/api/v1/auth/loginByAuthCode", {
      params: { header: APP },
      body: { authCode: authCode! },
    });
    expect(signedIn.response.status).toBe(200);
    const { token, user } = signedIn.data!.data;
    expect(user.userCacheInfo.email).toBe(email);
    // Single use.
    const twice = await api.POST("/api/v1/auth/loginByAuthCode", {
      params: { header: APP },
      body: { authCode: authCode! },
    });
    expect(twice.response.status).toBe(401);

    const info = await api.GET("/api/v1/personnal/subscribe/info", {
      params: { header: { ...APP, Authorization: `Bearer ${token}` } },
    });
    expect(info.data!.data).toMatchObject({ state: "Active", expiredStatus: 0, provider: "sandbox" });
  });
});

describe(API_TYPES_FILE, () => {
  it("is what `npm run api:types` writes from the current document (run it after changing the API)", async () => {
    expect(readFileSync(API_TYPES_FILE, "utf8")).toBe(await apiTypes());
  });
});
