// The page headers over every page type, in a real browser with and without JavaScript: a
// Content-Security-Policy with a fresh nonce that the pages keep (no violation, hydration works, the
// consent page still locates), no framing, geolocation only on the consent and share pages; and the client
// address behind TRUST_PROXY=1 (the e2e server's setting), which a forged X-Forwarded-For cannot move.
import type { Page } from "@playwright/test";

import { expect, test } from "../e2e/support/fixtures.ts";
import { createLinkRequest } from "../e2e/support/location-requests.ts";
import { signInByRequest, waitForHydration } from "../e2e/support/pages.ts";
import { awayFromWindowEnd } from "../support/clock.ts";

const TILE = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=",
  "base64",
);

/** Records CSP violations the page reports to its own scripts (with JavaScript) and to the console. */
async function watchViolations(page: Page) {
  const seen: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) seen.push(message.text());
  });
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      const list = ((window as { __csp?: string[] }).__csp ??= []);
      list.push(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  return async (js: boolean) => {
    const inPage = js ? await page.evaluate(() => (window as { __csp?: string[] }).__csp ?? []) : [];
    return [...seen, ...inPage];
  };
}

/** `locates`: the page may ask for the browser's position (Permissions-Policy), as the route table says. */
type PageType = { name: string; path: (ids: { code: string }) => string; signedIn?: boolean; locates?: boolean };
const PAGE_TYPES: PageType[] = [
  { name: "home", path: () => "/" },
  { name: "home (id)", path: () => "/id" },
  { name: "content page (ph)", path: () => "/ph/faqs" },
  { name: "register", path: () => "/register?id=chk_unknown" },
  { name: "check your e-mail (id)", path: () => "/id/checkout/email" },
  { name: "reverse lookup", path: () => "/reverse-phone-lookup" },
  { name: "consent page", path: ({ code }) => `/${code}`, locates: true },
  { name: "consent page (id)", path: ({ code }) => `/id/${code}`, locates: true },
  // The share page keeps sharing live after a precise share (docs/decisions/046).
  { name: "share", path: ({ code }) => `/share?c=${code}`, locates: true },
  { name: "dashboard", path: () => "/dashboard/", signedIn: true },
  { name: "voice page", path: () => "/send-voice-message", signedIn: true },
];

for (const type of PAGE_TYPES) {
  test(`${type.name}: strict headers, a fresh nonce, no CSP violation`, async ({ page, context, makeUser, js }) => {
    const user = await makeUser();
    if (type.signedIn) await signInByRequest(context, user.email, user.password);
    await page.route("https://tile.openstreetmap.org/**", (route) =>
      route.fulfill({ status: 200, contentType: "image/png", body: TILE }),
    );
    const violations = await watchViolations(page);
    const path = type.path({ code: createLinkRequest(user.id) });

    const response = await page.goto(path);
    expect(response!.status()).toBe(200);
    const headers = response!.headers();
    const csp = headers["content-security-policy"]!;
    expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{20,}'/);
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("img-src 'self' data: blob: https://tile.openstreetmap.org");
    expect(headers["x-frame-options"]).toBe("DENY");
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(headers["permissions-policy"]).toContain(type.locates ? "geolocation=(self)" : "geolocation=()");
    // http://localhost: no HSTS (it is sent when PUBLIC_URL is https).
    expect(headers["strict-transport-security"]).toBeUndefined();

    // Every inline script carries this answer's nonce; the next answer has another.
    const nonce = /'nonce-([^']+)'/.exec(csp)![1]!;
    const html = await response!.text();
    const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)].map((m) => m[1]!);
    for (const attributes of inline) expect(attributes).toContain(`nonce="${nonce}"`);
    const again = await page.request.get(path);
    expect(again.headers()["content-security-policy"]).not.toContain(nonce);

    if (js && !type.locates) await waitForHydration(page);
    // The lazy chunks (device report, new-deployment check) load when the page is idle.
    await page.waitForTimeout(1500);
    expect(await violations(js)).toEqual([]);
  });
}

