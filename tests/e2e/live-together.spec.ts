// Live sharing end to end, the two sides at once (docs/decisions/046, 049): the recipient on a phone
// shares live while their simulated position moves; the requester, signed in on a desktop, follows it
// on the request's page within 5 s of each stored position (the pin and the trail), sees "Live until"
// with the zone named, and sees it end when the recipient presses Stop sharing. In en, id and ph.
// Live sharing needs JavaScript on both sides (watchPosition; the page's own check); the pages
// without JavaScript are tested in live-share.spec.ts and live-view.spec.ts.
import { expect, test } from "./support/fixtures.ts";
import { tr, type Locale } from "./support/i18n.ts";
import { createLinkRequest, readLiveShare, requestIdOf } from "./support/location-requests.ts";
import { signInByRequest, waitForHydration } from "./support/pages.ts";

const PREFIX: Record<Locale, string> = { en: "", id: "/id", ph: "/ph" };
const START = { latitude: 14.6507, longitude: 121.0494, accuracy: 15 };
/** About 111 m north per step: more than the 50 m a moving phone sends before the 10 s interval. */
const north = (steps: number) => ({ ...START, latitude: START.latitude + steps * 0.001 });
/** From a position stored to the requester's page showing it (the bound). */
const FOLLOW_MS = 5_000;

test.use({ viewport: { width: 1366, height: 900 }, timezoneId: "Asia/Manila" });

for (const locale of ["en", "id", "ph"] as const) {
  test(`the requester follows the recipient's live share as it moves, until Stop (${locale})`, async ({
    page,
    context,
    browser,
    baseURL,
    js,
    makeUser,
  }) => {
    test.skip(!js, "live sharing runs in JavaScript on both sides");
    test.setTimeout(90_000);
    const requester = await makeUser({ name: "Ana" });
    await signInByRequest(context, requester.email, requester.password);
    const code = createLinkRequest(requester.id, "Ana", locale);
    const id = requestIdOf(code);

    // The recipient, on a phone: agrees, shares precisely, keeps sharing for 15 minutes.
    const phone = await browser.newContext({
      baseURL,
      viewport: { width: 390, height: 844 },
      permissions: ["geolocation"],
      geolocation: START,
      timezoneId: "Asia/Manila",
    });
    try {
      // Nothing leaves the machine: the recipient's pages load no outside resource.
      await phone.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => route.abort());
      const recipient = await phone.newPage();
      await recipient.goto(`${PREFIX[locale]}/${code}`);
      await recipient.locator("#share-precise").click();
      await expect(recipient).toHaveURL(new RegExp(`/share\\?c=${code}$`));
      await recipient
        .getByTestId("live")
        .getByRole("button", { name: tr(locale, "recipient.live.duration_15") })
        .click();
      await expect.poll(() => readLiveShare(code).liveUntil, { timeout: 15_000 }).not.toBeNull();

      // The requester's page shows it live, with its end in the zone's long name.
      await page.goto(`${PREFIX[locale]}/dashboard/?tab=records&id=${id}`);
      await waitForHydration(page, "[data-testid=live-share]");
      const live = page.getByTestId("live-share");
      await expect(live).toHaveAttribute("data-live", "live");
      await expect(page.getByTestId("live-until")).toContainText(
        tr(locale, "dashboard.detail.live.until").replace("{{time}}", ""),
      );
      const zone = new Intl.DateTimeFormat(locale === "ph" ? "fil-PH" : locale === "id" ? "id-ID" : "en-US", {
        timeZone: "Asia/Manila",
        timeZoneName: "long",
      })
        .formatToParts(new Date())
        .find((p) => p.type === "timeZoneName")!.value;
      await expect(page.getByTestId("live-until")).toContainText(`(${zone})`);
      const latitude = page.getByTestId("position").locator("dd").first();
      await expect(latitude).toHaveText(START.latitude.toFixed(5));

      // The recipient moves twice: each position, once stored, is on the requester's page within 5 s.
      for (const step of [1, 2]) {
        await phone.setGeolocation(north(step));
        await expect
          .poll(() => Math.abs((readLiveShare(code).latitude ?? 0) - north(step).latitude) < 1e-9, { timeout: 20_000 })
          .toBe(true);
        await expect(latitude).toHaveText(north(step).latitude.toFixed(5), { timeout: FOLLOW_MS });
      }
      await expect(page.getByTestId("location-map")).toHaveAttribute("data-trail", /^[3-9]$|^\d\d+$/);
      await expect(page.locator(".leaflet-overlay-pane path.map-trail")).toHaveCount(1);

      // Stop sharing on the phone: the requester's page says it ended, by itself.
      await recipient.getByRole("button", { name: tr(locale, "recipient.live.stop"), exact: true }).click();
      await expect.poll(() => readLiveShare(code).liveEndedAt, { timeout: 10_000 }).not.toBeNull();
      await expect(live).toHaveAttribute("data-live", "ended", { timeout: FOLLOW_MS });
      await expect(live).toHaveText(tr(locale, "dashboard.detail.live.ended"));
    } finally {
      await phone.close();
    }
  });
}
