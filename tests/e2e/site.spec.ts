// The public site: every page in English, Indonesian and Filipino with its heading and SEO tags, the
// contact form with and without JavaScript, the blog's 404, sitemap.xml and robots.txt, and an axe-core
// accessibility check.
import { readFileSync } from "node:fs";
import path from "node:path";

import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

import { BASE_URL, ROOT } from "./support/env.ts";
import { expect, test } from "./support/fixtures.ts";
import { expectNotice, waitForHydration } from "./support/pages.ts";

type Locale = "en" | "id" | "ph";
const LOCALES: { locale: Locale; prefix: string; lang: string; og: string }[] = [
  { locale: "en", prefix: "", lang: "en", og: "en_US" },
  { locale: "id", prefix: "/id", lang: "id", og: "id_ID" },
  { locale: "ph", prefix: "/ph", lang: "fil", og: "fil_PH" },
];

// The texts the pages must show, read from the same content files the app uses.
const files = Object.fromEntries(
  LOCALES.map(({ locale }) => [
    locale,
    Object.fromEntries(
      ["pages", "blog", "common"].map((name) => [
        name,
        JSON.parse(readFileSync(path.join(ROOT, "locales", locale, `${name}.json`), "utf8")),
      ]),
    ),
  ]),
);
/** `text("id", "pages.about.heading")`: a dotted path into locales/<locale>/<file>.json. */
function text(locale: Locale, key: string): string {
  const value = key
    .split(".")
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], files[locale]);
  if (typeof value !== "string") throw new Error(`no text at ${locale}:${key}`);
  return value;
}

const ARTICLE = "how-to-find-a-lost-phone";
/** Path without prefix → the key of its h1. */
const PAGES: [string, string][] = [
  ["/", "common.home.heroTitle"],
  ["/blog", "common.site.blog.heading"],
  [`/blog/${ARTICLE}`, `blog.articles.${ARTICLE}.title`],
  ["/about-us", "pages.about.heading"],
  ["/contact-us", "pages.contact.heading"],
  ["/privacy-policy", "pages.privacy.heading"],
  ["/terms-of-use", "pages.terms.heading"],
  ["/cookies-policy", "pages.cookies.heading"],
  ["/intellectual-property", "pages.intellectualProperty.heading"],
  ["/unsubscribe-and-refund", "pages.refund.heading"],
  ["/faqs", "pages.faqs.heading"],
  ["/tracking-phone-number", "pages.tracking.heading"],
  ["/200", "pages.ok.heading"],
];

const localized = (prefix: string, bare: string) => (bare === "/" ? prefix || "/" : prefix + bare);

test.describe("public pages", () => {
  for (const [bare, heading] of PAGES) {
    test(`${bare} renders in English, Indonesian and Filipino`, async ({ page }) => {
      for (const { locale, prefix, lang, og } of LOCALES) {
        const address = localized(prefix, bare);
        const response = await page.goto(address);
        expect(response?.status(), address).toBe(200);
        await expect(page.locator("html")).toHaveAttribute("lang", lang);
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(text(locale, heading));
        await expect(page).toHaveTitle(/\S/);
        await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /\S{3}/);
        await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", BASE_URL + address);
        await expect(page.locator('meta[property="og:url"]')).toHaveAttribute("content", BASE_URL + address);
        await expect(page.locator('meta[property="og:locale"]')).toHaveAttribute("content", og);
        await expect(page.locator('meta[property="og:site_name"]')).toHaveAttribute(
          "content",
          text(locale, "common.brand"),
        );
        await expect(page.locator('meta[property="og:image"]')).toHaveAttribute("content", `${BASE_URL}/og-image.png`);
        await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", await page.title());
        // root.tsx owns the hreflang alternates; the pages add none of their own.
        await expect(page.locator('head link[rel="alternate"]')).toHaveCount(4);
      }
    });
  }

  test("the blog lists the ten articles with date and reading time, and links between them", async ({ page }) => {
    await page.goto("/id/blog");
    const cards = page.locator(".article-card");
    await expect(cards).toHaveCount(10);
    await expect(cards.first().locator("time")).toHaveAttribute("datetime", /^\d{4}-\d{2}-\d{2}$/);
    await expect(cards.first()).toContainText(/\d+ menit baca/);
    await page.getByRole("link", { name: text("id", `blog.articles.${ARTICLE}.title`) }).click();
    await expect(page).toHaveURL(`${BASE_URL}/id/blog/${ARTICLE}`);
    await expect(page.locator('meta[property="og:type"]')).toHaveAttribute("content", "article");
    const related = page.getByRole("region", { name: text("id", "common.site.blog.related") });
    await expect(related.getByRole("link")).toHaveCount(2);
    await related.getByRole("link").first().click();
    await expect(page).toHaveURL(`${BASE_URL}/id/blog/find-a-dead-or-switched-off-phone`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      text("id", "blog.articles.find-a-dead-or-switched-off-phone.title"),
    );
  });

  test("an unknown article is a 404 'Page Not Found: {full path}'", async ({ page, consoleErrors }) => {
    consoleErrors.allow(/status of 404/);
    const response = await page.goto("/blog/nope");
    expect(response?.status()).toBe(404);
    await expect(page.getByTestId("status-code")).toHaveText("404");
    await expect(page.getByTestId("error-message")).toHaveText("Page Not Found: /blog/nope");
  });

  test("the FAQ says results arrive in minutes, some in up to 24 hours", async ({ page }) => {
    await page.goto("/faqs");
    await expect(page.getByRole("heading", { level: 2 })).toHaveCount(files.en!.pages.faqs.items.length);
    await expect(page.locator("main")).toContainText("Results usually arrive within minutes. Some take up to 24 hours");
  });

  test("the home page explains how it works, the benefits and the FAQ", async ({ page }) => {
    await page.goto("/ph");
    for (const key of ["howItWorks.heading", "benefits.heading", "faqHeading"]) {
      await expect(page.getByRole("heading", { level: 2, name: text("ph", `pages.home.${key}`) })).toBeVisible();
    }
    await expect(
      page.getByRole("heading", { level: 3, name: text("ph", "pages.home.howItWorks.steps.0.title") }),
    ).toBeVisible();
    await page.getByRole("link", { name: text("ph", "common.site.home.allQuestions") }).click();
    await expect(page).toHaveURL(`${BASE_URL}/ph/faqs`);
  });
});

