// The e2e `test`: every spec runs in the "js" and the "nojs" project. Fixtures give each test its own
// users (deleted afterwards) and fail a test on an unexpected browser console error or page error.
import { test as base, expect } from "@playwright/test";

import { createUser, deleteUser, type NewUser, type TestUser } from "./users.ts";

type Fixtures = {
  /** True in the "js" project, false in "nojs". */
  js: boolean;
  /** Creates a user owned by this test; it is removed when the test ends. */
  makeUser: (input?: NewUser) => Promise<TestUser>;
  /** Console errors are failures unless a test allows them by pattern. */
  consoleErrors: { allow(pattern: RegExp): void };
};

export const test = base.extend<Fixtures>({
  js: async ({ javaScriptEnabled }, use) => {
    await use(javaScriptEnabled !== false);
  },
  // eslint-disable-next-line no-empty-pattern
  makeUser: async ({}, use) => {
    const made: string[] = [];
    await use(async (input) => {
      const user = await createUser(input);
      made.push(user.id);
      return user;
    });
    for (const id of made) deleteUser(id);
  },
  consoleErrors: [
    async ({ page }, use) => {
      const allowed: RegExp[] = [];
      const seen: string[] = [];
      page.on("console", (message) => {
        if (message.type() === "error") seen.push(`${message.text()} (${message.location().url})`);
      });
      page.on("pageerror", (error) => seen.push(`pageerror: ${error.message}`));
      await use({ allow: (pattern) => void allowed.push(pattern) });
      const unexpected = seen.filter((text) => !allowed.some((pattern) => pattern.test(text)));
      expect(unexpected, "unexpected console errors").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
