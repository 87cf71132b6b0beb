// Unknown addresses: a 404 error page in every language, and the JSON envelope under /api/v1.
import { BASE_URL } from "./support/env.ts";
import { expect, test } from "./support/fixtures.ts";

test.describe("errors", () => {
  test.beforeEach(({ consoleErrors }) => {
    // Chromium logs the 404 status of the document itself.
    consoleErrors.allow(/status of 404/);
  });

  for (const path of ["/no-such-page", "/no/such/deep/page", "/no-such-page/"]) {
    test(`${path} is a 404 page`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.getByTestId("status-code")).toHaveText("404");
      await expect(page.getByTestId("status-message")).toHaveText("Page Not Found");
      // Not "Page not found" again under "Page Not Found": a sentence that helps.
      await expect(page.getByTestId("error-message")).toHaveText(/may have a typing mistake/);
      await expect(page.locator("html")).toHaveAttribute("lang", "en");
      // The visitor can find the way back.
      await page.getByRole("link", { name: "Back to the home page" }).click();
      await expect(page).toHaveURL(`${BASE_URL}/`);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    });
  }

  // Every way to a missing page shows the same page: the site's header and footer around the error.
  for (const [path, message] of [
    ["/no-such-page", /may have a typing mistake/],
    ["/404", /may have a typing mistake/],
    ["/ph/404", /\S/],
    ["/blog/no-such-article", "Page Not Found: /blog/no-such-article"],
  ] as const) {
    test(`${path} shows the one 404 design, with the brand`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.getByTestId("status-code")).toHaveText("404");
      await expect(page.getByTestId("error-message")).toHaveText(message);
      await expect(page.locator("header.site-header .brand")).toBeVisible();
      await expect(page.locator("header nav.menu")).toHaveCount(1);
      await expect(page.locator("footer.site-footer")).toBeVisible();
      await expect(page.locator("a.skip-link")).toHaveAttribute("href", "#main");
    });
  }

  for (const [prefix, lang] of [
    ["/id", "id"],
    ["/ph", "fil"],
  ] as const) {
    test(`${prefix}/no-such-page is a 404 page in its language`, async ({ page }) => {
      const response = await page.goto(`${prefix}/no-such-page`);
      expect(response?.status()).toBe(404);
      await expect(page.getByTestId("status-code")).toHaveText("404");
      await expect(page.getByTestId("error-message")).not.toBeEmpty();
      await expect(page.locator("html")).toHaveAttribute("lang", lang);
      // The way back stays in the same language.
      await expect(page.locator("main a.button")).toHaveAttribute("href", prefix);
    });
  }

  test("an unknown API path answers the JSON envelope with 404", async ({ request }) => {
    const response = await request.get("/api/v1/no-such-endpoint", { headers: { APP: "e2e-tests" } });
    expect(response.status()).toBe(404);
    expect(response.headers()["content-type"]).toContain("application/json");
    const body = await response.json();
    expect(body).toMatchObject({ status: 404 });
  });
});
