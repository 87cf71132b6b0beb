// The privacy page states each retention period from the same setting the maintenance job applies
// (app/privacy/retention-settings.ts): in every language, with the defaults and with other values.
import { afterEach, describe, expect, it } from "vitest";

import { pageContent } from "~/content/content.server";
import type { Locale } from "~/i18n/locales";
import { commonMessages } from "~/i18n/resources.server";
import { createTranslate } from "~/i18n/translate";
import { RETENTION_SETTINGS, RETENTION_TEXT_VALUES } from "~/privacy/retention-settings";
import { config, resetConfig } from "~/server/config.server";

import enPages from "../../locales/en/pages.json";
import idPages from "../../locales/id/pages.json";
import phPages from "../../locales/ph/pages.json";

const LOCALES: Locale[] = ["en", "id", "ph"];
const raw = { en: enPages, id: idPages, ph: phPages };
const privacyText = (locale: Locale) => JSON.stringify(pageContent(locale).privacy);
const days = (locale: Locale, count: number) =>
  createTranslate(commonMessages[locale], locale)("common.days", { count });

afterEach(() => {
  for (const setting of RETENTION_SETTINGS) delete process.env[setting];
  resetConfig();
});

describe("the privacy page's periods", () => {
  it("names every retention setting in every language, and writes no period by hand", () => {
    for (const locale of LOCALES) {
      const text = JSON.stringify(raw[locale].privacy);
      for (const name of Object.values(RETENTION_TEXT_VALUES))
        expect(text, `${locale}: {{${name}}}`).toContain(`{{${name}}}`);
      expect(text, locale).not.toMatch(/\b\d+ (days|hari|araw)\b/);
    }
  });

  it("shows the defaults", () => {
    expect(config().REQUEST_DATA_DAYS).toBe(90);
    for (const locale of LOCALES) {
      const text = privacyText(locale);
      for (const setting of RETENTION_SETTINGS)
        expect(text, `${locale} ${setting}`).toContain(days(locale, config()[setting]));
      expect(text).not.toMatch(/\{\{\w+Period\}\}/);
    }
  });

  it("follows each setting when it changes", () => {
    const values = RETENTION_SETTINGS.map((_, i) => 11 + i);
    RETENTION_SETTINGS.forEach((setting, i) => (process.env[setting] = String(values[i])));
    resetConfig();
    for (const locale of LOCALES) {
      const text = privacyText(locale);
      for (const value of values) expect(text, `${locale} ${value}`).toContain(days(locale, value));
    }
  });
});
