// The home page's number search, with and without JavaScript in every language: the searching modal
// lists only what the number tells (the e2e server has no lookup provider, so no carrier step), says
// that the owner decides, and leads a visitor to the payment modal with the number kept; a signed-in
// user lands in New Search with it filled in; bad input is refused in the page language with 400.
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import Database from "better-sqlite3";

import { DB_FILE } from "./support/env.ts";
import { expect, test } from "./support/fixtures.ts";
import { tr as text, type Locale } from "./support/i18n.ts";
import { signInByRequest, waitForHydration, whenHydrated } from "./support/pages.ts";
import { uniqueEmail } from "./support/users.ts";

const LOCALES: {
  locale: Locale;
  prefix: string;
  intl: string;
  region: string;
  country: string;
  number: string;
  formatted: string;
  zone: string;
}[] = [
  {
    locale: "en",
    prefix: "",
    intl: "en-US",
    region: "US",
    country: "PH",
    number: "0917 123 4567",
    formatted: "+63 917 123 4567",
    zone: "UTC+8",
  },
  {
    locale: "id",
    prefix: "/id",
    intl: "id-ID",
    region: "ID",
    country: "ID",
    number: "0812-3456-7890",
    formatted: "+62 812 3456 7890",
    zone: "UTC+7",
  },
  {
    locale: "ph",
    prefix: "/ph",
    intl: "fil-PH",
    region: "PH",
    country: "PH",
    number: "0917 123 4567",
    formatted: "+63 917 123 4567",
    zone: "UTC+8",
  },
];
/** A zone's long name, as the product names it (app/utils/time-zone.ts). */
const zoneName = (zone: string, intl: string) =>
  new Intl.DateTimeFormat(intl, { timeZone: zone, timeZoneName: "long" })
    .formatToParts()
    .find((part) => part.type === "timeZoneName")!.value;
const countryName = (intl: string, region: string) => new Intl.DisplayNames([intl], { type: "region" }).of(region)!;
const dial: Record<string, string> = { PH: "63", ID: "62" };

const searchForm = (page: Page) => page.locator("form.search-form");
const searchModal = (page: Page) => page.locator("#search-modal");

async function search(page: Page, js: boolean, prefix: string, country: string | null, number: string) {
  await page.goto(`${prefix}/`);
  if (js) await waitForHydration(page, "form.search-form");
  const form = searchForm(page);
  if (country) await form.locator("select[name=country]").selectOption(country);
  await form.locator("input[name=number]").fill(number);
  await form.locator("button[type=submit]").click();
}

