// Spec section 9: up to 980 px wide the root font size is 16 px × max(width, 320) / 750; wider, 16 px.
import { expect, test } from "./support/fixtures.ts";

const rootFontSize = (width: number) => (width > 980 ? 16 : (16 * Math.max(width, 320)) / 750);

test.describe("responsive root font size", () => {
  for (const width of [300, 320, 375, 750, 980, 981, 1280, 1920]) {
    test(`${width} px wide → ${rootFontSize(width).toFixed(2)} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      await page.goto("/");
      const size = await page.evaluate(() => parseFloat(getComputedStyle(document.documentElement).fontSize));
      expect(size).toBeCloseTo(rootFontSize(width), 2);
    });
  }

  test("the size follows a resize without a reload", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/");
    const size = () => page.evaluate(() => parseFloat(getComputedStyle(document.documentElement).fontSize));
    expect(await size()).toBeCloseTo(16, 2);
    await page.setViewportSize({ width: 375, height: 800 });
    await expect.poll(size).toBeCloseTo(8, 2);
  });
});

test.describe("narrow header menu", () => {
  test("opens with the menu toggle, with or without JavaScript", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 700 });
    await page.goto("/");
    const menu = page.getByRole("navigation", { name: "Main menu" });
    await expect(menu).toBeHidden();
    await page.getByRole("checkbox", { name: "Open or close the menu" }).check();
    await expect(menu).toBeVisible();
    await menu.getByRole("link", { name: "Log in" }).click();
    await expect(page.locator("#login-modal")).toBeVisible();
  });
});
