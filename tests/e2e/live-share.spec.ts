// Live sharing, the recipient's side (docs/decisions/046): after a precise share the recipient keeps
// sharing for a chosen time while the simulated position moves; the updates are stored; "Stop
// sharing" ends it, and so does closing the page; without JavaScript the page says why it is not
// offered. In the three languages, on a phone (390 px) and a desktop (1366 px).
import type { BrowserContext, Page } from "@playwright/test";

import { expect, test } from "./support/fixtures.ts";
import { tr, type Locale } from "./support/i18n.ts";
import {
  createLinkRequest,
  markSharedPrecisely,
  readLiveShare,
  type StoredLiveShare,
} from "./support/location-requests.ts";

const START = { latitude: 14.6507, longitude: 121.0494, accuracy: 15 };
/** About 111 m further north per step: more than the 50 m that may be sent before the 10 s interval. */
const north = (steps: number) => ({ ...START, latitude: START.latitude + steps * 0.001 });
/** Whether a stored latitude is this one (SQLite keeps 15 significant digits). */
const at = (stored: number | null, latitude: number) => stored !== null && Math.abs(stored - latitude) < 1e-9;
const PREFIX: Record<Locale, string> = { en: "", id: "/id", ph: "/ph" };
const SHOTS = process.env.LIVE_SHARE_SHOTS;

/** Waits until the stored live share satisfies `check` (the page sends at its own pace). */
async function stored(code: string, check: (row: StoredLiveShare) => boolean, timeout = 20_000) {
  await expect.poll(() => check(readLiveShare(code)), { timeout, intervals: [250] }).toBe(true);
  return readLiveShare(code);
}

/** The recipient shares precisely from the consent page and lands on the share page with the live offer. */
async function sharePrecisely(page: Page, context: BrowserContext, locale: Locale, userId: string) {
  await context.setGeolocation(START);
  const code = createLinkRequest(userId, "Maria", locale);
  await page.goto(`${PREFIX[locale]}/${code}`);
  await page.locator("#share-precise").click();
  await expect(page).toHaveURL(new RegExp(`/share\\?c=${code}$`));
  return code;
}

async function noOverflow(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
}

for (const width of [390, 1366]) {
  test.describe(`live sharing at ${width} px`, () => {
    test.use({ viewport: { width, height: width < 900 ? 844 : 800 }, permissions: ["geolocation"] });

    for (const locale of ["en", "id", "ph"] as Locale[]) {
      test(`${locale}: shares while the position moves, stores each update, and Stop sharing ends it`, async ({
        page,
        context,
        js,
        makeUser,
      }) => {
        test.skip(!js, "live sharing is a JavaScript API (watchPosition)");
        test.setTimeout(60_000);
        const code = await sharePrecisely(page, context, locale, (await makeUser()).id);
        const live = page.getByTestId("live");
        await expect(live.getByRole("heading", { level: 2 })).toHaveText(tr(locale, "recipient.live.title"));
        await expect(live).toContainText(tr(locale, "recipient.live.keepOpen"));
        await expect(page.locator("#live-no-script")).toBeHidden();
        for (const minutes of [15, 60, 480])
          await expect(
            live.getByRole("button", { name: tr(locale, `recipient.live.duration_${minutes}`) }),
          ).toBeVisible();
        await noOverflow(page);
        if (SHOTS) await page.screenshot({ path: `${SHOTS}/offer-${locale}-${width}.png`, fullPage: true });

        await live.getByRole("button", { name: tr(locale, "recipient.live.duration_15") }).click();
        const stop = page.getByRole("button", { name: tr(locale, "recipient.live.stop"), exact: true });
        await expect(stop).toBeVisible();
        await expect(stop).toBeInViewport();
        await expect(page.locator("#live-left")).toHaveText(
          new RegExp(tr(locale, "recipient.live.left").replace("{{time}}", "1[45]:\\d\\d")),
        );
        const started = await stored(code, (row) => row.liveUntil !== null);
        expect(started).toMatchObject({ liveEndedAt: null, trail: 1, latitude: START.latitude });
        expect(started.liveSecretHash).toMatch(/^[0-9a-f]{64}$/);

        // The simulated position moves twice: each move is sent and stored, newest on the request.
        await context.setGeolocation(north(1));
        await stored(code, (row) => at(row.latitude, north(1).latitude) && row.trail >= 2);
        await expect(page.locator("#live-sent")).toContainText(tr(locale, "recipient.live.sent").split("{{")[0]!);
        await context.setGeolocation(north(2));
        const moved = await stored(code, (row) => at(row.latitude, north(2).latitude) && row.trail >= 3);

        // Always within reach while it runs: at the top of the page and at its end.
        await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
        await expect(stop).toBeInViewport();
        await noOverflow(page);
        if (SHOTS) await page.screenshot({ path: `${SHOTS}/running-${locale}-${width}.png` });
        await page.evaluate(() => window.scrollTo(0, 0));
        await expect(stop).toBeInViewport();

        await stop.click();
        const ended = page.locator("#live-ended");
        await expect(ended).toHaveText(tr(locale, "recipient.live.ended.stopped").replace("{{name}}", "Maria"));
        await expect(stop).toBeHidden();
        const after = await stored(code, (row) => row.liveEndedAt !== null);
        expect(after.liveSecretHash).toBeNull();
        expect(at(after.latitude, north(2).latitude)).toBe(true);
        expect(after.trail).toBeGreaterThanOrEqual(moved.trail);
        if (SHOTS) await page.screenshot({ path: `${SHOTS}/ended-${locale}-${width}.png`, fullPage: true });

        // A move after the end is sent nowhere and stored nowhere.
        await context.setGeolocation(north(3));
        await page.waitForTimeout(2500);
        expect(readLiveShare(code)).toEqual(after);

        // The page, opened again, says the share has ended and offers no second one.
        await page.reload();
        await expect(page.getByTestId("live-ended-at")).toBeVisible();
        await expect(page.getByTestId("live")).toHaveCount(0);
      });
    }
  });
}

