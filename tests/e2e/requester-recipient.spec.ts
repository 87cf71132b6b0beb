// The whole product in one flow, in each language: a requester sends an SMS, an e-mail and a link
// from the dashboard; recipients in their own browsers open each and share a precise position (GPS,
// with JavaScript) or an approximate one (IP, without JavaScript); the requester then sees GPS Tracked
// and IP Located, with a pin for GPS and only an area for IP. Map tiles are answered locally.
import type { Browser, Page } from "@playwright/test";

import { BASE_URL } from "./support/env.ts";
import { expect, test } from "./support/fixtures.ts";
import { tr, type Locale } from "./support/i18n.ts";
import { signInByRequest, waitForHydration } from "./support/pages.ts";
import { outboxText, requestOf } from "./support/requests.ts";

const TILE = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=",
  "base64",
);
const QUEZON_CITY = { latitude: 14.6507, longitude: 121.0494 };
const linkIn = (text: string | null) =>
  /https?:\/\/\S+\/[A-Za-z0-9]{8}(?:[A-Za-z0-9]{6})?\b/.exec(text ?? "")?.[0] ?? null;

/** A recipient with JavaScript and a GPS fix shares precisely. */
async function sharePrecisely(browser: Browser, link: string, locale: Locale) {
  const context = await browser.newContext({
    javaScriptEnabled: true,
    geolocation: QUEZON_CITY,
    permissions: ["geolocation"],
    baseURL: BASE_URL,
  });
  const page = await context.newPage();
  await page.goto(link);
  await page.getByRole("button", { name: tr(locale, "recipient.actions.precise"), exact: true }).click();
  await expect(page).toHaveURL(/\/share\?/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(tr(locale, "recipient.share.shared.title"));
  await context.close();
}

/** A recipient without JavaScript, on a Philippine address, shares approximately. */
async function shareApproximately(browser: Browser, link: string, locale: Locale) {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    extraHTTPHeaders: { "X-Forwarded-For": "112.198.0.1" },
    baseURL: BASE_URL,
  });
  const page = await context.newPage();
  await page.goto(link);
  await page.getByRole("button", { name: tr(locale, "recipient.actions.approximate"), exact: true }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(tr(locale, "recipient.share.shared.title"));
  await context.close();
}

async function send(
  page: Page,
  js: boolean,
  prefix: string,
  form: string,
  fill: () => Promise<void>,
  submitKey: string,
  locale: Locale,
) {
  await page.goto(`${prefix}/dashboard/?tab=new`);
  if (js) await waitForHydration(page, `form[data-testid=${form}]`);
  await fill();
  await page
    .getByTestId(form)
    .getByRole("button", { name: tr(locale, submitKey), exact: true })
    .click();
  await expect(page).not.toHaveURL(/tab=new/);
}

for (const [prefix, locale] of [
  ["", "en"],
  ["/id", "id"],
  ["/ph", "ph"],
] as const) {
  test(`requester and recipients, end to end in ${locale}`, async ({ page, context, browser, js, makeUser }) => {
    test.setTimeout(180_000);
    await page.route("https://tile.openstreetmap.org/**", (route) =>
      route.fulfill({ status: 200, contentType: "image/png", body: TILE }),
    );
    const user = await makeUser({ name: "Ana" });
    await signInByRequest(context, user.email, user.password);
    const email = `rosa-${user.id}@example.com`;
    // Each test texts its own number, so parallel tests never read each other's SMS.
    const mobile = `917${String(Math.floor(Math.random() * 1e7)).padStart(7, "0")}`;

    await send(
      page,
      js,
      prefix,
      "sms-form",
      async () => {
        const form = page.getByTestId("sms-form");
        await form.getByLabel(tr(locale, "dashboard.new.sms.countryCode")).selectOption("PH");
        await form.getByLabel(tr(locale, "dashboard.new.sms.number")).fill(mobile);
        await form.getByLabel(tr(locale, "dashboard.new.language")).selectOption(locale);
      },
      "dashboard.new.sms.submit",
      locale,
    );
    await send(
      page,
      js,
      prefix,
      "email-form",
      async () => {
        const form = page.getByTestId("email-form");
        await form.getByLabel(tr(locale, "dashboard.new.email.address")).fill(email);
        await form.getByLabel(tr(locale, "dashboard.new.language")).selectOption(locale);
      },
      "dashboard.new.email.submit",
      locale,
    );
    await send(
      page,
      js,
      prefix,
      "link-form",
      async () => {
        const form = page.getByTestId("link-form");
        await form.getByLabel(tr(locale, "dashboard.new.link.titleField")).fill("Lola");
        await form.getByLabel(tr(locale, "dashboard.new.language")).selectOption(locale);
      },
      "dashboard.new.link.submit",
      locale,
    );

    // What each recipient received: the SMS and the e-mail from the outbox, the link as created.
    const smsLink = linkIn(outboxText(`+63${mobile}`));
    const emailLink = linkIn(outboxText(email));
    const shortLink = `${BASE_URL}${prefix}/${requestOf(user.id, "link")!.code}`;
    expect(smsLink).toContain(`${prefix}/`);
    expect(emailLink).toContain(`${prefix}/`);

    await page.goto(`${prefix}/dashboard/?tab=history`);
    await expect(page.getByTestId("request").filter({ hasText: tr(locale, "dashboard.status.pending") })).toHaveCount(
      3,
    );

    await sharePrecisely(browser, smsLink!, locale);
    await shareApproximately(browser, emailLink!, locale);
    await shareApproximately(browser, shortLink, locale);

    await page.goto(`${prefix}/dashboard/?tab=records`);
    const cards = page.getByTestId("request");
    await expect(cards).toHaveCount(3);
    await expect(page.locator('[data-testid=request][data-status="gps_tracked"]')).toHaveCount(1);
    await expect(page.locator('[data-testid=request][data-status="ip_located"]')).toHaveCount(2);
    await expect(page.locator('[data-status="gps_tracked"]')).toContainText(tr(locale, "dashboard.status.gps_tracked"));
    await expect(page.locator('[data-status="ip_located"]').first()).toContainText(
      tr(locale, "dashboard.status.ip_located"),
    );
    await expect(page.locator('[data-status="gps_tracked"]')).toContainText("Quezon City");
    if (js) {
      // One pin (GPS) and three circles: the GPS accuracy and the two approximate areas.
      await expect(page.locator(".leaflet-container")).toBeVisible();
      await expect(page.locator(".leaflet-marker-icon")).toHaveCount(1);
      await expect(page.locator(".leaflet-overlay-pane path")).toHaveCount(3);
    } else {
      await expect(page.locator(".leaflet-container")).toHaveCount(0);
      await expect(page.getByTestId("position")).toHaveCount(3);
    }
  });
}
