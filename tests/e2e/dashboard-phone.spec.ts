// The dashboard on a phone (issue 21): the first screen goes to the tabs and the requests, not to
// summary cards; the five tabs fit in at most two rows and nothing scrolls sideways, in English,
// Indonesian and Filipino at 320 and 390 px, with and without JavaScript. Each request reads one
// status. Screenshots (390 and 1366 px) go to tests/.tmp/ to be looked at.
import type { Page } from "@playwright/test";

import { expect, test } from "./support/fixtures.ts";
import { tr, type Locale } from "./support/i18n.ts";
import { signInByRequest, waitForHydration } from "./support/pages.ts";
import { addLocatedLink, addSmsRequest } from "./support/requests.ts";

const PREFIX: Record<Locale, string> = { en: "", id: "/id", ph: "/ph" };
const JAKARTA = { latitude: -6.2088, longitude: 106.8456, accuracyMeters: 25_000, address: "Jakarta, ID" };
const TILE = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=",
  "base64",
);

/** The distinct rows the tab links sit in. */
async function tabRows(page: Page) {
  const tops = await page
    .locator("nav.dashboard-tabs a:visible")
    .evaluateAll((links) => links.map((a) => Math.round(a.getBoundingClientRect().top)));
  return new Set(tops).size;
}

async function sideways(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

for (const locale of ["en", "id", "ph"] as const) {
  test(`the phone dashboard in ${locale}: a one-line subscription, tabs in two rows, no sideways scroll`, async ({
    page,
    context,
    makeUser,
    js,
  }) => {
    test.setTimeout(60_000);
    await page.route("https://tile.openstreetmap.org/**", (route) =>
      route.fulfill({ status: 200, contentType: "image/png", body: TILE }),
    );
    const user = await makeUser({ name: "Ana Santos" });
    const tag = `${locale}${js ? "j" : "n"}${Date.now().toString(36).slice(-4)}`;
    addSmsRequest(user.id, `Pd${tag}`, { target: "+639171234567", delivery: "sent", status: "pending" });
    addSmsRequest(user.id, `Dc${tag}`, { target: "+6281234567890", delivery: "sent", decision: "declined" });
    addSmsRequest(user.id, `Nd${tag}`, { target: "+639187654321", delivery: "failed" });
    addSmsRequest(user.id, `Ex${tag}`, { target: "+639181112222", delivery: "sent", daysAgo: 9 });
    addLocatedLink(user.id, "Mama's phone", `Lk${tag}`, JAKARTA);
    await signInByRequest(context, user.email, user.password);

    for (const width of [320, 390]) {
      await page.setViewportSize({ width, height: 740 });
      await page.goto(`${PREFIX[locale]}/dashboard/`);
      if (js) await waitForHydration(page, "nav.dashboard-tabs");
      await page.screenshot({
        path: `tests/.tmp/shots/dashboard-first-screen-${locale}-${width}-${js ? "js" : "nojs"}.png`,
      });
      const tabs = page.locator("nav.dashboard-tabs");
      // New Search is the main button; the four lists are the tabs.
      await expect(page.locator("main").getByRole("link", { name: tr(locale, "dashboard.tabs.new") })).toHaveCount(1);
      await expect(tabs.getByRole("link")).toHaveCount(4);
      expect(await tabRows(page), `tab rows at ${width} px`).toBeLessThanOrEqual(2);
      expect(await sideways(page), `sideways scroll at ${width} px`).toBeLessThanOrEqual(0);
      // The tabs and the start of the list are on the first screen.
      const bar = await tabs.boundingBox();
      expect(bar && bar.y + bar.height, `tab bar bottom at ${width} px`).toBeLessThan(740 * 0.6);
      for (const link of await tabs.getByRole("link").all()) {
        const box = await link.boundingBox();
        expect(box && box.x >= 0 && box.x + box.width <= width, `tab inside the screen at ${width} px`).toBe(true);
        expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
        // No tab name is cut inside a word or runs out of its tab.
        expect(await link.evaluate((a) => a.scrollWidth <= a.clientWidth)).toBe(true);
      }
      await expect(page.getByTestId("subscription")).toContainText(tr(locale, "subscription.states.Active"));
    }

    // One status per request, each in the page's language.
    const state = (text: string) => page.getByTestId("request").filter({ hasText: text }).getByTestId("request-state");
    await expect(state("+63 917 123 4567")).toHaveText(tr(locale, "dashboard.status.pending"));
    await expect(state("+62 812 3456 7890")).toHaveText(tr(locale, "dashboard.status.declined"));
    await expect(state("+63 918 765 4321")).toHaveText(tr(locale, "dashboard.status.not_delivered"));
    await expect(state("+63 918 111 2222")).toHaveText(tr(locale, "dashboard.status.expired"));
    await expect(state("Mama's phone")).toHaveText(tr(locale, "dashboard.status.gps_tracked"));
    await expect(page.getByTestId("request").filter({ hasText: "Mama's phone" })).toContainText("25 km");

    for (const width of [390, 1366]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await page.goto(`${PREFIX[locale]}/dashboard/`);
      if (js) await waitForHydration(page, "nav.dashboard-tabs");
      await page.screenshot({
        path: `tests/.tmp/shots/dashboard-${locale}-${width}-${js ? "js" : "nojs"}.png`,
        fullPage: true,
      });
    }
  });
}

test("on a desktop the five tabs are one row, New Search among them", async ({ page, context, makeUser }) => {
  const user = await makeUser({ name: "Ana" });
  await signInByRequest(context, user.email, user.password);
  await page.setViewportSize({ width: 1366, height: 800 });
  await page.goto("/ph/dashboard/?tab=email");
  await expect(page.locator("nav.dashboard-tabs").getByRole("link")).toHaveCount(5);
  expect(await tabRows(page)).toBe(1);
  await expect(page.locator("main a.dashboard-new")).toBeHidden();
  await expect(page.locator("nav.dashboard-tabs [aria-current=page]")).toHaveText(tr("ph", "dashboard.tabs.email"));
});
