// The map is never blank: Location Records with two located requests (one shared precisely from Cebu,
// one approximately from a Manila address), made through the app itself: a link request, then the
// recipient's answer posted to the consent page. Street tiles blocked, served, or not configured at
// all (a second server without MAP_TILE_URL); with JavaScript (Leaflet) and without (the drawing the
// server sends). Screenshots at 390 and 1366 px in en, id and ph go to tests/.tmp/.
import type { APIRequestContext, BrowserContext, Page } from "@playwright/test";

import { DEMO_EMAIL, DEMO_PASSWORD, ROOT } from "./support/env.ts";
import { expect, test } from "./support/fixtures.ts";
import { tr, type Locale } from "./support/i18n.ts";
import { createLinkRequest } from "./support/location-requests.ts";
import { signInByRequest, waitForHydration } from "./support/pages.ts";
import { SPAWN_PORT, startSecondServer, waitUntilListening } from "./support/second-server.ts";
import type { NewUser, TestUser } from "./support/users.ts";

const TILES = "https://tile.openstreetmap.org/**";
// A 1×1 transparent PNG answers tile requests when tiles are "available".
const TILE = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=",
  "base64",
);
const CEBU = { latitude: "10.3157", longitude: "123.8854", accuracy: "15" };
const MANILA_IP = "112.198.0.1";

