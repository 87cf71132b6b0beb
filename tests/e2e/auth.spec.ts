// Sign-in, password reset and sign-out through the URL-addressed dialogs, with and without JavaScript.
import type { Request } from "@playwright/test";

import { BASE_URL, DEMO_EMAIL, DEMO_PASSWORD } from "./support/env.ts";
import { expect, test } from "./support/fixtures.ts";
import {
  expectNotice,
  fillLogin,
  loginModal,
  logOutButton,
  openLogin,
  readResetCode,
  resetModal,
  signIn,
  submitLogin,
  waitForHydration,
} from "./support/pages.ts";

/** The submitted form fields of a request, whatever its encoding (urlencoded or multipart). */
async function formFields(request: Request) {
  const body = new Uint8Array(request.postDataBuffer() ?? Buffer.alloc(0));
  const parsed = await new Response(body, {
    headers: { "Content-Type": request.headers()["content-type"] ?? "" },
  }).formData();
  return Object.fromEntries([...parsed.entries()].map(([k, v]) => [k, String(v)]));
}

const isLoginPost = (request: Request) =>
  request.method() === "POST" && new URL(request.url()).pathname.startsWith("/auth/login");

test.describe("sign in", () => {
  test("the demo account reaches the dashboard", async ({ page, js }) => {
    await signIn(page, js, DEMO_EMAIL, DEMO_PASSWORD);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welcome, Demo");
    await expect(loginModal(page)).toHaveCount(0);
    await expect(logOutButton(page)).toBeVisible();
  });

  test("a new user reaches the dashboard; e-mail is trimmed and case-insensitive", async ({ page, js, makeUser }) => {
    const user = await makeUser({ name: "Ana" });
    await signIn(page, js, `  ${user.email.toUpperCase()} `, user.password);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welcome, Ana");
    await expect(page.getByTestId("subscription")).toContainText("Active");
  });

  test("the password is RSA-encrypted with JavaScript and posted as typed without it", async ({
    page,
    js,
    makeUser,
  }) => {
    const user = await makeUser();
    const posts: Request[] = [];
    page.on("request", (request) => {
      if (isLoginPost(request)) posts.push(request);
    });
    const modal = await openLogin(page, js);
    await fillLogin(modal, user.email, user.password);
    await submitLogin(modal);
    await expect(page).toHaveURL(/\/dashboard\/$/);
    expect(posts).toHaveLength(1);
    const fields = await formFields(posts[0]!);
    expect(fields.email).toBe(user.email);
    if (js) {
      expect(fields.encrypted).toBe("1");
      expect(fields.password).not.toBe(user.password);
      expect(fields.password).toMatch(/^[A-Za-z0-9+/]+={0,2}$/);
      // RSA-OAEP with a 2048-bit key: 256 bytes of cipher text.
      expect(Buffer.from(fields.password!, "base64")).toHaveLength(256);
    } else {
      expect(fields.encrypted).toBeUndefined();
      expect(fields.password).toBe(user.password);
    }
  });

  test("a wrong password keeps the dialog open with an error", async ({ page, js, makeUser }) => {
    const user = await makeUser();
    const modal = await openLogin(page, js);
    await fillLogin(modal, user.email, "not-the-password");
    await submitLogin(modal);
    await expect(modal.getByRole("alert")).toHaveText("The e-mail address or password is incorrect.");
    await expect(page).toHaveURL(/[?&]modal=login\b/);
    expect(new URL(page.url()).pathname).toBe("/");
    await expect(modal.getByLabel("E-mail")).toHaveValue(user.email);
    // A failed attempt leaves the form usable: the right password still works.
    await fillLogin(modal, user.email, user.password);
    await submitLogin(modal);
    await expect(page).toHaveURL(/\/dashboard\/$/);
  });

  test("an unknown e-mail gets the same error as a wrong password", async ({ page, js }) => {
    const modal = await openLogin(page, js);
    await fillLogin(modal, "nobody-here@example.com", "whatever1");
    await submitLogin(modal);
    await expect(modal.getByRole("alert")).toHaveText("The e-mail address or password is incorrect.");
  });

  test("empty fields show the required messages", async ({ page, js }) => {
    const posts: Request[] = [];
    page.on("request", (request) => {
      if (isLoginPost(request)) posts.push(request);
    });
    const modal = await openLogin(page, js);
    await submitLogin(modal);
    await expect(modal.getByText("Please input a your email address")).toBeVisible();
    await expect(modal.getByText("Please input a your password")).toBeVisible();
    await expect(modal.getByLabel("E-mail")).toHaveAttribute("aria-invalid", "true");
    // With JavaScript the dialog checks before sending; without it the server answers the same.
    expect(posts).toHaveLength(js ? 0 : 1);
  });

  test("a malformed e-mail shows 'Enter valid email address'", async ({ page, js }) => {
    const modal = await openLogin(page, js);
    await fillLogin(modal, "someone@example", "secret123");
    await submitLogin(modal);
    await expect(modal.getByText("Enter valid email address")).toBeVisible();
    await expect(modal.getByText("Please input a your password")).toHaveCount(0);
    await expect(loginModal(page)).toBeVisible();
  });

  test("the show/hide toggle reveals the password with JavaScript and is absent without it", async ({ page, js }) => {
    const modal = await openLogin(page, js);
    const password = modal.locator("input[name=password]");
    await password.fill("secret123");
    await expect(password).toHaveAttribute("type", "password");
    const show = modal.getByRole("button", { name: "Show" });
    if (!js) {
      // A toggle that cannot work without JavaScript is not rendered.
      await expect(modal.locator(".toggle-password")).toHaveCount(0);
      return;
    }
    await show.click();
    await expect(password).toHaveAttribute("type", "text");
    const hide = modal.getByRole("button", { name: "Hide" });
    await expect(hide).toHaveAttribute("aria-pressed", "true");
    await expect(password).toHaveValue("secret123");
    await hide.click();
    await expect(password).toHaveAttribute("type", "password");
    await expect(modal.getByRole("button", { name: "Show" })).toHaveAttribute("aria-pressed", "false");
  });

  test("'Forgot password?' closes the login dialog and opens the reset dialog", async ({ page, js }) => {
    const modal = await openLogin(page, js);
    await modal.getByRole("link", { name: "Forgot password?" }).click();
    await expect(resetModal(page)).toBeVisible();
    await expect(loginModal(page)).toHaveCount(0);
    await expect(page).toHaveURL(/[?&]modal=reset\b/);
    await expect(resetModal(page).getByRole("heading")).toHaveText("Reset password");
    await expect(resetModal(page).getByRole("button", { name: "Reset" })).toBeVisible();
  });

  test("Escape does not close the login dialog", async ({ page, js }) => {
    const modal = await openLogin(page, js);
    await modal.getByLabel("E-mail").fill("someone@example.com");
    await page.keyboard.press("Escape");
    await page.locator("body").press("Escape");
    await expect(modal).toBeVisible();
    await expect(modal.getByLabel("E-mail")).toHaveValue("someone@example.com");
    await expect(page).toHaveURL(/[?&]modal=login\b/);
  });

  test("closing the dialog clears the form", async ({ page, js }) => {
    const modal = await openLogin(page, js);
    await fillLogin(modal, "someone@example.com", "secret123");
    await modal.getByRole("link", { name: "Close" }).click();
    await expect(loginModal(page)).toHaveCount(0);
    await expect(page).not.toHaveURL(/modal=/);
    await page.locator("header").getByRole("link", { name: "Log in" }).click();
    await expect(loginModal(page)).toBeVisible();
    await expect(loginModal(page).getByLabel("E-mail")).toHaveValue("");
    await expect(loginModal(page).locator("input[name=password]")).toHaveValue("");
  });
});

