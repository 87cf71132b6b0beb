// The payment form's optional mobile number (spec sections 3 and 5), with and without JavaScript, in
// every language: an invalid one is refused in the page language with the values kept; a valid one
// ends up as the new account's phone; leaving it empty is fine.
import type { Page } from "@playwright/test";
import Database from "better-sqlite3";

import { DB_FILE } from "./support/env.ts";
import { expect, test } from "./support/fixtures.ts";
import { tr as text, type Locale } from "./support/i18n.ts";
import { waitForHydration } from "./support/pages.ts";
import { deleteUsersByEmail, uniqueEmail } from "./support/users.ts";

const LOCALES: { locale: Locale; prefix: string; local: string; e164: string }[] = [
  { locale: "en", prefix: "", local: "(201) 555-0123", e164: "+12015550123" },
  { locale: "id", prefix: "/id", local: "0812-3456-7890", e164: "+6281234567890" },
  { locale: "ph", prefix: "/ph", local: "0917 123 4567", e164: "+639171234567" },
];

function accountPhone(email: string) {
  const db = new Database(DB_FILE, { fileMustExist: true });
  db.pragma("busy_timeout = 10000");
  try {
    return (db.prepare(`SELECT phone FROM "User" WHERE email = ?`).get(email) as { phone: string | null } | undefined)
      ?.phone;
  } finally {
    db.close();
  }
}

const bought: string[] = [];
test.afterEach(() => deleteUsersByEmail(bought.splice(0)));

async function openPayment(page: Page, js: boolean, locale: Locale, prefix: string, email: string) {
  await page.goto(`${prefix}/checkout`);
  const modal = page.locator("#payment-modal");
  if (js) await waitForHydration(page, "#payment-modal");
  await modal.getByLabel(text(locale, "payments.modal.name"), { exact: true }).fill("Maria");
  await modal.getByLabel(text(locale, "payments.modal.surname")).fill("Santos");
  await modal.getByLabel(text(locale, "payments.modal.email")).fill(email);
  await modal.getByLabel(text(locale, "payments.modal.adult")).check();
  return modal;
}

test.describe("phone number at sign-up", () => {
  for (const { locale, prefix, local, e164 } of LOCALES) {
    test(`is optional, checked, and stored on the account (${locale})`, async ({ page, js, consoleErrors }) => {
      consoleErrors.allow(/status of 400/);
      const email = uniqueEmail(`phone-${locale}`);
      bought.push(email);
      let modal = await openPayment(page, js, locale, prefix, email);
      const phone = modal.getByLabel(text(locale, "payments.modal.phone"));
      await expect(phone).toHaveAttribute("type", "tel");
      await expect(phone).not.toHaveAttribute("required");
      await phone.fill("12345");
      await modal.locator("button[type=submit]").click();

      modal = page.locator("#payment-modal");
      await expect(modal.locator(".field-error")).toHaveText(text(locale, "requests.errors.numberInvalid"));
      // The same problem heads the form, a link to its field; with JavaScript it has the focus.
      const summary = modal.locator(".error-summary");
      await expect(summary.getByRole("heading")).toHaveText(text(locale, "errors.summaryTitle"));
      await expect(summary.getByRole("link")).toHaveText(text(locale, "requests.errors.numberInvalid"));
      await expect(summary.getByRole("link")).toHaveAttribute("href", "#payment-phone");
      if (js) await expect(summary).toBeFocused();
      await expect(modal.getByLabel(text(locale, "payments.modal.phone"))).toHaveValue("12345");
      await expect(modal.getByLabel(text(locale, "payments.modal.phone"))).toHaveAttribute("aria-invalid", "true");
      await expect(modal.getByLabel(text(locale, "payments.modal.email"))).toHaveValue(email);

      if (js) await waitForHydration(page, "#payment-modal");
      await modal.getByLabel(text(locale, "payments.modal.phone")).fill(local);
      await modal.getByLabel(text(locale, "payments.modal.adult")).check();
      await modal.locator("button[type=submit]").click();
      await expect(page).toHaveURL(/\/checkout\/sandbox\//);
      await page.locator("button[name=intent][value=pay]").click();
      await expect(page).toHaveURL(/\/dashboard\/modules\/SuccessModal$/);
      expect(accountPhone(email)).toBe(e164);
    });
  }

  test("leaving it empty buys as before", async ({ page, js }) => {
    const email = uniqueEmail("phone-empty");
    bought.push(email);
    const modal = await openPayment(page, js, "en", "", email);
    await modal.getByRole("button", { name: "Pay $0.99" }).click();
    await expect(page).toHaveURL(/\/checkout\/sandbox\//);
    await page.getByRole("button", { name: "Pay", exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard\/modules\/SuccessModal$/);
    expect(accountPhone(email)).toBeNull();
  });
});
