// Telemetry on the normal e2e server (no third-party tags configured): the visitor device report
// (sent once per visitor and host, with every field of spec section 3, never without JavaScript or on
// the recipient's pages) without a visitor id, a fingerprint or a cookie, since nobody accepted a
// cookie banner (docs/decisions/039); the new-deployment notice, and no cookie banner when there is
// nothing to consent to. The tags and the banner are in telemetry-consent.spec.ts (their own server).
import type { BrowserContext, Page, Request } from "@playwright/test";

import { deviceReports } from "./support/device-reports.ts";
import { BASE_URL, PORT } from "./support/env.ts";
import { expect, test } from "./support/fixtures.ts";
import { tr } from "./support/i18n.ts";

const REPORT_PATH = "/api/v1/locate/userAgent";
const isReport = (request: Request) => request.method() === "POST" && new URL(request.url()).pathname === REPORT_PATH;

/** Whether the page fetched FingerprintJS's chunk. */
const fingerprinted = (page: Page) =>
  page.evaluate(() => performance.getEntriesByType("resource").some((e) => /\/fp\.esm-/.test(e.name)));

/** The visitor id cookies the browser holds for `url` (the id and its advertising copy). */
const visitorCookies = async (context: BrowserContext, url: string) =>
  (await context.cookies(url)).map((c) => c.name).filter((name) => /visitor_id$/.test(name));

/** Resolves once the page has loaded the device-report chunk (also when it comes from the cache). */
async function reportModuleLoaded(page: Page) {
  await page.waitForFunction(() =>
    performance.getEntriesByType("resource").some((e) => e.name.includes("device-report.client")),
  );
}

// A real phone's user agent, so that ua-parser-js has every field to find.
const ANDROID_UA =
  "Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";

test.describe("device report", () => {
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled === false, "needs JavaScript");
  test.use({ userAgent: ANDROID_UA });

  test("is sent once with every field but no visitor id, stored, and not again after the flag; again for a new host", async ({
    page,
    context,
  }) => {
    const started = Date.now();
    // A source of its own tells this test's reports from those of the other tests (and of repeated
    // runs) on the same server.
    const source = `newsletter-${started}`;
    const ours = () => deviceReports(source, "source");
    const sent = page.waitForRequest(isReport);
    await page.goto(`/blog?source=${source}`, { referer: "https://news.example/issue-12" });
    const request = await sent;
    const response = await request.response();
    expect(response?.status()).toBe(200);

    const body = request.postDataJSON() as Record<string, string>;
    expect(Object.keys(body).sort()).toEqual(
      [
        "browserName",
        "browserVersion",
        "deviceBrand",
        "deviceModel",
        "deviceType",
        "osName",
        "osVersion",
        "pageUrl",
        "referrerUrl",
        "source",
        "userAgent",
        "visitTime",
        "visitorId",
      ].sort(),
    );
    expect(body).toMatchObject({
      userAgent: ANDROID_UA,
      osName: "Android",
      osVersion: "14",
      browserName: "Chrome",
      browserVersion: "131.0.0.0",
      deviceType: "mobile",
      deviceBrand: "Samsung",
      deviceModel: "SM-A546E",
      pageUrl: `${BASE_URL}/blog?source=${source}`,
      referrerUrl: "https://news.example/issue-12",
      source,
    });
    // Nobody accepted a cookie banner: no visitor id, no fingerprint, no cookie.
    expect(body.visitorId).toBe("");
    expect(await fingerprinted(page)).toBe(false);
    const visitTime = Date.parse(body.visitTime!);
    expect(new Date(visitTime).toISOString()).toBe(body.visitTime);
    expect(visitTime).toBeGreaterThanOrEqual(started - 1000);
    expect(request.headers()["app"]).toBe("web");

    expect(await visitorCookies(context, BASE_URL)).toEqual([]);
    expect(await page.evaluate((host) => localStorage.getItem(`deviceReportSent:${host}`), `localhost:${PORT}`)).toBe(
      body.visitTime,
    );
    expect(ours()).toEqual([
      {
        visitorId: "",
        host: `localhost:${PORT}`,
        pageUrl: `${BASE_URL}/blog?source=${source}`,
        source,
        deviceType: "mobile",
      },
    ]);

    // The flag is set: the next page load sends nothing.
    const later: Request[] = [];
    page.on("request", (r) => void (isReport(r) && later.push(r)));
    await page.goto("/faqs");
    await reportModuleLoaded(page);
    await page.waitForTimeout(1500);
    expect(later).toHaveLength(0);
    expect(ours()).toHaveLength(1);

    // Another host (same server, same browser): no flag there, so a new report, again without an id.
    const other = `http://127.0.0.1:${PORT}`;
    const again = page.waitForRequest(isReport);
    await page.goto(`${other}/contact-us`);
    const second = (await again).postDataJSON() as Record<string, string>;
    expect(second.pageUrl).toBe(`${other}/contact-us`);
    expect(second.source).toBe("");
    expect(second.visitorId).toBe("");
    expect(await fingerprinted(page)).toBe(false);
    expect(await visitorCookies(context, other)).toEqual([]);
  });

  test("a visitor cookie left from before is neither sent nor copied without consent", async ({ page, context }) => {
    await context.addCookies([{ name: "visitor_id", value: "cookie-visitor-0001", url: BASE_URL }]);
    const sent = page.waitForRequest(isReport);
    await page.goto("/");
    expect(((await sent).postDataJSON() as { visitorId: string }).visitorId).toBe("");
    expect(await visitorCookies(context, BASE_URL)).toEqual(["visitor_id"]);
    expect(await fingerprinted(page)).toBe(false);
  });

  test("a failed send is logged and leaves the flag unset, so the next page tries again", async ({
    page,
    consoleErrors,
  }) => {
    // Chromium itself reports the 503 of the stubbed answer.
    consoleErrors.allow(/status of 503/);
    let calls = 0;
    await page.route(`**${REPORT_PATH}`, (route) => {
      calls += 1;
      return calls === 1
        ? route.fulfill({ status: 503, contentType: "application/json", body: "{}" })
        : route.continue();
    });
    const warning = page.waitForEvent(
      "console",
      (m) => m.type() === "warning" && m.text().includes("Failed to send user agent info"),
    );
    await page.goto("/about-us");
    await warning;
    expect(
      await page.evaluate((host) => localStorage.getItem(`deviceReportSent:${host}`), `localhost:${PORT}`),
    ).toBeNull();

    const retried = page.waitForResponse((r) => isReport(r.request()));
    await page.goto("/faqs");
    expect((await retried).status()).toBe(200);
    expect(calls).toBe(2);
  });

  test("is not sent from the recipient's pages", async ({ page }) => {
    const reports: Request[] = [];
    page.on("request", (r) => void (isReport(r) && reports.push(r)));
    await page.goto("/enter-link");
    await page.waitForTimeout(2500);
    expect(reports).toHaveLength(0);
    expect(await page.locator("script[src]").count()).toBe(0);
  });
});

