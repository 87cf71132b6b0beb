// Languages: every page under /, /id and /ph; the language menu keeps the page, remembers the choice
// for a year in the `lng` cookie, and an unprefixed address then opens in that language.
import type { Page } from "@playwright/test";

import { BASE_URL } from "./support/env.ts";
import { expect, test } from "./support/fixtures.ts";
import { signIn, signInByRequest } from "./support/pages.ts";

const YEAR_S = 365 * 24 * 60 * 60;
const languageButton = (page: Page, lng: "en" | "id" | "ph") =>
  page.locator(`header form[action="/set-locale"] button[name=lng][value=${lng}]`);
/** The header's language choice opens (a <details>, with or without JavaScript), then the language. */
async function chooseLanguage(page: Page, lng: "en" | "id" | "ph") {
  await page.locator("header .language-switch > summary").click();
  await languageButton(page, lng).click();
}
const pathOf = (url: string) => {
  const u = new URL(url);
  return u.pathname + u.search;
};

test.describe("languages", () => {
  for (const [path, lang, lng] of [
    ["/", "en", "en"],
    ["/id", "id", "id"],
    ["/ph", "fil", "ph"],
  ] as const) {
    test(`${path} renders with <html lang="${lang}"> and hreflang links`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page.locator("html")).toHaveAttribute("lang", lang);
      await expect(page.getByRole("heading", { level: 1 })).not.toBeEmpty();
      await expect(languageButton(page, lng)).toHaveAttribute("aria-current", "true");
      const alternates = page.locator('head link[rel="alternate"]');
      await expect(page.locator('link[rel="alternate"][hreflang="en"]')).toHaveAttribute("href", `${BASE_URL}/`);
      await expect(page.locator('link[rel="alternate"][hreflang="id"]')).toHaveAttribute("href", `${BASE_URL}/id`);
      await expect(page.locator('link[rel="alternate"][hreflang="fil"]')).toHaveAttribute("href", `${BASE_URL}/ph`);
      await expect(page.locator('link[rel="alternate"][hreflang="x-default"]')).toHaveAttribute("href", `${BASE_URL}/`);
      await expect(alternates).toHaveCount(4);
    });
  }

  test("English text on the English home page", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Know your family is safe, with their consent");
    await expect(page).toHaveTitle("Family Locator: ask your family where they are, with their consent");
  });

  test("the language menu keeps the page and remembers the choice for a year", async ({ page, context }) => {
    test.slow();
    // The query string is part of the page (here a campaign source) and survives the switch.
    await page.goto("/?source=sms");
    await chooseLanguage(page, "id");
    await expect(page).toHaveURL(`${BASE_URL}/id?source=sms`);
    await expect(page.locator("html")).toHaveAttribute("lang", "id");
    await expect(languageButton(page, "id")).toHaveAttribute("aria-current", "true");

    const lng = (await context.cookies()).find((c) => c.name === "lng");
    expect(lng?.value).toBe("id");
    expect(lng?.path).toBe("/");
    expect(lng?.sameSite).toBe("Lax");
    const maxAge = lng!.expires - Date.now() / 1000;
    expect(maxAge).toBeGreaterThan(YEAR_S - 120);
    expect(maxAge).toBeLessThanOrEqual(YEAR_S + 5);

    await chooseLanguage(page, "ph");
    await expect(page).toHaveURL(`${BASE_URL}/ph?source=sms`);
    await expect(page.locator("html")).toHaveAttribute("lang", "fil");
    expect((await context.cookies()).find((c) => c.name === "lng")?.value).toBe("ph");

    await chooseLanguage(page, "en");
    await expect(page).toHaveURL(`${BASE_URL}/?source=sms`);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    expect((await context.cookies()).find((c) => c.name === "lng")?.value).toBe("en");
  });

  test("switching language on the dashboard stays on the dashboard", async ({ page, context, makeUser }) => {
    const user = await makeUser({ name: "Budi" });
    await signInByRequest(context, user.email, user.password);
    await page.goto("/dashboard/");
    await chooseLanguage(page, "id");
    await expect(page).toHaveURL(`${BASE_URL}/id/dashboard/`);
    await expect(page.locator("html")).toHaveAttribute("lang", "id");
    await expect(page.getByTestId("subscription")).toBeVisible();
    await expect(page.locator('link[rel="alternate"][hreflang="fil"]')).toHaveAttribute(
      "href",
      `${BASE_URL}/ph/dashboard`,
    ); // alternates drop the trailing slash, like the canonical link
    await chooseLanguage(page, "ph");
    await expect(page).toHaveURL(`${BASE_URL}/ph/dashboard/`);
    await expect(page.locator("html")).toHaveAttribute("lang", "fil");
  });

  test("an unprefixed address with the lng cookie opens in that language", async ({ page, context }) => {
    await context.addCookies([{ name: "lng", value: "id", url: BASE_URL }]);
    await page.goto("/");
    expect(pathOf(page.url())).toBe("/id");
    await expect(page.locator("html")).toHaveAttribute("lang", "id");
    await page.goto("/?modal=login");
    expect(pathOf(page.url())).toBe("/id?modal=login");
    await expect(page.locator("#login-modal")).toBeVisible();

    await context.addCookies([{ name: "lng", value: "ph", url: BASE_URL }]);
    await page.goto("/?modal=reset");
    expect(pathOf(page.url())).toBe("/ph?modal=reset");
    await expect(page.locator("html")).toHaveAttribute("lang", "fil");
  });

  test("a prefixed address wins over the cookie", async ({ page, context }) => {
    await context.addCookies([{ name: "lng", value: "id", url: BASE_URL }]);
    await page.goto("/ph");
    expect(pathOf(page.url())).toBe("/ph");
    await expect(page.locator("html")).toHaveAttribute("lang", "fil");
  });

  test("links stay in the page's language", async ({ page }) => {
    await page.goto("/id");
    await expect(page.locator("header a.brand")).toHaveAttribute("href", "/id");
    await page.goto("/ph");
    await expect(page.locator("header a.brand")).toHaveAttribute("href", "/ph");
  });

  test("signing in and out on /id stays in Indonesian", async ({ page, js, makeUser, context }) => {
    test.slow();
    const user = await makeUser();
    // signIn waits for a URL ending in /dashboard/; here it must be the Indonesian one.
    await signIn(page, js, user.email, user.password, "/id");
    expect(pathOf(page.url())).toBe("/id/dashboard/");
    await expect(page.locator("html")).toHaveAttribute("lang", "id");
    // No remembered language: only the page's own language can bring the visitor back to /id.
    expect((await context.cookies()).find((c) => c.name === "lng")).toBeUndefined();
    await page.locator("header form[action='/auth/logout'] button[type=submit]").click();
    await expect(page).toHaveURL(`${BASE_URL}/id`);
    await expect(page.locator("html")).toHaveAttribute("lang", "id");
    await expect(page.locator("header form[action='/auth/logout']")).toHaveCount(0);
  });
});
