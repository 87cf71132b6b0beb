// Page texts name the configured support address, retention and sign-in periods, in every language.
import { afterEach, describe, expect, it } from "vitest";

import { articleSlugs } from "~/content/content.server";
import { RETENTION_SETTINGS } from "~/privacy/retention-settings";
import { resetConfig } from "~/server/config.server";

import { routeArgs } from "../../tests/support/factories";
import { loader as articleLoader } from "../routes/blog.$slug";
import { loader as contactLoader } from "../routes/contact-us";
import { loader as contentLoader } from "../routes/content-page";
import { loader as homeLoader } from "../routes/home";
import { loader as refundLoader } from "../routes/unsubscribe-and-refund";

const PAGES = [
  "/about-us",
  "/privacy-policy",
  "/terms-of-use",
  "/cookies-policy",
  "/intellectual-property",
  "/unsubscribe-and-refund",
  "/faqs",
  "/tracking-phone-number",
];
const LOCALES = [
  { prefix: "", days: (n: number) => (n === 1 ? "1 day" : `${n} days`) },
  { prefix: "/id", days: (n: number) => `${n} hari` },
  { prefix: "/ph", days: (n: number) => `${n} araw` },
];

const request = (path: string) => new Request(`http://localhost:3000${path}`);

/** Everything a language's pages hand to the browser, as one text. */
async function allPageTexts(prefix: string) {
  const texts: unknown[] = [];
  for (const path of PAGES) {
    const loader = path === "/unsubscribe-and-refund" ? refundLoader : contentLoader;
    texts.push((await loader(routeArgs(request(`${prefix}${path}`)))).data);
  }
  texts.push(await contactLoader(routeArgs(request(`${prefix}/contact-us`))));
  texts.push(await homeLoader(routeArgs(request(`${prefix}/`))));
  for (const slug of articleSlugs)
    texts.push(await articleLoader({ ...routeArgs(request(`${prefix}/blog/${slug}`)), params: { slug } }));
  // The page texts, not the messages sent for the page's components (those keep their {{placeholders}}).
  return JSON.stringify(texts, (key, value: unknown) => (key === "translations" ? undefined : value));
}

describe("texts that follow the configuration", () => {
  afterEach(() => {
    for (const setting of OTHER_PERIODS) delete process.env[setting];
    delete process.env.CONTACT_EMAIL;
    delete process.env.RETENTION_DAYS;
    delete process.env.SESSION_TTL_DAYS;
    resetConfig();
  });

  // The plan's period (the prices the FAQ and the terms name) defaults to 30 days as well.
  const OTHER_PERIODS = [...RETENTION_SETTINGS.filter((setting) => setting !== "RETENTION_DAYS"), "PERIOD_DAYS"];

  it.each(LOCALES)("name the defaults ($prefix)", async ({ prefix, days }) => {
    const text = await allPageTexts(prefix);
    expect(text).toContain("support@familylocator.example");
    expect(text).toContain(days(30));
    expect(text).not.toContain("{{");
  });

  it.each(LOCALES)(
    "name CONTACT_EMAIL, RETENTION_DAYS and SESSION_TTL_DAYS when set ($prefix)",
    async ({ prefix, days }) => {
      process.env.CONTACT_EMAIL = "help@family.example.org";
      process.env.RETENTION_DAYS = "7";
      process.env.SESSION_TTL_DAYS = "1";
      // The other retention periods (the privacy page) default to 30 too: set apart, so any 30 left is written by hand.
      for (const setting of OTHER_PERIODS) process.env[setting] = "45";
      resetConfig();
      const text = await allPageTexts(prefix);
      // The contact page, privacy, terms, cookies, intellectual property, refund, about: ten places.
      expect(text.split("help@family.example.org").length - 1).toBeGreaterThanOrEqual(10);
      expect(text).not.toContain("support@familylocator.example");
      expect(text.split(days(7)).length - 1).toBeGreaterThanOrEqual(8);
      expect(text).toContain(days(1));
      expect(text).not.toMatch(/\b30\b/);
      expect(text).not.toContain("{{");
    },
  );
});
