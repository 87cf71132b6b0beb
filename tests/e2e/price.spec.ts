// The price before the click: the home page names the first day's price, the renewal and its period
// beside the buy button, with "cancel anytime" and the terms and refund links; the FAQ gives the same
// figures; the payment dialog repeats the links under its Pay button. In each language, with and
// without JavaScript (the default plan settings: $0.99/$29.99, Rp15.000/Rp449.000, ₱49/₱1,499).
import { expect, test } from "./support/fixtures.ts";
import { tr, type Locale } from "./support/i18n.ts";

const plans: Record<Locale, { prefix: string; first: RegExp; renewal: RegExp }> = {
  en: { prefix: "", first: /\$0\.99/, renewal: /\$29\.99/ },
  id: { prefix: "/id", first: /Rp\s?15\.000/, renewal: /Rp\s?449\.000/ },
  ph: { prefix: "/ph", first: /₱49(\.00)?/, renewal: /₱1,499(\.00)?/ },
};

for (const [locale, plan] of Object.entries(plans) as [Locale, (typeof plans)[Locale]][])
  test(`the price is plain before any click (${locale})`, async ({ page }) => {
    await page.goto(`${plan.prefix}/`);
    const note = page.locator(".hero").getByTestId("price-note");
    await expect(note).toBeVisible();
    await expect(note.getByTestId("price")).toHaveText(new RegExp(`${plan.first.source}.*${plan.renewal.source}.*30`));
    await expect(note).toContainText(tr(locale, "payments.offer.cancelAnytime"));
    await expect(note.getByRole("link", { name: tr(locale, "footer.terms") })).toHaveAttribute(
      "href",
      `${plan.prefix}/terms-of-use`,
    );
    await expect(note.getByRole("link", { name: tr(locale, "footer.refunds") })).toHaveAttribute(
      "href",
      `${plan.prefix}/unsubscribe-and-refund`,
    );

    // The dialog: the terms as before, and the same links under its Pay button.
    await page.getByTestId("buy-button").click();
    const modal = page.locator("#payment-modal");
    await expect(modal).toBeVisible();
    await expect(modal.getByTestId("payment-terms")).toContainText(plan.renewal);
    await expect(modal.getByTestId("price-note").getByRole("link", { name: tr(locale, "footer.terms") })).toBeVisible();

    // The FAQ answers "How much does it cost?" with the same figures.
    await page.goto(`${plan.prefix}/faqs`);
    await expect(page.locator("main")).toContainText(plan.first);
    await expect(page.locator("main")).toContainText(plan.renewal);
  });
