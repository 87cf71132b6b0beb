// The recipient in control, in each language, with and without JavaScript: opting out from the
// consent page (then another account's request is not delivered), undoing it, blocking one requester
// while another still gets through, and a link that has expired.
import type { Browser, BrowserContext, Page } from "@playwright/test";

import { BASE_URL } from "./support/env.ts";
import { expect, test } from "./support/fixtures.ts";
import { tr, type Locale } from "./support/i18n.ts";
import { createLinkRequest } from "./support/location-requests.ts";
import { expectOutcomeOnTop, signInByRequest, waitForHydration } from "./support/pages.ts";
import { ageRequest, clearSendSlots, outboxCount, outboxText } from "./support/requests.ts";
import { linkIn, randomMobile, sendSms } from "./support/sms-requests.ts";
import type { TestUser } from "./support/users.ts";

const LOCALES = [
  ["", "en"],
  ["/id", "id"],
  ["/ph", "ph"],
] as const;

/** A requester signed in in its own browser context. */
async function requester(browser: Browser, user: TestUser, js: boolean) {
  const context = await browser.newContext({ javaScriptEnabled: js, baseURL: BASE_URL });
  await signInByRequest(context, user.email, user.password);
  return { context, page: await context.newPage() };
}

/** The newest request in the requester's history says it was not delivered, with the one neutral sentence. */
async function expectNotDelivered(page: Page, locale: Locale) {
  const newest = page.getByTestId("request").first();
  await expect(newest.getByTestId("request-state")).toContainText(tr(locale, "dashboard.status.not_delivered"));
  await expect(newest.getByTestId("not-accepted")).toHaveText(tr(locale, "requests.errors.notAccepted"));
}

async function recipientPage(browser: Browser, js: boolean): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ javaScriptEnabled: js, baseURL: BASE_URL });
  return { context, page: await context.newPage() };
}

/**
 * A requester (its own browser) sends an SMS request to a new number, and the recipient (another
 * browser) opens their own link from the message.
 */
async function requestOpened(browser: Browser, js: boolean, prefix: string, locale: Locale, user: TestUser) {
  const mobile = randomMobile();
  const number = `+63${mobile}`;
  const sender = await requester(browser, user, js);
  await sendSms(sender.page, js, prefix, locale, mobile);
  const recipient = await recipientPage(browser, js);
  await recipient.page.goto(linkIn(outboxText(number))!);
  return { mobile, number, sender, recipient };
}

