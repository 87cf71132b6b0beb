import { describe, expect, it } from "vitest";

import { db } from "~/db/db.server";
import { sharePrecise } from "~/location-requests/answer.server";
import { readFlash } from "~/utils/toast.server";

import { formRequest, routeArgs, signedInUser } from "../../tests/support/factories";
import { withFailingSendGrid, withFailingTwilio } from "../../tests/support/provider-fakes";
import { routeData } from "../../tests/support/route-data";
import { action, loader } from "./dashboard";

const page = (path: string, token: string, cookies = "") =>
  new Request(`http://localhost:3000${path}`, {
    headers: { Cookie: `token=${token}${cookies ? `; ${cookies}` : ""}` },
  });
const post = (path: string, token: string, fields: Record<string, string>, cookies = "") =>
  action(routeArgs(formRequest(path, fields, { Cookie: `token=${token}${cookies ? `; ${cookies}` : ""}` })));
const reply = (...args: Parameters<typeof post>) => routeData(post(...args));
const load = async (path: string, token: string, cookies?: string) =>
  (await loader(routeArgs(page(path, token, cookies)))).data;

/** The toast a redirect carries in its flash cookie. */
async function toastOf(response: { headers: Headers }) {
  const cookie = /^(flash=[^;]*)/.exec(response.headers.get("Set-Cookie") ?? "")?.[1] ?? "";
  const { flash } = await readFlash(new Request("http://localhost:3000/", { headers: { Cookie: cookie } }));
  return flash;
}

async function thrown(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    return routeData(Promise.reject(error));
  }
  throw new Error("expected a thrown response");
}

const sms = {
  intent: "sms",
  countryCode: "PH",
  number: "0917 123 4567",
  name: "Ana",
  language: "ph",
  template: "checkIn",
};
const email = { intent: "email", email: "rosa@example.com", name: "Ana", language: "id" };
const link = { intent: "link", title: "Dad's phone", name: "Ana", language: "en" };

