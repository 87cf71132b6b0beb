// The requester's dashboard: tabs, New Search (SMS, e-mail, link), the lists with their states, the
// map, in all three languages, with and without JavaScript. The recipient's side is played through
// the database (support/requests.ts); map tiles are answered locally, so nothing reaches the internet.
import {
  card,
  emailForm,
  JAKARTA,
  linkForm,
  localTiles,
  openNewSearch,
  QUEZON,
  signedIn,
  smsForm,
  TABS,
} from "./support/dashboard.ts";
import { BASE_URL } from "./support/env.ts";
import { expect, test } from "./support/fixtures.ts";
import { tr } from "./support/i18n.ts";
import { expectNotice, waitForHydration } from "./support/pages.ts";
import { markLocated, outboxText, requestOf } from "./support/requests.ts";

test.describe("dashboard", () => {
  test("the tabs carry the spec's names in English", async ({ page, context, makeUser }) => {
    await signedIn(context, makeUser);
    await page.goto("/dashboard/");
    await expect(page.locator("nav.dashboard-tabs").getByRole("link")).toHaveText([
      "History",
      "New Search",
      "Location Records",
      "Location by link",
      "Location by Email",
    ]);
  });

  for (const [prefix, locale] of [
    ["", "en"],
    ["/id", "id"],
    ["/ph", "ph"],
  ] as const) {
    test(`tabs are links in ${prefix || "/"} and each is addressable`, async ({ page, context, js, makeUser }) => {
      await signedIn(context, makeUser);
      await page.goto(`${prefix}/dashboard/`);
      // A tab clicked while React is still hydrating the page's parts on demand updates them before
      // they have hydrated (React #421): a person's first tap waits for the page, as it does here.
      if (js) await waitForHydration(page);
      const tabs = page.locator("nav.dashboard-tabs");
      const label = (tab: string) => tr(locale, `dashboard.tabs.${tab}`);
      await expect(tabs.getByRole("link")).toHaveText(TABS.map(label));
      await expect(tabs.getByRole("link", { name: label("history"), exact: true })).toHaveAttribute(
        "aria-current",
        "page",
      );
      for (const tab of ["new", "records", "link", "email", "history"] as const) {
        await tabs.getByRole("link", { name: label(tab), exact: true }).click();
        await expect(page).toHaveURL(`${BASE_URL}${prefix}/dashboard/?tab=${tab}`);
        await expect(tabs.getByRole("link", { name: label(tab), exact: true })).toHaveAttribute("aria-current", "page");
        await expect(page.getByRole("heading", { level: 2 }).first()).toHaveText(label(tab));
      }
    });
  }

  test("sends an SMS, an e-mail and a link; they are listed as Pending, then located on a map", async ({
    page,
    context,
    js,
    makeUser,
  }) => {
    test.slow();
    const tiles = await localTiles(page);
    const user = await signedIn(context, makeUser);

    // SMS, with a message chosen in the dialog; what was typed survives the dialog.
    await openNewSearch(page, js);
    await smsForm(page).getByLabel("Country code").selectOption("PH");
    await smsForm(page).getByLabel("Mobile number").fill("917 123 4567");
    await smsForm(page).getByLabel("Your name, as the recipient sees it").fill("Mama Ana");
    await smsForm(page).getByLabel("Recipient's language").selectOption("ph");
    await smsForm(page).getByRole("button", { name: "Choose message" }).click();
    await expect(page).toHaveURL(/\?tab=new&modal=message$/);
    const dialog = page.locator("#message-modal");
    await expect(dialog).toBeVisible();
    await expect(dialog.getByTestId("template-option")).toHaveCount(3);
    await expect(dialog.getByTestId("template-option").first()).toContainText(
      "Hinihingi ni Mama Ana (hindi beripikado ang pangalan) ang lokasyon mo",
    );
    await expect(dialog.getByTestId("template-option").first()).toContainText(`${BASE_URL}/ph/`);
    await dialog.getByRole("radio", { name: /Safe arrival/ }).check();
    await dialog.getByRole("button", { name: "Use this message" }).click();
    await expect(dialog).toHaveCount(0);
    await expect(smsForm(page).getByTestId("chosen-template")).toHaveText("Safe arrival");
    await expect(smsForm(page).getByLabel("Mobile number")).toHaveValue("917 123 4567");
    await expect(smsForm(page).getByLabel("Your name, as the recipient sees it")).toHaveValue("Mama Ana");
    // Enter in a field sends (the form's default button), it does not open the dialog.
    await smsForm(page).getByLabel("Mobile number").press("Enter");
    await expect(page).toHaveURL(`${BASE_URL}/dashboard/?tab=history`);
    await expectNotice(page, js, "SMS sent to +63 917 123 4567");
    const smsCard = card(page, "+63 917 123 4567");
    await expect(smsCard.getByTestId("request-state")).toHaveText("Pending");
    await expect(smsCard).toContainText("Not yet");
    const sms = requestOf(user.id, "sms");
    expect(outboxText("+639171234567")).toContain(
      `Gustong matiyak ni Mama Ana (hindi beripikado ang pangalan) na ligtas kang nakarating`,
    );
    expect(outboxText("+639171234567")).toContain(`${BASE_URL}/ph/${sms.code}`);

    // E-mail.
    await openNewSearch(page, js);
    await emailForm(page).getByLabel("E-mail address").fill("rosa@example.com");
    await emailForm(page).getByRole("button", { name: "Send e-mail" }).click();
    await expect(page).toHaveURL(`${BASE_URL}/dashboard/?tab=email`);
    await expectNotice(page, js, "E-mail sent to rosa@example.com");
    await expect(card(page, "rosa@example.com").getByTestId("request-state")).toHaveText("Pending");
    await expect(card(page, "+63 917 123 4567")).toHaveCount(0);

    // Link: the new one is highlighted, with its short link to copy.
    await openNewSearch(page, js);
    await linkForm(page).getByLabel("Title").fill("Lola's phone");
    await linkForm(page).getByRole("button", { name: "Create link" }).click();
    await expect(page).toHaveURL(/\/dashboard\/\?tab=link&new=/);
    const link = requestOf(user.id, "link");
    await expect(page).toHaveURL(`${BASE_URL}/dashboard/?tab=link&new=${link.id}`);
    await expectNotice(page, js, "Your link is ready. Copy it and send it yourself.");
    const linkCard = card(page, "Lola's phone");
    await expect(linkCard).toHaveAttribute("aria-current", "true");
    await expect(linkCard.getByTestId("request-state")).toHaveText("Pending");
    await expect(linkCard.getByLabel("Short link")).toHaveValue(`${BASE_URL}/${link.code}`);
    await expect(linkCard.getByLabel("Short link")).toHaveAttribute("readonly", "");
    if (js) {
      await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: BASE_URL });
      await linkCard.getByRole("button", { name: "Copy" }).click();
      await expectNotice(page, js, "Link copied");
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${BASE_URL}/${link.code}`);
    } else {
      await expect(linkCard.getByRole("button", { name: "Copy" })).toHaveCount(0);
    }

    // Everything is in History; nothing is located yet.
    await page.goto("/dashboard/?tab=history");
    await expect(page.getByTestId("request")).toHaveCount(3);
    await page.goto("/dashboard/?tab=records");
    await expect(page.getByTestId("request")).toHaveCount(0);

    // The recipients share: the SMS one precisely, the e-mail one approximately.
    markLocated(sms.id, "gps", QUEZON);
    markLocated(requestOf(user.id, "email").id, "ip", JAKARTA);
    await page.goto("/dashboard/?tab=records");
    await expect(page.getByTestId("request")).toHaveCount(2);
    await expect(card(page, "+63 917 123 4567").getByTestId("request-state")).toHaveText("GPS Tracked");
    await expect(card(page, "+63 917 123 4567")).toContainText("Quezon City, PH");
    await expect(card(page, "rosa@example.com").getByTestId("request-state")).toHaveText("IP Located");
    // An approximate position is an area, named by its town with its radius, never an address.
    await expect(card(page, "rosa@example.com").getByTestId("request-area")).toHaveText(
      "Around Jakarta, ID, within about 25 km",
    );
    if (js) {
      // One map for the page: two areas, one pin (the GPS fix only).
      await expect(page.locator(".leaflet-container")).toHaveCount(1);
      await expect(page.locator(".leaflet-overlay-pane path")).toHaveCount(2);
      await expect(page.locator(".leaflet-marker-icon")).toHaveCount(1);
    } else {
      await expect(page.locator(".leaflet-container")).toHaveCount(0);
    }

    // GPS Tracked in detail: a pin with its accuracy circle, or the coordinates and a map link.
    await card(page, "+63 917 123 4567").getByRole("link", { name: "Details and map" }).click();
    await expect(page).toHaveURL(`${BASE_URL}/dashboard/?tab=records&id=${sms.id}`);
    // With JavaScript the address changes as the navigation ends, a moment before React shows the
    // detail (the list, with both positions, is still on the screen): wait for the detail itself.
    await expect(page.getByRole("link", { name: "Back to Location Records" })).toBeVisible();
    const gps = page.getByTestId("position");
    await expect(gps).toContainText("14.65070");
    await expect(gps).toContainText("121.04940");
    await expect(gps).toContainText("15 m");
    await expect(gps.getByRole("link", { name: "Open in a map" })).toHaveAttribute(
      "href",
      "https://www.openstreetmap.org/?mlat=14.65070&mlon=121.04940#map=15/14.65070/121.04940",
    );
    if (js) {
      await expect(page.locator(".leaflet-container")).toBeVisible();
      await expect(page.locator(".leaflet-marker-icon")).toHaveCount(1);
      await expect(page.locator(".leaflet-overlay-pane path")).toHaveCount(1);
      await expect.poll(() => tiles.length).toBeGreaterThan(0);
    } else {
      await expect(page.locator(".leaflet-container")).toHaveCount(0);
    }

    // IP Located in detail: only the area with its radius, never a pin.
    await page.goto(`/dashboard/?tab=records&id=${requestOf(user.id, "email").id}`);
    await expect(page.getByTestId("position")).toContainText("25 km");
    await expect(page.getByTestId("position")).toContainText("Approximate area");
    if (js) {
      await expect(page.locator(".leaflet-overlay-pane path")).toHaveCount(1);
      await expect(page.locator(".leaflet-container")).toBeVisible();
      await expect(page.locator(".leaflet-marker-icon")).toHaveCount(0);
    }
    expect(tiles.every((url) => url.startsWith("https://tile.openstreetmap.org/"))).toBe(true);
  });

  test("shows the spec's validation messages and keeps what was typed", async ({
    page,
    context,
    js,
    makeUser,
    consoleErrors,
  }) => {
    consoleErrors.allow(/status of 400 \(Bad Request\)/);
    await signedIn(context, makeUser);
    await openNewSearch(page, js);
    await smsForm(page).getByRole("button", { name: "Send SMS" }).click();
    await expect(smsForm(page).locator(".field-error")).toHaveText("Please enter a number");
    await expect(
      smsForm(page).locator(".error-summary").getByRole("link", { name: "Please enter a number" }),
    ).toBeVisible();
    await smsForm(page).getByLabel("Country code").selectOption("ID");
    await smsForm(page).getByLabel("Mobile number").fill("12");
    await smsForm(page).getByRole("button", { name: "Send SMS" }).click();
    await expect(smsForm(page).locator(".field-error")).toHaveText("Please enter a valid mobile number");
    await expect(
      smsForm(page).locator(".error-summary").getByRole("link", { name: "Please enter a valid mobile number" }),
    ).toBeVisible();
    await expect(smsForm(page).getByLabel("Mobile number")).toHaveValue("12");
    await expect(smsForm(page).getByLabel("Country code")).toHaveValue("ID");

    await emailForm(page).getByRole("button", { name: "Send e-mail" }).click();
    await expect(emailForm(page).locator(".field-error")).toHaveText("Please enter your email address");
    await expect(
      emailForm(page).locator(".error-summary").getByRole("link", { name: "Please enter your email address" }),
    ).toBeVisible();
    await emailForm(page).getByLabel("E-mail address").fill("rosa@example");
    await emailForm(page).getByRole("button", { name: "Send e-mail" }).click();
    await expect(emailForm(page).locator(".field-error")).toHaveText("Enter valid email address");
    await expect(
      emailForm(page).locator(".error-summary").getByRole("link", { name: "Enter valid email address" }),
    ).toBeVisible();
    await expect(emailForm(page).getByLabel("E-mail address")).toHaveValue("rosa@example");
  });

  test("on a phone, a refused link form (the third of three) opens on its error summary", async ({
    page,
    context,
    js,
    makeUser,
    consoleErrors,
  }) => {
    consoleErrors.allow(/status of 400 \(Bad Request\)/);
    await page.setViewportSize({ width: 390, height: 844 });
    await signedIn(context, makeUser);
    await openNewSearch(page, js);
    const message = "The title cannot contain a web address, an e-mail address or a phone number.";
    await linkForm(page).getByLabel("Title").fill("Call me on 0917 123 4567");
    await linkForm(page).getByRole("button", { name: "Create link" }).click();
    const summary = linkForm(page).locator(".error-summary");
    await expect(summary.getByRole("link", { name: message })).toBeVisible();
    // Without JavaScript the answer is a new page, which opens with the summary focused (autofocus), so
    // in view rather than at the page's top several screens above; with JavaScript the summary takes the
    // focus itself.
    await expect(summary).toBeFocused();
    await expect(summary).toBeInViewport();
    await expect(page.locator("#new-search-heading")).not.toBeInViewport();
    await expect(linkForm(page).getByLabel("Title")).toHaveValue("Call me on 0917 123 4567");
  });

  test("after a link, says when the next one is allowed and waits until then", async ({
    page,
    context,
    js,
    makeUser,
  }) => {
    await signedIn(context, makeUser);
    await openNewSearch(page, js);
    await linkForm(page).getByLabel("Title").fill("First");
    await linkForm(page).getByRole("button", { name: "Create link" }).click();
    await expect(page).toHaveURL(/tab=link&new=/);
    await openNewSearch(page, js);
    await expect(linkForm(page).getByTestId("next-at")).toHaveText(
      /^One every three hours: you can send the next one on .+ \d{1,2}:\d{2} (AM|PM) Coordinated Universal Time\.$/,
    );
    await expect(linkForm(page).getByRole("button", { name: "Create link" })).toBeDisabled();
    // The other channels have their own three hours.
    await expect(smsForm(page).getByRole("button", { name: "Send SMS" })).toBeEnabled();
  });

  test.describe("in Jakarta", () => {
    test.use({ timezoneId: "Asia/Jakarta" });
    test("dates are in the browser's zone with JavaScript, else in the remembered zone or the language's", async ({
      page,
      context,
      js,
      makeUser,
    }) => {
      await signedIn(context, makeUser);
      await page.goto("/dashboard/");
      const note = page.getByTestId("time-zone");
      if (js) {
        await expect(note).toHaveText("Times are shown in Western Indonesia Time.");
        await expect
          .poll(async () => (await context.cookies()).find((c) => c.name === "tz")?.value)
          .toBe("Asia%2FJakarta");
      } else {
        // Until the browser has said its zone, an English page uses the zone where the client's address
        // is (an Indonesian page: Jakarta's), and UTC only where the address cannot be placed (this
        // loopback one).
        await expect(note).toHaveText("Times are shown in Coordinated Universal Time.");
        await page.setExtraHTTPHeaders({ "X-Forwarded-For": "112.198.0.1" });
        // A worker that does not hold the IP database yet answers in UTC and reads it for the next page.
        await expect
          .poll(async () => {
            await page.reload();
            return note.textContent();
          })
          .toBe("Times are shown in Philippine Standard Time.");
        await page.setExtraHTTPHeaders({});
        await context.addCookies([{ name: "tz", value: "Asia%2FJakarta", url: BASE_URL }]);
        await page.reload();
        await expect(note).toHaveText("Times are shown in Western Indonesia Time.");
      }
    });
  });

  test("Indonesian: a link is created, with the toast in Indonesian", async ({ page, context, js, makeUser }) => {
    const id = (key: string) => tr("id", key);
    const user = await signedIn(context, makeUser);
    await openNewSearch(page, js, "/id");
    await expect(page.getByRole("heading", { level: 3, name: id("dashboard.new.link.title") })).toBeVisible();
    await linkForm(page).getByLabel(id("dashboard.new.link.titleField")).fill("Ponsel Ayah");
    await linkForm(page).getByLabel(id("dashboard.new.language")).selectOption("id");
    await linkForm(page)
      .getByRole("button", { name: id("dashboard.new.link.submit") })
      .click();
    await expect(page).toHaveURL(/\/id\/dashboard\/\?tab=link&new=/);
    const link = requestOf(user.id, "link");
    await expect(page).toHaveURL(`${BASE_URL}/id/dashboard/?tab=link&new=${link.id}`);
    await expectNotice(page, js, id("requests.toast.linkCreated"));
    await expect(card(page, "Ponsel Ayah").getByTestId("request-state")).toHaveText(id("dashboard.status.pending"));
    await expect(card(page, "Ponsel Ayah").getByLabel(id("dashboard.list.shortLink"))).toHaveValue(
      `${BASE_URL}/id/${link.code}`,
    );
  });

  test("Filipino: an SMS is sent, with the toast in Filipino", async ({ page, context, js, makeUser }) => {
    const ph = (key: string) => tr("ph", key);
    const user = await signedIn(context, makeUser);
    await openNewSearch(page, js, "/ph");
    await expect(smsForm(page).getByLabel(ph("dashboard.new.sms.countryCode"))).toHaveValue("PH");
    await smsForm(page).getByLabel(ph("dashboard.new.sms.number")).fill("0918 765 4321");
    await smsForm(page)
      .getByRole("button", { name: ph("dashboard.new.sms.submit") })
      .click();
    await expect(page).toHaveURL(`${BASE_URL}/ph/dashboard/?tab=history`);
    await expectNotice(page, js, ph("requests.sent.sms").replace("{{to}}", "+63 918 765 4321"));
    await expect(card(page, "+63 918 765 4321").getByTestId("request-state")).toHaveText(
      ph("dashboard.status.pending"),
    );
    expect(outboxText("+639187654321")).toContain(`${BASE_URL}/ph/${requestOf(user.id, "sms").code}`);
  });
});
