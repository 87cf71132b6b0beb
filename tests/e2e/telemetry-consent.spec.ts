// The optional third-party tags behind the cookie banner (spec section 7). This spec starts its own
// server (own port and database) configured with every tag, each pointing at a local fake script
// server, and proves that nothing is requested from it before Accept, that the tags load after it
// (scripts with JavaScript, the tag manager's frame without), and that Reject keeps them away.
import type { ChildProcess } from "node:child_process";

import AxeBuilder from "@axe-core/playwright";
import type { BrowserContext, Page } from "@playwright/test";

import { startFake } from "../fakes/http.ts";
import { PORT } from "./support/env.ts";
import { expect, test } from "./support/fixtures.ts";
import { tr } from "./support/i18n.ts";
import { waitForHydration } from "./support/pages.ts";
import { startTaggedServer } from "./support/tagged-server.ts";

type Fake = Awaited<ReturnType<typeof startFake>>;

let fake: Fake;
let server: ChildProcess;
let base: string;

test.describe.configure({ mode: "serial" });

// eslint-disable-next-line no-empty-pattern -- Playwright needs the destructuring to pass testInfo
test.beforeAll(async ({}, testInfo) => {
  fake = await startFake((req, res) => {
    const url = new URL(req.url, "http://fake");
    // The icon kit fails on purpose: the page must log 'Failed to load custom icons' and go on.
    if (url.pathname === "/kit.js") return void res.writeHead(404).end();
    if (url.pathname === "/ns.html")
      return void res.writeHead(200, { "Content-Type": "text/html" }).end("<!doctype html><title>tm</title>");
    res
      .writeHead(200, { "Content-Type": "text/javascript" })
      .end(`window.__loaded = (window.__loaded || []).concat(${JSON.stringify(url.pathname)});`);
  });
  // One server per parallel worker (the js and nojs projects may run side by side).
  const started = await startTaggedServer({
    port: PORT + 100 + testInfo.parallelIndex,
    name: "e2e-consent",
    tagOrigin: fake.origin,
    env: { FINGERPRINT_MONITORING: "1" },
  });
  server = started.server;
  base = started.base;
});

test.afterAll(async () => {
  server?.kill();
  await fake?.close();
});

test.beforeEach(async ({ context }) => {
  fake.requests.length = 0;
  // FINGERPRINT_MONITORING is on: the library's random 0.1 % ping must not try the internet.
  await context.route("https://m1.openfpcdn.io/**", (route) => route.fulfill({ status: 200, body: "" }));
});

const paths = () => fake.requests.map((r) => new URL(r.url, "http://fake").pathname);
const banner = (page: Page) => page.getByTestId("cookie-banner");

async function consentCookie(context: BrowserContext) {
  return (await context.cookies(base)).find((c) => c.name === "cookie_consent")?.value;
}

/** Gives the page every chance to load something it should not: the lazy chunks run when idle. */
async function settle(page: Page, js: boolean) {
  if (js)
    await page.waitForFunction(() =>
      performance.getEntriesByType("resource").some((e) => e.name.includes("device-report.client")),
    );
  await page.waitForTimeout(1500);
}

