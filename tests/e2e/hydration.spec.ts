// A tap before the page has hydrated (a slow phone, a page still arriving). React attaches its event
// listeners when hydration is asked for, then renders in a later task; RemixBrowser suspends that
// render until the page's data (streamed into the page) is decoded. A tap between the two made React
// 18 hydrate synchronously, which it cannot do with the page suspended: it threw "Root did not
// complete" (error #345, seen in the browser tests once in a few runs). app/entry.client.tsx keeps such
// events from React until the data is there, so the browser does what the page does without JavaScript.
import { type Page } from "@playwright/test";

import { expect, test } from "./support/fixtures.ts";
import { waitForHydration } from "./support/pages.ts";

const ABOUT_US = 'footer a[href="/about-us"]';

/**
 * Taps `selector` as soon as React has attached its click listener to the document: in the same task,
 * before React's first render of the page (the moment a tap on a slow phone can fall in).
 */
async function tapWhenReactListens(page: Page, selector: string) {
  await page.addInitScript((selector) => {
    const add = EventTarget.prototype.addEventListener;
    EventTarget.prototype.addEventListener = function (
      this: EventTarget,
      ...args: Parameters<EventTarget["addEventListener"]>
    ) {
      add.apply(this, args);
      if (this === document && args[0] === "click") {
        EventTarget.prototype.addEventListener = add;
        queueMicrotask(() => document.querySelector<HTMLElement>(selector)?.click());
      }
    };
  }, selector);
}

// The inline scripts that write the page's data into its stream, and the one that closes it.
const DATA_SCRIPT =
  /(<script[^>]*>)(window\.__remixContext\.streamController\.(?:enqueue|close)\([\s\S]*?\);)(<\/script>)/g;

/** Serves the home page with its data written into its stream `ms` later than the page sends it. */
async function slowData(page: Page, ms: number) {
  await page.route(
    (url) => url.pathname === "/",
    async (route) => {
      const response = await route.fetch();
      const html = await response.text();
      expect(html, "the page writes its data with these scripts").toMatch(DATA_SCRIPT);
      const headers = { ...response.headers() };
      delete headers["content-encoding"];
      delete headers["content-length"];
      await route.fulfill({
        response,
        headers,
        body: html.replace(DATA_SCRIPT, `$1setTimeout(function () { $2 }, ${ms});$3`),
      });
    },
  );
}

test.describe("a tap before the page has hydrated", () => {
  test.skip(({ js }) => !js, "without JavaScript nothing hydrates");

  test("before React's first render, a link is followed as without JavaScript, and no script fails", async ({
    page,
  }) => {
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    await tapWhenReactListens(page, ABOUT_US);
    await page.goto("/");
    await expect(page).toHaveURL(/\/about-us$/);
    await expect(page.locator("h1")).toBeVisible();
    expect(errors).toEqual([]);
  });

  test("once the page's data has arrived, taps reach React again: the link navigates within the page", async ({
    page,
  }) => {
    await slowData(page, 500);
    await page.goto("/");
    expect(
      await page.evaluate(() => !!(window as { __remixContext?: { state?: unknown } }).__remixContext?.state),
    ).toBe(false);
    await waitForHydration(page, ABOUT_US);
    // A value on window survives a navigation within the page, not a new document.
    await page.evaluate(() => ((window as { sameDocument?: boolean }).sameDocument = true));
    await page.locator(ABOUT_US).click();
    await expect(page).toHaveURL(/\/about-us$/);
    expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(true);
  });
});
