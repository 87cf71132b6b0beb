// What the dashboard's browser tests share (tests/e2e/dashboard.spec.ts, dashboard-updates.spec.ts):
// a signed-in requester, map tiles answered from memory, New Search's forms and the request cards.
import type { BrowserContext, Page } from "@playwright/test";

import { signInByRequest, waitForHydration } from "./pages.ts";
import type { NewUser, TestUser } from "./users.ts";

// A 1×1 transparent PNG answers every tile request.
const TILE = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=",
  "base64",
);
export const QUEZON = { latitude: 14.6507, longitude: 121.0494, accuracyMeters: 15, address: "Quezon City, PH" };
export const JAKARTA = { latitude: -6.2088, longitude: 106.8456, accuracyMeters: 25_000, address: "Jakarta, ID" };

export const TABS = ["history", "new", "records", "link", "email"] as const;

export async function signedIn(
  context: BrowserContext,
  makeUser: (input?: NewUser) => Promise<TestUser>,
  input?: NewUser,
) {
  const user = await makeUser({ name: "Ana", ...input });
  await signInByRequest(context, user.email, user.password);
  return user;
}

/** Counts tile requests and answers them from memory. */
export async function localTiles(page: Page) {
  const seen: string[] = [];
  await page.route("https://tile.openstreetmap.org/**", (route) => {
    seen.push(route.request().url());
    return route.fulfill({ status: 200, contentType: "image/png", body: TILE });
  });
  return seen;
}

export async function openNewSearch(page: Page, js: boolean, prefix = "") {
  await page.goto(`${prefix}/dashboard/?tab=new`);
  if (js) await waitForHydration(page, "form[data-testid=sms-form]");
}

export const smsForm = (page: Page) => page.getByTestId("sms-form");
export const emailForm = (page: Page) => page.getByTestId("email-form");
export const linkForm = (page: Page) => page.getByTestId("link-form");
export const card = (page: Page, text: string | RegExp) => page.getByTestId("request").filter({ hasText: text });