for (const [prefix, locale] of LOCALES) {
  test(`opt out from the consent page, another account is not delivered, then undo (${locale})`, async ({
    browser,
    js,
    makeUser,
  }) => {
    test.setTimeout(120_000);
    const mobile = randomMobile();
    const number = `+63${mobile}`;
    const first = await requester(browser, await makeUser({ name: "Ana" }), js);
    await sendSms(first.page, js, prefix, locale, mobile);
    const link = linkIn(outboxText(number));
    expect(link).toContain(`${BASE_URL}${prefix}/`);

    const recipient = await recipientPage(browser, js);
    await recipient.page.goto(link!);
    await expect(recipient.page.getByTestId("unverified")).toContainText("Ana");
    await recipient.page.getByRole("button", { name: tr(locale, "recipient.controls.optOut"), exact: true }).click();
    await expect(recipient.page.getByText(tr(locale, "recipient.controls.optedOut_sms"))).toBeVisible();
    // The consent form is still there: this request was delivered before the opt-out.
    await expect(
      recipient.page.getByRole("button", { name: tr(locale, "recipient.actions.decline"), exact: true }),
    ).toBeVisible();

    const otherUser = await makeUser({ name: "Ben" });
    const other = await requester(browser, otherUser, js);
    await sendSms(other.page, js, prefix, locale, mobile);
    await expectNotDelivered(other.page, locale);
    expect(outboxCount(number)).toBe(1);
    // New Search says why SMS waits before another try: this refusal used the three hours.
    await other.page.goto(`${prefix}/dashboard/?tab=new`);
    const reason = other.page.getByTestId("sms-form").getByTestId("slot-reason");
    await expect(reason).toContainText(`+63 ${mobile.slice(0, 3)} ${mobile.slice(3, 6)} ${mobile.slice(6)}`);
    await expect(reason).toContainText(tr(locale, "dashboard.new.slot.notAccepted"));
    await expect(other.page.getByTestId("sms-form").getByTestId("next-at")).toBeVisible();
    // A post sent all the same (a page left open) is refused at the top of the page that answers it.
    if (js) await waitForHydration(other.page, "form[data-testid=sms-form]");
    const smsForm = other.page.getByTestId("sms-form");
    const send = smsForm.getByRole("button", { name: tr(locale, "dashboard.new.sms.submit"), exact: true });
    await send.evaluate((button) => button.removeAttribute("disabled"));
    await smsForm.getByLabel(tr(locale, "dashboard.new.sms.countryCode")).selectOption("PH");
    await smsForm.getByLabel(tr(locale, "dashboard.new.sms.number")).fill(mobile);
    await send.click();
    await expectOutcomeOnTop(other.page, js, tr(locale, "requests.errors.limited").split("{{")[0]!.trim());

    await recipient.page
      .getByRole("button", { name: tr(locale, "recipient.controls.undoOptOut"), exact: true })
      .click();
    await expect(
      recipient.page.getByRole("button", { name: tr(locale, "recipient.controls.optOut"), exact: true }),
    ).toBeVisible();
    await expect(recipient.page.getByText(tr(locale, "recipient.controls.optedOut_sms"))).toHaveCount(0);

    // A refused request costs its three hours like any other (nobody may poll a person's answer);
    // once the other account may ask again, the request is delivered.
    clearSendSlots(otherUser.id);
    await sendSms(other.page, js, prefix, locale, mobile);
    await expect(other.page.getByTestId("request").first().getByTestId("not-accepted")).toHaveCount(0);
    expect(outboxCount(number)).toBe(2);
    for (const c of [first.context, other.context, recipient.context]) await c.close();
  });

  test(`block one requester while another still gets through (${locale})`, async ({ browser, js, makeUser }) => {
    test.setTimeout(120_000);
    const blockedUser = await makeUser({ name: "Carlo" });
    const opened = await requestOpened(browser, js, prefix, locale, blockedUser);
    const { mobile, number, recipient, sender: blocked } = opened;
    await recipient.page.getByRole("button", { name: tr(locale, "recipient.controls.block"), exact: true }).click();
    await expect(recipient.page.getByText(tr(locale, "recipient.controls.blocked"))).toBeVisible();
    await expect(
      recipient.page.getByRole("button", { name: tr(locale, "recipient.controls.unblock"), exact: true }),
    ).toBeVisible();

    clearSendSlots(blockedUser.id);
    await sendSms(blocked.page, js, prefix, locale, mobile);
    await expectNotDelivered(blocked.page, locale);

    const other = await requester(browser, await makeUser({ name: "Dina" }), js);
    await sendSms(other.page, js, prefix, locale, mobile);
    await expect(other.page.getByTestId("request").first().getByTestId("not-accepted")).toHaveCount(0);
    expect(outboxCount(number)).toBe(2);
    expect(outboxText(number)).toContain("Dina");
    for (const c of [blocked.context, other.context, recipient.context]) await c.close();
  });

  test(`report a request from the consent page: the requester is blocked for this recipient (${locale})`, async ({
    browser,
    js,
    makeUser,
  }) => {
    test.setTimeout(120_000);
    const reportedUser = await makeUser({ name: "Eko" });
    const opened = await requestOpened(browser, js, prefix, locale, reportedUser);
    const { mobile, number, recipient, sender: reported } = opened;
    await recipient.page.getByTestId("report-abuse").click();
    await expect(recipient.page).toHaveURL(new RegExp(`${prefix}/report\\?c=[A-Za-z0-9]{14}$`));
    await expect(
      recipient.page.getByText(tr(locale, "recipient.report.blocks").replace("{{name}}", "Eko")),
    ).toBeVisible();
    // Without a reason the form comes back with its problem named at the top and at the question.
    const submit = recipient.page.getByRole("button", { name: tr(locale, "recipient.report.submit"), exact: true });
    await submit.click();
    await expect(recipient.page.getByTestId("error-summary")).toContainText(
      tr(locale, "recipient.report.errors.reason"),
    );
    await recipient.page.getByLabel(tr(locale, "recipient.report.reasons.harassment")).check();
    await recipient.page.getByLabel(tr(locale, "recipient.report.detailsLabel")).fill("Sends these every day");
    await submit.click();
    await expect(recipient.page.getByRole("heading", { level: 1 })).toHaveText(
      tr(locale, "recipient.report.sent.title"),
    );
    await expect(
      recipient.page.getByText(tr(locale, "recipient.report.sent.blocked").replace("{{name}}", "Eko")),
    ).toBeVisible();

    clearSendSlots(reportedUser.id);
    await sendSms(reported.page, js, prefix, locale, mobile);
    await expectNotDelivered(reported.page, locale);
    expect(outboxCount(number)).toBe(1);
    for (const c of [reported.context, recipient.context]) await c.close();
  });

  test(`an expired link shows its own page and shares nothing (${locale})`, async ({
    page,
    makeUser,
    consoleErrors,
  }) => {
    // The browser logs the page's own 410 status.
    consoleErrors.allow(/status of 410/);
    const user = await makeUser({ name: "Ana" });
    const code = createLinkRequest(user.id, "Ana", locale);
    ageRequest(code, 8);

    const response = await page.goto(`${prefix}/${code}`);
    expect(response?.status()).toBe(410);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(tr(locale, "recipient.expired.title"));
    await expect(
      page.getByRole("button", { name: tr(locale, "recipient.actions.approximate"), exact: true }),
    ).toHaveCount(0);
    const share = await page.request.post(`${prefix}/${code}`, { form: { intent: "approximate" }, maxRedirects: 0 });
    expect(share.status()).toBe(410);
  });
}
