// Push notifications on the requester's devices and the installable dashboard (docs/decisions/048), in
// each language, with and without JavaScript: the manifest and the service worker are served and the
// worker is registered; "Notify this device" stores the browser's subscription, which is listed as
// this device and removable; a decline then notifies it (kept in the outbox: the browser tests run in
// demo mode, where nothing leaves the machine); without JavaScript the page says push needs it, and a
// device turned on elsewhere is still listed and removable. Screenshots at 390 and 1366 px go to
// tests/.tmp/shots/.
import Database from "better-sqlite3";

import { startPushService } from "../fakes/push-service.ts";
import { DB_FILE } from "./support/env.ts";
import { expect, test } from "./support/fixtures.ts";
import { tr, type Locale } from "./support/i18n.ts";
import { createLinkRequest } from "./support/location-requests.ts";
import { expectNotice, signInByRequest, waitForHydration } from "./support/pages.ts";

const PREFIX: Record<Locale, string> = { en: "", id: "/id", ph: "/ph" };

let connection: Database.Database | undefined;
function db() {
  connection ??= new Database(DB_FILE, { fileMustExist: true });
  connection.pragma("busy_timeout = 10000");
  return connection;
}
const devicesOf = (userId: string) =>
  db().prepare(`SELECT id, endpoint, device FROM "PushSubscription" WHERE userId = ?`).all(userId) as {
    id: string;
    endpoint: string;
    device: string;
  }[];

