// The screen audit: every page of the route table and every dialog, in en, id and ph, at 320, 390, 768
// and 1366 px, with JavaScript ("js" project) and without ("nojs"). At each width: no horizontal
// scroll, nothing outside the viewport or its dialog, tap targets of at least 24 × 24 px, main actions
// at least 44 px high and one of them per screen (tests/e2e/support/ui-audit.ts), no serious or critical axe violation (colour
// contrast included), and a screenshot in tests/.tmp/ui-audit/ at 390 and 1366 px (not in CI), and at
// any width with a finding (for people to look at).
// One test per screen and language; each worker keeps one browser context per kind of visitor
// (nobody signed in, a subscriber, an expired user) and one page in each, reused by every test, and
// loads a screen once for all four widths. A route without a visit plan (tests/e2e/support/ui-audit-screens.ts)
// fails the suite.
//
// One screen:  npx playwright test tests/e2e/ui-audit.spec.ts --project=js -g "dashboard: new search .* en$"
import { randomInt } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";

import {
  test as base,
  expect,
  type Browser,
  type BrowserContext,
  type ConsoleMessage,
  type Page,
} from "@playwright/test";

import { devRoutes, pageRoutes } from "../../app/route-table.js";
import { BASE_URL, ROOT } from "./support/env.ts";
import { createLinkRequest } from "./support/location-requests.ts";
import { signInByRequest, waitForHydration } from "./support/pages.ts";
import { markLocated, outboxTexts, requestsOf } from "./support/requests.ts";
import { PLANS, type Made, type Who } from "./support/ui-audit-screens.ts";
import { axeFindings, injectAxe, layoutFindings, WIDTHS, type Finding } from "./support/ui-audit.ts";
import { createUser, days, deleteUser, deleteUsersByEmail, uniqueEmail } from "./support/users.ts";

const LOCALES = [
  { locale: "en", prefix: "" },
  { locale: "id", prefix: "/id" },
  { locale: "ph", prefix: "/ph" },
] as const;
const OUT = path.join(ROOT, "tests/.tmp/ui-audit");
/**
 * The widths whose pictures are written for every screen; the checks run at every width of WIDTHS.
 * UI_AUDIT_PICTURES=findings (CI, where nobody looks at them) writes pictures only where something was
 * found: a fifth of the audit's time is encoding pictures.
 */
const PICTURE_WIDTHS = process.env.UI_AUDIT_PICTURES === "findings" ? [] : [390, 1366];
// 112.198.0.1 is in the Philippines in the bundled IP database; the e2e server trusts X-Forwarded-For.
const MANILA_IP = "112.198.0.1";

const routePaths = [...pageRoutes, ...devRoutes].map((route) => route.path);

type Audit = { made: Made; pages: Record<Who, Page> };