test.describe("home page number search", () => {
  for (const { locale, prefix, intl, region, country, number, formatted, zone } of LOCALES) {
    test(`shows what a mobile number tells, then the payment modal with the number kept (${locale})`, async ({
      page,
      js,
    }) => {
      await page.goto(`${prefix}/`);
      await expect(searchForm(page).locator("select[name=country]")).toHaveValue(region);
      await search(page, js, prefix, country, number);

      await expect(page).toHaveURL(
        (url) => url.searchParams.get("modal") === "search" && url.searchParams.get("number") === number,
      );
      const modal = searchModal(page);
      await expect(modal).toHaveAttribute("role", "dialog");
      await expect(modal.getByRole("heading")).toHaveText(text(locale, "home.search.modalTitle"));
      // The search as a process: number checked, then country and time zone, then (no lookup
      // provider on the e2e server, so no carrier step) city and location, which wait for consent.
      const steps = modal.locator(".search-steps > li");
      await expect(steps).toHaveCount(3);
      await expect(steps.locator(".step-label")).toHaveText([
        new RegExp(`^${text(locale, "home.search.steps.number")}`),
        new RegExp(`^${text(locale, "home.search.steps.region")}`),
        new RegExp(`^${text(locale, "home.search.steps.location")}`),
      ]);
      const fact = (name: string) => modal.locator(`[data-fact=${name}] dd`);
      await expect(fact("number")).toHaveText(formatted);
      await expect(fact("numberType")).toHaveText(text(locale, "lookup.numberTypes.MOBILE"));
      await expect(fact("country")).toHaveText(`${countryName(intl, country)} (+${dial[country]})`);
      // One zone (the Philippines) by its name; Indonesia's three by their range.
      if (country === "PH") await expect(fact("timeZones")).toHaveText(`${zoneName("Asia/Manila", intl)} (${zone})`);
      else await expect(fact("timeZones")).toContainText(zone);
      await expect(modal.locator("[data-step=carrier]")).toHaveCount(0);
      await expect(modal.locator("[data-step=location]")).toHaveAttribute("data-state", "waiting");
      await expect(fact("city")).toHaveText(text(locale, "home.search.consentOnly"));
      await expect(fact("location")).toHaveText(text(locale, "home.search.consentOnly"));
      await expect(modal.locator("[data-step=number]")).toHaveAttribute("data-state", "done");
      await expect(modal.getByTestId("search-consent")).toHaveText(text(locale, "home.search.consent"));
      if (js) await expect(modal).toBeFocused();

      await modal.getByRole("link", { name: text(locale, "home.search.next") }).click();
      await expect(page.locator("#payment-modal")).toBeVisible();
      await expect(searchModal(page)).toHaveCount(0);
      await expect(page).toHaveURL(
        (url) => url.searchParams.get("modal") === "payment" && url.searchParams.get("number") === number,
      );
      // The form behind the modal still holds the number.
      await expect(searchForm(page).locator("input[name=number]")).toHaveValue(number);
      await expect(searchForm(page).locator("select[name=country]")).toHaveValue(country);
    });

    test(`refuses an empty and an invalid number in ${locale}, keeping the input`, async ({
      page,
      js,
      consoleErrors,
    }) => {
      consoleErrors.allow(/status of 400 \(Bad Request\)/);
      await search(page, js, prefix, country, "");
      await expect(searchForm(page).locator(".field-error")).toHaveText(text(locale, "requests.errors.numberRequired"));
      await search(page, js, prefix, country, "12");
      await expect(searchForm(page).locator(".field-error")).toHaveText(text(locale, "requests.errors.numberInvalid"));
      await expect(searchForm(page).locator("input[name=number]")).toHaveValue("12");
      await expect(searchForm(page).locator("input[name=number]")).toHaveAttribute("aria-invalid", "true");
      await expect(searchForm(page).locator("select[name=country]")).toHaveValue(country);
      await expect(searchModal(page)).toHaveCount(0);
      const response = await page.goto(`${prefix}/?modal=search&country=${country}&number=12`);
      expect(response?.status()).toBe(400);
    });
  }

  test("closing keeps the number in the form; New search starts over with an empty form", async ({ page, js }) => {
    await search(page, js, "/ph", "PH", "0917 123 4567");
    await searchModal(page)
      .getByRole("link", { name: text("ph", "common.close") })
      .click();
    await expect(searchModal(page)).toHaveCount(0);
    await expect(searchForm(page).locator("input[name=number]")).toHaveValue("0917 123 4567");

    await searchForm(page).locator("button[type=submit]").click();
    await searchModal(page)
      .getByRole("link", { name: text("ph", "home.search.again") })
      .click();
    await expect(page).toHaveURL(/\/ph$/);
    await expect(searchModal(page)).toHaveCount(0);
    await expect(searchForm(page).locator("input[name=number]")).toHaveValue("");
    await expect(searchForm(page).locator("select[name=country]")).toHaveValue("PH");
  });

  for (const { locale, prefix, country, number } of LOCALES) {
    test(`a signed-in user goes to New Search with the number filled in (${locale})`, async ({
      page,
      context,
      makeUser,
    }) => {
      const user = await makeUser();
      await signInByRequest(context, user.email, user.password);
      await page.goto(`${prefix}/?${new URLSearchParams({ modal: "search", country, number })}`);
      await expect(page).toHaveURL(
        (url) => url.pathname === `${prefix}/dashboard/` && url.searchParams.get("tab") === "new",
      );
      const sms = page.getByTestId("sms-form");
      await expect(sms.locator("input[name=number]")).toHaveValue(number);
      await expect(sms.locator("select[name=countryCode]")).toHaveValue(country);
    });
  }

  test("a visitor who buys after a search lands in New Search with the number", async ({ page }) => {
    test.setTimeout(60_000);
    const email = uniqueEmail("searcher");
    try {
      await page.goto("/?modal=search&country=PH&number=0917+123+4567");
      await searchModal(page).getByTestId("search-next").click();
      const modal = page.locator("#payment-modal");
      await whenHydrated(page, "#payment-modal form");
      await modal.getByLabel("Name", { exact: true }).fill("Maria");
      await modal.getByLabel("Surname").fill("Santos");
      await modal.getByLabel("E-mail").fill(email);
      await modal.getByLabel("I confirm that I am 18 years of age or older").check();
      await modal.getByRole("button", { name: "Pay $0.99" }).click();
      await expect(page).toHaveURL(/\/checkout\/sandbox\//);
      await page.getByRole("button", { name: "Pay", exact: true }).click();
      await expect(page).toHaveURL(/\/dashboard\/modules\/SuccessModal\?country=PH&number=0917\+123\+4567$/, {
        timeout: 15_000,
      });
      await page
        .locator("#success-modal")
        .getByRole("link", { name: text("en", "payments.success.startSearch").replace("{{number}}", "+639171234567") })
        .click();
      await expect(page.getByTestId("sms-form").locator("input[name=number]")).toHaveValue("0917 123 4567");
      await expect(page.getByTestId("sms-form").locator("select[name=countryCode]")).toHaveValue("PH");
    } finally {
      const db = new Database(DB_FILE, { fileMustExist: true });
      db.pragma("busy_timeout = 10000");
      db.prepare(`DELETE FROM "User" WHERE email = ?`).run(email);
      db.close();
    }
  });

  test("the form and the searching modal have no serious or critical axe-core violations", async ({ page, js }) => {
    test.skip(!js, "axe runs inside the page");
    for (const prefix of ["", "/id", "/ph"]) {
      await page.goto(`${prefix}/`);
      await waitForHydration(page, "form.search-form");
      const analyze = async () =>
        (await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze()).violations
          .filter((v) => v.impact === "serious" || v.impact === "critical")
          .map((v) => v.id);
      expect(await analyze()).toEqual([]);
      await page.goto(`${prefix}/?modal=search&country=ID&number=0812-3456-7890`);
      await expect(searchModal(page)).toBeVisible();
      expect(await analyze()).toEqual([]);
    }
  });
});
