// The link in the account e-mail (docs/decisions/038, 040), with and without JavaScript, in each
// language: opened signed out it only shows a form (a mail scanner changes nothing); whoever reads the
// mailbox chooses the password there, which verifies the address, signs everyone else out and signs
// them in; signed in to that account, its button verifies the address and lands on My data; a second
// use is refused. And the takeover: the owner of an address a stranger's account uses tries to buy
// with it, is e-mailed (the form says only "check your e-mail"), resets the password by code from
// the e-mail's link, and then sees her own rows.
import { BASE_URL } from "./support/env.ts";
import { expect, test } from "./support/fixtures.ts";
import { tr } from "./support/i18n.ts";
import {
  expectNotice,
  readResetCode,
  resetModal,
  signInByRequest,
  waitForHydration,
  whenHydrated,
} from "./support/pages.ts";
import { outboxText } from "./support/requests.ts";
import { contactMessageFrom, emailVerificationToken, isEmailVerified } from "./support/users.ts";

const LOCALES = [
  ["", "en"],
  ["/id", "id"],
  ["/ph", "ph"],
] as const;

/** A message with its address filled in. */
const withEmail = (locale: (typeof LOCALES)[number][1], key: string, email: string) =>
  tr(locale, key).replace("{{email}}", email);

for (const [prefix, locale] of LOCALES) {
  test(`the account e-mail's link verifies the address only when signed in to it (${locale})`, async ({
    page,
    context,
    js,
    makeUser,
    consoleErrors,
  }) => {
    // The used link's page answers 400, as an invalid link should.
    consoleErrors.allow(/status of 400/);
    const user = await makeUser({ name: "Rosa" });
    const token = emailVerificationToken(user);
    const link = `${prefix}/verify-email?token=${encodeURIComponent(token)}`;

    // Signed out: opening it changes nothing; the form sets the password (a short one is refused).
    const other = await makeUser({ name: "Ana" });
    const otherLink = `${prefix}/verify-email?token=${encodeURIComponent(emailVerificationToken(other))}`;
    await page.goto(otherLink);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(tr(locale, "account.choosePassword.title"));
    await expect(page.getByText(withEmail(locale, "account.verifyEmail.chooseIntro", other.email))).toBeVisible();
    await expect(page.getByRole("button", { name: tr(locale, "account.verifyEmail.button") })).toHaveCount(0);
    expect(isEmailVerified(other.id)).toBe(false);
    const form = page.getByTestId("link-password");
    // A click while React is still hydrating the form may be lost: wait for it, as other specs do.
    if (js) await waitForHydration(page, "[data-testid=link-password]");
    await form.getByLabel(tr(locale, "account.choosePassword.label")).fill("abc");
    // The browser's own check would stop a short password before the server sees it.
    await form.locator("input[name=password]").evaluate((input) => input.removeAttribute("minlength"));
    await form.getByRole("button", { name: tr(locale, "account.verifyEmail.chooseButton") }).click();
    await expect(form).toContainText(tr(locale, "validation.passwordLength"));
    expect(isEmailVerified(other.id)).toBe(false);
    await form.getByLabel(tr(locale, "account.choosePassword.label")).fill("anas-chosen-password");
    await form.getByRole("button", { name: tr(locale, "account.verifyEmail.chooseButton") }).click();
    await expect(page).toHaveURL(new RegExp(`${prefix}/dashboard/?$`));
    await expectNotice(page, js, tr(locale, "account.verifyEmail.chosen"));
    expect(isEmailVerified(other.id)).toBe(true);
    await context.clearCookies();
    await signInByRequest(context, other.email, "anas-chosen-password");
    await context.clearCookies();
    expect((await page.goto(otherLink))?.status()).toBe(400);

    // Signed in to that account: the button verifies it and shows My data.
    await signInByRequest(context, user.email, user.password);
    await page.goto(link);
    await expect(page.getByText(withEmail(locale, "account.verifyEmail.intro", user.email))).toBeVisible();
    await page.getByRole("button", { name: tr(locale, "account.verifyEmail.button") }).click();
    await expect(page).toHaveURL(new RegExp(`${prefix}/dashboard/modules/MyData$`));
    await expectNotice(page, js, tr(locale, "account.verifyEmail.done"));
    await expect(page.getByText(withEmail(locale, "account.data.unverified", user.email))).toHaveCount(0);
    expect(isEmailVerified(user.id)).toBe(true);

    // Used once: the link now says it is no longer valid (400).
    const again = await page.goto(link);
    expect(again?.status()).toBe(400);
    await expect(page.getByRole("alert")).toHaveText(tr(locale, "account.verifyEmail.invalid"));
  });
}

test("the address's owner takes over an account a stranger made with it, by a reset code", async ({
  page,
  context,
  browser,
  js,
  makeUser,
}) => {
  test.slow(); // Two browsers, the payment dialog, the reset dialog and an e-mail.
  // The stranger's account (unverified) and its session; Rosa's message, sent signed out before.
  const stranger = await makeUser({ name: "Mallory" });
  contactMessageFrom(stranger.email, "Rosa's private note");
  await signInByRequest(context, stranger.email, stranger.password);
  await page.goto("/dashboard/modules/MyData");
  await expect(page.getByText("Rosa's private note")).toHaveCount(0);
  await expect(page.getByText(tr("en", "account.data.unverified").replace("{{email}}", stranger.email))).toBeVisible();

  const rosa = await browser.newContext({ javaScriptEnabled: js, baseURL: BASE_URL });
  try {
    const own = await rosa.newPage();
    await own.goto("/checkout");
    const modal = own.locator("#payment-modal");
    await whenHydrated(own, "#payment-modal form");
    await modal.getByLabel(tr("en", "payments.modal.name"), { exact: true }).fill("Rosa");
    await modal.getByLabel(tr("en", "payments.modal.surname")).fill("Santos");
    await modal.getByLabel(tr("en", "payments.modal.email")).fill(stranger.email);
    await modal.getByLabel(tr("en", "payments.modal.adult")).check();
    await modal.locator("button[type=submit]").click();
    // The form says only "check your e-mail"; the address's mailbox (Rosa's) gets the way in.
    await expect(own).toHaveURL(/\/checkout\/email$/);
    await expect(own.getByRole("heading", { level: 1 })).toHaveText(tr("en", "payments.checkEmail.title"));
    const mail = outboxText(stranger.email)!;
    expect(mail).toContain(tr("en", "payments.email.accountExists.intro"));
    await own.goto(/https?:\/\/\S+\?modal=reset\S*/.exec(mail)![0]);

    const reset = resetModal(own);
    await expect(reset).toBeVisible();
    if (js) await waitForHydration(own, "#reset-modal form");
    await reset.getByRole("button", { name: "Reset" }).click();
    await expect(reset.getByRole("button", { name: "Confirm" })).toBeVisible();
    const code = await readResetCode(rosa, stranger.email);
    await reset.getByLabel("New password").fill("rosas-own-password");
    await reset.getByLabel("Verification code").fill(code);
    await reset.getByRole("button", { name: "Confirm" }).click();
    await expect(resetModal(own)).toHaveCount(0);
    expect(isEmailVerified(stranger.id)).toBe(true);

    // The account is Rosa's now: her message is in My data; the stranger was signed out.
    await signInByRequest(rosa, stranger.email, "rosas-own-password");
    await own.goto("/dashboard/modules/MyData");
    await expect(own.locator("[data-section=contactMessages]")).toContainText("Rosa's private note");
    await page.goto("/dashboard/modules/MyData");
    await expect(page).not.toHaveURL(/MyData/);
  } finally {
    await rosa.close();
  }
});