/** Makes the fixtures through the app: a checkout begun, a refund asked for, a request shared. */
async function makeFixtures(browser: Browser): Promise<{ made: Made; buyer: string; cleanup: () => Promise<void> }> {
  const subscriber = await createUser({ name: "Maria Clara Santos" });
  const expired = await createUser({ name: "Jose", subscription: { state: "expired", validUntil: days(-3) } });
  const context = await browser.newContext({ baseURL: BASE_URL });
  const request = context.request;

  const pendingCode = createLinkRequest(subscriber.id, "Maria Clara de los Santos");
  const sharedCode = createLinkRequest(subscriber.id, "Maria Clara de los Santos");
  const shared = await request.post(`/${sharedCode}`, {
    form: { intent: "approximate" },
    headers: { "X-Forwarded-For": MANILA_IP },
    maxRedirects: 0,
  });
  expect(shared.status(), "the approximate share").toBe(302);
  const locatedCode = createLinkRequest(subscriber.id, "Maria Clara de los Santos");
  const locatedId = requestsOf(subscriber.id).find((r) => r.code === locatedCode)!.id;
  markLocated(locatedId, "gps", {
    latitude: 14.6507,
    longitude: 121.0494,
    accuracyMeters: 18,
    address: "Quezon City, Metro Manila, Philippines",
  });
  const ipCode = createLinkRequest(subscriber.id, "Tito Ben");
  markLocated(requestsOf(subscriber.id).find((r) => r.code === ipCode)!.id, "ip", {
    latitude: 14.5176,
    longitude: 121.0509,
    accuracyMeters: 25_000,
    address: "Taguig, Metro Manila, Philippines",
  });

  const buyer = uniqueEmail("audit-buyer");
  const checkout = await request.post("/payments/checkout", {
    form: { returnTo: "/checkout", name: "Maria", surname: "Santos", email: buyer, adult: "on", phone: "" },
    maxRedirects: 0,
  });
  const checkoutId = /\/checkout\/sandbox\/([^/?#]+)/.exec(checkout.headers()["location"] ?? "")?.[1];
  expect(checkoutId, `a sandbox checkout from ${checkout.status()} ${checkout.headers()["location"]}`).toBeTruthy();

  const refund = await request.post("/unsubscribe-and-refund", {
    form: { email: subscriber.email, reason: "I no longer need it." },
    // Its own address, so that the per-address refund allowance of the other browser tests stays whole.
    headers: { "X-Forwarded-For": `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}` },
    maxRedirects: 0,
  });
  expect(refund.status(), "the refund request").toBeLessThan(400);
  // The subscriber also gets the e-mail about the share above (docs/decisions/043): each link is looked
  // for in every e-mail to the address, not only the newest.
  const linkInOutbox = (pattern: RegExp) =>
    outboxTexts(subscriber.email)
      .map((text) => pattern.exec(text)?.[1])
      .find(Boolean);
  const refundToken = linkInOutbox(/\/unsubscribe-and-refund\/confirm\?token=([\w-]+)/);
  expect(refundToken, "a confirmation link in the refund e-mail").toBeTruthy();
  await expect.poll(() => linkInOutbox(/\/notifications\/off\?token=([\w.-]+)/), "the share's e-mail").toBeTruthy();
  const offToken = linkInOutbox(/\/notifications\/off\?token=([\w.-]+)/);

  const blog = await (await request.get("/blog")).text();
  const slug = /href="\/blog\/([\w-]+)"/.exec(blog)?.[1];
  expect(slug, "an article linked from /blog").toBeTruthy();
  await context.close();

  return {
    made: {
      subscriber,
      expired,
      pendingCode,
      sharedCode,
      locatedId,
      checkoutId: checkoutId!,
      refundToken: refundToken!,
      offToken: offToken!,
      slug: slug!,
    },
    buyer,
    cleanup: async () => {
      deleteUser(subscriber.id);
      deleteUser(expired.id);
      deleteUsersByEmail([buyer]);
    },
  };
}

const test = base.extend<object, { audit: Audit }>({
  audit: [
    async ({ browser }, use, workerInfo) => {
      const js = workerInfo.project.use.javaScriptEnabled !== false;
      const { made, cleanup } = await makeFixtures(browser);
      const contexts: BrowserContext[] = [];
      const pageFor = async (who: Who) => {
        const context = await browser.newContext({
          baseURL: BASE_URL,
          javaScriptEnabled: js,
          locale: "en-US",
          reducedMotion: "reduce",
        });
        contexts.push(context);
        // Nothing leaves this site: the map draws its offline basemap, as on a machine without internet.
        await context.route(
          (url) => url.origin !== BASE_URL,
          (route) => route.abort(),
        );
        if (who !== "visitor") await signInByRequest(context, made[who].email, made[who].password);
        return context.newPage();
      };
      const pages = {
        visitor: await pageFor("visitor"),
        subscriber: await pageFor("subscriber"),
        expired: await pageFor("expired"),
      };
      await use({ made, pages });
      for (const context of contexts) await context.close();
      await cleanup();
    },
    { scope: "worker" },
  ],
});

test("every route of the route table has a visit plan, and every plan a route", () => {
  expect(
    routePaths.filter((p) => !PLANS[p]?.length),
    "routes the audit cannot visit",
  ).toEqual([]);
  expect(
    Object.keys(PLANS).filter((p) => !routePaths.includes(p)),
    "plans for routes no longer in the table",
  ).toEqual([]);
});

test("the layout checks find what they look for, and spare links in running text", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 700 });
  await page.setContent(`<!doctype html>
    <style>
      body { margin: 0; font: 16px/1.5 sans-serif; }
      .modal { width: 200px; overflow-x: hidden; }
      .modal input { display: block; width: 260px; height: 30px; }
      .tiny { display: inline-block; width: 16px; height: 16px; }
      .button-primary { height: 36px; }
      .wide { width: 500px; height: 20px; }
    </style>
    <div role="dialog" class="modal"><input aria-label="Surname"></div>
    <p>Read the <a href="#terms">terms of use</a> before you pay.</p>
    <nav><a class="tiny" href="#one">1</a><a class="tiny" href="#two">2</a></nav>
    <button class="button-primary">Pay now</button>
    <button class="button-primary" style="height: 48px">Pay later</button>
    <div class="wide">A row too wide for a phone</div>`);
  const found = (await layoutFindings(page)).map((f) => `${f.check}: ${f.detail}`);
  expect(found).toEqual(
    expect.arrayContaining([
      expect.stringMatching(/^horizontal scroll: the page is 500 px wide in 390 px/),
      expect.stringMatching(/^outside: <input> "Surname" outside its dialog/),
      expect.stringMatching(/^outside: <div\.wide> "A row too wide/),
      expect.stringMatching(/^tap target: <a\.tiny> "1" is 16 × 16 px/),
      expect.stringMatching(/^tap target: <a\.tiny> "2" is 16 × 16 px/),
      expect.stringMatching(/^main action: <button\.button-primary> "Pay now" is 36 px high/),
      expect.stringMatching(/^one primary action: 2 primary buttons: .*"Pay now", .*"Pay later"/),
    ]),
  );
  expect(found.filter((f) => f.includes("terms of use"))).toEqual([]);
  expect(found).toHaveLength(7);
});