test.describe("password reset", () => {
  test("a code from the e-mail sets a new password; the old one stops working", async ({
    page,
    js,
    makeUser,
    context,
  }) => {
    test.slow(); // The whole journey: two dialogs, an e-mail, three sign-in attempts.
    const user = await makeUser();
    const newPassword = `new-${user.password}`;

    const login = await openLogin(page, js);
    await login.getByRole("link", { name: "Forgot password?" }).click();
    const reset = resetModal(page);
    await expect(reset).toBeVisible();
    if (js) await waitForHydration(page, "#reset-modal form");
    await reset.getByLabel("E-mail").fill(user.email);
    await reset.getByRole("button", { name: "Reset" }).click();

    // Step 2: the e-mail is locked, the new password is plain text, the button reads Confirm.
    await expect(reset.getByRole("button", { name: "Confirm" })).toBeVisible();
    await expectNotice(page, js, `We e-mailed ${user.email}. Enter the code from that e-mail below.`);
    await expect(page).toHaveURL(/[?&]step=2\b/);
    await expect(reset.getByLabel("E-mail")).toHaveValue(user.email);
    await expect(reset.getByLabel("E-mail")).toHaveAttribute("readonly", "");
    await expect(reset.getByLabel("New password")).toHaveAttribute("type", "text");

    const code = await readResetCode(context, user.email);
    await reset.getByLabel("New password").fill(newPassword);
    await reset.getByLabel("Verification code").fill(code);
    await reset.getByRole("button", { name: "Confirm" }).click();
    await expect(resetModal(page)).toHaveCount(0);
    // Signed in with the new password, on the dashboard.
    await expect(page).toHaveURL(/\/dashboard\/$/);
    await expectNotice(page, js, "Password changed. You are signed in.");

    // The old password fails, the new one signs in.
    await context.clearCookies();
    const modal = await openLogin(page, js);
    await fillLogin(modal, user.email, user.password);
    await submitLogin(modal);
    await expect(modal.getByRole("alert")).toHaveText("The e-mail address or password is incorrect.");
    await signIn(page, js, user.email, newPassword);
  });

  test("a wrong code keeps step 2 open with an error", async ({ page, js, makeUser, context }) => {
    const user = await makeUser();
    await page.goto("/?modal=reset");
    const reset = resetModal(page);
    if (js) await waitForHydration(page, "#reset-modal form");
    await reset.getByLabel("E-mail").fill(user.email);
    await reset.getByRole("button", { name: "Reset" }).click();
    await expect(reset.getByRole("button", { name: "Confirm" })).toBeVisible();
    const code = await readResetCode(context, user.email);
    const wrong = code === "000000" ? "111111" : "000000";
    await reset.getByLabel("New password").fill("another-secret");
    await reset.getByLabel("Verification code").fill(wrong);
    await reset.getByRole("button", { name: "Confirm" }).click();
    await expect(reset.getByRole("alert")).toContainText("The verification code is wrong or has expired.");
    await expect(reset.getByRole("button", { name: "Confirm" })).toBeVisible();
    await expect(reset.getByLabel("E-mail")).toHaveValue(user.email);
    // The password did not change.
    await signIn(page, js, user.email, user.password);
  });

  test("step 2 with empty fields asks for the code", async ({ page, js, makeUser }) => {
    const user = await makeUser();
    await page.goto(`/?modal=reset&step=2&email=${encodeURIComponent(user.email)}`);
    const reset = resetModal(page);
    if (js) await waitForHydration(page, "#reset-modal form");
    await reset.getByRole("button", { name: "Confirm" }).click();
    await expectNotice(page, js, "Please enter the verification code");
    await expect(reset.getByText("Please input a your new password")).toBeVisible();
    await expect(reset.getByText("Please input a your verification code")).toBeVisible();
  });

  test("an empty e-mail in step 1 shows the required message", async ({ page, js }) => {
    await page.goto("/?modal=reset");
    const reset = resetModal(page);
    if (js) await waitForHydration(page, "#reset-modal form");
    await reset.getByRole("button", { name: "Reset" }).click();
    await expect(reset.getByText("Please input a your email address")).toBeVisible();
    await expect(reset.getByRole("button", { name: "Reset" })).toBeVisible();
  });

  test("closing step 2 returns the dialog to step 1", async ({ page, js }) => {
    await page.goto(`/?modal=reset&step=2&email=${encodeURIComponent("someone@example.com")}`);
    const reset = resetModal(page);
    await expect(reset.getByRole("button", { name: "Confirm" })).toBeVisible();
    if (js) await waitForHydration(page, "#reset-modal a.modal-close");
    await reset.getByRole("link", { name: "Close" }).click();
    await expect(resetModal(page)).toHaveCount(0);
    await expect(page).not.toHaveURL(/modal=/);
    await page.goto("/?modal=reset");
    await expect(reset.getByRole("button", { name: "Reset" })).toBeVisible();
    await expect(reset.getByLabel("E-mail")).toHaveValue("");
    await expect(reset.getByLabel("E-mail")).not.toHaveAttribute("readonly", /.*/);
  });
});

