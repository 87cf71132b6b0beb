// The requester is told by e-mail when a request is answered (docs/decisions/043), with and without
// JavaScript, in each language: a recipient declines, the requester's e-mail arrives (in the
// requester's language, from the embedded outbox), its "Stop these e-mails" link asks first and turns
// them off on the button, a link we did not sign is refused, and the dashboard's Settings turn them
// back on with a banner. Screenshots of both pages at 390 and 1366 px go to tests/.tmp/shots/.
import Database from "better-sqlite3";

import { DB_FILE } from "./support/env.ts";
import { expect, test } from "./support/fixtures.ts";
import { tr, type Locale } from "./support/i18n.ts";
import { createLinkRequest } from "./support/location-requests.ts";
import { expectNotice, signInByRequest, waitForHydration } from "./support/pages.ts";
import { outboxText } from "./support/requests.ts";

const PREFIX: Record<Locale, string> = { en: "", id: "/id", ph: "/ph" };

let connection: Database.Database | undefined;
function db() {
  connection ??= new Database(DB_FILE, { fileMustExist: true });
  connection.pragma("busy_timeout = 10000");
  return connection;
}
const setLocale = (userId: string, locale: Locale) =>
  db().prepare(`UPDATE "User" SET locale = ? WHERE id = ?`).run(locale, userId);
const nameRequest = (code: string, title: string) =>
  db().prepare(`UPDATE "LocationRequest" SET title = ? WHERE code = ?`).run(title, code);
const notifies = (userId: string) =>
  (db().prepare(`SELECT notifyByEmail AS on_ FROM "User" WHERE id = ?`).get(userId) as { on_: number }).on_ === 1;

async function shots(page: import("@playwright/test").Page, name: string, js: boolean) {
  for (const width of [390, 1366]) {
    await page.setViewportSize({ width, height: 900 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${name} runs out sideways at ${width} px`).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `tests/.tmp/shots/${name}-${width}-${js ? "js" : "nojs"}.png`, fullPage: true });
  }
}

for (const locale of ["en", "id", "ph"] as const) {
  test(`a decline is e-mailed to the requester, whose link turns e-mails off and Settings on again (${locale})`, async ({
    page,
    context,
    js,
    makeUser,
    consoleErrors,
  }) => {
    // The forged link's page answers 404, as it should.
    consoleErrors.allow(/status of 404/);
    const prefix = PREFIX[locale];
    const user = await makeUser({ name: "Ana" });
    setLocale(user.id, locale);
    // The recipient reads English: the requester's e-mail is still in the requester's language.
    const code = createLinkRequest(user.id, "Ana", "en");
    nameRequest(code, "Rosa");
    await page.goto(`/${code}`);
    await page.getByRole("button", { name: "Decline", exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/share\\?c=${code}$`));

    await expect
      .poll(() => outboxText(user.email))
      .toContain(tr(locale, "notifications.email.declined.body").replace("{{who}}", "Rosa"));
    const text = outboxText(user.email)!;
    expect(text).toContain(`${prefix}/dashboard/?id=`);
    const link = /https?:\/\/\S+\/notifications\/off\?token=\S+/.exec(text)?.[0];
    expect(link, "the e-mail links to its off page").toBeTruthy();
    const off = new URL(link!);
    expect(off.pathname).toBe(`${prefix}/notifications/off`);

    // Opening the link only asks.
    await page.goto(off.pathname + off.search);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(tr(locale, "notifications.off.title"));
    await expect(page.getByText(tr(locale, "notifications.off.intro"))).toBeVisible();
    expect(notifies(user.id)).toBe(true);
    await shots(page, `notifications-off-ask-${locale}`, js);
    if (js) await waitForHydration(page, "form");
    await page.getByRole("button", { name: tr(locale, "notifications.off.confirm") }).click();
    await expect(page.getByTestId("off-outcome")).toHaveText(tr(locale, "notifications.off.done"));
    expect(notifies(user.id)).toBe(false);
    await shots(page, `notifications-off-done-${locale}`, js);

    // A link we did not sign.
    const forged = `${prefix}/notifications/off?token=${user.id}.${"A".repeat(22)}`;
    expect((await page.goto(forged))?.status()).toBe(404);
    await expect(page.getByTestId("off-outcome")).toHaveText(tr(locale, "notifications.off.invalid"));

    // Back on in Settings, reached from the dashboard.
    await signInByRequest(context, user.email, user.password);
    await page.goto(`${prefix}/dashboard/`);
    await page.getByRole("link", { name: tr(locale, "notifications.settings.link"), exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${prefix}/dashboard/modules/Settings$`));
    const box = page.getByRole("checkbox", { name: tr(locale, "notifications.settings.notifyByEmail") });
    await expect(box).not.toBeChecked();
    await expect(page.getByLabel(tr(locale, "notifications.settings.locale"))).toHaveValue(locale);
    await shots(page, `settings-${locale}`, js);
    if (js) await waitForHydration(page, ".settings-form");
    await box.check();
    await page.getByRole("button", { name: tr(locale, "notifications.settings.save") }).click();
    await expectNotice(page, js, tr(locale, "notifications.settings.savedOn"));
    await expect(box).toBeChecked();
    expect(notifies(user.id)).toBe(true);
  });
}

test("an approximate share is e-mailed to the requester, whose link opens that request on the dashboard", async ({
  page,
  context,
  makeUser,
}) => {
  const user = await makeUser({ name: "Ana" });
  const code = createLinkRequest(user.id, "Ana", "en");
  nameRequest(code, "Lola");
  // 112.198.0.1 is in Metro Manila in the bundled IP database; the e2e server trusts X-Forwarded-For.
  await page.setExtraHTTPHeaders({ "X-Forwarded-For": "112.198.0.1" });
  await page.goto(`/${code}`);
  await page.getByRole("button", { name: "Share approximate location", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/share\\?c=${code}$`));
  await page.setExtraHTTPHeaders({});

  await expect
    .poll(() => outboxText(user.email))
    .toContain("Lola answered your request and shared an approximate location");
  const text = outboxText(user.email)!;
  // Where, is only on the dashboard.
  expect(text).not.toMatch(/Manila|Makati|Taguig|14\.\d|121\.\d/);
  const open = /https?:\/\/\S+\/dashboard\/\?id=\S+/.exec(text)?.[0];
  expect(open, "the e-mail links to the request").toBeTruthy();
  await signInByRequest(context, user.email, user.password);
  const target = new URL(open!);
  await page.goto(target.pathname + target.search);
  await expect(page.getByText("Lola").first()).toBeVisible();
  await expect(page.getByText("IP Located").first()).toBeVisible();
});