/** The recipient answers on the consent page: precisely (the browser's position) or approximately. */
async function share(request: APIRequestContext, base: string, code: string, how: "precise" | "approximate") {
  const response = await request.post(`${base}/${code}`, {
    form: how === "precise" ? { intent: "precise", ...CEBU } : { intent: "approximate" },
    headers: { "X-Forwarded-For": MANILA_IP },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(302);
  expect(response.headers()["location"]).toMatch(/\/share\?c=/);
}

/** A signed-in subscriber with a GPS Tracked request (Cebu City) and an IP Located one (Manila). */
async function withTwoLocated(
  context: BrowserContext,
  request: APIRequestContext,
  makeUser: (input?: NewUser) => Promise<TestUser>,
) {
  const user = await makeUser({ name: "Ana" });
  await signInByRequest(context, user.email, user.password);
  await share(request, "", createLinkRequest(user.id, "Ana"), "approximate");
  await share(request, "", createLinkRequest(user.id, "Ana"), "precise");
  return user;
}

const notice = (page: Page) => page.getByTestId("map-notice");
const noticeText = (locale: Locale) => tr(locale, "dashboard.position.outlinesNotice");

/** Without JavaScript: the server's drawing of Natural Earth's outlines, the pin, the area and the places. */
async function expectDrawing(page: Page, locale: Locale = "en") {
  const drawing = page.getByTestId("static-map");
  await expect(drawing).toBeVisible();
  expect((await drawing.locator("path.basemap-land").getAttribute("d"))!.length).toBeGreaterThan(1000);
  await expect(drawing.getByTestId("static-map-mark")).toHaveCount(2);
  await expect(drawing.locator("[data-precise=true] path.basemap-pin")).toHaveCount(1);
  await expect(drawing.locator("[data-precise=false] path.basemap-pin")).toHaveCount(0);
  const labels = drawing.locator("text.basemap-label");
  await expect(labels).toHaveCount(2);
  await expect(labels.filter({ hasText: /^Cebu City, PH$/ })).toHaveCount(1);
  await expect(labels.filter({ hasText: /^[^,]+, PH$/ })).toHaveCount(2);
  await expect(drawing.locator("figcaption")).toContainText("Cebu City, PH 10.31570, 123.88540");
  await expect(notice(page)).toHaveText(noticeText(locale));
  await expect(page.locator(".leaflet-container")).toHaveCount(0);
}

/** With JavaScript and no street tiles: Leaflet draws the outlines in their own pane, under the positions. */
async function expectLeafletOutlines(page: Page, locale: Locale = "en") {
  const map = page.locator(".leaflet-container");
  await expect(map).toHaveClass(/map-outlines/);
  await expect(map).toHaveAttribute("data-outlines-drawn", "true");
  const land = page.locator(".leaflet-outlines-pane path.map-land");
  await expect(land).toHaveCount(1);
  expect((await land.getAttribute("d"))!.length).toBeGreaterThan(1000);
  // Drawn, not only present: the land has an area on screen (the page's svg rule once shrank it to 0).
  const drawn = (await land.boundingBox())!;
  expect(drawn.width).toBeGreaterThan(100);
  await expect(page.locator(".leaflet-overlay-pane path.map-approximate")).toHaveCount(1);
  await expect(page.locator(".leaflet-outlines-pane path.map-border")).toHaveCount(1);
  await expect(page.locator(".leaflet-tile")).toHaveCount(0);
  // The areas and the one pin (GPS only) over the outlines, each with its place.
  await expect(page.locator(".leaflet-overlay-pane path")).toHaveCount(2);
  await expect(page.locator(".leaflet-marker-icon")).toHaveCount(1);
  await expect(page.locator(".map-place")).toContainText([/, PH$/, "Cebu City, PH"]);
  await expect(page.locator(".leaflet-control-attribution")).toContainText("Natural Earth");
  await expect(notice(page)).toHaveText(noticeText(locale));
  await expect(page.getByTestId("static-map")).toHaveCount(0);
}

test.describe("the map without street tiles", () => {
  test("tiles blocked: outlines, the positions, their places and a notice", async ({
    page,
    context,
    request,
    js,
    makeUser,
    consoleErrors,
  }) => {
    consoleErrors.allow(/Failed to load resource/);
    const tiles: string[] = [];
    await page.route(TILES, (route) => {
      tiles.push(route.request().url());
      return route.abort("blockedbyclient");
    });
    await withTwoLocated(context, request, makeUser);
    await page.goto("/dashboard/?tab=records");
    await expect(page.getByTestId("request")).toHaveCount(2);
    if (js) {
      await expectLeafletOutlines(page);
      // The tiles were tried first, and the map switched when they failed.
      expect(tiles.length).toBeGreaterThan(0);
    } else {
      await expectDrawing(page);
      expect(tiles).toEqual([]);
    }
    // Each located request still opens in a full map site: the GPS fix with a marker, the
    // approximate one as its area only.
    const open = page.getByRole("link", { name: tr("en", "dashboard.position.openMap") });
    await expect(open).toHaveCount(2);
    const cebu = page.getByTestId("request").filter({ hasText: "Cebu City, PH" });
    const manila = page.getByTestId("request").filter({ hasNotText: "Cebu City, PH" });
    await expect(cebu.getByRole("link", { name: tr("en", "dashboard.position.openMap") })).toHaveAttribute(
      "href",
      "https://www.openstreetmap.org/?mlat=10.31570&mlon=123.88540#map=15/10.31570/123.88540",
    );
    await expect(manila.getByRole("link", { name: tr("en", "dashboard.position.openMap") })).toHaveAttribute(
      "href",
      /^https:\/\/www\.openstreetmap\.org\/#map=\d+\/14\.\d{5}\/121\.\d{5}$/,
    );
  });

  test("tiles served: street tiles, and the outlines stay off", async ({ page, context, request, js, makeUser }) => {
    await page.route(TILES, (route) => route.fulfill({ status: 200, contentType: "image/png", body: TILE }));
    await withTwoLocated(context, request, makeUser);
    await page.goto("/dashboard/?tab=records");
    if (js) {
      await expect(page.locator(".leaflet-tile-loaded").first()).toBeAttached();
      await expect(page.locator(".leaflet-container")).not.toHaveClass(/map-outlines/);
      await expect(page.locator(".leaflet-outlines-pane path")).toHaveCount(0);
      await expect(notice(page)).toHaveCount(0);
      await expect(page.getByTestId("static-map")).toHaveCount(0);
    } else {
      // Without JavaScript there is no street map to show, whatever the setting.
      await expectDrawing(page);
    }
  });

  test("no MAP_TILE_URL: no tile server is asked, the outlines are the map", async ({ page, js, playwright }) => {
    test.slow();
    const base = `http://localhost:${SPAWN_PORT}`;
    const server = startSecondServer({
      PORT: String(SPAWN_PORT),
      PUBLIC_URL: base,
      APP_MODE: "demo",
      TRUST_PROXY: "1",
    });
    try {
      await waitUntilListening(server, base);
      const tiles: string[] = [];
      page.on("request", (r) => {
        if (!r.url().startsWith(base) && !r.url().startsWith("data:")) tiles.push(r.url());
      });
      // The demo account asks for a link, and the recipient shares from Cebu, all through the app.
      const api = await playwright.request.newContext({ baseURL: base });
      const login = await api.post("/auth/login", {
        form: { email: DEMO_EMAIL, password: DEMO_PASSWORD, returnTo: "/" },
        maxRedirects: 0,
      });
      expect(login.status()).toBe(302);
      const created = await api.post("/dashboard/?tab=new", {
        form: { intent: "link", title: "Lola's phone", name: "Ana", language: "en" },
        maxRedirects: 0,
      });
      expect(created.status()).toBe(302);
      const listed = await (await api.get(created.headers()["location"]!)).text();
      const code = new RegExp(`value="${base}/([A-Za-z0-9]+)"`).exec(listed)?.[1];
      expect(code).toBeTruthy();
      const recipient = await playwright.request.newContext({ baseURL: base });
      await share(recipient, base, code!, "precise");
      await page.context().addCookies((await api.storageState()).cookies);

      const answer = await page.goto(`${base}/dashboard/?tab=records`);
      expect(answer!.headers()["content-security-policy"]).not.toContain("tile.openstreetmap.org");
      if (js) {
        await waitForHydration(page, "[data-testid=location-map]");
        const map = page.locator(".leaflet-container");
        await expect(map).toHaveAttribute("data-outlines-drawn", "true");
        await expect(page.locator(".leaflet-outlines-pane path.map-land")).toHaveCount(1);
        await expect(page.locator(".leaflet-marker-icon")).toHaveCount(1);
        await expect(page.locator(".map-place")).toHaveText("Cebu City, PH");
      } else {
        await expect(page.getByTestId("static-map-mark")).toHaveCount(1);
        await expect(page.locator("text.basemap-label")).toHaveText("Cebu City, PH");
      }
      await expect(notice(page)).toHaveText(noticeText("en"));
      expect(tiles).toEqual([]);
      await api.dispose();
      await recipient.dispose();
    } finally {
      await server.stop(page);
    }
  });
});

test.describe("the records map (and one request's) on a phone and a desktop", () => {
  for (const [prefix, locale] of [
    ["", "en"],
    ["/id", "id"],
    ["/ph", "ph"],
  ] as const) {
    test(`comes first, at least half a phone's screen, in ${locale}`, async ({
      page,
      context,
      request,
      js,
      makeUser,
      consoleErrors,
    }) => {
      consoleErrors.allow(/Failed to load resource/);
      await page.route(TILES, (route) => route.abort("blockedbyclient"));
      await withTwoLocated(context, request, makeUser);
      for (const width of [390, 1366]) {
        const height = width === 390 ? 844 : 768;
        await page.setViewportSize({ width, height });
        await page.goto(`${prefix}/dashboard/?tab=records`);
        if (js) await expectLeafletOutlines(page, locale);
        else await expectDrawing(page, locale);
        const frame = (await page.locator(".map-frame").boundingBox())!;
        const firstCard = (await page.getByTestId("request").first().boundingBox())!;
        expect(frame.y + frame.height).toBeLessThanOrEqual(firstCard.y);
        if (width === 390) expect(frame.height).toBeGreaterThanOrEqual(height / 2);
        // The map and its notice stay within the screen (the page's header is the layout suite's).
        const region = (await page.getByTestId("location-map").boundingBox())!;
        expect(region.x).toBeGreaterThanOrEqual(0);
        expect(region.x + region.width).toBeLessThanOrEqual(width);
        await page.screenshot({
          path: `${ROOT}/tests/.tmp/map-outlines-${locale}-${width}-${js ? "js" : "nojs"}.png`,
          fullPage: true,
        });

        // One request on its own: its map comes before its card too.
        const details = await page.getByTestId("request").first().locator(".request-details-link").getAttribute("href");
        await page.goto(details!);
        await expect(page.getByTestId("request")).toHaveCount(1);
        // With JavaScript, measured once Leaflet has replaced the server's drawing.
        if (js) await expect(page.locator(".leaflet-container")).toHaveAttribute("data-outlines-drawn", "true");
        const detailFrame = (await page.locator(".map-frame").boundingBox())!;
        const card = (await page.getByTestId("request").boundingBox())!;
        expect(detailFrame.y + detailFrame.height).toBeLessThanOrEqual(card.y);
        if (width === 390) expect(detailFrame.height).toBeGreaterThanOrEqual(height / 2);
      }
    });
  }
});
