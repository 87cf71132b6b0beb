// The subscription life cycle in the embedded sandbox provider, with and without JavaScript: buy,
// land signed in, cancel, expire (the clock moved by editing the database), the expired notice, renew.
import type { BrowserContext, Page } from "@playwright/test";
import Database from "better-sqlite3";

import { DB_FILE } from "./support/env.ts";
import { expect, test } from "./support/fixtures.ts";
import { tr } from "./support/i18n.ts";
import { expectNotice, signInByRequest, waitForHydration, whenHydrated } from "./support/pages.ts";
import { deleteUsersByEmail, sqliteDate, uniqueEmail } from "./support/users.ts";

function sql() {
  const connection = new Database(DB_FILE, { fileMustExist: true });
  connection.pragma("busy_timeout = 10000");
  return connection;
}

/** Accounts made by a checkout belong to the test that bought them. */
const bought: string[] = [];
test.afterEach(() => deleteUsersByEmail(bought.splice(0)));

async function fillPayment(page: Page, email: string) {
  const modal = page.locator("#payment-modal");
  await expect(modal).toBeVisible();
  await whenHydrated(page, "#payment-modal form");
  await modal.getByLabel("Name", { exact: true }).fill("Maria");
  await modal.getByLabel("Surname").fill("Santos");
  await modal.getByLabel("E-mail").fill(email);
  await modal.getByLabel("I confirm that I am 18 years of age or older").check();
  return modal;
}

