// Send Voice Message: a subscriber previews and sends a message with and without JavaScript in every
// language (the e2e server uses the embedded outbox, so nobody is called), sees it in the history, and
// the three-hour limit refuses the next one; a visitor is sent away.
import { expect, test } from "./support/fixtures.ts";
import { tr as text, type Locale } from "./support/i18n.ts";
import { expectNotice, expectOutcomeOnTop, signInByRequest, waitForHydration } from "./support/pages.ts";

const LOCALES: { locale: Locale; prefix: string; language: string }[] = [
  { locale: "en", prefix: "", language: "en" },
  { locale: "id", prefix: "/id", language: "id" },
  { locale: "ph", prefix: "/ph", language: "fil" },
];

test.describe("send voice message", () => {
  for (const { locale, prefix, language } of LOCALES) {
    test(`previews, sends and lists a voice message in ${locale}`, async ({
      page,
      context,
      js,
      makeUser,
      consoleErrors,
    }) => {
      consoleErrors.allow(/status of 429/);
      const user = await makeUser();
      await signInByRequest(context, user.email, user.password);
      await page.goto(`${prefix}/send-voice-message`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(text(locale, "voice.heading"));
      if (js) await waitForHydration(page, "form.voice-form");
      const form = page.locator("form.voice-form");
      await expect(form.locator("select[name=language]")).toHaveValue(language);
      await form.locator("select[name=country]").selectOption("PH");
      await form.locator("input[name=number]").fill("0917 123 4567");
      await form.locator("input[name=name]").fill("Ana");
      await form.locator("textarea[name=message]").fill("Dinner at seven.");
      await form.locator("button[value=preview]").click();
      const preview = page.getByTestId("voice-preview");
      await expect(preview).toContainText(text(locale, "voice.spoken.intro").replace("{{name}}", "Ana"));
      await expect(preview).toContainText(text(locale, "voice.spoken.optOut"));

      await page.locator("form.voice-form button[value=send]").click();
      await expectNotice(page, js, text(locale, "voice.sent"));
      if (js)
        await expect(page.locator("[data-sonner-toast]").filter({ hasText: text(locale, "voice.sent") })).toBeFocused();
      const history = page.getByTestId("voice-history");
      await expect(history).toContainText("+639171234567");
      await expect(history.locator("[data-state=queued]")).toHaveText(text(locale, "voice.states.queued"));

      // The limit is shown before it bites: Send waits, with the time it opens again beside it.
      const limited = text(locale, "requests.errors.limited").split("{{")[0]!.trim();
      const again = page.locator("form.voice-form");
      await expect(again.locator("button[value=send]")).toBeDisabled();
      await expect(page.getByTestId("voice-next-send")).toContainText(limited);
      // The server refuses all the same (a page left open, a forged post).
      await again.locator("button[value=send]").evaluate((button) => button.removeAttribute("disabled"));
      await again.locator("select[name=country]").selectOption("PH");
      await again.locator("input[name=number]").fill("0917 123 4568");
      await again.locator("input[name=name]").fill("Ana");
      await again.locator("textarea[name=message]").fill("Again");
      await again.locator("button[value=send]").click();
      await expectOutcomeOnTop(page, js, limited);
    });
  }

  for (const { locale, prefix } of LOCALES) {
    test(`sends a visitor to the home page, which says what the feature is and how to subscribe (${locale})`, async ({
      page,
      js,
    }) => {
      await page.goto(`${prefix}/send-voice-message`);
      expect(new URL(page.url()).pathname).toBe(prefix || "/");
      const notice = page.getByTestId("feature-notice");
      await expect(notice).toHaveAttribute("role", "region");
      await expect(notice.getByRole("heading", { level: 3 })).toHaveText(
        text(locale, "home.featureNotice.voice.title"),
      );
      await expect(notice).toContainText(text(locale, "home.featureNotice.voice.text"));
      await expect(notice.getByRole("link", { name: text(locale, "home.featureNotice.subscribe") })).toHaveAttribute(
        "href",
        prefix ? `${prefix}?modal=payment` : "/?modal=payment",
      );
      if (js) await expect(notice).toBeFocused();
      // Said once: the home page opened again is the plain home page.
      await page.reload();
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(page.getByTestId("feature-notice")).toHaveCount(0);
    });
  }
});
