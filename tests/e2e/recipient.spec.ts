// The recipient's side: the short link's consent page, precise and approximate sharing, declining,
// stopping, the failure page, /enter-link, the three languages, and the 2G budget of these pages.
import { request as httpRequest } from "node:http";
import { gzipSync } from "node:zlib";

import type { Page } from "@playwright/test";

import { BASE_URL } from "./support/env.ts";
import { expect, test } from "./support/fixtures.ts";
import { createLinkRequest, readRequest } from "./support/location-requests.ts";

// 112.198.0.1 is in Taguig in the bundled IP database (its area: Makati City, PH); the e2e server trusts
// X-Forwarded-For.
const MANILA_IP = "112.198.0.1";
const QUEZON_CITY = { latitude: 14.6507, longitude: 121.0494, accuracy: 15 };

const button = (page: Page, name: string) => page.getByRole("button", { name, exact: true });

/** The page is plain server HTML: no Remix runtime in the window, whatever the project. */
async function expectNoHydration(page: Page) {
  expect(await page.evaluate(() => "__remixContext" in window || "__remixRouter" in window)).toBe(false);
  await expect(
    page.locator("script[src], script[type=module], link[rel=modulepreload], link[rel=stylesheet]"),
  ).toHaveCount(0);
}

test.describe("the consent page", () => {
  for (const [prefix, lang, heading, precise] of [
    ["", "en", "Maria asks for your location", "Share precise location"],
    ["/id", "id", "Maria meminta lokasi Anda", "Bagikan lokasi persis"],
    ["/ph", "fil", "Hinihingi ni Maria ang iyong lokasyon", "Ibahagi ang eksaktong lokasyon"],
  ] as const) {
    test(`${prefix || "/"}{code} asks in its language and records only the opening`, async ({ page, js, makeUser }) => {
      const code = createLinkRequest((await makeUser()).id);
      const response = await page.goto(`${prefix}/${code}`);
      expect(response?.status()).toBe(200);
      await expect(page.locator("html")).toHaveAttribute("lang", lang);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
      // Without JavaScript the browser cannot be asked for its position: the precise choice steps
      // aside (its reason is said) and approximate leads; the three choices are there either way.
      if (js) await expect(button(page, precise)).toBeVisible();
      else await expect(button(page, precise)).toBeHidden();
      await expect(page.locator("#consent button")).toHaveCount(3);
      await expectNoHydration(page);
      expect(readRequest(code)).toMatchObject({ status: "pending", decision: null, latitude: null, address: null });
      expect(readRequest(code).openedAt).not.toBeNull();
    });
  }

  for (const [prefix, skip] of [
    ["", "Skip to main content"],
    ["/id", "Langsung ke konten utama"],
    ["/ph", "Lumaktaw sa pangunahing nilalaman"],
  ] as const) {
    test(`${prefix || "/"}{code} starts with a skip link to the page, past the header and its language row`, async ({
      page,
      makeUser,
    }) => {
      const code = createLinkRequest((await makeUser()).id);
      await page.goto(`${prefix}/${code}`);
      await page.keyboard.press("Tab");
      const link = page.locator("a.skip-link");
      await expect(link).toBeFocused();
      await expect(link).toHaveAttribute("href", "#main");
      await expect(link).toHaveText(skip);
      await expect(link).toBeInViewport();
      await page.keyboard.press("Enter");
      await expect(page).toHaveURL(/#main$/);
    });
  }

  test("says who asks, what is shared and for how long", async ({ page, js, makeUser }) => {
    const code = createLinkRequest((await makeUser()).id, "Tita Rosa");
    await page.goto(`/${code}`);
    const main = page.locator("main");
    await expect(main).toContainText("Tita Rosa asks for your location");
    await expect(main).toContainText("GPS");
    await expect(main).toContainText("radius of about 25 km");
    await expect(main).toContainText("Tita Rosa can see what you share for 30 days");
    for (const name of ["Share approximate location", "Decline"]) await expect(button(page, name)).toBeVisible();
    // The precise choice needs the browser's location, so only a page with JavaScript shows it.
    if (js) await expect(button(page, "Share precise location")).toBeVisible();
    else await expect(page.locator("#no-script-note")).toBeVisible();
  });

  test("an unknown code is 'Invalid link!', and /enter-link opens a typed code", async ({
    page,
    makeUser,
    consoleErrors,
  }) => {
    consoleErrors.allow(/status of (404|400)/);
    const code = createLinkRequest((await makeUser()).id);
    const response = await page.goto("/id/Zz0Zz0Zz");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Tautan tidak valid!");
    await page.goto("/Zz0Zz0Zz");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Invalid link!");
    await page.getByRole("link", { name: "Enter the link or code" }).click();
    await expect(page).toHaveURL(/\/enter-link$/);
    await expectNoHydration(page);

    const field = page.getByLabel("Link or code");
    await field.fill("Zz0Zz0Zz");
    await page.getByRole("button", { name: "Open" }).click();
    await expect(page.getByRole("alert")).toHaveText("Invalid link!");
    await expect(field).toHaveValue("Zz0Zz0Zz");

    await field.fill(`${BASE_URL}/${code}`);
    await page.getByRole("button", { name: "Open" }).click();
    await expect(page).toHaveURL(new RegExp(`/${code}$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Maria asks for your location");
  });

  test("other unknown addresses keep 'Page not found'", async ({ page, consoleErrors }) => {
    consoleErrors.allow(/status of 404/);
    const response = await page.goto("/not-a-code-at-all");
    expect(response?.status()).toBe(404);
    // The heading says it; the text under it says what to do (not the same words twice).
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page Not Found");
    await expect(page.getByTestId("error-message")).toHaveText(
      "The address may have a typing mistake, or the page may have moved. You can start again from the home page.",
    );
  });
});

test.describe("sharing approximately", () => {
  test.use({ extraHTTPHeaders: { "X-Forwarded-For": MANILA_IP } });

  test("locates the address, thanks, and stops sharing on request", async ({ page, makeUser }) => {
    const code = createLinkRequest((await makeUser()).id);
    await page.goto(`/ph/${code}`);
    await button(page, "Ibahagi ang tinatayang lokasyon").click();
    await expect(page).toHaveURL(new RegExp(`/ph/share\\?c=${code}$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Salamat");
    await expect(page.getByTestId("shared-place")).toHaveText("Sa paligid ng Makati City, PH, sa loob ng mga 25 km");
    expect(readRequest(code)).toMatchObject({
      status: "ip_located",
      address: "Makati City, PH",
      accuracyMeters: 25_000,
    });
    await expectNoHydration(page);

    await button(page, "Ihinto ang pagbabahagi at burahin ang aking lokasyon").click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Itinigil ang pagbabahagi");
    expect(readRequest(code)).toMatchObject({ decision: "revoked", latitude: null, longitude: null, address: null });
  });

  test("is offered after precise sharing failed", async ({ page, makeUser }) => {
    const code = createLinkRequest((await makeUser()).id);
    await page.goto(`/location-failed?c=${code}&reason=unavailable`);
    await expect(page.getByTestId("failure")).toHaveText(
      "Your phone could not find where you are. Location may be turned off on your phone.",
    );
    await expect(page.getByRole("link", { name: "Try again" })).toHaveAttribute("href", `/${code}`);
    await button(page, "Share approximate location").click();
    await expect(page.getByTestId("shared-place")).toHaveText("Around Makati City, PH, within about 25 km");
  });
});

test.describe("answers without a position", () => {
  test("approximate from an address no database knows says the area could not be told", async ({ page, makeUser }) => {
    const code = createLinkRequest((await makeUser()).id);
    await page.goto(`/${code}`);
    await button(page, "Share approximate location").click();
    await expect(page).toHaveURL(new RegExp(`/location-failed\\?c=${code}&reason=ip$`));
    await expect(page.getByTestId("failure")).toHaveText(
      "We could not tell your area from your internet connection. You can try again, share your precise location, or decline.",
    );
    await expect(page.getByRole("link", { name: "Try again" })).toBeVisible();
    expect(readRequest(code)).toMatchObject({ status: "pending", latitude: null });
  });

  test("decline", async ({ page, makeUser }) => {
    const code = createLinkRequest((await makeUser()).id);
    await page.goto(`/id/${code}`);
    await button(page, "Tolak").click();
    await expect(page).toHaveURL(new RegExp(`/id/share\\?c=${code}$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Anda menolak");
    expect(readRequest(code)).toMatchObject({ decision: "declined", latitude: null });
  });

  test("precise without JavaScript steps aside and says why; a forced post says the browser cannot locate itself", async ({
    page,
    makeUser,
    js,
  }) => {
    test.skip(js, "with JavaScript the page asks the browser for its position instead (tested below)");
    const code = createLinkRequest((await makeUser()).id);
    await page.goto(`/${code}`);
    await expect(button(page, "Share precise location")).toBeHidden();
    await expect(page.locator("#no-script-note")).toBeVisible();
    // A browser that posts the precise choice anyway (an old page) still ends on a page with a way on.
    await page.locator("#share-precise").evaluate((button: HTMLButtonElement) => button.click());
    await expect(page).toHaveURL(new RegExp(`/location-failed\\?c=${code}&reason=unsupported$`));
    await expect(page.getByTestId("failure")).toHaveText(
      "This browser cannot share a precise location with this page. Nothing was shared.",
    );
    await expect(button(page, "Share approximate location")).toBeVisible();
  });
});

test.describe("sharing precisely", () => {
  test.describe("with permission", () => {
    test.use({ geolocation: QUEZON_CITY, permissions: ["geolocation"] });

    test("posts the browser's position and thanks", async ({ page, makeUser, js }) => {
      test.skip(!js, "the browser's geolocation is a JavaScript API");
      const code = createLinkRequest((await makeUser()).id);
      await page.goto(`/${code}`);
      await button(page, "Share precise location").click();
      await expect(page).toHaveURL(new RegExp(`/share\\?c=${code}$`));
      await expect(page.getByTestId("shared-place")).toHaveText("Near Quezon City, PH, accurate to about 15 m");
      expect(readRequest(code)).toMatchObject({
        status: "gps_tracked",
        latitude: QUEZON_CITY.latitude,
        longitude: QUEZON_CITY.longitude,
        accuracyMeters: 15,
        address: "Quezon City, PH",
      });
    });
  });

  test.describe("with a coarse fix", () => {
    // A desktop located by Wi-Fi or its address can report an accuracy of hundreds of kilometres.
    test.use({ geolocation: { ...QUEZON_CITY, accuracy: 150_000 }, permissions: ["geolocation"] });

    test("keeps it with its own radius instead of a dead end", async ({ page, makeUser, js }) => {
      test.skip(!js, "the browser's geolocation is a JavaScript API");
      const code = createLinkRequest((await makeUser()).id);
      await page.goto(`/${code}`);
      await button(page, "Share precise location").click();
      await expect(page).toHaveURL(new RegExp(`/share\\?c=${code}$`));
      await expect(page.getByTestId("shared-place")).toHaveText("Near Quezon City, PH, accurate to about 150 km");
      expect(readRequest(code)).toMatchObject({ status: "gps_tracked", accuracyMeters: 150_000 });
    });
  });

  test("a denied permission says so to the reader, with how to allow it again", async ({
    page,
    context,
    makeUser,
    js,
  }) => {
    test.skip(!js, "the browser's geolocation is a JavaScript API");
    await context.clearPermissions();
    const code = createLinkRequest((await makeUser()).id);
    await page.goto(`/${code}`);
    await button(page, "Share precise location").click();
    await expect(page).toHaveURL(new RegExp(`/location-failed\\?c=${code}&reason=denied$`));
    await expect(page.getByTestId("failure")).toHaveText(
      "Your phone is set not to share your location with this page, so nothing was shared.",
    );
    await expect(page.getByTestId("allow-location")).toContainText("iPhone (Safari)");
    await expect(button(page, "Share approximate location")).toBeVisible();
    expect(readRequest(code)).toMatchObject({ status: "pending", latitude: null });
  });
});

/** The bytes on the wire: the body as the server compressed it, without the client inflating it. */
function fetchCompressed(path: string) {
  return new Promise<{ status: number; encoding: string | undefined; bytes: number }>((resolve, reject) => {
    const req = httpRequest(`${BASE_URL}${path}`, { headers: { "Accept-Encoding": "gzip" } }, (res) => {
      let bytes = 0;
      res.on("data", (chunk: Buffer) => (bytes += chunk.length));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, encoding: res.headers["content-encoding"], bytes }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

test.describe("the 2G budget", () => {
  test("each recipient page is one small HTML document: ≤ 14 KB gzip, nothing external", async ({
    request,
    makeUser,
  }) => {
    const code = createLinkRequest((await makeUser()).id, "Maria Clara de los Santos");
    // Shared first, so that /share is measured with its largest content (the place and the form).
    const shared = await request.post(`/${code}`, {
      form: { intent: "approximate" },
      headers: { "X-Forwarded-For": MANILA_IP },
      maxRedirects: 0,
    });
    expect(shared.headers()["location"]).toBe(`/share?c=${code}`);
    const pages = [`/${code}`, `/share?c=${code}`, `/location-failed?c=${code}&reason=unavailable`, "/enter-link"];
    const sizes: Record<string, number> = {};
    for (const path of pages) {
      const wire = await fetchCompressed(path);
      expect(wire.status, path).toBe(200);
      expect(wire.encoding, path).toBe("gzip");
      expect(wire.bytes, path).toBeLessThanOrEqual(14 * 1024);
      sizes[path] = wire.bytes;

      const html = await (await request.get(path)).text();
      expect(html, path).not.toMatch(
        /<script[^>]*\bsrc=|<script[^>]*type="module"|modulepreload|rel="stylesheet"|__remixContext/,
      );
      expect(html, path).toContain("<style>");
      // The consent page's one inline script carries the answer's CSP nonce.
      const scripts = [...html.matchAll(/<script(?: nonce="[^"]+")?>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
      if (path === `/${code}`) {
        expect(scripts).toHaveLength(1);
        expect(gzipSync(scripts[0]!).length).toBeLessThan(3 * 1024);
      } else {
        expect(scripts, path).toHaveLength(0);
      }
    }
    test.info().annotations.push({ type: "gzip bytes", description: JSON.stringify(sizes) });
    console.log(`recipient pages, gzip bytes: ${JSON.stringify(sizes)}`);
  });
});
