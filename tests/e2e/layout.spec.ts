// Spec section 9: up to 980 px wide the root font size is 16 px × max(width, 320) / 750; wider, 16 px.
import { expect, test } from "./support/fixtures.ts";
import { signInByRequest } from "./support/pages.ts";
import { layoutFindings } from "./support/ui-audit.ts";

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

test.describe("desktop header", () => {
  // The narrowest desktop width, in the longest languages, with a subscriber's longer menu too.
  for (const prefix of ["", "/id", "/ph"]) {
    test(`one row at 981 px in ${prefix || "/"}, signed out and in`, async ({ page, context, makeUser }) => {
      await page.setViewportSize({ width: 981, height: 700 });
      const headerFindings = async () =>
        (await layoutFindings(page)).filter((f) => f.check === "header on one row" || f.check === "word broken");
      await page.goto(`${prefix}/`);
      expect(await headerFindings()).toEqual([]);
      const user = await makeUser();
      await signInByRequest(context, user.email, user.password);
      await page.goto(`${prefix}/dashboard/`);
      expect(await headerFindings()).toEqual([]);
    });
  }

  test("every entry of the menu is reachable under More, with or without JavaScript", async ({
    page,
    context,
    makeUser,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/");
    const menu = page.getByRole("navigation", { name: "Main menu" });
    for (const name of ["Product", "Voice Message", "Number Lookup", "Log in"])
      await expect(menu.getByRole("link", { name, exact: true })).toBeVisible();
    await expect(menu.getByRole("link", { name: "FAQ" })).toBeHidden();
    await menu.getByText("More", { exact: true }).click();
    for (const name of ["About us", "FAQ", "Blog"])
      await expect(menu.getByRole("link", { name, exact: true })).toBeVisible();
    await menu.getByRole("link", { name: "FAQ" }).click();
    await expect(page).toHaveURL(/\/faqs$/);
    await expect(menu.getByRole("link", { name: "FAQ" })).toBeHidden();

    // A subscriber's row: their dashboard first and Log Out; Product and the rest under More.
    const user = await makeUser();
    await signInByRequest(context, user.email, user.password);
    await page.goto("/dashboard/");
    for (const name of ["Dashboard", "Voice Message", "Number Lookup"])
      await expect(menu.getByRole("link", { name, exact: true })).toBeVisible();
    await expect(menu.getByRole("button", { name: "Log Out" })).toBeVisible();
    await menu.getByText("More", { exact: true }).click();
    for (const name of ["Product", "My Subscriptions", "About us", "FAQ", "Blog"])
      await expect(menu.getByRole("link", { name, exact: true })).toBeVisible();
    await menu.getByRole("link", { name: "My Subscriptions" }).click();
    await expect(page).toHaveURL(/\/dashboard\/modules\/MySubscription$/);
  });
});
