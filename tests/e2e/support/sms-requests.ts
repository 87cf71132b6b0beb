// A requester's SMS request from New Search, and the recipient's own link read back from the outbox:
// shared by the browser tests of the recipient's controls and of their data.
import type { Page } from "@playwright/test";

import { expect } from "./fixtures.ts";
import { tr, type Locale } from "./i18n.ts";
import { waitForHydration } from "./pages.ts";

/** The recipient's own link (the code with its key) in a message's text. */
export const linkIn = (text: string | null) => /https?:\/\/\S+\/[A-Za-z0-9]{14}\b/.exec(text ?? "")?.[0] ?? null;

/** A Philippine mobile number, national part only (the form's country code is PH). */
export const randomMobile = () => `917${String(Math.floor(Math.random() * 1e7)).padStart(7, "0")}`;

/** Sends an SMS request to the Philippine number from the dashboard's New Search. */
export async function sendSms(page: Page, js: boolean, prefix: string, locale: Locale, mobile: string) {
  await page.goto(`${prefix}/dashboard/?tab=new`);
  if (js) await waitForHydration(page, "form[data-testid=sms-form]");
  const form = page.getByTestId("sms-form");
  await form.getByLabel(tr(locale, "dashboard.new.sms.countryCode")).selectOption("PH");
  await form.getByLabel(tr(locale, "dashboard.new.sms.number")).fill(mobile);
  await form.getByLabel(tr(locale, "dashboard.new.language")).selectOption(locale);
  await form.getByRole("button", { name: tr(locale, "dashboard.new.sms.submit"), exact: true }).click();
  await expect(page).toHaveURL(/tab=history/);
}
