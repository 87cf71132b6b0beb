// What the recipient meets after a post and on every page, in each language, with and without
// JavaScript: the outcome of Block, Don't ask me again, Erase and a report at the top of the page that
// answers it (focused with JavaScript); the language row, which keeps the place and is remembered;
// Decline as a real button; the failure page written to the reader, with the steps to allow location
// again and the approximate choice.
import type { Browser, Page } from "@playwright/test";

import { BASE_URL } from "./support/env.ts";
import { expect, test } from "./support/fixtures.ts";
import { tr, type Locale } from "./support/i18n.ts";
import { createLinkRequest, readRequest } from "./support/location-requests.ts";
import { signInByRequest } from "./support/pages.ts";
import { outboxText } from "./support/requests.ts";
import { linkIn, randomMobile, sendSms } from "./support/sms-requests.ts";
import type { TestUser } from "./support/users.ts";

// 112.198.0.1 is in Taguig in the bundled IP database (its area: Makati City, PH); the e2e server trusts
// X-Forwarded-For.
const MANILA_IP = "112.198.0.1";

const LOCALES = [
  ["", "en"],
  ["/id", "id"],
  ["/ph", "ph"],
] as const;

const button = (page: Page, name: string) => page.getByRole("button", { name, exact: true });

/** The banner is the first thing in <main>, in view at the top, and focused when the script runs. */
async function expectOutcome(page: Page, js: boolean, title: string) {
  const banner = page.getByTestId("outcome");
  await expect(banner).toContainText(title);
  await expect(page.locator("main > :first-child")).toHaveAttribute("id", "outcome");
  await expect(banner).toHaveAttribute("role", "alert");
  await expect(banner).toBeInViewport();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  if (js) await expect(banner).toBeFocused();
}

/** A requester (its own browser) sends an SMS request; the recipient (another browser) opens their own link. */
async function ownLinkOpened(browser: Browser, js: boolean, prefix: string, locale: Locale, user: TestUser) {
  const mobile = randomMobile();
  const sender = await browser.newContext({ javaScriptEnabled: js, baseURL: BASE_URL });
  await signInByRequest(sender, user.email, user.password);
  await sendSms(await sender.newPage(), js, prefix, locale, mobile);
  await sender.close();
  const context = await browser.newContext({ javaScriptEnabled: js, baseURL: BASE_URL });
  const page = await context.newPage();
  const text = outboxText(`+63${mobile}`);
  // The request arrives before anything is shared: it names the erasure of what may be shared, and
  // never says "erase your data" as if something were held already.
  expect(text).toContain(tr(locale, "requests.templates.family").split("{{link}}")[0]!.split("}}").pop());
  expect(text).not.toMatch(/erase your data|hapus data Anda|burahin ang data mo/);
  await page.goto(linkIn(text)!);
  return { context, page };
}

for (const [prefix, locale] of LOCALES) {
  test(`Block, Don't ask me again and Erase answer at the top of the page (${locale})`, async ({
    browser,
    js,
    makeUser,
  }) => {
    test.setTimeout(120_000);
    const { context, page } = await ownLinkOpened(browser, js, prefix, locale, await makeUser({ name: "Ana" }));

    await button(page, tr(locale, "recipient.controls.block")).click();
    await expect(page).toHaveURL(/\?done=block$/);
    await expectOutcome(page, js, tr(locale, "recipient.outcome.block"));

    await button(page, tr(locale, "recipient.controls.optOut")).click();
    await expectOutcome(page, js, tr(locale, "recipient.outcome.optOut"));

    // A refusal is said in the same place: Erase posted without its tick (a browser that ignores
    // `required`) comes back with the reason at the top.
    await page.getByLabel(tr(locale, "recipient.erase.confirm")).evaluate((box) => box.removeAttribute("required"));
    await button(page, tr(locale, "recipient.erase.submit")).click();
    await expectOutcome(page, js, tr(locale, "recipient.errors.eraseConfirm"));
    await expect(page.getByTestId("outcome")).toContainText(tr(locale, "recipient.outcome.problem"));

    await page.getByLabel(tr(locale, "recipient.erase.confirm")).check();
    await button(page, tr(locale, "recipient.erase.submit")).click();
    await expect(page).toHaveURL(new RegExp(`${prefix}/share\\?c=[A-Za-z0-9]{14}&done=erase$`));
    await expectOutcome(page, js, tr(locale, "recipient.outcome.erase"));

    // Opened again (a bookmark, the message's link), the page announces nothing.
    await page.goto(page.url().replace(/&done=erase$/, ""));
    await expect(page.getByTestId("outcome")).toHaveCount(0);
    await context.close();
  });

  test(`a sent report is confirmed at the top of the page (${locale})`, async ({ page, js, makeUser }) => {
    const code = createLinkRequest((await makeUser()).id, "Maria", locale);
    await page.goto(`${prefix}/report?c=${code}`);
    await page.getByLabel(tr(locale, "recipient.report.reasons.scam")).check();
    await button(page, tr(locale, "recipient.report.submit")).click();
    await expect(page).toHaveURL(new RegExp(`${prefix}/report\\?c=${code}&done=report$`));
    await expectOutcome(page, js, tr(locale, "recipient.report.sent.title"));
  });

  test(`Decline is a real button, as large as the others (${locale})`, async ({ page, makeUser }) => {
    const code = createLinkRequest((await makeUser()).id, "Maria", locale);
    for (const path of [`${prefix}/${code}`, `${prefix}/location-failed?c=${code}&reason=denied`]) {
      await page.goto(path);
      const decline = button(page, tr(locale, "recipient.actions.decline"));
      const approximate = button(page, tr(locale, "recipient.actions.approximate"));
      const [own, other] = [(await decline.boundingBox())!, (await approximate.boundingBox())!];
      expect(own.width, path).toBe(other.width);
      expect(own.height, path).toBeGreaterThanOrEqual(52);
      // Drawn as a button (a visible border, a filled background), not underlined text.
      const look = await decline.evaluate((el) => getComputedStyle(el));
      expect(look.borderTopWidth, path).toBe("2px");
      expect(look.backgroundColor, path).toBe("rgb(255, 255, 255)");
      expect(look.textDecorationLine, path).toBe("none");
    }
    await button(page, tr(locale, "recipient.actions.decline")).click();
    await expect(page).toHaveURL(new RegExp(`${prefix}/share\\?c=${code}$`));
    expect(readRequest(code)).toMatchObject({ decision: "declined" });
  });
}