async function shots(page: import("@playwright/test").Page, name: string, js: boolean) {
  for (const width of [390, 1366]) {
    await page.setViewportSize({ width, height: 900 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${name} runs out sideways at ${width} px`).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `tests/.tmp/shots/${name}-${width}-${js ? "js" : "nojs"}.png`, fullPage: true });
  }
}

test("the manifest and the service worker are served as browsers need them, cheaply", async ({ request }) => {
  for (const locale of ["en", "id", "ph"] as const) {
    const answer = await request.get(`/manifest.webmanifest${locale === "en" ? "" : `?lang=${locale}`}`);
    expect(answer.status()).toBe(200);
    expect(answer.headers()["content-type"]).toContain("application/manifest+json");
    expect(answer.headers()["cache-control"]).toContain("max-age=86400");
    const manifest = (await answer.json()) as {
      start_url: string;
      display: string;
      theme_color: string;
      description: string;
      icons: { src: string; sizes: string }[];
    };
    expect(manifest.start_url).toBe(`${PREFIX[locale]}/dashboard/`);
    expect(manifest.display).toBe("standalone");
    expect(manifest.theme_color).toBe("#1e4fd6");
    expect(manifest.description).toBe(tr(locale, "pwa.description"));
    expect(manifest.icons.map((icon) => icon.sizes)).toEqual(["192x192", "512x512", "512x512"]);
    for (const icon of manifest.icons) {
      const png = await request.get(icon.src);
      expect(png.status()).toBe(200);
      expect(png.headers()["content-type"]).toBe("image/png");
    }
  }
  // Made once per process and kept: it costs what robots.txt (a fixed text) costs, not a page's work.
  // Medians of single requests, so that a pause of the shared machine does not decide it.
  const median = async (path: string) => {
    const times: number[] = [];
    for (let i = 0; i < 31; i += 1) {
      const started = performance.now();
      expect((await request.get(path)).status()).toBe(200);
      times.push(performance.now() - started);
    }
    return times.sort((a, b) => a - b)[15]!;
  };
  await median("/robots.txt");
  const [manifest, robots] = [await median("/manifest.webmanifest?lang=ph"), await median("/robots.txt")];
  expect(manifest, `median ${manifest} ms for the manifest, ${robots} ms for robots.txt`).toBeLessThan(2 * robots + 10);
  const worker = await request.get("/sw.js");
  expect(worker.status()).toBe(200);
  expect(worker.headers()["content-type"]).toContain("text/javascript");
  expect(worker.headers()["cache-control"]).toBe("no-cache");
  expect(await worker.text()).toContain("notificationclick");
});

for (const locale of ["en", "id", "ph"] as const) {
  test(`Settings turns push on for this device, lists it and removes it (${locale})`, async ({
    page,
    context,
    js,
    makeUser,
  }) => {
    const prefix = PREFIX[locale];
    const user = await makeUser({ name: "Ana" });
    db().prepare(`UPDATE "User" SET locale = ?, notifyByEmail = 0 WHERE id = ?`).run(locale, user.id);
    await signInByRequest(context, user.email, user.password);
    const settings = `${prefix}/dashboard/modules/Settings`;
    const service = await startPushService();
    try {
      if (!js) {
        await page.goto(settings);
        await expect(page.getByText(tr(locale, "notifications.settings.pushNeedsJs"))).toBeVisible();
        await expect(page.getByRole("button", { name: tr(locale, "notifications.settings.pushOn") })).toHaveCount(0);
        await expect(page.getByText(tr(locale, "notifications.settings.devicesNone"))).toBeVisible();
        // A device turned on elsewhere (with JavaScript) is listed and removable without it.
        const sub = service.subscribe();
        db()
          .prepare(
            `INSERT INTO "PushSubscription" (id, userId, endpoint, p256dh, auth, device, createdAt) VALUES (?, ?, ?, ?, ?, ?, ?)`,
          )
          .run(`dev-${sub.id}`, user.id, sub.endpoint, sub.p256dh, sub.auth, "Firefox · Windows", Date.now());
        await page.reload();
        await expect(page.locator(".device-list li")).toHaveCount(1);
        await expect(page.locator(".device-list")).toContainText("Firefox · Windows");
        await shots(page, `push-settings-${locale}`, js);
        await page
          .getByRole("button", {
            name: tr(locale, "notifications.settings.deviceRemoveLabel").replace("{{device}}", "Firefox · Windows"),
          })
          .click();
        await expectNotice(page, js, tr(locale, "notifications.settings.pushRemoved"));
        expect(devicesOf(user.id)).toEqual([]);
        return;
      }

      // Headless Chromium has no push service to reach offline: PushManager.subscribe is replaced with
      // one that answers a subscription of the local stand-in (tests/fakes/push-service.ts), keys and
      // all, as a browser's would be; and the headless shell, which denies notifications whatever was
      // granted, is told the person allowed them. Everything else (the worker, the page, the server)
      // is the real one.
      const sub = service.subscribe();
      await context.grantPermissions(["notifications"]);
      await page.addInitScript((given) => {
        Object.defineProperty(Notification, "permission", { get: () => "granted" });
        Notification.requestPermission = async () => "granted";
        let current: object | null = null;
        const subscription = {
          endpoint: given.endpoint,
          expirationTime: null,
          toJSON: () => ({
            endpoint: given.endpoint,
            expirationTime: null,
            keys: { p256dh: given.p256dh, auth: given.auth },
          }),
          unsubscribe: async () => {
            current = null;
            return true;
          },
        };
        PushManager.prototype.subscribe = async function () {
          current = subscription;
          return subscription as unknown as PushSubscription;
        };
        PushManager.prototype.getSubscription = async function () {
          return current as PushSubscription | null;
        };
      }, sub);
      await page.goto(settings);
      await waitForHydration(page, ".settings-push");
      await expect(page.locator('link[rel="manifest"]')).toHaveAttribute(
        "href",
        locale === "en" ? "/manifest.webmanifest" : `/manifest.webmanifest?lang=${locale}`,
      );
      const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
      expect(new URL(scope).pathname).toBe("/");
      await expect(page.getByText(tr(locale, "notifications.settings.pushNeedsJs"))).toHaveCount(0);

      await page.getByRole("button", { name: tr(locale, "notifications.settings.pushOn") }).click();
      await expectNotice(page, js, tr(locale, "notifications.settings.pushAdded"));
      await expect.poll(() => devicesOf(user.id).map((row) => row.endpoint)).toEqual([sub.endpoint]);
      expect(devicesOf(user.id)[0]!.device).toMatch(/Chrom/);
      await expect(page.getByText(tr(locale, "notifications.settings.pushThisOn"))).toBeVisible();
      await expect(page.locator(".device-list li")).toHaveCount(1);
      await expect(page.locator(".device-list")).toContainText(tr(locale, "notifications.settings.deviceThis"));
      await shots(page, `push-settings-${locale}`, js);

      // A decline now notifies this device, by name, in the requester's language (the demo's outbox).
      const code = createLinkRequest(user.id, "Ana", "en");
      db().prepare(`UPDATE "LocationRequest" SET title = 'Rosa' WHERE code = ?`).run(code);
      const recipient = await context.browser()!.newPage();
      await recipient.goto(`/${code}`);
      await recipient.getByRole("button", { name: "Decline", exact: true }).click();
      await expect(recipient).toHaveURL(new RegExp(`/share\\?c=${code}$`));
      await recipient.close();
      const pushed = () =>
        db()
          .prepare(`SELECT subject, text FROM "OutboxMessage" WHERE channel = 'push' AND text LIKE ?`)
          .all(`%/dashboard/?id=%`)
          .filter((row) => (row as { text: string }).text.includes(`${prefix}/dashboard/?id=`)) as {
          subject: string;
        }[];
      await expect
        .poll(() => pushed().map((row) => row.subject))
        .toContain(tr(locale, "notifications.push.declined.title").replace("{{who}}", "Rosa"));

      const name = devicesOf(user.id)[0]!.device;
      await page
        .getByRole("button", {
          name: tr(locale, "notifications.settings.deviceRemoveLabel").replace("{{device}}", name),
        })
        .click();
      await expectNotice(page, js, tr(locale, "notifications.settings.pushRemoved"));
      expect(devicesOf(user.id)).toEqual([]);
      await expect(page.getByText(tr(locale, "notifications.settings.devicesNone"))).toBeVisible();
      // Removing this browser's device also ended its subscription: it may be turned on again.
      await expect(page.getByRole("button", { name: tr(locale, "notifications.settings.pushOn") })).toBeVisible();
    } finally {
      await service.close();
    }
  });
}
