// Route guards: public pages send signed-in visitors to the dashboard, private pages need a valid
// token, and an expired subscription shows the expired notice.
import type { BrowserContext } from "@playwright/test";

import { BASE_URL } from "./support/env.ts";
import { expect, test } from "./support/fixtures.ts";
import { expectNotice, signIn, signInByRequest } from "./support/pages.ts";
import { days, type NewUser, type TestUser } from "./support/users.ts";

const pathOf = (url: string) => {
  const u = new URL(url);
  return u.pathname + u.search;
};

test.describe("guards", () => {
  /** A user of this test with a session cookie already in the browser. */
  async function signedIn(context: BrowserContext, makeUser: (input?: NewUser) => Promise<TestUser>, input?: NewUser) {
    const user = await makeUser(input);
    await signInByRequest(context, user.email, user.password);
    return user;
  }

  test("a signed-in visitor on / goes to /dashboard/", async ({ page, js, makeUser }) => {
    const user = await makeUser();
    await signIn(page, js, user.email, user.password);
    await page.goto("/");
    expect(pathOf(page.url())).toBe("/dashboard/");
    await page.goto("/id");
    expect(pathOf(page.url())).toBe("/id/dashboard/");
    await page.goto("/ph");
    expect(pathOf(page.url())).toBe("/ph/dashboard/");
  });

  test("the login dialog address sends a signed-in visitor to the dashboard", async ({ page, context, makeUser }) => {
    await signedIn(context, makeUser);
    await page.goto("/?modal=login");
    expect(new URL(page.url()).pathname).toBe("/dashboard/");
    await expect(page.locator("#login-modal")).toHaveCount(0);
  });

  test("/dashboard without a token goes to /", async ({ page }) => {
    for (const [from, to] of [
      ["/dashboard", "/"],
      ["/dashboard/", "/"],
      ["/id/dashboard", "/id"],
      ["/ph/dashboard/", "/ph"],
    ] as const) {
      await page.goto(from);
      expect(pathOf(page.url()), from).toBe(to);
    }
    await expect(page.getByTestId("flash")).toHaveCount(0);
    await expect(page.locator("[data-sonner-toast]")).toHaveCount(0);
  });

  test("an unknown token goes to / with 'Login expired' and the cookie cleared", async ({ page, js, context }) => {
    // As after a revocation: a token no session has.
    await context.addCookies([
      { name: "token", value: "bogus-token-0000", url: BASE_URL, httpOnly: true, secure: true, sameSite: "Lax" },
    ]);
    await page.goto("/dashboard/");
    expect(pathOf(page.url())).toBe("/");
    await expectNotice(page, js, "Login expired, please log in again.");
    expect((await context.cookies()).find((c) => c.name === "token")).toBeUndefined();
    // The message is shown once.
    await page.reload();
    await expect(page.getByTestId("flash")).toHaveCount(0);
    await expect(page.locator("[data-sonner-toast]")).toHaveCount(0);
  });

  test("an active subscription opens the dashboard", async ({ page, context, makeUser }) => {
    await signedIn(context, makeUser, { name: "Active", subscription: { state: "active", validUntil: days(10) } });
    await page.goto("/dashboard");
    expect(new URL(page.url()).pathname).toMatch(/^\/dashboard\/?$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welcome, Active");
    await expect(page.getByTestId("subscription")).toContainText("Active");
    await expect(page.locator("#expired-modal")).toHaveCount(0);
  });

  test("a cancelled subscription keeps access until its end date", async ({ page, context, makeUser }) => {
    await signedIn(context, makeUser, { subscription: { state: "cancelled", validUntil: days(3) } });
    await page.goto("/dashboard/");
    expect(pathOf(page.url())).toBe("/dashboard/");
    await expect(page.getByTestId("subscription")).toContainText("Cancelled");
    await expect(page.locator("#expired-modal")).toHaveCount(0);
  });

  for (const [label, input] of [
    ["valid-until date in the past", { subscription: { state: "active", validUntil: days(-1) } }],
    ["state 'expired'", { subscription: { state: "expired", validUntil: days(30) } }],
    ["no subscription at all", { subscription: null }],
  ] as const satisfies readonly (readonly [string, NewUser])[]) {
    test(`an expired subscription (${label}) shows the expired notice`, async ({ page, context, makeUser }) => {
      await signedIn(context, makeUser, input);
      await page.goto("/dashboard");
      expect(pathOf(page.url())).toBe("/dashboard/?s=-1&at=10");
      const modal = page.locator("#expired-modal");
      await expect(modal).toBeVisible();
      await expect(modal.getByRole("heading")).toHaveText("Your subscription has expired");
      await expect(page.getByTestId("subscription")).toContainText("Expired");
    });
  }

  test("an expired subscription in Indonesian stays under /id", async ({ page, context, makeUser }) => {
    await signedIn(context, makeUser, { subscription: { state: "expired", validUntil: days(-5) } });
    await page.goto("/id/dashboard/");
    expect(pathOf(page.url())).toBe("/id/dashboard/?s=-1&at=10");
    await expect(page.locator("#expired-modal")).toBeVisible();
  });

  test("an active user on the expired marker sees no expired notice", async ({ page, context, makeUser }) => {
    await signedIn(context, makeUser);
    await page.goto("/dashboard/?s=-1&at=10");
    await expect(page.getByTestId("subscription")).toContainText("Active");
    await expect(page.locator("#expired-modal")).toHaveCount(0);
  });
});
