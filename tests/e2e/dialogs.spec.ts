// Dialogs behave like dialogs (app/components/modal.tsx): with JavaScript the focus stays inside while
// one is open (Tab and Shift+Tab cycle), Escape closes it except the sign-in and reset-password
// dialogs (spec section 2: "Escape does not close it"), and closing gives the focus back to what
// opened it. Without JavaScript they are addresses (`?modal=...`), closed by their close link. Also
// the skip link, the first thing Tab reaches on every page.
import type { Locator, Page } from "@playwright/test";

import { expect, test } from "./support/fixtures.ts";
import { signInByRequest, waitForHydration } from "./support/pages.ts";
import { days } from "./support/users.ts";

/** Whether the focus is inside the dialog, and on what. */
const focusInside = (dialog: Locator) =>
  dialog.evaluate((el) => ({
    inside: el.contains(document.activeElement),
    on: document.activeElement?.outerHTML.slice(0, 80) ?? "",
  }));

/** Tab and Shift+Tab, one more time than the dialog has stops: the focus never leaves it. */
async function expectFocusTrapped(page: Page, dialog: Locator) {
  const stops = await dialog.evaluate(
    (el) =>
      [
        ...el.querySelectorAll(
          'a[href], button:not([disabled]), input:not([type=hidden]):not([disabled]), select:not([disabled]), textarea:not([disabled]), summary, [tabindex]:not([tabindex="-1"])',
        ),
      ].filter((e) => e.getClientRects().length > 0).length,
  );
  expect(stops, "focusable elements in the dialog").toBeGreaterThan(0);
  const seen = new Set<string>();
  for (const key of ["Tab", "Shift+Tab"]) {
    for (let i = 0; i <= stops; i++) {
      await page.keyboard.press(key);
      const focus = await focusInside(dialog);
      expect(focus.inside, `${key} × ${i + 1} left the dialog for ${focus.on}`).toBe(true);
      seen.add(focus.on);
    }
  }
  // Cycling through them, not held on one element.
  if (stops > 1) expect(seen.size).toBeGreaterThan(1);
}

/** Clicks a link that opens a dialog, as a keyboard user would (focus, Enter), and waits for it. */
async function openWith(page: Page, opener: Locator, dialog: Locator) {
  await opener.focus();
  await page.keyboard.press("Enter");
  await expect(dialog).toBeVisible();
}

