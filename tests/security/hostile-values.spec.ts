// The language menu against the real server, with JavaScript (Remix submits the form and follows the
// redirect itself) and without (the browser does): whatever path its hidden field carries, the chosen
// language opens on this site. tests/security/hostile-values.test.ts holds the action to every path.
import { BASE_URL } from "../e2e/support/env.ts";
import { expect, test } from "../e2e/support/fixtures.ts";
import { tr } from "../e2e/support/i18n.ts";
import { waitForHydration } from "../e2e/support/pages.ts";

const HOSTILE = ["/ph//evil.example", "/id/\\evil.example", "/ph/%2F%2Fevil.example", "/PH/..//evil.example"];

for (const redirectTo of HOSTILE)
  test(`the language menu stays on the site when its page is ${redirectTo}`, async ({ page, js }) => {
    await page.goto("/ph/contact-us");
    // The clicks below need a hydrated page to reach React's handler.
    if (js) await waitForHydration(page, "header .language-switch");
    // The header's language choice opens first (a <details>, with or without JavaScript).
    await page.locator("header .language-switch > summary").click();
    const menu = page.getByRole("form", { name: tr("ph", "menu.language") });
    // What a tampered page (or a page at a hostile path) would post. With JavaScript, set as the form is
    // submitted: any render of the menu after hydration sets a hidden field back to the value React
    // holds. Without it no listener runs, and nothing renders again.
    await menu.evaluate(
      (form, [value, withScript]) => {
        const field = form.querySelector('input[name="redirectTo"]') as HTMLInputElement;
        if (!withScript) field.value = value;
        else
          document.addEventListener("submit", (event) => void (event.target === form && (field.value = value)), {
            capture: true,
          });
      },
      [redirectTo, js] as const,
    );
    await menu.getByRole("button", { name: tr("ph", "language.en") }).click();
    await expect(page).toHaveURL(`${BASE_URL}/`);
    expect(new URL(page.url()).origin).toBe(new URL(BASE_URL).origin);
  });

test("the language menu still keeps an ordinary page", async ({ page }) => {
  await page.goto("/ph/contact-us?topic=x");
  await page.locator("header .language-switch > summary").click();
  const menu = page.getByRole("form", { name: tr("ph", "menu.language") });
  await menu.getByRole("button", { name: tr("ph", "language.id") }).click();
  await expect(page).toHaveURL(`${BASE_URL}/id/contact-us?topic=x`);
});