test("the JSON API's answers are not framed or sniffed either", async ({ request }) => {
  const response = await request.get("/api/v1/auth/publicKey", { headers: { APP: "web" } });
  expect(response.status()).toBe(200);
  expect(response.headers()["x-frame-options"]).toBe("DENY");
  expect(response.headers()["x-content-type-options"]).toBe("nosniff");
});

test("the consent page still locates the recipient under its policy", async ({ browser, makeUser, js }) => {
  test.skip(!js, "the browser's geolocation is a JavaScript API");
  const context = await browser.newContext({
    geolocation: { latitude: 14.676, longitude: 121.0437 },
    permissions: ["geolocation"],
  });
  const page = await context.newPage();
  const violations = await watchViolations(page);
  const code = createLinkRequest((await makeUser()).id);
  await page.goto(`/ph/${code}`);
  await page.locator("#share-precise").click();
  await expect(page).toHaveURL(new RegExp(`/ph/share\\?c=${code}$`));
  expect(await violations(true)).toEqual([]);
  await context.close();
});

test("a client-side navigation after hydration works under the policy", async ({ page, js }) => {
  test.skip(!js, "client-side navigation needs JavaScript");
  const violations = await watchViolations(page);
  await page.goto("/faqs");
  await waitForHydration(page, "header");
  await page.evaluate(() => ((window as { sameDocument?: boolean }).sameDocument = true));
  // The blog is under the desktop header's "More".
  await page.locator("header .menu-dropdown summary").click();
  await page.locator("header .menu-dropdown a[href='/blog']").click();
  await expect(page).toHaveURL(/\/blog$/);
  expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(true);
  expect(await violations(true)).toEqual([]);
});

test("a cross-site form post is a translated 403 page, never a 500", async ({ request }) => {
  for (const [path, text] of [
    ["/contact-us", "This form was sent from another site"],
    ["/id/contact-us", "Formulir ini dikirim dari situs lain"],
    ["/auth/login", "This form was sent from another site"],
  ] as const) {
    const response = await request.post(path, {
      form: { email: "a@example.com", password: "x" },
      headers: { Origin: "https://evil.example" },
      maxRedirects: 0,
    });
    expect(response.status(), path).toBe(403);
    expect(await response.text()).toContain(text);
  }
  // Behind the trusted proxy (TRUST_PROXY=1 here) the Host is the proxy's own name and X-Forwarded-Host
  // the public one: the post passes the rule, and Remix's own Origin/Host comparison no longer turns it
  // into a 500. Without X-Forwarded-Host that other name is not one the server answers to (421).
  const origin = new URL(test.info().project.use.baseURL!);
  const proxied = await request.post("/set-locale", {
    form: { lng: "id", redirectTo: "/" },
    headers: { Host: "internal:1234", "X-Forwarded-Host": origin.host, Origin: origin.origin },
    maxRedirects: 0,
  });
  const stranger = await request.post("/set-locale", {
    form: { lng: "id", redirectTo: "/" },
    headers: { Host: "internal:1234", Origin: origin.origin },
    maxRedirects: 0,
  });
  expect(stranger.status()).toBe(421);
  expect(proxied.status()).toBe(302);
});

test("behind TRUST_PROXY=1 a forged X-Forwarded-For keeps the request in its proxy-given bucket", async ({
  request,
  js,
}) => {
  // One address per project (js, nojs), which may run against the same server.
  const proxied = js ? "203.0.113.201" : "203.0.113.202";
  // A report with no violation in it: counted like any (the limit comes first), answered 400, and
  // nothing is logged (sixty real ones would be sixty warnings in the server's output).
  const report = JSON.stringify({ "csp-report": {} });
  const statuses: number[] = [];
  // The limit counts per clock hour: the 61 reports must fall in one.
  await awayFromWindowEnd(60 * 60 * 1000);
  // The one proxy appends the address it saw (203.0.113.201); the client wrote everything before it.
  for (let i = 0; i < 61; i++) {
    const response = await request.post("/csp-report", {
      data: report,
      headers: { "Content-Type": "application/csp-report", "X-Forwarded-For": `198.51.100.${i}, ${proxied}` },
    });
    statuses.push(response.status());
  }
  expect(statuses.slice(0, 60)).toEqual(Array(60).fill(400));
  expect(statuses[60]).toBe(429);
});