test("the layout checks find a header on two rows at desktop widths and a word broken inside a tab", async ({
  page,
}) => {
  const html = (headerWidth: string, tabWidth: string) => `<!doctype html>
    <style>
      body { margin: 0; font: 16px/1.5 sans-serif; }
      header { display: flex; flex-wrap: wrap; width: ${headerWidth}; }
      header a { display: inline-flex; min-height: 44px; padding: 0 8px; white-space: nowrap; }
      nav ul { display: flex; list-style: none; padding: 0; }
      nav a { display: block; width: ${tabWidth}; min-height: 44px; }
    </style>
    <header><a href="/">Family Locator</a><a href="/p">Produkto</a><a href="/v">Magpadala ng Voice Message</a></header>
    <main><nav><ul><li><a href="?tab=email">Lokasyon sa e-mail</a></li></ul></nav></main>`;
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.setContent(html("300px", "60px"));
  const found = (await layoutFindings(page)).map((f) => `${f.check}: ${f.detail}`);
  expect(found).toEqual([
    expect.stringMatching(
      /^header on one row: the header wraps: <a> "Magpadala ng Voice Message" .* is below <a> "Family Locator"/,
    ),
    expect.stringMatching(/^word broken: "e-mail" is split over two lines in <a> "Lokasyon sa e-/),
  ]);
  // One row, and a tab that wraps between whole words: nothing to report.
  await page.setContent(html("auto", "100px").replace("Lokasyon sa e-mail", "Lokasyon sa email"));
  expect(await layoutFindings(page)).toEqual([]);
  // Below the desktop widths the header may take two rows (the phone menu's own layout).
  await page.setViewportSize({ width: 390, height: 844 });
  await page.setContent(html("300px", "100px"));
  expect((await layoutFindings(page)).filter((f) => f.check === "header on one row")).toEqual([]);
});

const screens = routePaths.flatMap((route) => PLANS[route] ?? []);

for (const screen of screens) {
  for (const { locale, prefix } of LOCALES) {
    test(`${screen.name} ${locale}`, async ({ audit }, testInfo) => {
      const js = testInfo.project.use.javaScriptEnabled !== false;
      const page = audit.pages[screen.who];
      const findings: (Finding & { width?: number })[] = [];
      const errors: string[] = [];
      const onError = (e: Error) => errors.push(`page error: ${e.message}`);
      // Network answers (a 404 page, the map's tiles refused below) are not script errors.
      const onConsole = (m: ConsoleMessage) => {
        if (m.type() === "error" && !m.text().startsWith("Failed to load resource"))
          errors.push(`console error: ${m.text()}`);
      };
      page.on("pageerror", onError);
      page.on("console", onConsole);
      const dir = path.join(OUT, testInfo.project.name, locale);
      mkdirSync(dir, { recursive: true });
      // Where the time goes (ms), written beside the findings: the suite must stay within CI's budget.
      const ms = { load: 0, layout: 0, axe: 0, screenshot: 0 };
      let t0 = Date.now();
      const lap = (phase: keyof typeof ms) => {
        ms[phase] += Date.now() - t0;
        t0 = Date.now();
      };
      try {
        await page.setViewportSize(WIDTHS[WIDTHS.length - 1]!);
        const address = `${prefix}${screen.url(audit.made)}`;
        const response = await page.goto(address);
        expect(response?.status() ?? 0, `${address} answered`).toBeLessThan(500);
        const lands = screen.landsOn ? `${prefix}${screen.landsOn}`.replace(/(.)\/$/, "$1") : address;
        const expected = new RegExp(`^${escape(new URL(lands, BASE_URL).pathname)}${screen.landsOn ? "/?" : ""}$`);
        expect(new URL(page.url()).pathname, `${address} led to its page`).toMatch(expected);
        if (screen.dialog) await expect(page.locator(screen.dialog)).toBeVisible();
        // The recipient's pages are never hydrated (they carry no script).
        if (js && (await page.locator("script[type=module]").count())) await waitForHydration(page);
        await injectAxe(page, js);
        lap("load");

        for (const size of WIDTHS) {
          await page.setViewportSize(size);
          if (screen.open && !(await screen.open(page))) continue;
          // Two frames: the resize's layout (and any script reacting to it) has settled.
          if (js)
            await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
          const found = await layoutFindings(page);
          lap("layout");
          const edge = size === WIDTHS[0] || size === WIDTHS[WIDTHS.length - 1];
          found.push(...(await axeFindings(page, edge)));
          lap("axe");
          findings.push(...found.map((finding) => ({ ...finding, width: size.width })));
          // Pictures at the phone and desktop widths people look at (or wherever something was found):
          // a dialog as the person sees it (its backdrop covers the screen, not the whole page); a page whole.
          if (PICTURE_WIDTHS.includes(size.width) || found.length > 0) {
            await page.screenshot({
              path: path.join(dir, `${fileName(screen.name)}-${size.width}.png`),
              fullPage: !screen.dialog && !screen.open,
            });
            lap("screenshot");
          }
        }
      } finally {
        page.off("pageerror", onError);
        page.off("console", onConsole);
      }
      findings.push(...errors.map((detail) => ({ check: "script", detail })));
      writeFileSync(path.join(dir, `${fileName(screen.name)}.json`), JSON.stringify({ findings, ms }, null, 2));
      expect(
        findings.map((f) => `${f.width ? `${f.width} px ` : ""}${f.check}: ${f.detail}`),
        `${screen.name} (${locale}, ${testInfo.project.name})`,
      ).toEqual([]);
    });
  }
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const fileName = (name: string) => name.replace(/[^a-z0-9]+/gi, "-").toLowerCase();