test.describe("dialogs with JavaScript", () => {
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled === false, "the focus handling needs JavaScript");

  test("sign-in and reset: focus stays inside, Escape does not close them, the close button gives the focus back", async ({
    page,
  }) => {
    await page.goto("/");
    await waitForHydration(page);
    const opener = page.locator("header").getByRole("link", { name: "Log in" });
    const login = page.locator("#login-modal");
    await openWith(page, opener, login);
    await expect(login.locator("button.toggle-password")).toBeVisible();
    await expect(login.locator("input[name=email]")).toBeFocused();
    await expectFocusTrapped(page, login);
    await page.keyboard.press("Escape");
    await expect(login).toBeVisible();
    await expect(page).toHaveURL(/modal=login/);
    await login.getByRole("link", { name: "Close" }).click();
    await expect(login).toHaveCount(0);
    await expect(opener).toBeFocused();

    await page.goto("/?modal=reset");
    const reset = page.locator("#reset-modal");
    await expect(reset).toBeVisible();
    // The dialogs' code arrives after the page's: the page can be hydrated before the dialog is.
    await waitForHydration(page, "#reset-modal");
    await expectFocusTrapped(page, reset);
    await page.keyboard.press("Escape");
    await expect(reset).toBeVisible();
  });

  test("payment and search result: focus stays inside, Escape closes, the focus goes back to the opener", async ({
    page,
  }) => {
    await page.goto("/");
    await waitForHydration(page);
    const buy = page.getByTestId("buy-button").first();
    const payment = page.locator("#payment-modal");
    await openWith(page, buy, payment);
    await expectFocusTrapped(page, payment);
    await page.keyboard.press("Escape");
    await expect(payment).toHaveCount(0);
    await expect(page).not.toHaveURL(/modal=/);
    await expect(buy).toBeFocused();

    const search = page.locator("#search-modal");
    await page.locator("input[name=number]").first().fill("2015550123");
    const find = page.locator(".search-form [type=submit]");
    await find.focus();
    await page.keyboard.press("Enter");
    await expect(search).toBeVisible();
    await expectFocusTrapped(page, search);
    await page.keyboard.press("Escape");
    await expect(search).toHaveCount(0);
    await expect(find).toBeFocused();
  });

  test("tips and choose-message on New Search: focus stays inside, Escape closes, the focus goes back", async ({
    page,
    context,
    makeUser,
  }) => {
    const user = await makeUser();
    await signInByRequest(context, user.email, user.password);
    await page.goto("/dashboard/?tab=new");
    await waitForHydration(page);
    const tipsLink = page.locator('a[href$="modal=tips"]');
    const tips = page.locator("#tips-modal");
    await openWith(page, tipsLink, tips);
    await expectFocusTrapped(page, tips);
    await page.keyboard.press("Escape");
    await expect(tips).toHaveCount(0);
    await expect(tipsLink).toBeFocused();

    await page.goto("/dashboard/?tab=new&modal=message");
    const message = page.locator("#message-modal");
    await expect(message).toBeVisible();
    await waitForHydration(page);
    await expectFocusTrapped(page, message);
    await page.keyboard.press("Escape");
    await expect(message).toHaveCount(0);
    await expect(page).toHaveURL(/\/dashboard\/\?tab=new$/);
  });

  test("cancel, delete account and payment success: focus stays inside, Escape closes, the focus goes back", async ({
    page,
    context,
    makeUser,
  }) => {
    const user = await makeUser();
    await signInByRequest(context, user.email, user.password);
    await page.goto("/dashboard/modules/MySubscription");
    await waitForHydration(page);
    for (const [href, id] of [
      ["/dashboard/modules/cancleMySubscriptionModal", "#cancel-modal"],
      ["/dashboard/modules/DeleteAccount", "#delete-account"],
    ] as const) {
      const opener = page.locator(`main a[href="${href}"]`);
      const dialog = page.locator(id);
      await openWith(page, opener, dialog);
      await expectFocusTrapped(page, dialog);
      await page.keyboard.press("Escape");
      await expect(dialog).toHaveCount(0);
      await expect(page).toHaveURL(/\/dashboard\/modules\/MySubscription$/);
      await expect(opener).toBeFocused();
    }

    await page.goto("/dashboard/modules/SuccessModal");
    const success = page.locator("#success-modal");
    await expect(success).toBeVisible();
    await waitForHydration(page);
    await expectFocusTrapped(page, success);
    await page.keyboard.press("Escape");
    await expect(success).toHaveCount(0);
    await expect(page).toHaveURL(/\/dashboard\/$/);
  });

  test("the renewal dialog of an expired subscription: focus stays inside, Escape closes", async ({
    page,
    context,
    makeUser,
  }) => {
    const user = await makeUser({ subscription: { state: "expired", validUntil: days(-3) } });
    await signInByRequest(context, user.email, user.password);
    await page.goto("/dashboard/modules/subscriptionExpiredModal");
    const renew = page.locator("#subscription-expired-modal");
    await expect(renew).toBeVisible();
    await waitForHydration(page);
    await expectFocusTrapped(page, renew);
    await page.keyboard.press("Escape");
    await expect(renew).toHaveCount(0);
    await expect(page).toHaveURL(/\/dashboard\/modules\/MySubscription$/);

    await page.goto("/dashboard/?s=-1&at=10");
    const expired = page.locator("#expired-modal");
    await expect(expired).toBeVisible();
    await waitForHydration(page);
    await expectFocusTrapped(page, expired);
  });
});

test("a dialog closes by its close link without JavaScript too", async ({ page }) => {
  await page.goto("/?modal=payment");
  const payment = page.locator("#payment-modal");
  await expect(payment).toBeVisible();
  await payment.getByRole("link", { name: "Close" }).click();
  await expect(payment).toHaveCount(0);
  await expect(page).toHaveURL(/\/$/);
});

test("the skip link is the first thing Tab reaches, shows while focused and leads to the page's content", async ({
  page,
  js,
  consoleErrors,
}) => {
  consoleErrors.allow(/status of 404/);
  for (const [path, name] of [
    ["/", "Skip to main content"],
    ["/id/faqs", "Langsung ke konten utama"],
    ["/ph/not-a-page", "Lumaktaw sa pangunahing nilalaman"],
  ] as const) {
    await page.goto(path);
    if (js) {
      await waitForHydration(page);
      // The parts whose code arrives after the page (app/utils/on-demand.tsx: the reviews, the
      // telemetry) hydrate once it has: a navigation to #main while one is still dehydrated makes
      // React give up hydrating it (error #421, recovered by rendering it again). The page's code
      // has arrived when no new resource has come for half a second.
      await expect
        .poll(
          async () => {
            const before = await page.evaluate(() => performance.getEntriesByType("resource").length);
            await page.waitForTimeout(500);
            return (await page.evaluate(() => performance.getEntriesByType("resource").length)) === before;
          },
          { timeout: 15_000 },
        )
        .toBe(true);
    }
    const skip = page.getByRole("link", { name });
    const box = await skip.boundingBox();
    expect(box?.width ?? 0, "hidden until focused").toBeLessThan(2);
    await page.keyboard.press("Tab");
    await expect(skip).toBeFocused();
    expect((await skip.boundingBox())?.width ?? 0).toBeGreaterThan(100);
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/#main$/);
    await expect(page.locator("main")).toBeFocused();
    // The next Tab goes on from there, past the header.
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => !!document.activeElement?.closest("main, footer"))).toBe(true);
  }
});