test.describe("closing the page", () => {
  test.use({ permissions: ["geolocation"] });

  test("ends the live share (the page's beacon)", async ({ page, context, js, makeUser }) => {
    test.skip(!js, "live sharing is a JavaScript API (watchPosition)");
    const code = await sharePrecisely(page, context, "en", (await makeUser()).id);
    await page.getByRole("button", { name: "For 1 hour" }).click();
    await expect(page.getByRole("button", { name: "Stop sharing", exact: true })).toBeVisible();
    await stored(code, (row) => row.liveUntil !== null);
    // Closing a tab runs the page's pagehide handler, which sends the stop as a beacon. Playwright's
    // page.close may take the renderer down before that beacon is out (seen once in five runs on a
    // loaded machine), so the test fires the page's own pagehide first, then closes it; leaving for
    // another page (below) goes through the browser's real pagehide.
    // The page is closed once its beacon has left (a close before that can still drop it on a loaded
    // machine: seen in CI); what is tested is that the page sends it and the server ends the share.
    const beacon = page.waitForRequest((request) => new URL(request.url()).pathname.endsWith("/share/live/stop"));
    await page.evaluate(() => window.dispatchEvent(new PageTransitionEvent("pagehide", { persisted: false })));
    await beacon;
    await page.close({ runBeforeUnload: true });
    const ended = await stored(code, (row) => row.liveEndedAt !== null);
    expect(ended.liveSecretHash).toBeNull();
  });

  test("leaving for another page ends it too", async ({ page, context, js, makeUser }) => {
    test.skip(!js, "live sharing is a JavaScript API (watchPosition)");
    const code = await sharePrecisely(page, context, "en", (await makeUser()).id);
    await page.getByRole("button", { name: "For 15 minutes" }).click();
    await expect(page.getByRole("button", { name: "Stop sharing", exact: true })).toBeVisible();
    await stored(code, (row) => row.liveUntil !== null);
    await page.goto("/enter-link");
    await stored(code, (row) => row.liveEndedAt !== null);
  });
});

test.describe("without JavaScript", () => {
  for (const locale of ["en", "id", "ph"] as Locale[])
    test(`${locale}: only the one-off share, and the page says live sharing needs JavaScript`, async ({
      page,
      js,
      makeUser,
    }) => {
      test.skip(js, "the page without JavaScript");
      const code = createLinkRequest((await makeUser()).id, "Maria", locale);
      markSharedPrecisely(code, START);
      await page.goto(`${PREFIX[locale]}/share?c=${code}`);
      await expect(page.locator("#live-no-script")).toHaveText(tr(locale, "recipient.live.noScript"));
      await expect(page.locator("#live-offer")).toBeHidden();
      await expect(page.locator("script[src]")).toHaveCount(0);
      expect(readLiveShare(code).liveUntil).toBeNull();
    });
});
