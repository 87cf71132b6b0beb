// The price before the click: the home page, the FAQ, the terms and the payment
// dialog name the same first-day price, renewal price and period, all read from the plan settings.
import { afterEach, describe, expect, it } from "vitest";

import { paymentTerms } from "~/billing/plans.server";
import { contentPage } from "~/content/content.server";
import type { Locale } from "~/i18n/locales";
import { resetConfig } from "~/server/config.server";

import { routeArgs } from "../../tests/support/factories";
import { routeData } from "../../tests/support/route-data";
import { loader } from "./home";

const SETTINGS = { PLAN_USD: "1.23/45.67", PLAN_IDR: "12000/345000", PLAN_PHP: "56/1789", PERIOD_DAYS: "14" };

afterEach(() => {
  for (const name of Object.keys(SETTINGS)) delete process.env[name];
  resetConfig();
});

const prefixes: Record<Locale, string> = { en: "", id: "/id", ph: "/ph" };
const textOf = (page: { intro?: string; sections: { paragraphs: string[]; list?: string[] }[] }) =>
  [page.intro ?? "", ...page.sections.flatMap((section) => [...section.paragraphs, ...(section.list ?? [])])].join(
    "\n",
  );

describe("the price before the click", () => {
  for (const locale of ["en", "id", "ph"] as const)
    it(`names the plan's own figures on the home page, the FAQ, the terms and the dialog (${locale})`, async () => {
      Object.assign(process.env, SETTINGS);
      resetConfig();
      const terms = paymentTerms(locale);
      const home = await routeData(
        loader(
          routeArgs(
            new Request(`http://localhost:3000${prefixes[locale]}/`, { headers: { "x-client-ip": "198.51.100.9" } }),
          ),
        ),
      );
      // One sentence, worded by the server with the dialog's own figures.
      expect(home.data.price).toContain(terms.firstDayDebitAmount);
      expect(home.data.price).toContain(terms.amount);
      expect(home.data.price).toMatch(/\b14\b/);
      // The settings' figures, formatted for the language, not the defaults.
      expect(terms.firstDayDebitAmount).toMatch({ en: /1\.23/, id: /12\.000/, ph: /56/ }[locale]);
      expect(terms.amount).toMatch({ en: /45\.67/, id: /345\.000/, ph: /1,789/ }[locale]);
      for (const page of [textOf(contentPage("faqs", locale)), textOf(contentPage("terms", locale))]) {
        expect(page).toContain(terms.firstDayDebitAmount);
        expect(page).toContain(terms.amount);
        expect(page).toContain("14");
        expect(page).not.toMatch(/\{\{\w+\}\}/);
      }
    });
});
