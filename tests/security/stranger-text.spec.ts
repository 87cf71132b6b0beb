// Round three's disguises through the real forms, with JavaScript and without, in every language: a
// voice message that names a number or a web address, a requester name with soft hyphens inside a
// domain and a quoted e-mail address are each refused beside their field, in the page's language.
import { expect, test } from "../e2e/support/fixtures.ts";
import { tr, type Locale } from "../e2e/support/i18n.ts";
import { signInByRequest, waitForHydration } from "../e2e/support/pages.ts";

const LOCALES: { locale: Locale; prefix: string }[] = [
  { locale: "en", prefix: "" },
  { locale: "id", prefix: "/id" },
  { locale: "ph", prefix: "/ph" },
];
const SCAM = "Your account is locked. Call ٠٩١٧ ١٢٣ ٤٥٦٧ or visit bdo-verify dot com";

for (const { locale, prefix } of LOCALES) {
  test(`refuses contact points and disguised addresses beside their field in ${locale}`, async ({
    page,
    context,
    js,
    makeUser,
    consoleErrors,
  }) => {
    // Each refusal is the 400 under test.
    consoleErrors.allow(/status of 400/);
    const user = await makeUser();
    await signInByRequest(context, user.email, user.password);

    await page.goto(`${prefix}/send-voice-message`);
    if (js) await waitForHydration(page, "form.voice-form");
    const voice = page.locator("form.voice-form");
    await voice.locator("select[name=country]").selectOption("PH");
    await voice.locator("input[name=number]").fill("0917 123 4567");
    await voice.locator("input[name=name]").fill("Ana");
    await voice.locator("textarea[name=message]").fill(SCAM);
    await voice.locator("button[value=preview]").click();
    await expect(page.locator("form.voice-form .field-error")).toHaveText(tr(locale, "voice.errors.messageContact"));
    await expect(page.getByTestId("voice-preview")).toHaveCount(0);

    await page.goto(`${prefix}/dashboard/?tab=new`);
    if (js) await waitForHydration(page, "form[data-testid=email-form]");
    const email = page.getByTestId("email-form");
    await email.locator("input[name=email]").fill('"rosatest"@gmail.com');
    await email.locator("input[name=name]").fill("www\u00ad.bdo-verify.c\u00adom");
    await email.locator("button[type=submit]").click();
    const form = page.getByTestId("email-form");
    await expect(form.locator("#email-email-error")).toHaveText(tr(locale, "loginModal.EnterValidEmail"));
    await expect(form).toContainText(tr(locale, "requests.errors.nameContact"));
  });
}