test("nothing loads before Accept; after Accept every tag loads without a reload", async ({
  page,
  context,
  js,
  consoleErrors,
}) => {
  consoleErrors.allow(/status of 404 .*kit\.js/);
  const iconWarning: string[] = [];
  page.on("console", (m) => void (m.type() === "warning" && iconWarning.push(m.text())));

  await page.goto(`${base}/`);
  await expect(banner(page)).toBeVisible();
  await expect(banner(page)).toContainText(tr("en", "consent.text"));
  if (js) {
    // axe runs inside the page; the banner's markup is the same without JavaScript.
    const { violations } = await new AxeBuilder({ page }).include("[data-testid=cookie-banner]").analyze();
    expect(violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual([]);
  }
  await settle(page, js);
  expect(paths()).toEqual([]);
  // Before Accept: no visitor id, no advertising copy, no fingerprint (docs/decisions/039).
  expect((await context.cookies(base)).map((c) => c.name).filter((name) => /visitor_id$/.test(name))).toEqual([]);
  if (js)
    expect(
      await page.evaluate(() => performance.getEntriesByType("resource").some((e) => /\/fp\.esm-/.test(e.name))),
    ).toBe(false);

  if (js) await page.evaluate(() => ((window as { sameDocument?: boolean }).sameDocument = true));
  await banner(page)
    .getByRole("button", { name: tr("en", "consent.accept") })
    .click();
  await expect(banner(page)).toHaveCount(0);
  expect(await consentCookie(context)).toBe("accepted");

  if (js) {
    // No reload: the same document, and the tags are injected into it.
    expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(true);
    await expect.poll(() => paths().sort()).toEqual(["/fbevents.js", "/gtm.js", "/kit.js", "/tag/testclarity"]);
    expect(fake.requests.find((r) => r.url.startsWith("/gtm.js"))?.url).toBe("/gtm.js?id=GTM-TEST123");
    await expect.poll(() => iconWarning.some((text) => text.includes("Failed to load custom icons"))).toBe(true);
    // Even on this first visit the pixel got the visitor id, made at the Accept, before the tags.
    const firstVisitor = (await context.cookies(base)).find((c) => c.name === "FB_visitor_id")?.value;
    expect(firstVisitor).toMatch(/^[0-9a-f]{32}$/);
    expect(await page.evaluate(() => (window as unknown as { fbq: { queue: unknown[][] } }).fbq.queue[0])).toEqual([
      "init",
      "1234567890",
      { external_id: firstVisitor },
    ]);
  } else {
    // Without JavaScript only the tag manager's frame can load, and it does.
    await expect.poll(() => paths()).toEqual(["/ns.html"]);
    expect(fake.requests[0]?.url).toBe("/ns.html?id=GTM-TEST123");
  }

  // The next page load: no banner, the tags load again, and the pixel gets the FB_ visitor copy.
  fake.requests.length = 0;
  await page.goto(`${base}/faqs`);
  await expect(banner(page)).toHaveCount(0);
  if (js) {
    await expect.poll(() => paths().length).toBe(4);
    const visitor = (await context.cookies(base)).find((c) => c.name === "FB_visitor_id")?.value;
    expect(visitor).toMatch(/^[0-9a-f]{32}$/);
    const init = await page.evaluate(() => (window as unknown as { fbq: { queue: unknown[][] } }).fbq.queue[0]);
    expect(init).toEqual(["init", "1234567890", { external_id: visitor }]);
  } else {
    await expect.poll(() => paths()).toEqual(["/ns.html"]);
  }
});

test("the banner still hydrates when its code arrives after the page has re-rendered around it", async ({
  page,
  js,
  consoleErrors,
}) => {
  test.skip(!js, "hydration needs the page's script");
  consoleErrors.allow(/status of 404 .*kit\.js/);
  // The banner's code is held until the route check (policy chunk) has answered and the telemetry
  // has re-rendered with its result: the banner's server HTML must then hydrate, not be thrown away
  // with an error (React's #421, "received an update before it finished hydrating").
  let policyLoaded!: () => void;
  const policy = new Promise<void>((resolve) => (policyLoaded = resolve));
  page.on("requestfinished", (request) => {
    if (/\/assets\/policy-[\w-]+\.js$/.test(request.url())) policyLoaded();
  });
  await page.route(/\/assets\/consent-[\w-]+\.js$/, async (route) => {
    await policy;
    await new Promise((resolve) => setTimeout(resolve, 300));
    await route.continue();
  });
  await page.goto(`${base}/`);
  await policy;
  // Hydrated: the banner's button has React's props (its submit is then sent with fetch).
  await waitForHydration(page, "[data-testid=cookie-banner] button");
  await banner(page)
    .getByRole("button", { name: tr("en", "consent.accept") })
    .click();
  await expect(banner(page)).toHaveCount(0);
  // Accepted in place (fetch, no reload): the tags load into the same document.
  await expect.poll(() => paths().length).toBe(4);
});

test("Reject stores the refusal and loads nothing; the cookie policy page changes the choice", async ({
  page,
  context,
  js,
  consoleErrors,
}) => {
  consoleErrors.allow(/status of 404 .*kit\.js/);
  await page.goto(`${base}/about-us`);
  await banner(page)
    .getByRole("button", { name: tr("en", "consent.reject") })
    .click();
  await expect(banner(page)).toHaveCount(0);
  await expect(page).toHaveURL(`${base}/about-us`);
  expect(await consentCookie(context)).toBe("rejected");
  await page.goto(`${base}/blog`);
  await expect(banner(page)).toHaveCount(0);
  await settle(page, js);
  expect(paths()).toEqual([]);

  await page.goto(`${base}/cookies-policy`);
  const settings = page.getByTestId("consent-settings");
  await expect(settings).toContainText(tr("en", "consent.stateRejected"));
  await settings.getByRole("button", { name: tr("en", "consent.accept") }).click();
  await expect(settings).toContainText(tr("en", "consent.stateAccepted"));
  expect(await consentCookie(context)).toBe("accepted");
  await expect.poll(() => paths().length).toBeGreaterThan(0);
});

test("FingerprintJS's usage ping is sent only after Accept", async ({ page, context, js, consoleErrors }) => {
  test.skip(!js, "the ping is sent by the page's script");
  consoleErrors.allow(/status of 404 .*kit\.js/);
  // The library sends its ping for 0.1 % of loads: the page's random numbers are pinned low so that
  // this load is one of them, and the ping's host is answered here instead of on the internet.
  await page.addInitScript(() => (Math.random = () => 0.0005));
  const pings: string[] = [];
  await context.route("https://m1.openfpcdn.io/**", (route) => {
    pings.push(route.request().url());
    return route.fulfill({ status: 200, body: "" });
  });
  await page.goto(`${base}/`);
  await settle(page, js);
  expect(pings).toEqual([]);
  await banner(page)
    .getByRole("button", { name: tr("en", "consent.accept") })
    .click();
  await expect.poll(() => pings.length).toBe(1);
  expect(pings[0]).toMatch(/^https:\/\/m1\.openfpcdn\.io\/fingerprintjs\/v[\d.]+\/npm-monitoring$/);
});

test("the consent route refuses a cross-site post and only redirects to this site", async ({ request }) => {
  const crossSite = await request.post(`${base}/consent`, {
    form: { choice: "accept" },
    headers: { Origin: "https://evil.example" },
    maxRedirects: 0,
  });
  expect(crossSite.status()).toBe(403);
  const offSite = await request.post(`${base}/consent`, {
    form: { choice: "reject", redirectTo: "//evil.example/x" },
    maxRedirects: 0,
  });
  expect(offSite.status()).toBe(302);
  expect(offSite.headers()["location"]).toBe("/");
  expect(offSite.headers()["set-cookie"]).toMatch(/^cookie_consent=rejected; Max-Age=\d+; Path=\/; SameSite=Lax/);
});
