// Reverse phone number lookup: the form answers with and without JavaScript in every language, shows
// what the number itself tells (the e2e server has no lookup provider), says what needs a provider,
// refuses invalid numbers in the page language, and stays open to signed-in users.
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

import { expect, test } from "./support/fixtures.ts";
import { tr as text, type Locale } from "./support/i18n.ts";
import { expectOutcomeOnTop, signInByRequest, waitForHydration } from "./support/pages.ts";

const LOCALES: { locale: Locale; prefix: string; intl: string }[] = [
  { locale: "en", prefix: "", intl: "en-US" },
  { locale: "id", prefix: "/id", intl: "id-ID" },
  { locale: "ph", prefix: "/ph", intl: "fil-PH" },
];
const countryName = (intl: string, region: string) => new Intl.DisplayNames([intl], { type: "region" }).of(region)!;

async function lookUp(page: Page, js: boolean, prefix: string, country: string, number: string) {
  await page.goto(`${prefix}/reverse-phone-lookup`);
  if (js) await waitForHydration(page, "form.lookup-form");
  const form = page.locator("form.lookup-form");
  await form.locator("select[name=country]").selectOption(country);
  await form.locator("input[name=number]").fill(number);
  await form.locator("button[type=submit]").click();
}

test.describe("reverse phone number lookup", () => {
  for (const { locale, prefix, intl } of LOCALES) {
    test(`looks up a Philippine and an Indonesian number in ${locale}`, async ({ page, js }) => {
      await lookUp(page, js, prefix, "PH", "0917 123 4567");
      const result = page.getByTestId("lookup-result");
      await expect(result).toBeVisible();
      const title = text(locale, "lookup.resultTitle").replace("{{number}}", "+63 917 123 4567");
      await expect(result.getByRole("heading")).toHaveText(title);
      // The answer is announced at the top of the page, a link down to the result.
      await expectOutcomeOnTop(page, js, title);
      await expect(page.getByTestId("outcome").getByRole("link", { name: title })).toHaveAttribute(
        "href",
        "#lookup-result-title",
      );
      await expect(result.locator("[data-field=valid]")).toHaveText(text(locale, "lookup.yes"));
      await expect(result.locator("[data-field=country]")).toHaveText(`${countryName(intl, "PH")} (+63)`);
      await expect(result.locator("[data-field=timeZones]")).toHaveText(
        `${new Intl.DateTimeFormat(intl, { timeZone: "Asia/Manila", timeZoneName: "long" }).formatToParts().find((p) => p.type === "timeZoneName")!.value} (UTC+8)`,
      );
      await expect(result.locator("[data-field=numberType]")).toHaveText(text(locale, "lookup.numberTypes.MOBILE"));
      await expect(result.locator("[data-field=region]")).toHaveText(text(locale, "lookup.regionNotInData"));
      await expect(result.locator("[data-field=carrier]")).toHaveCount(0);
      await expect(page.getByTestId("lookup-provider-note")).toHaveText(
        text(locale, "lookup.providerNote.unconfigured"),
      );

      await lookUp(page, js, prefix, "ID", "021 555 1234");
      await expect(result.locator("[data-field=country]")).toHaveText(`${countryName(intl, "ID")} (+62)`);
      await expect(result.locator("[data-field=numberType]")).toHaveText(text(locale, "lookup.numberTypes.FIXED_LINE"));
      await expect(result.locator("[data-field=timeZones]")).toContainText("UTC+7");
      await expect(result.locator("[data-field=nationalFormat]")).toHaveText("(021) 5551234");
    });

    test(`refuses an invalid number in ${locale}`, async ({ page, js, consoleErrors }) => {
      // The refusal answers 400, which the browser logs.
      consoleErrors.allow(/status of 400 \(Bad Request\)/);
      await lookUp(page, js, prefix, "ID", "12");
      await expect(page.locator(".field-error")).toHaveText(text(locale, "requests.errors.numberInvalid"));
      await expectOutcomeOnTop(page, js, text(locale, "requests.errors.numberInvalid"));
      await expect(page.getByTestId("lookup-result")).toHaveCount(0);
      await expect(page.locator("input[name=number]")).toHaveValue("12");
    });
  }

  test("stays open to a signed-in user", async ({ page, context, js, makeUser }) => {
    const user = await makeUser();
    await signInByRequest(context, user.email, user.password);
    await lookUp(page, js, "/ph", "PH", "+63 917 123 4567");
    expect(new URL(page.url()).pathname).toBe("/ph/reverse-phone-lookup");
    await expect(page.getByTestId("lookup-result").locator("[data-field=numberType]")).toHaveText(
      text("ph", "lookup.numberTypes.MOBILE"),
    );
  });

  test("the page with a result has no serious or critical axe-core violations", async ({ page, js }) => {
    test.skip(!js, "axe runs inside the page");
    await lookUp(page, js, "/id", "PH", "0917 123 4567");
    await expect(page.getByTestId("lookup-result")).toBeVisible();
    const { violations } = await new AxeBuilder({ page })
      .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
      .analyze();
    expect(violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual([]);
  });
});
