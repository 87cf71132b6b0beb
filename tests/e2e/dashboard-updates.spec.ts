// The requester's dashboard as it changes: a request turning located and Location Records following
// without a reload, the live checks pausing with the tab, a refused clipboard, and a long history paged
// by key. The recipient's side is played through the database (support/requests.ts).
import type { BrowserContext, Page } from "@playwright/test";

import { card, JAKARTA, linkForm, localTiles, openNewSearch, QUEZON, signedIn } from "./support/dashboard.ts";
import { BASE_URL } from "./support/env.ts";
import { expect, test } from "./support/fixtures.ts";
import { tr } from "./support/i18n.ts";
import { expectNotice, waitForHydration } from "./support/pages.ts";
import { addLinks, addLocatedLink, addSmsRequest, markLocated, markRevoked, requestOf } from "./support/requests.ts";
import type { NewUser, TestUser } from "./support/users.ts";

/**
 * A requester's new link "Tito's phone", on the dashboard with JavaScript and the page's clock
 * installed (so that a test moves the live checks on by hand); map tiles answered from memory.
 */
async function linkOnLivePage(page: Page, context: BrowserContext, makeUser: (input?: NewUser) => Promise<TestUser>) {
  await localTiles(page);
  const user = await signedIn(context, makeUser);
  await page.clock.install();
  await openNewSearch(page, true);
  await linkForm(page).getByLabel("Title").fill("Tito's phone");
  await linkForm(page).getByRole("button", { name: "Create link" }).click();
  await expect(page).toHaveURL(/\?tab=link&new=/);
  return user;
}

