// Account and checkout protections in the browser, with and without JavaScript, in every language: the
// automatic sign-in after payment happens only in the browser that started the checkout, an address that
// has an account leads to "check your e-mail" (never "already in use") and its owner's e-mail signs in
// and resets the password, and a throttled sign-in says when to try again.
import type { Page } from "@playwright/test";
import Database from "better-sqlite3";

import { BASE_URL, DB_FILE } from "./support/env.ts";
import { expect, test } from "./support/fixtures.ts";
import { tr, type Locale } from "./support/i18n.ts";
import { fillLogin, loginModal, openLogin, submitLogin, whenHydrated } from "./support/pages.ts";
import { outboxText } from "./support/requests.ts";
import { deleteUsersByEmail, uniqueEmail } from "./support/users.ts";

const PREFIX: Record<Locale, string> = { en: "", id: "/id", ph: "/ph" };

/** Accounts made by a checkout belong to the test that bought them. */
const bought: string[] = [];
test.afterEach(() => deleteUsersByEmail(bought.splice(0)));

async function startCheckout(page: Page, locale: Locale, email: string) {
  await page.goto(`${PREFIX[locale]}/checkout`);
  const modal = page.locator("#payment-modal");
  await expect(modal).toBeVisible();
  await whenHydrated(page, "#payment-modal form");
  await modal.getByLabel(tr(locale, "payments.modal.name"), { exact: true }).fill("Maria");
  await modal.getByLabel(tr(locale, "payments.modal.surname")).fill("Santos");
  await modal.getByLabel(tr(locale, "payments.modal.email")).fill(email);
  await modal.getByLabel(tr(locale, "payments.modal.adult")).check();
  await modal.locator("button[type=submit]").click();
  return modal;
}

for (const locale of ["en", "id", "ph"] as const) {
  test(`${locale}: a /register link opened in another browser shows the payment result and signs no one in`, async ({
    page,
    browser,
    js,
  }) => {
    test.setTimeout(60_000);
    const email = uniqueEmail(`bound-${locale}`);
    bought.push(email);
    await startCheckout(page, locale, email);
    await expect(page).toHaveURL(/\/checkout\/sandbox\//);

    // Someone else gets the checkout's link, pays there and follows it back to /register.
    const other = await browser.newContext({ baseURL: BASE_URL, javaScriptEnabled: js });
    try {
      const stranger = await other.newPage();
      await stranger.goto(page.url());
      await stranger.getByRole("button", { name: tr(locale, "payments.sandbox.pay"), exact: true }).click();
      await expect(stranger).toHaveURL(/\/register\?id=/);
      await expect(stranger.getByTestId("register-status")).toHaveText(tr(locale, "payments.register.paidElsewhere"));
      await expect(stranger.getByText(tr(locale, "payments.register.paidElsewhereHint"))).toBeVisible();
      const registerUrl = stranger.url();
      expect((await other.cookies()).map((c) => c.name)).not.toContain("token");
      await stranger.goto(`${PREFIX[locale]}/dashboard/`);
      await expect(stranger).not.toHaveURL(/\/dashboard\//);

      // The buyer's own browser still gets the single automatic sign-in.
      await page.goto(registerUrl);
      await expect(page).toHaveURL(new RegExp(`${PREFIX[locale]}/dashboard/modules/SuccessModal$`));
      await expect(page.locator("#success-modal")).toBeVisible();
    } finally {
      await other.close();
    }
  });

  test(`${locale}: an address with an account leads to "check your e-mail", and the owner's e-mail signs in and resets`, async ({
    page,
    js,
    makeUser,
  }) => {
    const existing = await makeUser();
    // The owner's language: the e-mail is written in it.
    const db = new Database(DB_FILE, { fileMustExist: true });
    db.prepare(`UPDATE "User" SET locale = ? WHERE id = ?`).run(locale, existing.id);
    db.close();
    const modal = await startCheckout(page, locale, existing.email);
    // The next step a new buyer's address could have: nothing says whose address it is.
    await expect(page).toHaveURL(new RegExp(`${PREFIX[locale]}/checkout/email$`));
    await expect(modal).toHaveCount(0);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(tr(locale, "payments.checkEmail.title"));
    await expect(page.getByTestId("check-email")).toContainText(tr(locale, "payments.checkEmail.text"));
    await expect(page.locator("body")).not.toContainText(/in use|sudah digunakan|Ginagamit na/);

    const mail = outboxText(existing.email)!;
    expect(mail).toContain(tr(locale, "payments.email.accountExists.intro"));
    const links = [...mail.matchAll(/https?:\/\/\S+\?modal=(?:login|reset)\S*/g)].map((m) => m[0]);
    const signIn = links.find((l) => l.includes("modal=login"))!;
    const resetHref = links.find((l) => l.includes("modal=reset"))!;
    expect(signIn.startsWith(`${BASE_URL}${PREFIX[locale] || "/"}?modal=login`), signIn).toBe(true);

    await page.goto(signIn);
    const login = page.locator("#login-modal");
    await expect(login).toBeVisible();
    // With JavaScript the dialog encrypts the password: wait until its script runs (the show/hide toggle).
    if (js) await expect(login.locator("button.toggle-password")).toBeVisible();
    await expect(login.getByLabel(tr(locale, "loginModal.email"))).toHaveValue(existing.email);
    await login.getByLabel(tr(locale, "loginModal.password"), { exact: true }).fill(existing.password);
    await login.locator("button[type=submit]").click();
    await expect(page).toHaveURL(new RegExp(`${PREFIX[locale]}/dashboard/$`));

    await page.context().clearCookies();
    await page.goto(resetHref);
    const resetModal = page.locator("#reset-modal");
    await expect(resetModal).toBeVisible();
    await expect(resetModal.getByLabel(tr(locale, "resetPwdModal.email"))).toHaveValue(existing.email);
  });
}

for (const locale of ["en", "id", "ph"] as const) {
  test(`${locale}: an address that must wait sees when to try again, even with the right password`, async ({
    page,
    js,
    makeUser,
  }) => {
    const user = await makeUser();
    // This browser's address has used up its failures on this account: a 90-second wait.
    const db = new Database(DB_FILE, { fileMustExist: true });
    db.pragma("busy_timeout = 10000");
    const now = Date.now();
    const insert = db.prepare(
      `INSERT INTO "SignInThrottle" ("key", "failures", "blockedUntil", "backoffMs", "expiresAt") VALUES (?, 5, ?, 30000, ?)`,
    );
    for (const ip of ["127.0.0.1", "::1", "::ffff:127.0.0.1", "0:0:0:0::/64"])
      insert.run(`pair:${ip}|${user.email}`, now + 90_000, now + 86_400_000);
    db.close();
    try {
      const modal = await openLogin(page, js, PREFIX[locale] || "/");
      await fillLogin(modal, user.email, user.password);
      await submitLogin(modal);
      await expect(loginModal(page)).toContainText(tr(locale, "errors.tryAgainIn").replace("{{minutes}}", "2"));
      await expect(page).not.toHaveURL(/\/dashboard\//);
    } finally {
      const cleanup = new Database(DB_FILE, { fileMustExist: true });
      cleanup.prepare(`DELETE FROM "SignInThrottle" WHERE "key" LIKE ?`).run(`%|${user.email}`);
      cleanup.close();
    }
  });
}