test("without JavaScript no device report is sent and no cookie is set", async ({ page, context, js }) => {
  test.skip(js, "the no-JavaScript case");
  const reports: Request[] = [];
  page.on("request", (r) => void (isReport(r) && reports.push(r)));
  await page.goto("/?source=sms");
  await page.waitForTimeout(2000);
  expect(reports).toHaveLength(0);
  expect((await context.cookies()).map((c) => c.name)).not.toContain("visitor_id");
});

test("with no third-party tag configured there is no cookie banner and no consent setting", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByTestId("cookie-banner")).toHaveCount(0);
  await page.goto("/cookies-policy");
  await expect(page.getByTestId("consent-settings")).toHaveCount(0);
});

test.describe("new deployment notice", () => {
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled === false, "polling needs JavaScript");

  test("appears when builds/latest.json names another build, and Reload reloads", async ({ page }) => {
    await page.clock.install();
    let served = 0;
    await page.route("**/builds/latest.json", (route) => {
      served += 1;
      return route.fulfill({
        status: 200,
        contentType: "application/json",
        body: JSON.stringify({ id: "another-build" }),
      });
    });
    await page.goto("/");
    const notice = page.getByTestId("deploy-notice");
    await expect(notice).toHaveCount(0);
    // The default interval is 60 s: advance the page's clock until the poll has run.
    await expect
      .poll(async () => {
        await page.clock.runFor(61_000);
        return notice.isVisible();
      })
      .toBe(true);
    expect(served).toBeGreaterThan(0);
    await expect(notice).toContainText(tr("en", "telemetry.newVersion"));

    await page.evaluate(() => ((window as { beforeReload?: boolean }).beforeReload = true));
    const reloaded = page.waitForEvent("load");
    await notice.getByRole("button", { name: tr("en", "telemetry.reload") }).click();
    await reloaded;
    expect(await page.evaluate(() => (window as { beforeReload?: boolean }).beforeReload)).toBeUndefined();
    expect(await page.evaluate(() => sessionStorage.getItem("buildReloadAt"))).not.toBeNull();

    // The reload guard: within 10 s of that reload a check (here: the tab becoming visible) finds the
    // other build again, and no notice is offered; once the 10 s have passed the next poll offers it.
    // (The installed clock also replaces `performance`, so the watcher's start is seen from the
    // requests: each step becomes "visible" again until the watcher answers with a check.)
    const before = served;
    await expect
      .poll(async () => {
        await page.clock.runFor(500);
        await page.evaluate(() => document.dispatchEvent(new Event("visibilitychange")));
        return served;
      })
      .toBeGreaterThan(before);
    expect(
      await page.evaluate(
        (at) => Date.now() - Number(at),
        await page.evaluate(() => sessionStorage.getItem("buildReloadAt")),
      ),
    ).toBeLessThan(10_000);
    await page.waitForTimeout(300);
    await expect(notice).toHaveCount(0);
    await expect
      .poll(async () => {
        await page.clock.runFor(61_000);
        return notice.isVisible();
      })
      .toBe(true);
  });

  test("stays away while the served build is the page's own", async ({ page, request }) => {
    // The real file: the id written by the build must equal the manifest version the page runs.
    const { id } = (await (await request.get("/builds/latest.json")).json()) as { id: string };
    await page.clock.install();
    let polled = 0;
    page.on("request", (r) => void (r.url().endsWith("/builds/latest.json") && polled++));
    await page.goto("/");
    expect(
      await page.evaluate(() => (window as { __remixManifest?: { version: string } }).__remixManifest?.version),
    ).toBe(id);
    await expect
      .poll(async () => {
        await page.clock.runFor(61_000);
        return polled;
      })
      .toBeGreaterThan(1);
    await expect(page.getByTestId("deploy-notice")).toHaveCount(0);
  });

  test("builds/latest.json is served without caching", async ({ request }) => {
    const response = await request.get("/builds/latest.json");
    expect(response.status()).toBe(200);
    expect(response.headers()["cache-control"]).toBe("no-cache");
  });
});
