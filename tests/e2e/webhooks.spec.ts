// The dashboard's Webhooks page (docs/webhooks.md), with and without JavaScript, in each language: an
// address we must not send to is refused with GOV.UK's error summary; a local receiver's address is
// added, its signing secret shown to its owner; a recipient's decline is POSTed to the receiver, signed
// with that secret, and appears in the delivery log as delivered. Screenshots at 390 and 1366 px go to
// tests/.tmp/shots/.
import { createHmac } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";

import { expect, test } from "./support/fixtures.ts";
import { tr, type Locale } from "./support/i18n.ts";
import { createLinkRequest } from "./support/location-requests.ts";
import { expectNotice, signInByRequest, waitForHydration } from "./support/pages.ts";

const PREFIX: Record<Locale, string> = { en: "", id: "/id", ph: "/ph" };

let receiver: Server;
let origin: string;
const received: { path: string; headers: IncomingHttpHeaders; body: string }[] = [];

test.beforeAll(async () => {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      received.push({ path: req.url ?? "", headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((done) => receiver.listen(0, "127.0.0.1", done));
  origin = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
});
test.afterAll(() => new Promise<void>((done) => receiver.close(() => done())));

async function shots(page: import("@playwright/test").Page, name: string, js: boolean) {
  for (const width of [390, 1366]) {
    await page.setViewportSize({ width, height: 900 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${name} runs out sideways at ${width} px`).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `tests/.tmp/shots/${name}-${width}-${js ? "js" : "nojs"}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1366, height: 900 });
}

for (const locale of ["en", "id", "ph"] as const) {
  test(`an endpoint is added, its secret shown, and a signed event lands in its log (${locale})`, async ({
    page,
    context,
    js,
    makeUser,
    consoleErrors,
  }) => {
    // The refused address's answer is a 400, as it should be.
    consoleErrors.allow(/status of 400/);
    const prefix = PREFIX[locale];
    const user = await makeUser({ name: "Ana" });
    await signInByRequest(context, user.email, user.password);
    // Reached from Settings.
    await page.goto(`${prefix}/dashboard/modules/Settings`);
    await page.getByRole("link", { name: tr(locale, "webhooks.link") }).click();
    await expect(page).toHaveURL(new RegExp(`${prefix}/dashboard/modules/Webhooks$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(tr(locale, "webhooks.title"));
    await expect(page.getByTestId("no-endpoints")).toHaveText(tr(locale, "webhooks.list.empty"));
    if (js) await waitForHydration(page, ".webhook-add");

    // Not https, and not loopback: refused, the summary linking to the field.
    const field = page.getByLabel(tr(locale, "webhooks.add.url"));
    await field.fill("http://example.com/hooks");
    await page.getByRole("button", { name: tr(locale, "webhooks.add.submit") }).click();
    const summary = page.locator(".error-summary");
    await expect(summary.getByRole("link", { name: tr(locale, "webhooks.errors.scheme") })).toHaveAttribute(
      "href",
      "#webhook-url",
    );
    if (js) await expect(summary).toBeFocused();
    await expect(field).toHaveValue("http://example.com/hooks");
    await expect(field).toHaveAttribute("aria-invalid", "true");
    await shots(page, `webhooks-refused-${locale}`, js);

    const url = `${origin}/hooks/${locale}-${js ? "js" : "nojs"}`;
    await field.fill(url);
    await page.getByRole("button", { name: tr(locale, "webhooks.add.submit") }).click();
    await expectNotice(page, js, tr(locale, "webhooks.toast.added"));
    const endpoint = page.getByTestId("webhook-endpoint");
    await expect(endpoint).toHaveCount(1);
    await expect(endpoint.getByText(url)).toBeVisible();
    await expect(endpoint.getByText(tr(locale, "webhooks.list.enabled"), { exact: true })).toBeVisible();
    const secretBox = endpoint.getByTestId("webhook-secret");
    await expect(secretBox).toBeHidden();
    await endpoint.getByText(tr(locale, "webhooks.list.secret"), { exact: true }).click();
    await expect(secretBox).toBeVisible();
    const secret = (await secretBox.textContent())!.trim();
    expect(secret).toMatch(/^whsec_/);

    // A recipient declines one of the account's requests: the event goes to the receiver.
    const before = received.length;
    const code = createLinkRequest(user.id, "Ana", "en");
    const recipient = await context.browser()!.newPage();
    await recipient.goto(`/${code}`);
    await recipient.getByRole("button", { name: "Decline", exact: true }).click();
    await expect(recipient).toHaveURL(new RegExp(`/share\\?c=${code}$`));
    await recipient.close();
    await expect.poll(() => received.length).toBe(before + 1);
    const delivery = received.at(-1)!;
    expect(delivery.path).toBe(new URL(url).pathname);
    const [, t, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(String(delivery.headers["locator-signature"])) ?? [];
    expect(v1, "signed with the secret shown").toBe(
      createHmac("sha256", secret).update(`${t}.${delivery.body}`).digest("hex"),
    );
    const event = JSON.parse(delivery.body) as { id: string; type: string };
    expect(event.type).toBe("location_request.declined");

    await page.reload();
    const row = page.getByTestId("webhook-delivery");
    await expect(row).toHaveCount(1);
    await expect(row).toContainText("location_request.declined");
    await expect(row).toContainText(event.id);
    await expect(row.getByText(tr(locale, "webhooks.log.delivered"), { exact: true })).toBeVisible();
    await endpoint.getByText(tr(locale, "webhooks.list.secret"), { exact: true }).click();
    await shots(page, `webhooks-log-${locale}`, js);

    // Removed, with its log.
    if (js) await waitForHydration(page, ".webhook-add");
    await endpoint.getByRole("button", { name: tr(locale, "webhooks.list.remove") }).click();
    await expectNotice(page, js, tr(locale, "webhooks.toast.removed"));
    await expect(page.getByTestId("webhook-endpoint")).toHaveCount(0);
    await expect(page.getByTestId("no-deliveries")).toBeVisible();
  });
}
