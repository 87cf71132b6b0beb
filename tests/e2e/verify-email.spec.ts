// The link in the account e-mail (docs/decisions/038), with and without JavaScript, in each language:
// opened signed out it verifies nothing and says to sign in first (a mail scanner or the address's
// owner holding a stranger's link); signed in to that account, its button verifies the address and
// lands on My data; a second use is refused.
import { expect, test } from "./support/fixtures.ts";
import { tr } from "./support/i18n.ts";
import { expectNotice, signInByRequest } from "./support/pages.ts";
import { emailVerificationToken, isEmailVerified } from "./support/users.ts";

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

    // Signed out: no button, the way to sign in, and nothing verified.
    await page.goto(link);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(tr(locale, "account.verifyEmail.title"));
    await expect(page.getByText(withEmail(locale, "account.verifyEmail.signIn", user.email))).toBeVisible();
    await expect(page.getByRole("button", { name: tr(locale, "account.verifyEmail.button") })).toHaveCount(0);
    await expect(
      page.locator("article").getByRole("link", { name: tr(locale, "account.verifyEmail.signInButton") }),
    ).toHaveAttribute("href", /modal=login/);
    expect(isEmailVerified(user.id)).toBe(false);

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
