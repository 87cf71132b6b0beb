// The e2e `test`: every spec runs in the "js" and the "nojs" project. Fixtures give each test its own
// users (deleted afterwards), fail a test on an unexpected browser console error or page error, and
// answer the map's street tiles locally, so that no test reaches the internet.
import { test as base, expect } from "@playwright/test";

import { createUser, deleteUser, type NewUser, type TestUser } from "./users.ts";

// A 1×1 transparent PNG answers every tile request a test does not route itself.
const TILE = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=",
  "base64",
);

type Fixtures = {
  /** True in the "js" and "js-live" projects, false in "nojs". */
  js: boolean;
  /** Creates a user owned by this test; it is removed when the test ends. */
  makeUser: (input?: NewUser) => Promise<TestUser>;
  /** Console errors are failures unless a test allows them by pattern. */
  consoleErrors: { allow(pattern: RegExp): void };
  /** The street tiles of the map (MAP_TILE_URL in playwright.config.ts), answered in the browser. */
  localTiles: void;
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
  localTiles: [
    async ({ context }, use) => {
      // A test's own page.route for the tiles takes precedence over this one.
      await context.route("https://tile.openstreetmap.org/**", (route) =>
        route.fulfill({ status: 200, contentType: "image/png", body: TILE }),
      );
      await use();
    },
    { auto: true },
  ],
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