test.describe("the language row", () => {
  test("every recipient page opens in another language at the same place, and the choice is remembered", async ({
    page,
    context,
    makeUser,
  }) => {
    const code = createLinkRequest((await makeUser()).id);
    const row = page.getByRole("form", { name: tr("en", "recipient.language") });
    const pages: [string, string, string][] = [
      [`/${code}`, "/id", tr("id", "recipient.consent.intro")],
      [`/location-failed?c=${code}&reason=denied`, "/ph", tr("ph", "recipient.failed.plain.denied")],
      [`/report?c=${code}`, "/id", tr("id", "recipient.report.reasonLegend")],
      ["/enter-link", "/ph", tr("ph", "recipient.enterLink.title")],
    ];
    for (const [path, target, text] of pages) {
      await page.goto(path);
      await expect(row.getByRole("button", { name: "English" })).toHaveAttribute("aria-current", "true");
      await row.getByRole("button", { name: target === "/id" ? "Bahasa Indonesia" : "Filipino" }).click();
      await expect(page).toHaveURL(`${BASE_URL}${target}${path}`);
      await expect(page.locator("main")).toContainText(text);
      // Back to English: the same address without a prefix, in English (the cookie now says en).
      await page
        .getByRole("form", { name: tr(target === "/id" ? "id" : "ph", "recipient.language") })
        .getByRole("button", { name: "English" })
        .click();
      await expect(page).toHaveURL(`${BASE_URL}${path}`);
      await expect(page.locator("html")).toHaveAttribute("lang", "en");
    }

    // The thank-you page keeps its state; the choice is remembered for the next unprefixed address.
    await page.goto(`/${code}`);
    await button(page, "Decline").click();
    await row.getByRole("button", { name: "Filipino" }).click();
    await expect(page).toHaveURL(`${BASE_URL}/ph/share?c=${code}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(tr("ph", "recipient.share.declined.title"));
    expect((await context.cookies()).find((c) => c.name === "lng")?.value).toBe("ph");
    await page.goto(`/share?c=${code}`);
    await expect(page).toHaveURL(`${BASE_URL}/ph/share?c=${code}`);
  });

  test("a post's outcome is not carried to the other language", async ({ page, makeUser }) => {
    const code = createLinkRequest((await makeUser()).id);
    await page.goto(`/report?c=${code}`);
    await page.getByLabel(tr("en", "recipient.report.reasons.other")).check();
    await button(page, tr("en", "recipient.report.submit")).click();
    await expect(page).toHaveURL(/&done=report$/);
    await page.getByRole("button", { name: "Bahasa Indonesia" }).click();
    await expect(page).toHaveURL(`${BASE_URL}/id/report?c=${code}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(tr("id", "recipient.report.sent.title"));
  });
});

test.describe("the failure page", () => {
  test.use({ extraHTTPHeaders: { "X-Forwarded-For": MANILA_IP } });

  for (const [prefix, locale] of LOCALES) {
    test(`a refused permission: what happened, how to allow it again, and the approximate choice (${locale})`, async ({
      page,
      makeUser,
    }) => {
      const code = createLinkRequest((await makeUser()).id, "Maria", locale);
      await page.goto(`${prefix}/location-failed?c=${code}&reason=denied`);
      await expect(page.getByTestId("failure")).toHaveText(tr(locale, "recipient.failed.plain.denied"));
      // The spec's message is the catalogue's, never what the reader sees.
      await expect(page.locator("main")).not.toContainText(tr(locale, "recipient.failed.denied"));
      const steps = page.getByTestId("allow-location");
      for (const key of ["android", "android1", "android2", "iphone", "iphone1", "iphone2", "then"])
        await expect(steps).toContainText(tr(locale, `recipient.failed.howTo.${key}`));
      await button(page, tr(locale, "recipient.actions.approximate")).click();
      await expect(page).toHaveURL(new RegExp(`${prefix}/share\\?c=${code}$`));
      expect(readRequest(code)).toMatchObject({ status: "ip_located", address: "Makati City, PH" });
    });
  }

  test("every reason is said to the reader in plain words", async ({ page, makeUser }) => {
    const code = createLinkRequest((await makeUser()).id);
    for (const reason of ["unavailable", "timeout", "unsupported", "failed"] as const) {
      await page.goto(`/location-failed?c=${code}&reason=${reason}`);
      await expect(page.getByTestId("failure")).toHaveText(tr("en", `recipient.failed.plain.${reason}`));
      await expect(page.getByTestId("allow-location")).toHaveCount(reason === "unavailable" ? 1 : 0);
    }
  });
});