test.describe("dashboard updates", () => {
  test("a pending request turns GPS Tracked without a reload when JavaScript runs", async ({
    page,
    context,
    js,
    makeUser,
  }) => {
    test.skip(!js, "without JavaScript the page is current on reload");
    const user = await linkOnLivePage(page, context, makeUser);
    const linkCard = card(page, "Tito's phone");
    await expect(linkCard.getByTestId("request-state")).toHaveText("Pending");
    markLocated(requestOf(user.id, "link").id, "gps", QUEZON);
    await page.clock.fastForward("00:16");
    await expect(linkCard.getByTestId("request-state")).toHaveText("GPS Tracked");
    await expect(linkCard).toContainText("Quezon City, PH");
    // The position that arrived while the page was open is marked.
    await expect(linkCard.getByTestId("arrived")).toHaveText("New position");
  });

  for (const [prefix, locale] of [
    ["", "en"],
    ["/id", "id"],
    ["/ph", "ph"],
  ] as const) {
    test(`a position that arrived since the last look is marked until it has been seen (${locale})`, async ({
      page,
      context,
      makeUser,
    }) => {
      const user = await signedIn(context, makeUser);
      const code = (n: number) => `Arr${n}${Math.random().toString(36).slice(2, 10)}`;
      const [waiting, located] = [code(1), code(2)];
      addSmsRequest(user.id, waiting, { target: "+639171234567", delivery: "sent" });
      addSmsRequest(user.id, located, {
        target: "+639181234567",
        delivery: "sent",
        status: "gps_tracked",
        fix: QUEZON,
      });
      const arrived = page.getByTestId("request").filter({ has: page.getByTestId("arrived") });
      // A first look in this browser marks nothing: everything in it is as new as the rest.
      await page.goto(`${prefix}/dashboard/?tab=history`);
      await expect(page.getByTestId("request")).toHaveCount(2);
      await expect(arrived).toHaveCount(0);

      markLocated(`e2e${waiting}`, "gps", QUEZON);
      await page.goto(`${prefix}/dashboard/?tab=history`);
      await expect(arrived).toHaveCount(1);
      await expect(arrived).toHaveAttribute("data-id", `e2e${waiting}`);
      await expect(arrived.getByTestId("arrived")).toHaveText(tr(locale, "dashboard.list.arrived"));
      await expect(arrived).toHaveClass(/is-arrived/);

      // Seen once, it is an ordinary card again.
      await page.goto(`${prefix}/dashboard/?tab=records`);
      await expect(page.getByTestId("request")).toHaveCount(2);
      await expect(arrived).toHaveCount(0);
    });
  }

  test("Location Records follow IP Located → GPS Tracked, a new located request and a revoke without a reload", async ({
    page,
    context,
    js,
    makeUser,
  }) => {
    test.skip(!js, "without JavaScript the page is current on reload");
    const user = await linkOnLivePage(page, context, makeUser);
    const { id } = requestOf(user.id, "link");
    markLocated(id, "ip", JAKARTA);

    // Nothing on this page is pending: the old polling stopped here for good.
    await page.goto("/dashboard/?tab=records");
    await waitForHydration(page, "[data-testid=request]");
    const tito = card(page, "Tito's phone");
    await expect(tito.getByTestId("request-state")).toHaveText("IP Located");
    await expect(page.getByText(tr("en", "dashboard.list.live"))).toBeVisible();

    markLocated(id, "gps", QUEZON);
    await page.clock.fastForward("00:16");
    await expect(tito.getByTestId("request-state")).toHaveText("GPS Tracked");
    await expect(tito).toContainText("Quezon City, PH");

    addLocatedLink(user.id, "Mama's phone", "E2eLive1", JAKARTA);
    await page.clock.fastForward("00:16");
    await expect(card(page, "Mama's phone").getByTestId("request-state")).toHaveText("GPS Tracked");

    markRevoked(id);
    await page.clock.fastForward("00:16");
    await expect(tito.getByTestId("request-state")).toHaveText("Sharing stopped");
  });

  test("says the link could not be copied when the clipboard refuses, and the link stays selectable", async ({
    page,
    context,
    js,
    makeUser,
  }) => {
    test.skip(!js, "without JavaScript there is no Copy button (tested above)");
    const user = await signedIn(context, makeUser);
    // The browser refuses the write, as it does without the permission or outside a user gesture.
    await page.addInitScript(() => {
      Object.defineProperty(navigator.clipboard, "writeText", {
        configurable: true,
        value: () => Promise.reject(new DOMException("Write permission denied.", "NotAllowedError")),
      });
    });
    await openNewSearch(page, js);
    await linkForm(page).getByLabel("Title").fill("Kuya's phone");
    await linkForm(page).getByRole("button", { name: "Create link" }).click();
    await expect(page).toHaveURL(/\?tab=link&new=/);
    await waitForHydration(page, "[data-testid=request] button");
    const linkCard = card(page, "Kuya's phone");
    await linkCard.getByRole("button", { name: "Copy" }).click();
    await expectNotice(page, js, "Could not copy the link. Select it and copy it yourself.");
    await expect(linkCard.getByLabel("Short link")).toHaveValue(`${BASE_URL}/${requestOf(user.id, "link").code}`);
  });

  test("live checks pause while the tab is hidden and resume when it is shown", async ({
    page,
    context,
    js,
    makeUser,
  }) => {
    test.skip(!js, "without JavaScript there is nothing to pause");
    const user = await signedIn(context, makeUser);
    const checks: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname === "/dashboard/live") checks.push(request.url());
    });
    await page.clock.install();
    await page.goto("/dashboard/");
    await waitForHydration(page, "nav.dashboard-tabs");
    // The checks' timer may start after hydration (a slow machine): time is moved on at each look,
    // so a timer set after the first move still comes due.
    await expect
      .poll(async () => {
        await page.clock.fastForward("00:31");
        return checks.length;
      })
      .toBeGreaterThan(0);

    const hide = (hidden: boolean) =>
      page.evaluate((value) => {
        Object.defineProperty(document, "hidden", { configurable: true, get: () => value });
        Object.defineProperty(document, "visibilityState", {
          configurable: true,
          get: () => (value ? "hidden" : "visible"),
        });
        document.dispatchEvent(new Event("visibilitychange"));
      }, hidden);
    await hide(true);
    const whileVisible = checks.length;
    await page.clock.fastForward("10:00");
    expect(checks.length).toBe(whileVisible);

    addLocatedLink(user.id, "Lola's phone", "E2eLive2", QUEZON);
    await hide(false);
    await expect(card(page, "Lola's phone")).toBeVisible();
    expect(checks.length).toBe(whileVisible + 1);
  });

  test("pages a long history with Older and Newer links, every request once", async ({ page, context, makeUser }) => {
    const user = await signedIn(context, makeUser);
    addLinks(user.id, 45);
    const paging = page.getByRole("navigation", { name: tr("en", "dashboard.paging.label") });
    await page.goto("/dashboard/?tab=history");
    await expect(paging).toContainText("45");
    await expect(paging.getByRole("link", { name: tr("en", "dashboard.paging.newer") })).toHaveCount(0);
    const seen: string[] = [];
    for (const expected of [20, 20, 5]) {
      // With JavaScript the next page replaces this one in place: wait for its first request.
      await expect(page.getByTestId("request").first()).toContainText(new RegExp(`Link ${seen.length}(?!\\d)`));
      await expect(page.getByTestId("request")).toHaveCount(expected);
      seen.push(...(await page.getByTestId("request").allTextContents()));
      const older = paging.getByRole("link", { name: tr("en", "dashboard.paging.older") });
      if (expected === 5) await expect(older).toHaveCount(0);
      else await older.click();
    }
    const listed = seen.map((text) => /Link \d+/.exec(text)?.[0]);
    expect(listed).toEqual(Array.from({ length: 45 }, (_, i) => `Link ${i}`));
    // And back to the newest.
    await paging.getByRole("link", { name: tr("en", "dashboard.paging.newer") }).click();
    await expect(page.getByTestId("request").first()).toContainText(/Link 20(?!\d)/);
    await paging.getByRole("link", { name: tr("en", "dashboard.paging.newer") }).click();
    await expect(page.getByTestId("request").first()).toContainText(/Link 0(?!\d)/);
    await expect(paging.getByRole("link", { name: tr("en", "dashboard.paging.newer") })).toHaveCount(0);
  });

  test("a page link the site did not make opens the newest page with a note", async ({ page, context, makeUser }) => {
    const user = await signedIn(context, makeUser);
    addLinks(user.id, 3);
    // Dated in year 10000: once a 500 with a stack trace in the log.
    const cursor = Buffer.from("o.253402300800000.a").toString("base64url");
    for (const [prefix, locale] of [
      ["", "en"],
      ["/id", "id"],
      ["/ph", "ph"],
    ] as const) {
      const response = await page.goto(`${prefix}/dashboard/?tab=history&cursor=${cursor}`);
      expect(response?.status()).toBe(200);
      await expect(page.getByTestId("cursor-refused")).toHaveText(tr(locale, "dashboard.paging.refused"));
      await expect(page.getByTestId("request")).toHaveCount(3);
    }
  });
});