describe("dashboard: New Search", () => {
  it("sends an SMS through the outbox with the recipient's localized link and goes to History", async () => {
    const { token, user } = await signedInUser();
    const res = await reply("/id/dashboard/?tab=new", token, sms);
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/id/dashboard/?tab=history");
    expect((await toastOf(res))?.toast).toEqual({
      type: "success",
      key: "requests.sent.sms",
      values: { to: "+63 917 123 4567" },
    });

    const request = await db().locationRequest.findFirstOrThrow({ where: { userId: user.id } });
    expect(request).toMatchObject({
      channel: "sms",
      target: "+639171234567",
      requesterName: "Ana",
      locale: "ph",
      status: "pending",
    });
    const message = await db().outboxMessage.findFirstOrThrow({
      where: { channel: "sms", to: "+639171234567" },
      orderBy: { createdAt: "desc" },
    });
    expect(message.text).toContain(`http://localhost:3000/ph/${request.code}`);
    // The service speaks, on the requester's behalf, with the typed name marked as unverified.
    expect(message.text).toContain("Family Locator: Gustong malaman ni Ana (hindi beripikado ang pangalan)");
    expect(message.text).toMatch(/I-reply ang STOP para tumigil$/);
  });

  it("sends an e-mail with the localized link and goes to Location by Email", async () => {
    const { token, user } = await signedInUser();
    const res = await reply("/dashboard/?tab=new", token, email);
    expect(res.headers.get("Location")).toBe("/dashboard/?tab=email");
    expect((await toastOf(res))?.toast).toEqual({
      type: "success",
      key: "requests.sent.email",
      values: { to: "rosa@example.com" },
    });
    const request = await db().locationRequest.findFirstOrThrow({ where: { userId: user.id } });
    const mail = await db().outboxMessage.findFirstOrThrow({
      where: { channel: "email", to: "rosa@example.com" },
      orderBy: { createdAt: "desc" },
    });
    expect(mail.text).toContain(`http://localhost:3000/id/${request.code}`);
    expect(mail.subject).toBe("Family Locator: Ana menanyakan keberadaan Anda");
  });

  it("creates a link and shows it highlighted on Location by link", async () => {
    const { token, user } = await signedInUser();
    const res = await reply("/ph/dashboard/?tab=new", token, link);
    const request = await db().locationRequest.findFirstOrThrow({ where: { userId: user.id } });
    expect(request).toMatchObject({ channel: "link", title: "Dad's phone", locale: "en" });
    expect(res.headers.get("Location")).toBe(`/ph/dashboard/?tab=link&new=${request.id}`);
    expect((await toastOf(res))?.toast?.key).toBe("requests.toast.linkCreated");

    const view = await load(`/ph/dashboard/?tab=link&new=${request.id}`, token);
    expect(view.highlight).toBe(request.id);
    expect(view.list?.items).toMatchObject([
      { id: request.id, title: "Dad's phone", link: `http://localhost:3000/${request.code}`, status: "pending" },
    ]);
  });

  it("answers invalid SMS input with 400, the spec's messages and the values kept", async () => {
    const { token } = await signedInUser();
    const empty = await reply("/dashboard/?tab=new", token, { ...sms, number: " ", name: "" });
    expect(empty.status).toBe(400);
    expect(empty.data.errors).toEqual({
      number: "requests.errors.numberRequired",
      name: "requests.errors.nameRequired",
    });
    const invalid = await reply("/dashboard/?tab=new", token, { ...sms, countryCode: "ID", number: "12" });
    expect(invalid.status).toBe(400);
    expect(invalid.data).toMatchObject({
      form: "sms",
      errors: { number: "requests.errors.numberInvalid" },
      values: { number: "12", countryCode: "ID", template: "checkIn" },
    });
    const landline = await reply("/dashboard/?tab=new", token, { ...sms, countryCode: "ID", number: "21 5150 5150" });
    expect(landline.data.errors.number).toBe("requests.errors.numberInvalid");
    const long = await reply("/dashboard/?tab=new", token, { ...sms, name: "x".repeat(61) });
    expect(long.data.errors.name).toBe("dashboard.errors.nameTooLong");
    expect(await db().outboxMessage.count({ where: { text: { contains: "xxxxxxxxxx" } } })).toBe(0);
  });

  it("answers invalid e-mail and link input with 400 and the spec's messages", async () => {
    const { token } = await signedInUser();
    const noEmail = await reply("/dashboard/?tab=new", token, { ...email, email: "" });
    expect(noEmail.status).toBe(400);
    expect(noEmail.data.errors.email).toBe("requests.errors.emailRequired");
    const badEmail = await reply("/dashboard/?tab=new", token, { ...email, email: "rosa@example" });
    expect(badEmail.data).toMatchObject({
      form: "email",
      errors: { email: "loginModal.EnterValidEmail" },
      values: { email: "rosa@example" },
    });
    const noTitle = await reply("/dashboard/?tab=new", token, { ...link, title: "" });
    expect(noTitle.data.errors.title).toBe("dashboard.errors.titleRequired");
    const longTitle = await reply("/dashboard/?tab=new", token, { ...link, title: "t".repeat(61) });
    expect(longTitle.status).toBe(400);
    expect(longTitle.data.errors.title).toBe("requests.errors.titleTooLong");
    const unknown = await reply("/dashboard/?tab=new", token, { intent: "bogus" });
    expect(unknown.status).toBe(400);
  });

  it("refuses names and titles that carry a web address, an e-mail address or a phone number", async () => {
    const { token } = await signedInUser();
    const url = await reply("/dashboard/?tab=new", token, { ...sms, name: "BDO Bank https://bdo-verify.example/x" });
    expect(url.status).toBe(400);
    expect(url.data.errors.name).toBe("requests.errors.nameContact");
    const disguised = await reply("/dashboard/?tab=new", token, { ...email, name: "bdo-verify[.]com" });
    expect(disguised.data.errors.name).toBe("requests.errors.nameContact");
    const title = await reply("/dashboard/?tab=new", token, { ...link, title: "Call 0917 123 4567" });
    expect(title.data.errors.title).toBe("requests.errors.titleContact");
    expect(await db().locationRequest.count({ where: { requesterName: { contains: "bdo" } } })).toBe(0);
  });

  it("refuses a second SMS within three hours with the next allowed time, formatted in the viewer's zone", async () => {
    const { token } = await signedInUser();
    await post("/dashboard/?tab=new", token, sms);
    const again = await reply("/dashboard/?tab=new", token, sms, "tz=Asia%2FJakarta");
    expect(again.status).toBe(429);
    expect(again.data.errors.form).toBe("requests.errors.limited");
    expect(again.data.errorValues?.form?.time).toMatch(/\d{1,2}:\d{2} (AM|PM) Western Indonesia Time$/);
    // Other channels have their own limit.
    expect((await reply("/dashboard/?tab=new", token, link)).status).toBe(302);
    // Without the browser's zone, an Indonesian page says Jakarta's time, named as everywhere else.
    const jakarta = await reply("/id/dashboard/?tab=new", token, link);
    expect(jakarta.data.errorValues?.form?.time).toMatch(/ Waktu Indonesia Barat$/);
  });

  it("sends an expired subscriber to the expired notice instead of sending", async () => {
    const { token, user } = await signedInUser({ days: -1 });
    const res = await thrown(post("/id/dashboard/?tab=new", token, sms));
    expect(res.headers.get("Location")).toBe("/id/dashboard/?s=-1&at=10");
    expect(await db().locationRequest.count({ where: { userId: user.id } })).toBe(0);
  });

  it("keeps the SMS form's values through the choose-message round trip without JavaScript", async () => {
    const { token } = await signedInUser();
    const open = await reply("/dashboard/?tab=new", token, { ...sms, choose: "message" });
    expect(open.headers.get("Location")).toBe("/dashboard/?tab=new&modal=message");
    expect((await toastOf(open))?.form).toMatchObject({
      form: "sms",
      values: { number: "0917 123 4567", countryCode: "PH", language: "ph" },
    });
    const picked = await reply("/dashboard/?tab=new", token, {
      intent: "pickTemplate",
      countryCode: "PH",
      number: "0917",
      name: "Ana",
      language: "ph",
      template: "safety",
    });
    expect(picked.headers.get("Location")).toBe("/dashboard/?tab=new");
    expect((await toastOf(picked))?.form?.values).toMatchObject({ template: "safety", number: "0917" });

    const view = await load("/dashboard/?tab=new&modal=message", token);
    expect(view.modal).toBe("message");
    expect(view.newSearch?.templates.ph.safety).toContain("{{name}}");
    expect(view.newSearch?.countries.slice(0, 3).map((c) => c.dial)).toEqual(["+62", "+63", "+1"]);
  });

  it("keeps a request whose SMS could not be sent, shows it failed and says so", async () => {
    await withFailingTwilio(async () => {
      const { token } = await signedInUser();
      const res = await reply("/dashboard/?tab=new", token, sms);
      expect(res.headers.get("Location")).toBe("/dashboard/?tab=history");
      expect((await toastOf(res))?.toast).toEqual({
        type: "error",
        key: "requests.sent.smsFailed",
        values: { to: "+63 917 123 4567" },
      });
      const view = await load("/dashboard/?tab=history", token);
      expect(view.list?.items).toMatchObject([{ channel: "sms", delivery: "failed", status: "pending" }]);
    });
  });
});