test.describe("contact form", () => {
  const form = (page: Page) => page.locator("form.contact-form");

  async function open(page: Page, js: boolean, address = "/contact-us") {
    await page.goto(address);
    if (js) await waitForHydration(page, "form.contact-form");
  }

  test("sends a message: stored, forwarded to the support address, confirmed", async ({ page, js }) => {
    const name = `E2E ${js ? "js" : "nojs"} ${Date.now().toString(36)}`;
    await open(page, js);
    await page.getByLabel("Your name").fill(name);
    await page.getByLabel("Your e-mail address").fill("visitor@example.com");
    await page.getByLabel("Your message").fill("Hello, how do I cancel my subscription?");
    await page.getByRole("button", { name: "Send message" }).click();
    await expectNotice(page, js, text("en", "common.site.contact.sent"));
    await expect(page).toHaveURL(`${BASE_URL}/contact-us`);
    await expect(page.getByLabel("Your name")).toHaveValue("");

    await page.goto("/dev/outbox?to=support@familylocator.example");
    const mail = page.getByTestId("outbox-message").filter({ hasText: name });
    await expect(mail).toHaveCount(1);
    await expect(mail).toContainText("visitor@example.com");
    await expect(mail).toContainText("Hello, how do I cancel my subscription?");
  });

  test("shows translated errors and keeps what was typed", async ({ page, js, consoleErrors }) => {
    consoleErrors.allow(/status of 400/);
    await open(page, js, "/id/contact-us");
    const t = (key: string) => text("id", `common.site.contact.${key}`);
    await page.getByLabel(t("name")).fill("Budi");
    // The browser accepts an address without a top-level domain; the server does not.
    await page.getByLabel(t("email")).fill("budi@example");
    await page.getByLabel(t("message")).fill("Halo, saya punya pertanyaan.");
    await page.getByRole("button", { name: t("submit") }).click();
    await expect(form(page).locator(".field-error")).toHaveText(t("errors.emailInvalid"));
    await expect(page.getByLabel(t("email"))).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel(t("name"))).toHaveValue("Budi");
    await expect(page.getByLabel(t("message"))).toHaveValue("Halo, saya punya pertanyaan.");
  });

  test("hides the honeypot from people", async ({ page }) => {
    await page.goto("/contact-us");
    await expect(page.locator('input[name="website"]')).not.toBeInViewport();
    await expect(page.locator('input[name="website"]')).toHaveAttribute("tabindex", "-1");
  });
});

test.describe("crawlers", () => {
  test("sitemap.xml lists the pages in every language", async ({ request }) => {
    const response = await request.get("/sitemap.xml");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toContain("application/xml");
    const xml = await response.text();
    for (const address of ["/", "/id", "/ph", "/faqs", "/id/faqs", "/ph/faqs", `/ph/blog/${ARTICLE}`, "/contact-us"]) {
      expect(xml).toContain(`<loc>${BASE_URL}${address}</loc>`);
    }
    expect(xml).not.toContain("/dashboard");
  });

  test("robots.txt points to the sitemap and keeps crawlers out of private addresses", async ({ request }) => {
    const text = await (await request.get("/robots.txt")).text();
    expect(text).toContain(`Sitemap: ${BASE_URL}/sitemap.xml`);
    expect(text).toContain("Disallow: /dashboard");
    expect(text).toContain("Disallow: /api/");
  });
});

test.describe("accessibility", () => {
  // Every public page in every language.
  for (const [bare] of PAGES) {
    test(`${bare} has no serious or critical axe-core violations in any language`, async ({
      page,
      browser,
      js,
      consoleErrors,
    }) => {
      consoleErrors.allow(/status of 404/);
      let target = page;
      if (!js) {
        // axe runs inside the page, so the no-JavaScript rendering is checked in a context whose
        // scripts are allowed but whose app bundles are blocked: the DOM stays the server's HTML.
        const context = await browser.newContext({ baseURL: BASE_URL, javaScriptEnabled: true });
        await context.route("**/assets/*.js", (route) => route.abort());
        target = await context.newPage();
      }
      const serious: string[] = [];
      for (const { prefix } of LOCALES) {
        const address = localized(prefix, bare);
        await target.goto(address);
        const { violations } = await new AxeBuilder({ page: target })
          .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
          .analyze();
        for (const v of violations) {
          if (v.impact === "serious" || v.impact === "critical")
            serious.push(`${address} ${v.id}: ${v.nodes.map((n) => JSON.stringify(n.target)).join(", ")}`);
        }
      }
      expect(serious).toEqual([]);
      if (target !== page) await target.context().close();
    });
  }
});
