// The recipient pages' outcome banner and language row against hostile addresses: an address cannot
// make a page claim an outcome that did not happen (a forged `done`), cannot inject anything through
// it, and the banner's focus script runs under the page's Content-Security-Policy; the language row
// only ever leads to this site.
import { BASE_URL } from "../e2e/support/env.ts";
import { expect, test } from "../e2e/support/fixtures.ts";
import { tr } from "../e2e/support/i18n.ts";
import { createLinkRequest } from "../e2e/support/location-requests.ts";

test("a forged outcome in the address is not announced, and nothing in it reaches the page", async ({
  page,
  makeUser,
}) => {
  const code = createLinkRequest((await makeUser()).id);
  for (const done of ["erase", "block", "optOut", "report", "<script>alert(1)</script>", "x".repeat(3000)]) {
    for (const path of [`/${code}`, `/share?c=${code}`, `/report?c=${code}`]) {
      const address = `${path}${path.includes("?") ? "&" : "?"}done=${encodeURIComponent(done)}`;
      const response = await page.goto(address);
      expect(response!.status(), address).toBe(200);
      // A plain link (no recipient key) has no controls to have changed, and nothing was reported.
      await expect(page.getByTestId("outcome"), address).toHaveCount(0);
      expect(await response!.text(), address).not.toContain("<script>alert(1)");
    }
  }
});

test("the banner's focus script carries the answer's nonce and runs without a violation", async ({
  page,
  makeUser,
  js,
}) => {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
  });
  const code = createLinkRequest((await makeUser()).id);
  await page.goto(`/report?c=${code}`);
  await page.getByLabel(tr("en", "recipient.report.reasons.other")).check();
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.url().includes("done=report")),
    page.getByRole("button", { name: tr("en", "recipient.report.submit"), exact: true }).click(),
  ]);
  const nonce = /'nonce-([^']+)'/.exec(response.headers()["content-security-policy"]!)![1]!;
  const scripts = [...(await response.text()).matchAll(/<script([^>]*)>/g)].map((m) => m[1]!);
  expect(scripts).toHaveLength(1);
  expect(scripts[0]).toContain(`nonce="${nonce}"`);
  if (js) await expect(page.getByTestId("outcome")).toBeFocused();
  expect(violations).toEqual([]);
});

test("the language row sends the page's own address, which /set-locale keeps on this site", async ({
  page,
  makeUser,
}) => {
  const code = createLinkRequest((await makeUser()).id);
  // Whatever the query carries, the row names this page (its path and query) and nothing else.
  await page.goto(`/share?c=${code}&next=//evil.example`);
  const target = await page.locator("form.languages input[name=redirectTo]").inputValue();
  expect(target).toBe(`/share?c=${code}&next=%2F%2Fevil.example`);
  await page.getByRole("button", { name: "Filipino" }).click();
  expect(new URL(page.url()).origin).toBe(new URL(BASE_URL).origin);
  await expect(page).toHaveURL(new RegExp(`/ph/share\\?c=${code}&next=%2F%2Fevil\\.example$`));
});