describe("dashboard: a SendGrid error", () => {
  it("keeps the e-mail request, shows it failed, says it could not be sent and gives the limit back", async () => {
    const { token, user } = await signedInUser();
    const calls = await withFailingSendGrid(async () => {
      const res = await reply("/dashboard/?tab=new", token, email);
      expect(res.headers.get("Location")).toBe("/dashboard/?tab=email");
      expect((await toastOf(res))?.toast).toEqual({
        type: "error",
        key: "requests.sent.emailFailed",
        values: { to: "rosa@example.com" },
      });
      const view = await load("/dashboard/?tab=email", token);
      expect(view.list?.items).toMatchObject([
        { channel: "email", target: "rosa@example.com", delivery: "failed", status: "pending" },
      ]);
      const kept = await db().locationRequest.findFirstOrThrow({ where: { userId: user.id } });
      expect(kept.deliveryError).toMatch(/Forbidden|403/);
      // The limit was given back: the next try reaches SendGrid again instead of a 429.
      const again = await reply("/dashboard/?tab=new", token, email);
      expect((await toastOf(again))?.toast?.key).toBe("requests.sent.emailFailed");
    });
    expect(calls).toBe(2);
    expect(await db().locationRequest.count({ where: { userId: user.id, channel: "email", delivery: "failed" } })).toBe(
      2,
    );
    expect(await db().usageSlot.findUnique({ where: { key: `email:${user.id}` } })).toBeNull();
  });
});

