// Third-party tags never run where a recipient's data is shown, even after Accept: not on the
// dashboard, the recipient's pages, the voice page or the reverse lookup page; their origins are not
// even in those pages' Content-Security-Policy. A client-side navigation from a page with tags to
// one of these becomes a full page load, so the tags of the first page do not come along.
// This spec starts its own server with every tag configured (scripts from a local fake).
import type { ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";

import type { BrowserContext, Page } from "@playwright/test";
import Database from "better-sqlite3";

import { DEMO_EMAIL, DEMO_PASSWORD, PORT } from "../e2e/support/env.ts";
import { expect, test } from "../e2e/support/fixtures.ts";
import { fillLogin, submitLogin, waitForHydration } from "../e2e/support/pages.ts";
import { startTaggedServer } from "../e2e/support/tagged-server.ts";
import { startFake } from "../fakes/http.ts";

let fake: Awaited<ReturnType<typeof startFake>>;
let server: ChildProcess;
let base: string;
let dbFile: string;

test.describe.configure({ mode: "serial" });

// eslint-disable-next-line no-empty-pattern -- Playwright needs the destructuring to pass testInfo
test.beforeAll(async ({}, testInfo) => {
  fake = await startFake((req, res) => {
    if (req.url.startsWith("/ns.html"))
      return void res.writeHead(200, { "Content-Type": "text/html" }).end("<!doctype html><title>tm</title>");
    res.writeHead(200, { "Content-Type": "text/javascript" }).end("window.__tagRan = true;");
  });
  const started = await startTaggedServer({
    port: PORT + 11 + testInfo.parallelIndex,
    name: "security-tags",
    tagOrigin: fake.origin,
    env: { APP_MODE: "demo" },
  });
  server = started.server;
  base = started.base;
  dbFile = started.dbFile;
});

test.afterAll(async () => {
  server?.kill();
  await fake?.close();
});

/** A pending link request of the demo account, written into this server's database. */
function demoRequestCode() {
  const db = new Database(dbFile);
  try {
    const user = db.prepare(`SELECT id FROM "User" WHERE email = ?`).get(DEMO_EMAIL) as { id: string };
    const code = randomUUID().replace(/-/g, "").slice(0, 8);
    const now = new Date().toISOString().replace(/Z$/, "+00:00");
    db.prepare(
      `INSERT INTO "LocationRequest" (id, userId, channel, requesterName, locale, code, status, delivery, createdAt, updatedAt)
       VALUES (?, ?, 'link', 'Maria', 'en', ?, 'pending', 'link', ?, ?)`,
    ).run(`sec${randomUUID().replace(/-/g, "")}`, user.id, code, now, now);
    return code;
  } finally {
    db.close();
  }
}

async function acceptAndSignIn(context: BrowserContext) {
  await accept(context);
  const response = await context.request.post(`${base}/auth/login`, {
    form: { email: DEMO_EMAIL, password: DEMO_PASSWORD, returnTo: "/" },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(302);
}

/** Gives the page every chance to load what it should not: the lazy chunks run when idle. */
async function settle(page: Page) {
  await page.waitForLoadState("load");
  await page.waitForTimeout(2500);
}

async function accept(context: BrowserContext) {
  await context.addCookies([{ name: "cookie_consent", value: "accepted", url: base }]);
}

test("after Accept the tags run on a content page (the control)", async ({ page, context, js }) => {
  await accept(context);
  fake.requests.length = 0;
  const response = await page.goto(`${base}/faqs`);
  expect(response!.headers()["content-security-policy"]).toContain(fake.origin);
  await settle(page);
  expect(fake.requests.length).toBeGreaterThan(0);
  if (js) expect(await page.evaluate(() => (window as { __tagRan?: boolean }).__tagRan)).toBe(true);
});

for (const [name, pagePath] of [
  ["dashboard", () => "/dashboard/"],
  ["dashboard (id)", () => "/id/dashboard/"],
  ["voice page", () => "/send-voice-message"],
  ["reverse lookup page", () => "/reverse-phone-lookup"],
  ["consent page", () => `/${demoRequestCode()}`],
  ["share page", () => `/ph/share?c=${demoRequestCode()}`],
] as const) {
  test(`after Accept no tag runs on the ${name}`, async ({ page, context, js }) => {
    await acceptAndSignIn(context);
    fake.requests.length = 0;
    const response = await page.goto(`${base}${pagePath()}`);
    expect(response!.status()).toBe(200);
    expect(response!.headers()["content-security-policy"]).not.toContain(fake.origin);
    await settle(page);
    expect(fake.requests.map((r) => r.url)).toEqual([]);
    if (js)
      expect(await page.evaluate(() => (window as { __thirdPartyTags?: boolean }).__thirdPartyTags)).toBeUndefined();
    await expect(page.locator("iframe[src*='ns.html']")).toHaveCount(0);
  });
}

/**
 * Waits until this document's tags have been injected and every tag script has finished loading, so
 * the fake has seen all of this page's requests: a request still on its way when the list is emptied
 * would be counted against the next page.
 */
async function tagsLoaded(page: Page) {
  await expect.poll(() => page.evaluate(() => (window as { __thirdPartyTags?: boolean }).__thirdPartyTags)).toBe(true);
  await expect
    .poll(() =>
      page.evaluate((origin) => {
        const scripts = [...document.scripts].map((s) => s.src).filter((src) => src.startsWith(origin));
        const loaded = new Set(performance.getEntriesByType("resource").map((entry) => entry.name));
        return scripts.length > 0 && scripts.every((src) => loaded.has(src));
      }, fake.origin),
    )
    .toBe(true);
}

/** A visitor on a content page whose tags have loaded (the same document from here on is marked). */
async function onTagPage(page: Page, context: BrowserContext) {
  await accept(context);
  await page.goto(`${base}/faqs`);
  await waitForHydration(page, "header");
  await tagsLoaded(page);
  await page.evaluate(() => ((window as { sameDocument?: boolean }).sameDocument = true));
  fake.requests.length = 0;
}

async function expectFreshDocumentWithoutTags(page: Page) {
  expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBeUndefined();
  await settle(page);
  expect(await page.evaluate(() => (window as { __thirdPartyTags?: boolean }).__thirdPartyTags)).toBeUndefined();
  expect(fake.requests).toEqual([]);
}

test("a client-side navigation from a page with tags to the lookup page is a full page load without them", async ({
  page,
  context,
  js,
}) => {
  test.skip(!js, "without JavaScript every navigation is a page load");
  await onTagPage(page, context);
  // As a <Link> does; the page unloads right away, so the call is left to run after evaluate returns.
  await page.evaluate(() => {
    const router = (window as unknown as { __remixRouter: { navigate(to: string): void } }).__remixRouter;
    setTimeout(() => router.navigate("/reverse-phone-lookup"), 0);
  });
  await expect(page).toHaveURL(/\/reverse-phone-lookup$/);
  await expectFreshDocumentWithoutTags(page);
});

test("signing in from a page with tags opens the dashboard as a new page without them", async ({
  page,
  context,
  js,
}) => {
  test.skip(!js, "without JavaScript every navigation is a page load");
  await accept(context);
  await page.goto(`${base}/faqs?modal=login`);
  await waitForHydration(page, "#login-modal");
  await tagsLoaded(page);
  await page.evaluate(() => ((window as { sameDocument?: boolean }).sameDocument = true));
  fake.requests.length = 0;
  const modal = page.locator("#login-modal");
  await expect(modal.locator("button.toggle-password")).toBeVisible();
  await fillLogin(modal, DEMO_EMAIL, DEMO_PASSWORD);
  await submitLogin(modal);
  await expect(page).toHaveURL(/\/dashboard\/?$/);
  await expectFreshDocumentWithoutTags(page);
});
