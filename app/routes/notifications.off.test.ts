// The e-mail's "Stop these e-mails" link and the settings that turn them on again (docs/decisions/043):
// the signed link asks on GET and acts on POST (the button, or a mail client's RFC 8058 one-click);
// a link we did not sign is refused with a 4xx and changes nothing.
import { describe, expect, it } from "vitest";

import { db } from "~/db/db.server";
import { unsubscribeLink, unsubscribeToken } from "~/notifications/settings.server";
import {
  action as settingsAction,
  handle as settingsHandle,
  loader as settingsLoader,
} from "~/routes/dashboard.modules.settings";
import { action as offAction, loader as offLoader } from "~/routes/notifications.off";

import { createUser, formRequest, routeArgs, signedInUser } from "../../tests/support/factories";
import { replyTexts } from "../../tests/support/reply-text";
import { routeData } from "../../tests/support/route-data";

const ORIGIN = "http://localhost:3000";
const offPath = (token: string, prefix = "") => `${prefix}/notifications/off?token=${encodeURIComponent(token)}`;
const offUrl = (token: string, prefix = "") => ORIGIN + offPath(token, prefix);
const notifies = async (id: string) =>
  (await db().user.findUniqueOrThrow({ where: { id }, select: { notifyByEmail: true } })).notifyByEmail;

/** A mail client's one-click unsubscribe: a form post with no cookie and no Origin. */
const oneClick = (url: string) =>
  new Request(url, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: "List-Unsubscribe=One-Click",
  });

describe("the signed link", () => {
  it("is the account's id and its signature, in the reader's language", async () => {
    const { user } = await createUser();
    const link = new URL(await unsubscribeLink(user.id, "id"));
    expect(link.pathname).toBe("/id/notifications/off");
    expect(link.searchParams.get("token")).toBe(await unsubscribeToken(user.id));
    expect(link.searchParams.get("token")).toMatch(new RegExp(`^${user.id}\\.[A-Za-z0-9_-]{22}$`));
  });

  it("asks on GET and changes nothing (mail scanners open links)", async () => {
    const { user } = await createUser();
    const { status, data } = await routeData(
      offLoader(routeArgs(new Request(offUrl(await unsubscribeToken(user.id))))),
    );
    expect(status).toBe(200);
    expect(data.state).toBe("ask");
    expect(await notifies(user.id)).toBe(true);
  });

  it("turns the e-mails off on the button's POST, and says so", async () => {
    const { user } = await createUser();
    const path = offPath(await unsubscribeToken(user.id), "/ph");
    const { status, data } = await routeData(offAction(routeArgs(formRequest(path, {}))));
    expect(status).toBe(200);
    expect(data.state).toBe("done");
    expect(await notifies(user.id)).toBe(false);
    // Opened again: already off.
    expect((await routeData(offLoader(routeArgs(new Request(ORIGIN + path))))).data.state).toBe("alreadyOff");
  });

  it("takes a mail client's one-click POST (RFC 8058) with no cookie and no Origin", async () => {
    const { user } = await createUser();
    const { status } = await routeData(offAction(routeArgs(oneClick(offUrl(await unsubscribeToken(user.id))))));
    expect(status).toBe(200);
    expect(await notifies(user.id)).toBe(false);
  });

  it("refuses a forged, altered or borrowed signature with a 404 and changes nothing", async () => {
    const { user } = await createUser();
    const { user: other } = await createUser();
    const real = await unsubscribeToken(user.id);
    const signature = real.split(".")[1]!;
    const forged = [
      `${user.id}.${"A".repeat(22)}`,
      `${user.id}.${signature.slice(0, -1)}${signature.endsWith("A") ? "B" : "A"}`,
      // Another account's id with this account's signature.
      `${other.id}.${signature}`,
      user.id,
      "",
      `${user.id}.${signature}x`,
      "../../etc/passwd",
      `${user.id}.${signature}\u0000`,
    ];
    for (const token of forged) {
      expect((await routeData(offLoader(routeArgs(new Request(offUrl(token)))))).status, token).toBe(404);
      expect((await routeData(offAction(routeArgs(oneClick(offUrl(token)))))).status, token).toBe(404);
    }
    expect(await notifies(user.id)).toBe(true);
    expect(await notifies(other.id)).toBe(true);
  });
});

describe("the settings", () => {
  it("show the stored choice, and turn the e-mails back on with their language", async () => {
    const { user, token } = await signedInUser();
    await db().user.update({ where: { id: user.id }, data: { notifyByEmail: false } });
    const cookie = { Cookie: `token=${token}` };
    const page = await routeData(
      settingsLoader(routeArgs(new Request(`${ORIGIN}/dashboard/modules/Settings`, { headers: cookie }))),
    );
    expect(page.data.settings).toEqual({ notifyByEmail: false, locale: "en" });

    const saved = await settingsAction(
      routeArgs(formRequest(`/id/dashboard/modules/Settings`, { notifyByEmail: "on", locale: "id" }, cookie)),
    );
    expect(saved).toBeInstanceOf(Response);
    expect((saved as Response).headers.get("Location")).toBe("/id/dashboard/modules/Settings");
    expect((saved as Response).headers.getSetCookie().some((c) => c.startsWith("flash="))).toBe(true);
    expect(await db().user.findUniqueOrThrow({ where: { id: user.id } })).toMatchObject({
      notifyByEmail: true,
      locale: "id",
    });

    // Unticked: off again.
    await settingsAction(routeArgs(formRequest(`/dashboard/modules/Settings`, { locale: "en" }, cookie)));
    expect(await notifies(user.id)).toBe(false);
  });

  it("refuses a language it does not have with a 400 the page translates and changes nothing", async () => {
    const { user, token } = await signedInUser();
    const refused = await routeData(
      settingsAction(
        routeArgs(
          formRequest(
            "/ph/dashboard/modules/Settings",
            { notifyByEmail: "on", locale: "xx" },
            { Cookie: `token=${token}` },
          ),
        ),
      ),
    );
    expect(refused.status).toBe(400);
    expect(replyTexts(refused.data, "ph", settingsHandle).locale).toBe("Pumili ng isa sa mga wika sa listahan.");
    expect((await db().user.findUniqueOrThrow({ where: { id: user.id } })).locale).toBe("en");
  });
});