test('the payment modal shows the terms, and an address with an account leads to "check your e-mail"', async ({
  page,
  makeUser,
}) => {
  const existing = await makeUser();
  await page.goto("/");
  await page.getByTestId("buy-button").click();
  // The dialog opens over the home page, which stays behind it.
  await expect(page).toHaveURL(/\/\?modal=payment$/);
  await expect(page.locator(".hero h1")).toBeAttached();
  const modal = await fillPayment(page, existing.email);
  await expect(modal.getByTestId("payment-terms")).toContainText("$0.99 (USD)");
  await expect(modal.getByTestId("payment-terms")).toContainText("$29.99 every 30 days");
  await modal.getByRole("button", { name: "Pay $0.99" }).click();
  await expect(page).toHaveURL(/\/checkout\/email$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Check your e-mail to continue");
});

test("the buy address (/checkout) opens the payment dialog over the home page, in each language", async ({ page }) => {
  for (const prefix of ["", "/id", "/ph"]) {
    await page.goto(`${prefix}/checkout`);
    await expect(page).toHaveURL(new RegExp(`${prefix}/?\\?modal=payment$`));
    await expect(page.locator("#payment-modal")).toBeVisible();
    await expect(page.locator(".hero h1")).toBeAttached();
  }
});

test("buy in the sandbox, land signed in, cancel, expire, see the expired notice, renew", async ({ page, js }) => {
  test.setTimeout(90_000);
  const email = uniqueEmail("buyer");
  bought.push(email);
  await page.goto("/checkout");
  const modal = await fillPayment(page, email);
  await modal.getByRole("button", { name: "Pay $0.99" }).click();

  await expect(page).toHaveURL(/\/checkout\/sandbox\//);
  await expect(page.getByTestId("sandbox-summary")).toContainText(email);
  await page.getByRole("button", { name: "Pay", exact: true }).click();

  await expect(page).toHaveURL(/\/dashboard\/modules\/SuccessModal$/);
  await expect(page.locator("#success-modal")).toContainText("Payment successful");
  // Once, a click on this plain link while React was still hydrating the page left a React #345
  // page error in the page being left (the navigation itself worked); this flow is about payments.
  if (js) await waitForHydration(page);

  // The buyer chooses the password there; the account e-mail carries the receipt and a link, never one.
  const choose = page.locator("#success-modal").getByTestId("choose-password");
  await choose.getByLabel("New password").fill("buyers-own-password");
  await choose.getByRole("button", { name: "Save password" }).click();
  await expectNotice(page, js, "Password saved.");
  await expect(page.locator("#success-modal").getByTestId("choose-password")).toHaveCount(0);
  const mail = await page.context().newPage();
  await mail.goto(`/dev/outbox?to=${encodeURIComponent(email)}`);
  const sent = mail.getByTestId("outbox-message").first();
  await expect(sent).toContainText("Receipt: you paid $0.99");
  await expect(sent).toContainText("renews automatically at $29.99 every 30 days");
  await expect(sent).toContainText("/verify-email?token=");
  await expect(sent).not.toContainText("and this password");
  await mail.close();
  await signInByRequest(page.context(), email, "buyers-own-password");
  await page.goto("/dashboard/modules/SuccessModal");

  await page.locator("#success-modal").getByRole("link", { name: "Go to the dashboard" }).click();
  await expect(page).toHaveURL(/\/dashboard\/$/);

  await page.goto("/dashboard/modules/MySubscription");
  await expect(page.getByTestId("subscription-state")).toHaveText("Active");
  await expect(page.locator(".payment-history")).toContainText("$0.99");

  await page.getByRole("link", { name: "Cancel subscription" }).click();
  await expect(page).toHaveURL(/cancleMySubscriptionModal$/);
  await page.locator("#cancel-modal").getByRole("button", { name: "Yes, cancel" }).click();
  await expect(page).toHaveURL(/MySubscription$/);
  const db = sql();
  const { validUntil } = db
    .prepare(`SELECT validUntil FROM "Subscription" WHERE userId = (SELECT id FROM "User" WHERE email = ?)`)
    .get(email) as { validUntil: string };
  const until = new Intl.DateTimeFormat("en-US", { dateStyle: "long" }).format(new Date(validUntil));
  await expectNotice(page, js, `Your subscription has been cancelled. You keep access until ${until}.`);
  await expect(page.getByTestId("subscription-state")).toHaveText("Cancelled");
  await expect(page.getByTestId("next-charge")).toHaveText("No further charges");

  // The clock moves past the paid period.
  db.prepare(`UPDATE "Subscription" SET validUntil = ? WHERE userId = (SELECT id FROM "User" WHERE email = ?)`).run(
    sqliteDate(new Date(Date.now() - 60_000)),
    email,
  );
  db.close();

  await page.goto("/dashboard/");
  await expect(page).toHaveURL(/\/dashboard\/\?s=-1&at=10$/);
  await expect(page.locator("#expired-modal")).toBeVisible();

  // The buy address leads a subscriber without access to the renewal form over their dashboard.
  await page.goto("/checkout");
  await expect(page).toHaveURL(/\/dashboard\/modules\/subscriptionExpiredModal$/);
  const renew = page.locator("#subscription-expired-modal");
  await expect(renew.getByLabel("E-mail")).toHaveValue(email);
  await renew.getByLabel("I confirm that I am 18 years of age or older").check();
  // A returning subscriber pays the regular amount for a full period: no discounted first day.
  await expect(renew.getByTestId("payment-terms")).toContainText(
    "Welcome back. Today you pay $29.99 (USD) for 30 days.",
  );
  await renew.getByRole("button", { name: "Pay $29.99" }).click();
  await expect(page).toHaveURL(/\/checkout\/sandbox\//);
  await page.getByRole("button", { name: "Pay", exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/modules\/SuccessModal$/);

  await page.goto("/dashboard/modules/MySubscription");
  await expect(page.getByTestId("subscription-state")).toHaveText("Active");
  await expect(page.locator(".payment-history")).toContainText("$29.99");
});

test("a declined payment says 'Signing failed!'", async ({ page }) => {
  const email = uniqueEmail("declined");
  await page.goto("/checkout");
  const modal = await fillPayment(page, email);
  await modal.getByRole("button", { name: "Pay $0.99" }).click();
  await page.getByRole("button", { name: "Decline" }).click();
  await expect(page).toHaveURL(/\/register\?id=/);
  await expect(page.getByTestId("register-status")).toHaveText("Signing failed!");
});

test("the register page waits for the payment result", async ({ page }) => {
  const email = uniqueEmail("waiting");
  bought.push(email);
  await page.goto("/checkout");
  const modal = await fillPayment(page, email);
  await modal.getByRole("button", { name: "Pay $0.99" }).click();
  await expect(page).toHaveURL(/\/checkout\/sandbox\//);
  const id = new URL(page.url()).pathname.split("/").pop()!;
  // The buyer returns before paying: the result is still being queried.
  await page.goto(`/register?id=${id}`);
  await expect(page.getByTestId("register-status")).toHaveText("The payment result is currently being queried");
  // Payment completes meanwhile; polling (JS) or the page's refresh (no JS) picks it up.
  const paid = await page
    .context()
    .request.post(`/checkout/sandbox/${id}`, { form: { intent: "pay" }, maxRedirects: 0 });
  expect(paid.status()).toBe(302);
  await expect(page).toHaveURL(/\/dashboard\/modules\/SuccessModal$/, { timeout: 15_000 });
});

/** The confirmation link in the newest e-mail to `email`, read from the embedded provider's outbox page. */
async function readConfirmLink(context: BrowserContext, email: string) {
  const outbox = await context.newPage();
  try {
    await outbox.goto(`/dev/outbox?to=${encodeURIComponent(email)}`);
    const message = outbox.getByTestId("outbox-message").first();
    await expect(message).toHaveAttribute("data-to", email);
    const text = await message.locator("pre").innerText();
    const link = /https?:\/\/\S+\/unsubscribe-and-refund\/confirm\?token=[\w-]+/.exec(text)?.[0];
    expect(link, `a confirmation link in:\n${text}`).toBeTruthy();
    const url = new URL(link!);
    return url.pathname + url.search;
  } finally {
    await outbox.close();
  }
}

for (const { form: formLocale, owner } of [
  { form: "ph", owner: "id" },
  { form: "en", owner: "en" },
] as const) {
  test(`the refund form (${formLocale}) stops renewals only once the owner confirms the e-mailed link (${owner}), and answers an unknown e-mail the same way`, async ({
    page,
    js,
    makeUser,
    consoleErrors,
  }) => {
    consoleErrors.allow(/status of 400 \(Bad Request\)/);
    const user = await makeUser();
    const db = sql();
    db.prepare(`UPDATE "User" SET locale = ? WHERE id = ?`).run(owner, user.id);
    // Every browser test posts from the same address: start with a fresh per-address refund allowance.
    db.prepare(`DELETE FROM "RateLimit" WHERE key LIKE 'refund:ip:%'`).run();
    const subscription = () =>
      db.prepare(`SELECT state, cancelAtPeriodEnd FROM "Subscription" WHERE userId = ?`).get(user.id) as {
        state: string;
        cancelAtPeriodEnd: number;
      };
    const prefix = formLocale === "en" ? "" : `/${formLocale}`;
    await page.goto(`${prefix}/unsubscribe-and-refund`);
    if (js) await waitForHydration(page, "#refund-form");
    const form = page.locator("#refund-form");

    // A reason of blanks passes the browser's `required` and is refused by the server, translated.
    await form.locator("input[name=email]").fill(user.email);
    await form.locator("textarea[name=reason]").fill("   ");
    await form.locator("button[type=submit]").click();
    await expect(page.locator("#refund-form .field-error")).toHaveText(tr(formLocale, "payments.errors.reason"));
    // The same problem heads the form, a link to its field (with and without JavaScript).
    const summary = page.locator("#refund-form .error-summary");
    await expect(summary.getByRole("heading")).toHaveText(tr(formLocale, "errors.summaryTitle"));
    await expect(summary.getByRole("link")).toHaveText(tr(formLocale, "payments.errors.reason"));
    await expect(summary.getByRole("link")).toHaveAttribute("href", "#refund-reason");
    await expect(page.locator("#refund-form input[name=email]")).toHaveValue(user.email);

    await page.locator("#refund-form textarea[name=reason]").fill("I forgot to cancel before the renewal.");
    await page.locator("#refund-form button[type=submit]").click();
    await expect(page).toHaveURL(new RegExp(`${prefix}/unsubscribe-and-refund$`));
    await expectNotice(page, js, tr(formLocale, "payments.refund.done"));
    await expect(page.locator("#refund-form input[name=email]")).toHaveValue("");
    // Nothing changes until the owner confirms.
    expect(subscription()).toEqual({ state: "active", cancelAtPeriodEnd: 0 });

    // Someone without an account gets exactly the same answer (once the first toast has gone, so the
    // one that shows is the second answer's).
    if (js) await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 15_000 });
    const stranger = uniqueEmail("stranger");
    await page.locator("#refund-form input[name=email]").fill(stranger);
    await page.locator("#refund-form textarea[name=reason]").fill("I do not know this service.");
    await page.locator("#refund-form button[type=submit]").click();
    await expectNotice(page, js, tr(formLocale, "payments.refund.done"));

    // The owner's mailbox: the link is in their language; opening it shows a button and changes nothing.
    const link = await readConfirmLink(page.context(), user.email);
    const ownerPrefix = owner === "en" ? "" : `/${owner}`;
    expect(link.startsWith(`${ownerPrefix}/unsubscribe-and-refund/confirm?token=`)).toBe(true);
    await page.goto(link);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(tr(owner, "payments.refund.confirmTitle"));
    expect(subscription()).toEqual({ state: "active", cancelAtPeriodEnd: 0 });
    await page.getByRole("button", { name: tr(owner, "payments.refund.confirmButton") }).click();
    await expect(page).toHaveURL(new RegExp(`${ownerPrefix}/unsubscribe-and-refund$`));
    await expectNotice(page, js, tr(owner, "payments.refund.confirmed"));
    expect(subscription()).toEqual({ state: "cancelled", cancelAtPeriodEnd: 1 });
    const recorded = db.prepare(`SELECT userId, status FROM "RefundRequest" WHERE email = ?`).get(user.email) as {
      userId: string;
      status: string;
    };
    expect(recorded).toEqual({ userId: user.id, status: "open" });

    // The link works once.
    await page.goto(link);
    await expect(page.locator(".text-page .form-error")).toHaveText(tr(owner, "payments.refund.invalidLink"));
    db.close();
  });
}

test("the register page says when the checkout is unknown, unsubscribed, or (with JS) its status cannot be obtained", async ({
  page,
  js,
  consoleErrors,
}) => {
  consoleErrors.allow(/status of 500 \(Internal Server Error\)/);
  await page.goto("/register?id=no-such-checkout");
  await expect(page.getByTestId("register-status")).toHaveText("Unknown signing status!");
  await page.goto("/id/register");
  await expect(page.getByTestId("register-status")).toHaveText(tr("id", "payments.register.unknown"));

  const email = uniqueEmail("unsubscribed");
  await page.goto("/checkout");
  const modal = await fillPayment(page, email);
  await modal.getByRole("button", { name: "Pay $0.99" }).click();
  await expect(page).toHaveURL(/\/checkout\/sandbox\//);
  const id = new URL(page.url()).pathname.split("/").pop()!;

  if (js) {
    // The page polls the API; when it cannot answer, the page says so instead of waiting for good.
    await page.route("**/api/v1/personnal/registerQuery/**", (route) =>
      route.fulfill({
        status: 500,
        contentType: "application/json",
        body: JSON.stringify({ status: 500, message: "down", data: null }),
      }),
    );
    await page.goto(`/ph/register?id=${id}`);
    await expect(page.getByTestId("register-status")).toHaveText(tr("ph", "payments.register.unobtainable"), {
      timeout: 10_000,
    });
    await page.unroute("**/api/v1/personnal/registerQuery/**");
  }

  // The subscription ended at the provider before sign-up.
  const db = sql();
  db.prepare(`UPDATE "Checkout" SET status = 'unsubscribed' WHERE id = ?`).run(id);
  db.close();
  await page.goto(`/register?id=${id}`);
  await expect(page.getByTestId("register-status")).toHaveText("User has unsubscribed!");
  await page.goto(`/ph/register?id=${id}`);
  await expect(page.getByTestId("register-status")).toHaveText(tr("ph", "payments.register.unsubscribed"));
});

test("the register page opened again without the session says 'Auto login failed!'", async ({ page }) => {
  const email = uniqueEmail("again");
  bought.push(email);
  await page.goto("/checkout");
  const modal = await fillPayment(page, email);
  await modal.getByRole("button", { name: "Pay $0.99" }).click();
  await expect(page).toHaveURL(/\/checkout\/sandbox\//);
  const id = new URL(page.url()).pathname.split("/").pop()!;
  await page.getByRole("button", { name: "Pay", exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/modules\/SuccessModal$/);

  // The single automatic sign-in is spent: without the session cookie the page sends the buyer to sign
  // in (the same browser: its checkout cookie stays).
  await page.context().clearCookies({ name: "token" });
  await page.goto(`/register?id=${id}`);
  await expect(page.getByTestId("register-status")).toHaveText("Auto login failed!");
  await expect(page.getByRole("link", { name: "Sign in", exact: true })).toBeVisible();
  await page.goto(`/id/register?id=${id}`);
  await expect(page.getByTestId("register-status")).toHaveText(tr("id", "payments.register.autoLoginFailed"));
});
