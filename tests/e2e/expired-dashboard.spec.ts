// An expired subscriber sees the expired notice first (/dashboard/?s=-1&at=10); closing it leads to a
// readable dashboard: every tab and the records stay open, sending is off, renewing is one click away.
// With and without JavaScript, in every language.
import { expect, test } from "./support/fixtures.ts";
import { tr as text, type Locale } from "./support/i18n.ts";
import { signInByRequest, waitForHydration } from "./support/pages.ts";
import { addLocatedLink } from "./support/requests.ts";
import { days } from "./support/users.ts";

// A 1×1 transparent PNG answers every map tile request, so nothing reaches the internet.
const TILE = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=",
  "base64",
);

const LOCALES: { locale: Locale; prefix: string }[] = [
  { locale: "en", prefix: "" },
  { locale: "id", prefix: "/id" },
  { locale: "ph", prefix: "/ph" },
];

test.describe("expired subscription", () => {
  for (const { locale, prefix } of LOCALES) {
    test(`closing the expired notice leaves a readable dashboard with a way to renew (${locale})`, async ({
      page,
      js,
      context,
      makeUser,
    }) => {
      const user = await makeUser({ subscription: { state: "active", validUntil: days(-3) } });
      const code = `x${Date.now().toString(36)}${locale}`;
      addLocatedLink(user.id, `Before expiry ${locale}`, code, {
        latitude: -6.2,
        longitude: 106.8,
        accuracyMeters: 20,
        address: "Jl. Thamrin, Jakarta",
      });
      await signInByRequest(context, user.email, user.password);
      await page.route("https://tile.openstreetmap.org/**", (route) =>
        route.fulfill({ status: 200, contentType: "image/png", body: TILE }),
      );

      // Entering the dashboard shows the notice first (spec section 4).
      await page.goto(`${prefix}/dashboard`);
      await expect(page).toHaveURL(`${prefix}/dashboard/?s=-1&at=10`);
      const modal = page.locator("#expired-modal");
      await expect(modal.getByRole("heading")).toHaveText(text(locale, "expiredModal.title"));
      if (js) await waitForHydration(page, "#expired-modal");
      await modal.getByRole("link", { name: text(locale, "common.close") }).click();

      await expect(modal).toHaveCount(0);
      await expect(page).toHaveURL(`${prefix}/dashboard/`);
      await expect(page.getByTestId("expired-banner")).toContainText(text(locale, "dashboard.expired.banner"));

      // Every tab reads; the located link is in History, Location by link and Location Records.
      for (const tab of ["email", "history", "link", "records"] as const) {
        await page
          .getByRole("navigation", { name: text(locale, "dashboard.tabs.label") })
          .getByRole("link", { name: text(locale, `dashboard.tabs.${tab}`) })
          .click();
        await expect(page).toHaveURL(`${prefix}/dashboard/?tab=${tab}`);
        await expect(page.locator("#requests-heading")).toHaveText(text(locale, `dashboard.tabs.${tab}`));
        await expect(page.locator("#expired-modal")).toHaveCount(0);
        if (tab === "email") await expect(page.getByText(`Before expiry ${locale}`)).toHaveCount(0);
        else await expect(page.getByText(`Before expiry ${locale}`)).toBeVisible();
      }
      // Opened as a new page: leaving the records map in the middle of its zoom is a separate matter.
      const details = await page
        .getByRole("link", { name: text(locale, "dashboard.list.details") })
        .first()
        .getAttribute("href");
      await page.goto(details!);
      await expect(page).toHaveURL(new RegExp(`${prefix}/dashboard/\\?tab=records&id=`));
      // The place is named on the request and on its map.
      await expect(page.getByTestId("request").getByText("Jl. Thamrin, Jakarta")).toBeVisible();

      // New Search: no forms, a way to renew instead.
      await page.goto(`${prefix}/dashboard/?tab=new`);
      await expect(page.getByTestId("sending-off")).toContainText(text(locale, "dashboard.expired.sendingOff"));
      await expect(page.getByTestId("sms-form")).toHaveCount(0);
      await page
        .getByTestId("sending-off")
        .getByRole("link", { name: text(locale, "expiredModal.renew") })
        .click();
      await expect(page).toHaveURL(`${prefix}/dashboard/modules/subscriptionExpiredModal`);
      await expect(page.locator("#subscription-expired-modal")).toBeVisible();
    });
  }

  test("a send posted anyway goes back to the expired notice, and nothing is sent", async ({
    page,
    context,
    makeUser,
  }) => {
    const user = await makeUser({ subscription: { state: "expired", validUntil: days(-1) } });
    await signInByRequest(context, user.email, user.password);
    await page.goto("/dashboard/?s=-1&at=10");
    const response = await page.request.post("/dashboard/?tab=new", {
      form: { intent: "link", title: "Sneaky", name: "Tester", language: "en" },
      headers: { Origin: new URL(page.url()).origin },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(302);
    expect(response.headers()["location"]).toBe("/dashboard/?s=-1&at=10");
    await page.goto("/dashboard/?tab=link");
    await expect(page.getByText("Sneaky")).toHaveCount(0);
  });
});

test.describe("tips for getting an answer", () => {
  for (const { locale, prefix } of LOCALES) {
    test(`open from New Search and close again (${locale})`, async ({ page, js, context, makeUser }) => {
      const user = await makeUser();
      await signInByRequest(context, user.email, user.password);
      await page.goto(`${prefix}/dashboard/?tab=new`);
      if (js) await waitForHydration(page, "[data-testid=tips-link]");
      await page.getByTestId("tips-link").click();
      await expect(page).toHaveURL(`${prefix}/dashboard/?tab=new&modal=tips`);
      const modal = page.locator("#tips-modal");
      await expect(modal.getByRole("heading")).toHaveText(text(locale, "dashboard.tips.title"));
      const tips = modal.locator("[data-tip]");
      await expect(tips).toHaveCount(5);
      for (const [i, tip] of ["tellFirst", "language", "whatTheySee", "choices", "approximate"].entries()) {
        await expect(tips.nth(i)).toContainText(text(locale, `dashboard.tips.items.${tip}.title`));
        await expect(tips.nth(i)).toContainText(text(locale, `dashboard.tips.items.${tip}.text`));
      }
      await modal.getByRole("link", { name: text(locale, "dashboard.tips.done") }).click();
      await expect(modal).toHaveCount(0);
      await expect(page).toHaveURL(`${prefix}/dashboard/?tab=new`);
      await expect(page.getByTestId("sms-form")).toBeVisible();
    });
  }
});