test.describe("sign out", () => {
  test("Log Out ends the session and revokes the token", async ({ page, js, makeUser, context }) => {
    test.slow();
    const user = await makeUser();
    await signIn(page, js, user.email, user.password);
    const token = (await context.cookies()).find((c) => c.name === "token");
    expect(token?.value).toBeTruthy();
    expect(token?.httpOnly).toBe(true);
    expect(token?.secure).toBe(true);
    expect(token?.sameSite).toBe("Lax");

    await logOutButton(page).click();
    await expect(page).toHaveURL(`${BASE_URL}/`);
    expect(new URL(page.url()).pathname).toBe("/");
    await expect(page.locator("header").getByRole("link", { name: "Log in" })).toBeVisible();
    await expect(logOutButton(page)).toHaveCount(0);
    expect((await context.cookies()).find((c) => c.name === "token")).toBeUndefined();

    await page.goto("/dashboard/");
    expect(new URL(page.url()).pathname).toBe("/");

    // The old token no longer works anywhere: it was revoked on the server, not only forgotten.
    await context.addCookies([{ ...token!, expires: -1 }]);
    await page.goto("/dashboard/");
    expect(new URL(page.url()).pathname).toBe("/");
    await expectNotice(page, js, "Login expired, please log in again.");
  });
});
