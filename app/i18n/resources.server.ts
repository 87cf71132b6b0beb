import enCommon from "../../locales/en/common.json";
import idCommon from "../../locales/id/common.json";
import phCommon from "../../locales/ph/common.json";
import type { Locale } from "./locales";

/** A nested tree of strings; tests/unit/locales.test.ts keeps the three languages' keys equal. */
export type Messages = { [key: string]: string | Messages };

/** UI strings; page content (blog, legal) is read by the routes that show it. */
export const commonMessages: Record<Locale, Messages> = { en: enCommon, id: idCommon, ph: phCommon };

export const resources = Object.fromEntries(
  Object.entries(commonMessages).map(([locale, common]) => [locale, { common }]),
);
