// Stripe and PayPal configured at once (a second server on the local fakes of both APIs): the payment
// form offers Card or PayPal as a radio group, with and without JavaScript, in every language; each
// choice opens its provider's checkout. Where PayPal charges another currency (it takes no IDR), each
// choice shows its own terms and the button names no amount.
import type { Page } from "@playwright/test";

import { PAYPAL_ENV, startPayPalFake } from "../fakes/paypal.ts";
import { startStripeFake, stripeEnv } from "../fakes/stripe.ts";
import { expect, test } from "./support/fixtures.ts";
import { whenHydrated } from "./support/pages.ts";
import { SPAWN_PORT, startSecondServer, waitUntilListening } from "./support/second-server.ts";
import { uniqueEmail } from "./support/users.ts";

/**
 * The browser being sent to the provider's page (the payment form's answer redirects there). Only the
 * navigation is checked: the npm-shipped Chromium does not hand a redirected navigation to
 * `page.route`, so the stand-in page below is not always what it shows.
 */
function providerNavigation(page: Page, origin: string) {
  return page.waitForRequest((request) => request.isNavigationRequest() && request.url().startsWith(origin));
}

/** Runs `use` against a server with both providers on `port` (each test its own: they run in parallel). */
async function withBothProviders(page: Page, port: number, use: (base: string) => Promise<void>) {
  const [stripe, paypal] = await Promise.all([startStripeFake(), startPayPalFake()]);
  const base = `http://localhost:${port}`;
  const server = startSecondServer({
    PORT: String(port),
    PUBLIC_URL: base,
    ...stripeEnv(stripe.origin),
    ...PAYPAL_ENV,
    TEST_PAYPAL_API_BASE: paypal.origin,
  });
  // The providers' pages do not exist: the browser lands on a stand-in that names them.
  await page.route("https://checkout.stripe.test/**", (route) =>
    route.fulfill({ contentType: "text/html", body: "<h1>Stripe Checkout</h1>" }),
  );
  await page.route("https://www.sandbox.paypal.test/**", (route) =>
    route.fulfill({ contentType: "text/html", body: "<h1>PayPal</h1>" }),
  );
  try {
    await waitUntilListening(server, base);
    await use(base);
  } finally {
    // The page first: nothing of it may still load from the server that stops.
    await server.stop(page);
    await Promise.all([stripe.close(), paypal.close()]);
  }
}

async function fill(page: Page, labels: { name: string; surname: string; email: string; adult: string }) {
  const modal = page.locator("#payment-modal");
  await whenHydrated(page, "#payment-modal form");
  await modal.getByLabel(labels.name, { exact: true }).fill("Maria");
  await modal.getByLabel(labels.surname).fill("Santos");
  await modal.getByLabel(labels.email).fill(uniqueEmail("method"));
  await modal.getByLabel(labels.adult).check();
  return modal;
}

test("Card or PayPal: a labelled radio group, card first, in every language; PayPal opens PayPal's approval page", async ({
  page,
  js,
}) => {
  test.setTimeout(90_000);
  await withBothProviders(page, SPAWN_PORT + (js ? 4 : 5), async (base) => {
    await page.goto(`${base}/ph/checkout`);
    const filipino = page.locator("#payment-modal").getByRole("group", { name: "Magbayad gamit ang" });
    await expect(filipino.getByRole("radio")).toHaveCount(2);
    await expect(filipino.getByRole("radio", { name: "Card (credit o debit)" })).toBeChecked();

    await page.goto(`${base}/checkout`);
    const modal = await fill(page, {
      name: "Name",
      surname: "Surname",
      email: "E-mail",
      adult: "I confirm that I am 18 years of age or older",
    });
    const methods = modal.getByRole("group", { name: "Pay with" });
    await expect(methods.getByRole("radio", { name: "Card (credit or debit)" })).toBeChecked();
    await expect(methods.getByRole("radio", { name: "PayPal" })).not.toBeChecked();
    // USD either way: one terms text and the amount on the button.
    await expect(modal.getByTestId("payment-terms")).toHaveCount(1);
    await expect(modal.getByTestId("payment-terms")).toContainText("$0.99 (USD)");
    await methods.getByRole("radio", { name: "PayPal" }).check();
    const toPayPal = providerNavigation(page, "https://www.sandbox.paypal.test/");
    await modal.getByRole("button", { name: "Pay $0.99" }).click();
    await toPayPal;
  });
});

test("in Indonesian each method shows what it charges (PayPal in USD), and the card opens Stripe Checkout", async ({
  page,
  js,
}) => {
  test.setTimeout(90_000);
  await withBothProviders(page, SPAWN_PORT + (js ? 6 : 7), async (base) => {
    await page.goto(`${base}/id/checkout`);
    const modal = await fill(page, {
      name: "Nama depan",
      surname: "Nama belakang",
      email: "Email",
      adult: "Saya menyatakan bahwa saya berusia 18 tahun atau lebih",
    });
    const methods = modal.getByRole("group", { name: "Bayar dengan" });
    await expect(methods.getByRole("radio", { name: /Kartu \(kredit atau debit\)/ })).toBeChecked();
    const terms = modal.getByTestId("payment-terms");
    await expect(terms).toHaveCount(2);
    await expect(terms.nth(0)).toContainText("(IDR)");
    await expect(terms.nth(1)).toContainText("(USD)");
    const toStripe = providerNavigation(page, "https://checkout.stripe.test/");
    await modal.getByRole("button", { name: "Lanjutkan ke pembayaran" }).click();
    await toStripe;
  });
});
