// Page helpers shared by the specs. They drive the UI the way a visitor does, with or without
// JavaScript; `js` decides only how the helpers wait (hydration, toast or inline banner).
import { expect, test, type BrowserContext, type Locator, type Page } from "@playwright/test";

export const loginModal = (page: Page) => page.locator("#login-modal");
export const resetModal = (page: Page) => page.locator("#reset-modal");

/**
 * Waits until React has hydrated `selector` (its props are attached to the DOM node), so that a click
 * runs the component's handlers instead of the browser's native behaviour.
 */
export async function waitForHydration(page: Page, selector = "body") {
  await page.waitForFunction((sel) => {
    const el = document.querySelector(sel);
    return (
      !!(window as unknown as { __remixRouter?: unknown }).__remixRouter &&
      !!el &&
      Object.keys(el).some((key) => key.startsWith("__reactProps$"))
    );
  }, selector);
}

/**
 * With JavaScript ("js" and "js-live"), waits until React has hydrated `selector`; without JavaScript
 * there is nothing to wait for. For helpers that fill a form: a field filled while its dialog's code is
 * still arriving and then submitted mid-hydration can lose the click.
 */
export async function whenHydrated(page: Page, selector: string) {
  if (test.info().project.use.javaScriptEnabled !== false) await waitForHydration(page, selector);
}

/** Opens the login dialog on `path`; with JavaScript, waits until the dialog is interactive. */
export async function openLogin(page: Page, js: boolean, path = "/") {
  await page.goto(`${path}?modal=login`);
  const modal = loginModal(page);
  await expect(modal).toBeVisible();
  // The show/hide toggle renders only after hydration: the clearest sign the dialog's script runs.
  if (js) await expect(modal.locator("button.toggle-password")).toBeVisible();
  return modal;
}

// By field name, not label, so that the helpers work on /id and /ph pages too.
export async function fillLogin(modal: Locator, email: string, password: string) {
  await modal.locator("input[name=email]").fill(email);
  await modal.locator("input[name=password]").fill(password);
}

export async function submitLogin(modal: Locator) {
  await modal.locator("button[type=submit]").click();
}

/** Signs in through the login dialog and waits for the dashboard. */
export async function signIn(page: Page, js: boolean, email: string, password: string, path = "/") {
  const modal = await openLogin(page, js, path);
  await fillLogin(modal, email, password);
  await submitLogin(modal);
  await expect(page).toHaveURL(/\/dashboard\/$/);
}

/**
 * A flash message: with JavaScript a sonner toast at the top centre, without it a notification
 * banner at the top of the page.
 */
export async function expectNotice(page: Page, js: boolean, text: string) {
  if (js) {
    const toaster = page.locator("[data-sonner-toaster]");
    await expect(toaster.locator("[data-sonner-toast]").filter({ hasText: text })).toBeVisible();
    await expect(toaster).toHaveAttribute("data-y-position", "top");
    await expect(toaster).toHaveAttribute("data-x-position", "center");
    // Spec sections 2 and 9: light theme, 356 px wide, 14 px apart, Alt+T to focus.
    await expect(toaster).toHaveAttribute("data-sonner-theme", "light");
    await expect(toaster).toHaveAttribute("style", /--width: 356px;.*--gap: 14px/);
    await expect(page.locator("section[aria-label]").filter({ has: toaster })).toHaveAttribute(
      "aria-label",
      /alt.*\+T$/i,
    );
    await expect(page.getByTestId("flash")).toHaveCount(0);
  } else {
    // GOV.UK's notification banner at the top of the page: a heading, then the message.
    const banner = page.getByTestId("flash");
    await expect(banner.getByTestId("flash-message")).toHaveText(text);
    await expect(banner).toHaveAttribute("role", /^(alert|region)$/);
    await expect(banner.getByRole("heading", { level: 2 })).toBeVisible();
  }
}

/**
 * The outcome of a post that the page answers itself (a refusal): a notification banner above the
 * page's heading, announced as an alert, with its heading; with JavaScript it has the focus.
 */
export async function expectOutcomeOnTop(page: Page, js: boolean, text: string | RegExp) {
  const banner = page.getByTestId("outcome");
  await expect(banner.getByTestId("outcome-message")).toContainText(text);
  await expect(banner).toHaveAttribute("role", /^(alert|region)$/);
  await expect(banner.getByRole("heading", { level: 2 })).toBeVisible();
  // Measured once the page's stylesheet applies (a loaded machine can be asked mid-load), until it holds.
  await page.waitForLoadState("load");
  const heading = page.locator("main h1").first();
  await expect
    .poll(async () => (await banner.boundingBox())!.y - (await heading.boundingBox())!.y, {
      message: "the outcome banner sits above the page's heading",
    })
    .toBeLessThan(0);
  if (js) await expect(banner).toBeFocused();
}

/** The 6-digit code of the newest e-mail to `email`, read from the embedded provider's outbox page. */
export async function readResetCode(context: BrowserContext, email: string) {
  const outbox = await context.newPage();
  try {
    await outbox.goto(`/dev/outbox?to=${encodeURIComponent(email)}`);
    const message = outbox.getByTestId("outbox-message").first();
    await expect(message).toHaveAttribute("data-to", email);
    const text = await message.locator("pre").innerText();
    const code = /\b(\d{6})\b/.exec(text)?.[1];
    expect(code, `a 6-digit code in:\n${text}`).toBeTruthy();
    return code!;
  } finally {
    await outbox.close();
  }
}

/** The header's Log Out button (a POST form); the desktop viewport shows the menu without toggling. */
export const logOutButton = (page: Page) => page.locator("header").getByRole("button", { name: "Log Out" });

/**
 * Signs in without the dialog, through the same form endpoint, with the browser context's own cookie
 * jar: the context then holds the session cookie exactly as the app wrote it.
 */
export async function signInByRequest(context: BrowserContext, email: string, password: string) {
  const response = await context.request.post("/auth/login", {
    form: { email, password, returnTo: "/" },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(302);
  expect(response.headers()["location"]).toMatch(/\/dashboard\/$/);
  expect((await context.cookies()).some((c) => c.name === "token" && c.value)).toBe(true);
}
