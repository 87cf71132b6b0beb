// My Subscription (issue 21): a cancelled subscription is kept before it ends, PayPal's says how to
// subscribe again, the refund request is one link away (and opens for a signed-in person with their
// address filled in), and the cancel dialog opens over this page, not over an empty one. With and
// without JavaScript, in English, Indonesian and Filipino; screenshots go to tests/.tmp/shots/.
import type { Page } from "@playwright/test";

import { expect, test } from "./support/fixtures.ts";
import { tr, type Locale } from "./support/i18n.ts";
import { signInByRequest, waitForHydration } from "./support/pages.ts";
import { setSubscriptionProvider } from "./support/users.ts";

const PREFIX: Record<Locale, string> = { en: "", id: "/id", ph: "/ph" };
const DAY = 24 * 60 * 60 * 1000;
const MY = "/dashboard/modules/MySubscription";

async function shots(page: Page, name: string, js: boolean) {
  for (const width of [390, 1366]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    // This page's own content (the signed-in desktop header is measured by the layout suite).
    expect(
      await page.evaluate(() => {
        const main = document.querySelector("main")!;
        const right = Math.max(...[...main.querySelectorAll("*")].map((e) => e.getBoundingClientRect().right));
        return Math.max(main.scrollWidth - main.clientWidth, right - window.innerWidth);
      }),
      `${name} runs out sideways at ${width} px`,
    ).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `tests/.tmp/shots/${name}-${width}-${js ? "js" : "nojs"}.png`, fullPage: true });
  }
}

for (const locale of ["en", "id", "ph"] as const) {
  test(`keeps a cancelled subscription before it ends (${locale})`, async ({ page, context, makeUser, js }) => {
    const user = await makeUser({ subscription: { state: "cancelled", validUntil: new Date(Date.now() + 9 * DAY) } });
    setSubscriptionProvider(user.id, "sandbox");
    await signInByRequest(context, user.email, user.password);
    await page.goto(`${PREFIX[locale]}${MY}`);
    if (js) await waitForHydration(page, "[data-testid=resume] form");
    await expect(page.getByTestId("subscription-state")).toHaveText(tr(locale, "subscription.states.Cancelled"));
    await expect(page.getByTestId("refund-link").getByRole("link")).toHaveAttribute(
      "href",
      `${PREFIX[locale]}/unsubscribe-and-refund`,
    );
    await shots(page, `my-subscription-cancelled-${locale}`, js);

    await page.getByRole("button", { name: tr(locale, "payments.my.resume") }).click();
    await expect(page).toHaveURL(new RegExp(`${PREFIX[locale]}${MY}$`));
    await expect(page.getByTestId("subscription-state")).toHaveText(tr(locale, "subscription.states.Active"));
    await expect(page.getByTestId("resume")).toHaveCount(0);
    await expect(page.getByText(tr(locale, "payments.my.resumed").split("{{")[0]!.trim())).toBeVisible();
    await shots(page, `my-subscription-resumed-${locale}`, js);

    // The cancel dialog opens over this page.
    await page.goto(`${PREFIX[locale]}/dashboard/modules/cancleMySubscriptionModal`);
    await expect(page.locator("#cancel-modal")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: tr(locale, "payments.my.title") })).toBeAttached();
    await shots(page, `cancel-dialog-${locale}`, js);

    // The refund request, with the account's address filled in.
    await page.goto(`${PREFIX[locale]}/unsubscribe-and-refund`);
    await expect(page).toHaveURL(new RegExp(`${PREFIX[locale]}/unsubscribe-and-refund$`));
    await expect(page.locator("#refund-form input[name=email]")).toHaveValue(user.email);
  });
}

test("a PayPal subscription says how to subscribe again, and offers no resume", async ({
  page,
  context,
  makeUser,
  js,
}) => {
  const user = await makeUser({ subscription: { state: "cancelled", validUntil: new Date(Date.now() + 9 * DAY) } });
  setSubscriptionProvider(user.id, "paypal");
  await signInByRequest(context, user.email, user.password);
  await page.goto(`/ph${MY}`);
  await expect(page.getByTestId("subscribe-again")).toContainText("PayPal");
  await expect(page.getByRole("button", { name: tr("ph", "payments.my.resume") })).toHaveCount(0);
  await shots(page, "my-subscription-paypal-ph", js);
});
