// People own their data, in each language, with and without JavaScript: a subscriber reads and
// downloads everything held about their account, then deletes it (a wrong password first: nothing
// happens); a recipient erases their data from their own link and the requester's history says so.
import type { Browser } from "@playwright/test";

import { BASE_URL } from "./support/env.ts";
import { expect, test } from "./support/fixtures.ts";
import { tr } from "./support/i18n.ts";
import { expectNotice, signInByRequest, waitForHydration } from "./support/pages.ts";
import { outboxText } from "./support/requests.ts";
import { linkIn, randomMobile, sendSms } from "./support/sms-requests.ts";

const LOCALES = [
  ["", "en"],
  ["/id", "id"],
  ["/ph", "ph"],
] as const;

async function browserFor(browser: Browser, js: boolean) {
  const context = await browser.newContext({ javaScriptEnabled: js, baseURL: BASE_URL });
  return { context, page: await context.newPage() };
}

for (const [prefix, locale] of LOCALES) {
  test(`my data, then delete my account (${locale})`, async ({ page, context, js, makeUser, consoleErrors }) => {
    test.setTimeout(60_000);
    consoleErrors.allow(/status of 403/);
    const user = await makeUser({ name: "Lina" });
    await signInByRequest(context, user.email, user.password);

    await page.goto(`${prefix}/dashboard/modules/MySubscription`);
    await page
      .getByTestId("your-data")
      .getByRole("link", { name: tr(locale, "account.data.link") })
      .click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(tr(locale, "account.data.title"));
    await expect(page.locator("[data-section=profile]")).toContainText(user.email);
    await expect(page.locator("[data-section=requests]")).toContainText(tr(locale, "account.data.none"));
    // Stored codes read as words of the page's language (the JSON keeps the code).
    await expect(page.locator("[data-section=subscription]")).toContainText(
      tr(locale, "account.data.values.subscriptionState.active"),
    );
    // The download is the same document, for this account only.
    const download = await context.request.get("/account/export.json");
    expect(download.headers()["content-disposition"]).toMatch(/^attachment; filename="family-locator-data-/);
    const exported = await download.json();
    expect(exported.profile.email).toBe(user.email);
    expect(exported.subscription.state).toBe("active");

    await page.goto(`${prefix}/dashboard/modules/MySubscription`);
    await page
      .getByTestId("your-data")
      .getByRole("link", { name: tr(locale, "account.delete.title") })
      .click();
    const dialog = page.locator("#delete-account");
    await expect(dialog.getByRole("heading")).toHaveText(tr(locale, "account.delete.title"));
    if (js) await waitForHydration(page, "#delete-account form");
    await dialog.getByLabel(tr(locale, "account.delete.password")).fill("not my password");
    await dialog.getByRole("button", { name: tr(locale, "account.delete.confirm") }).click();
    await expect(dialog.getByRole("alert")).toHaveText(tr(locale, "account.delete.wrongPassword"));

    await dialog.getByLabel(tr(locale, "account.delete.password")).fill(user.password);
    await dialog.getByRole("button", { name: tr(locale, "account.delete.confirm") }).click();
    await expect(page).toHaveURL(`${BASE_URL}${prefix || "/"}`);
    await expectNotice(page, js, tr(locale, "account.delete.done"));
    // In the account's own language (English here), whatever the page's; sent after the answer, which
    // does not wait for it.
    await expect.poll(() => outboxText(user.email)).toContain(tr("en", "account.email.deleted.kept"));
    // Signed out, and the account is gone: signing in again fails.
    const again = await context.request.post("/auth/login", {
      form: { email: user.email, password: user.password, returnTo: "/" },
      maxRedirects: 0,
    });
    expect(again.headers()["location"]).not.toMatch(/\/dashboard\/$/);
  });

  test(`a recipient erases their data from their own link (${locale})`, async ({ browser, js, makeUser }) => {
    test.setTimeout(90_000);
    const mobile = randomMobile();
    const requester = await browserFor(browser, js);
    const user = await makeUser({ name: "Ana" });
    await signInByRequest(requester.context, user.email, user.password);
    await sendSms(requester.page, js, prefix, locale, mobile);
    const link = linkIn(outboxText(`+63${mobile}`));

    const recipient = await browserFor(browser, js);
    await recipient.page.goto(link!);
    const erase = recipient.page.getByTestId("erase-form");
    await expect(erase).toContainText(tr(locale, "recipient.erase.help_sms"));
    await erase.getByLabel(tr(locale, "recipient.erase.confirm")).check();
    await erase.getByRole("button", { name: tr(locale, "recipient.erase.submit") }).click();
    await expect(recipient.page.getByRole("heading", { level: 1 })).toHaveText(
      tr(locale, "recipient.share.erased.title"),
    );
    await expect(recipient.page.getByTestId("erased")).toHaveText(tr(locale, "recipient.erase.done_sms"));

    await requester.page.goto(`${prefix}/dashboard/`);
    const newest = requester.page.getByTestId("request").first();
    await expect(newest).toContainText(tr(locale, "dashboard.status.erased"));
    await expect(newest).not.toContainText(mobile);
    for (const c of [requester.context, recipient.context]) await c.close();
  });
}