describe("dashboard: lists", () => {
  it("shows each tab's requests, only the user's own, with dates in the tz cookie's zone or the language's", async () => {
    const { token, user } = await signedInUser();
    const other = await signedInUser();
    await post("/dashboard/?tab=new", token, sms);
    await post("/dashboard/?tab=new", token, email);
    await post("/dashboard/?tab=new", token, link);
    await post("/dashboard/?tab=new", other.token, link);
    const linkRow = await db().locationRequest.findFirstOrThrow({ where: { userId: user.id, channel: "link" } });
    await sharePrecise(linkRow.code, { latitude: 14.6507, longitude: 121.0494, accuracyMeters: 12 });

    const history = await load("/dashboard/", token);
    expect(history.tab).toBe("history");
    expect(history.zone).toBe("UTC");
    expect(history.list?.items.map((i) => i.channel).sort()).toEqual(["email", "link", "sms"]);
    expect(history.list?.items[0]?.shown.createdAt).toMatch(/\d{4}, \d{1,2}:\d{2} (AM|PM)$/);
    expect((await load("/dashboard/?tab=email", token)).list?.items.map((i) => i.channel)).toEqual(["email"]);
    expect((await load("/dashboard/?tab=link", token)).list?.items.map((i) => i.channel)).toEqual(["link"]);
    const records = await load("/dashboard/?tab=records", token, "tz=Asia%2FManila");
    expect(records.zone).toBe("Asia/Manila");
    // No MAP_TILE_URL: no street tiles, and the server's drawing of the position on the outlines.
    expect(records.map?.tileUrl).toBeNull();
    expect(records.map?.basemap?.marks).toMatchObject([{ id: linkRow.id, x: 500, y: 500, precise: true }]);
    expect(records.list?.items).toMatchObject([
      { id: linkRow.id, status: "gps_tracked", latitude: 14.6507, accuracyMeters: 12 },
    ]);
    expect(records.list?.items[0]?.shown.locatedAt).toBeTruthy();
    expect((await load("/dashboard/?tab=history", token, "tz=Not%2FAZone")).zone).toBe("UTC");
    // Before the browser has said its zone, an Indonesian or Filipino page uses its country's.
    expect((await load("/id/dashboard/?tab=history", token)).zone).toBe("Asia/Jakarta");
    expect((await load("/ph/dashboard/?tab=history", token)).zone).toBe("Asia/Manila");

    const theirs = await load("/dashboard/?tab=history", other.token);
    expect(theirs.list?.items).toHaveLength(1);
    expect(theirs.list?.items[0]?.id).not.toBe(linkRow.id);
  });

  it("shows one request by id to its owner only: another user's id is a 404", async () => {
    const { token, user } = await signedInUser();
    const other = await signedInUser();
    await post("/dashboard/?tab=new", token, link);
    const row = await db().locationRequest.findFirstOrThrow({ where: { userId: user.id } });
    const own = await load(`/dashboard/?tab=records&id=${row.id}`, token);
    expect(own.detail).toMatchObject({ id: row.id, title: "Dad's phone" });
    expect(own.map).not.toBeNull();
    const foreign = await thrown(load(`/dashboard/?tab=records&id=${row.id}`, other.token));
    expect(foreign.status).toBe(404);
    expect(JSON.stringify(foreign)).not.toContain("Dad");
  });

  it("pages by 20 with Older and Newer cursors", async () => {
    const { token, user } = await signedInUser();
    await db().locationRequest.createMany({
      data: Array.from({ length: 23 }, (_, i) => ({
        userId: user.id,
        channel: "link",
        title: `Link ${i}`,
        requesterName: "Ana",
        locale: "en",
        code: `pg${user.id.slice(-4)}${String(i).padStart(2, "0")}`.slice(0, 8),
        delivery: "link",
        createdAt: new Date(Date.now() - i * 60_000),
      })),
    });
    const first = await load("/dashboard/?tab=link", token);
    expect(first.list).toMatchObject({ total: 23, totalCapped: false, newer: null });
    expect(first.list?.items).toHaveLength(20);
    // The Older link's cursor, as the page's link carries it.
    const second = await load(`/dashboard/?tab=link&cursor=${encodeURIComponent(first.list!.older!)}`, token);
    expect(second.list?.items.map((i) => i.title)).toEqual(["Link 20", "Link 21", "Link 22"]);
    expect(second.list?.older).toBeNull();
    const back = await load(`/dashboard/?tab=link&cursor=${encodeURIComponent(second.list!.newer!)}`, token);
    expect(back.list?.items.map((i) => i.title)).toEqual(first.list?.items.map((i) => i.title));
    expect(back.list?.newer).toBeNull();
    // Old `page` links still open their page; nonsense opens the first.
    const byPage = await load("/dashboard/?tab=link&page=2", token);
    expect(byPage.list?.items.map((i) => i.title)).toEqual(["Link 20", "Link 21", "Link 22"]);
    expect((await load("/dashboard/?tab=link&page=abc", token)).list?.items).toHaveLength(20);
    expect(first.list?.cursorRefused).toBe(false);
    expect(second.list?.cursorRefused).toBe(false);
    // A cursor this site did not make, or one dated outside any real time (year 10000, before 1970, not
    // a number): the newest page, with a note, never an error.
    const raw = (text: string) => encodeURIComponent(Buffer.from(text).toString("base64url"));
    for (const cursor of ["bogus", raw("o.253402300800000.a"), raw("o.-1.a"), raw("n.NaN.a"), raw("o.1e20.a")]) {
      const view = await load(`/dashboard/?tab=link&cursor=${cursor}`, token);
      expect(view.list?.items, cursor).toHaveLength(20);
      expect(view.list?.cursorRefused, cursor).toBe(true);
    }
  });

  it("keeps the expired notice and still shows the requests", async () => {
    const { token } = await signedInUser({ days: -1 });
    const view = await load("/dashboard/?s=-1&at=10", token);
    expect(view.expiredNotice).toBe(true);
    expect(view.tab).toBe("history");
  });
});
