// The requester follows a live share (docs/decisions/049): a precisely shared link request made live
// by writing its rows (tests/e2e/support/live-shares.ts, as the recipient's updates leave them), new
// positions appended during the test. With JavaScript the page moves the pin and its trail by itself
// within 5 s; without, the Refresh link shows the newest position. Stopped, it says so. en, id and ph;
// screenshots at 390 and 1366 px go to tests/.tmp/shots/.
import type { Page } from "@playwright/test";

import { expect, test } from "./support/fixtures.ts";
import { tr, type Locale } from "./support/i18n.ts";
import { appendPosition, endLiveShare, startLiveShare } from "./support/live-shares.ts";
import { signInByRequest, waitForHydration } from "./support/pages.ts";
import { addLocatedLink } from "./support/requests.ts";

const PREFIX: Record<Locale, string> = { en: "", id: "/id", ph: "/ph" };
const LANGUAGE: Record<Locale, string> = { en: "en-US", id: "id-ID", ph: "fil-PH" };
const START = { latitude: 14.5995, longitude: 120.9842, accuracyMeters: 10, address: "Manila, PH" };
/** A new position is on the page within this long (the bound). */
const FOLLOW_MS = 5_000;

test.use({ timezoneId: "Asia/Manila" });

const latitudeShown = (page: Page) => page.getByTestId("position").locator("dd").first();
const live = (page: Page) => page.getByTestId("live-share");

/** The zone the page names its times in, by its long name in the page's language. */
async function zoneShown(page: Page, locale: Locale) {
  const zone = (await page.getByTestId("time-zone").getAttribute("data-zone"))!;
  const part = new Intl.DateTimeFormat(LANGUAGE[locale], { timeZone: zone, timeZoneName: "long" })
    .formatToParts(new Date())
    .find((p) => p.type === "timeZoneName");
  return part!.value;
}

async function shots(page: Page, name: string, js: boolean) {
  for (const width of [390, 1366]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    expect(
      await page.evaluate(() => {
        const main = document.querySelector("main")!;
        // The map's drawing reaches past its frame on purpose (the frame clips it): the frame is measured.
        const boxes = [...main.querySelectorAll("*")].filter((e) => !e.parentElement?.closest(".location-map"));
        const right = Math.max(...boxes.map((e) => e.getBoundingClientRect().right));
        return Math.max(main.scrollWidth - main.clientWidth, right - window.innerWidth);
      }),
      `${name} runs out sideways at ${width} px`,
    ).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `tests/.tmp/shots/${name}-${width}-${js ? "js" : "nojs"}.png`, fullPage: true });
  }
}

for (const locale of ["en", "id", "ph"] as const) {
  test(`follows a live share's newest position and trail, then says it ended (${locale})`, async ({
    page,
    context,
    makeUser,
    js,
  }) => {
    const user = await makeUser({ name: "Ana" });
    await signInByRequest(context, user.email, user.password);
    const id = addLocatedLink(user.id, "Lola", `Lv${locale}${Date.now().toString(36)}`, START);
    startLiveShare(id, new Date(Date.now() + 60 * 60_000));
    appendPosition(id, START);
    appendPosition(id, { latitude: 14.6005, longitude: 120.9852 });

    await page.goto(`${PREFIX[locale]}/dashboard/?tab=records&id=${id}`);
    if (js) await waitForHydration(page, "[data-testid=live-share]");
    await expect(live(page)).toHaveAttribute("data-live", "live");
    const zone = await zoneShown(page, locale);
    const until = tr(locale, "dashboard.detail.live.until").replace("{{time}}", "");
    await expect(page.getByTestId("live-until")).toContainText(until);
    await expect(page.getByTestId("live-until")).toContainText(`(${zone})`);
    await expect(page.getByTestId("live-age")).toContainText(
      tr(locale, "dashboard.detail.live.updated").replace("{{age}}", ""),
    );
    await expect(latitudeShown(page)).toHaveText("14.60050");
    if (js) {
      await expect(page.locator(".leaflet-overlay-pane path.map-trail")).toHaveCount(1);
      await expect(page.getByTestId("location-map")).toHaveAttribute("data-trail", "2");
      await expect(page.getByTestId("live-refresh")).toHaveCount(0);
    } else {
      await expect(page.getByTestId("live-refresh")).toHaveText(tr(locale, "dashboard.detail.live.refresh"));
    }
    await shots(page, `live-view-${locale}`, js);

    // A new position: followed by itself with JavaScript, by the Refresh link without.
    appendPosition(id, { latitude: 14.6105, longitude: 120.9952 });
    if (js) {
      await expect(latitudeShown(page)).toHaveText("14.61050", { timeout: FOLLOW_MS });
      await expect(page.getByTestId("location-map")).toHaveAttribute("data-trail", "3");
      await expect(page.locator(".leaflet-overlay-pane path.map-trail")).toHaveCount(1);
    } else {
      await expect(latitudeShown(page)).toHaveText("14.60050");
      await page.getByTestId("live-refresh").click();
      await expect(latitudeShown(page)).toHaveText("14.61050");
      await expect(page.getByTestId("static-map").locator("figcaption")).toContainText("14.61050, 120.99520");
    }

    // Stopped by the recipient: the page says so (by itself with JavaScript).
    endLiveShare(id);
    if (!js) await page.getByTestId("live-refresh").click();
    await expect(live(page)).toHaveAttribute("data-live", "ended", { timeout: FOLLOW_MS });
    await expect(live(page)).toHaveText(tr(locale, "dashboard.detail.live.ended"));
    await expect(page.getByTestId("live-refresh")).toHaveCount(0);
    await shots(page, `live-view-ended-${locale}`, js);
  });
}
