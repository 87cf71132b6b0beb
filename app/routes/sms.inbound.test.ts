// Twilio's inbound message webhook, signed the way Twilio signs it (the real SDK computes the
// signature; the route checks it with the real SDK too): STOP, START, HELP, a bad signature, a body
// that is not a form.
import twilio from "twilio";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { db } from "~/db/db.server";
import { createLocationRequest } from "~/location-requests/create.server";
import { recipientKey, smsReplyKind } from "~/location-requests/recipient-controls.server";
import { action, loader } from "~/routes/sms.inbound";
import { config, resetConfig } from "~/server/config.server";

import { createUser } from "../../tests/support/factories";

const TOKEN = "inbound-token";
beforeEach(() => {
  process.env.TWILIO_AUTH_TOKEN = TOKEN;
  resetConfig();
});
afterEach(() => {
  delete process.env.TWILIO_AUTH_TOKEN;
  resetConfig();
});

/** A reply as Twilio posts it, signed over the configured public URL (or with a wrong signature). */
function reply(params: Record<string, string>, signature?: string) {
  const url = `${config().publicUrl.origin}/sms/inbound`;
  return new Request("http://127.0.0.1:3000/sms/inbound", {
    method: "POST",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      "X-Twilio-Signature": signature ?? twilio.getExpectedTwilioSignature(TOKEN, url, params),
    },
    body: new URLSearchParams(params),
  });
}
const args = (request: Request) => ({ request, params: {}, context: {} });
const post = (request: Request) => action(args(request)) as Promise<Response>;
const fields = (from: string, body: string) => ({
  MessageSid: "SM1",
  AccountSid: "AC1",
  From: from,
  To: "+15005550006",
  Body: body,
});
const randomMobile = () => `+63917${String(Math.floor(Math.random() * 1e7)).padStart(7, "0")}`;
const optedOut = async (number: string) =>
  (await db().recipientOptOut.findUnique({ where: { recipientKey: (await recipientKey("sms", number))! } }))?.source ??
  null;

describe("the inbound SMS webhook", () => {
  it("records STOP as an opt-out (answering nothing: Twilio confirms it), and START undoes it", async () => {
    const number = randomMobile();
    const stopped = await post(reply(fields(number, " stop ")));
    expect(stopped.status).toBe(200);
    expect(stopped.headers.get("Content-Type")).toBe("text/xml");
    expect(await stopped.text()).toBe('<?xml version="1.0" encoding="UTF-8"?><Response></Response>');
    expect(await optedOut(number)).toBe("sms");

    const { user } = await createUser();
    expect(
      await createLocationRequest({
        userId: user.id,
        channel: "sms",
        target: number,
        requesterName: "Ana",
        locale: "en",
      }),
    ).toMatchObject({ error: "notAccepted" });

    expect((await post(reply(fields(number, "START")))).status).toBe(200);
    expect(await optedOut(number)).toBeNull();
  });

  it("answers HELP with the short help text, in the language of the last request to that number", async () => {
    const number = randomMobile();
    const english = await (await post(reply(fields(number, "HELP")))).text();
    expect(english).toContain(
      "<Message>Family Locator sends location requests on behalf of people who know your number.",
    );
    expect(english).toContain("Reply STOP to stop all requests, START to allow them again.</Message>");
    // The erase control is on the recipient's own link, which only the request carries.
    expect(english).toContain("The link in each request also lets you erase your data.");

    const { user } = await createUser();
    await createLocationRequest({
      userId: user.id,
      channel: "sms",
      target: number,
      requesterName: "Ana",
      locale: "id",
    });
    const indonesian = await (await post(reply(fields(number, "help")))).text();
    expect(indonesian).toContain("<Message>Family Locator mengirim permintaan lokasi");
    expect(indonesian).toContain("menghapus data Anda");
    expect(await optedOut(number)).toBeNull();
  });

  it("ignores any other message", async () => {
    const number = randomMobile();
    expect(await (await post(reply(fields(number, "stop sending me these please")))).text()).toBe(
      '<?xml version="1.0" encoding="UTF-8"?><Response></Response>',
    );
    expect(await optedOut(number)).toBeNull();
  });

  it("refuses a wrong signature, a signature for other fields and a missing token with 403, changing nothing", async () => {
    const number = randomMobile();
    expect((await post(reply(fields(number, "STOP"), "bad"))).status).toBe(403);
    const signedOther = twilio.getExpectedTwilioSignature(
      TOKEN,
      `${config().publicUrl.origin}/sms/inbound`,
      fields(number, "START"),
    );
    expect((await post(reply(fields(number, "STOP"), signedOther))).status).toBe(403);
    const signedAnotherUrl = twilio.getExpectedTwilioSignature(
      TOKEN,
      "https://evil.example/sms/inbound",
      fields(number, "STOP"),
    );
    expect((await post(reply(fields(number, "STOP"), signedAnotherUrl))).status).toBe(403);
    const unsigned = reply(fields(number, "STOP"));
    unsigned.headers.delete("X-Twilio-Signature");
    expect((await post(unsigned)).status).toBe(403);
    delete process.env.TWILIO_AUTH_TOKEN;
    resetConfig();
    expect((await post(reply(fields(number, "STOP")))).status).toBe(403);
    expect(await optedOut(number)).toBeNull();
  });

  it("answers a body that is not a form with 4xx, and a GET with 405", async () => {
    const json = new Request("http://localhost:3000/sms/inbound", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: "{}",
    });
    expect((await post(json)).status).toBe(415);
    const none = new Request("http://localhost:3000/sms/inbound", { method: "POST", body: "x" });
    none.headers.delete("Content-Type");
    expect((await post(none)).status).toBe(400);
    expect(loader().status).toBe(405);
  });

  it("knows Twilio's standard keywords", () => {
    for (const word of [
      "STOP",
      "stopall",
      "Unsubscribe",
      "cancel",
      "END",
      "quit",
      "STOP ALL",
      "OPTOUT",
      "revoke",
      "Stop.",
    ])
      expect(smsReplyKind(word)).toBe("stop");
    for (const word of ["START", "unstop", "yes"]) expect(smsReplyKind(word)).toBe("start");
    for (const word of ["HELP", "info"]) expect(smsReplyKind(word)).toBe("help");
    expect(smsReplyKind("Where are you?")).toBe("other");
  });
});
