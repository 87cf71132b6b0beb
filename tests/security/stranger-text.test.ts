// Round three's disguises, through the pages and the JSON API the way Remix calls them. Text a
// stranger reads in our name (a requester's name and title, a voice message's sender and body) cannot
// carry a way to reach someone else, however it is spelled: invisible characters inside a domain,
// spelled-out or spaced dots, other scripts' digits. And an e-mail opt-out holds however the address
// is written: a quoted local part, a comment or an invisible character is refused, a full-width
// domain is the same mailbox. Ordinary names and messages still pass.
import { randomBytes } from "node:crypto";

import { describe, expect, it } from "vitest";

import { db } from "~/db/db.server";
import { getT } from "~/i18n/i18next.server";
import { optOut, recipientKey } from "~/location-requests/recipient-controls.server";
import { action as createLinkApi } from "~/routes/api.v1.locate.create-link";
import { action as sendEmailApi } from "~/routes/api.v1.locate.send-email";
import { action as sendSmsApi } from "~/routes/api.v1.locate.send-sms";
import { action as sendVoiceApi } from "~/routes/api.v1.voice.send";
import { action as dashboardAction } from "~/routes/dashboard";
import { action as voiceAction, handle as voiceHandle } from "~/routes/send-voice-message";
import type { FormReply } from "~/utils/parse-form";
import { readFlash } from "~/utils/toast.server";

import { apiRequest, formRequest, readEnvelope, routeArgs, signedInUser } from "../support/factories";
import { replyTexts } from "../support/reply-text";
import { routeData } from "../support/route-data";

/** Each spelling the attack used, and ones beside it: all read as a web address or a phone number. */
const HOSTILE = [
  "www\u00ad.bdo-verify.c\u00adom",
  "bdo\u034f-verify.com",
  "bdo-verify.co\u180em",
  "bdo-verify\u3164.com",
  "bdo-verify.\u115fcom",
  "BDO evil dot com",
  "BDO evil . com",
  "BDO evil (dot) com",
  "BDO evil[.]com",
  "BDO evil．com",
  "a @ b . co",
  "t\u00ad.me/x",
  "Call ٠٩١٧ ١٢٣ ٤٥٦٧",
  "Call ०९१७ १२३ ४५६७",
  "Call ০৯১৭ ১২৩ ৪৫৬৭",
  "Call ๐๙๑๗ ๑๒๓ ๔๕๖๗",
];
const ORDINARY_NAMES = ["Mom", "Dr. Ana Cruz", "Tita Bing 2"];
const SCAM = "Your account is locked. Call 0917 123 4567 or visit bdo-verify.com";
const ORDINARY_MESSAGES = ["Call me when you land at 5.30", "Meet at Jl. Sudirman", "Transfer Rp 1.500.000 ya"];
const LANGUAGES = [
  ["en", "", "en"],
  ["id", "/id", "id"],
  ["ph", "/ph", "fil"],
] as const;

const auth = (token: string, language = "en") => ({ Authorization: `Bearer ${token}`, "Accept-Language": language });
const dashboard = (token: string, fields: Record<string, string>, prefix = "") =>
  routeData(
    dashboardAction(
      routeArgs(
        formRequest(`${prefix}/dashboard/?tab=new`, { language: "en", ...fields }, { Cookie: `token=${token}` }),
      ),
    ),
  );
const api = async (action: typeof sendSmsApi, path: string, token: string, json: unknown, language = "en") => {
  const answer = await action(routeArgs(apiRequest(path, { json, headers: auth(token, language) })));
  // readEnvelope checks that the envelope's status is the answer's.
  return readEnvelope(answer);
};
const voicePage = (token: string, fields: Record<string, string>, prefix = "") =>
  routeData(
    voiceAction(
      routeArgs(
        formRequest(
          `${prefix}/send-voice-message`,
          { country: "PH", number: "0917 765 4321", name: "Ana", message: "Dinner at seven.", ...fields },
          { Cookie: `token=${token}` },
        ),
      ),
    ),
  );
const sms = { intent: "sms", countryCode: "PH", number: "0917 123 4567", name: "Ana", template: "checkIn" };

describe("names and titles in our SMS, e-mail and links", () => {
  it("refuse every disguise with the field's translated 400, on the page and the API", async () => {
    const { token } = await signedInUser();
    for (const name of HOSTILE) {
      const page = await dashboard(token, { ...sms, name });
      expect(page.status, name).toBe(400);
      expect((page.data as { errors: Record<string, string> }).errors.name, name).toBe("requests.errors.nameContact");
      const title = await dashboard(token, { intent: "link", name: "Ana", title: name });
      expect((title.data as { errors: Record<string, string> }).errors.title, name).toBe(
        "requests.errors.titleContact",
      );
      const json = { requesterName: name, countryCode: "+63", phone: "9171234567" };
      const answer = await api(sendSmsApi, "/api/v1/locate/sendSms", token, json);
      expect(answer.status, name).toBe(400);
      expect(answer.message, name).toBe((await getT("en"))("requests.errors.nameContact"));
      const link = await api(createLinkApi, "/api/v1/locate/createLink", token, { requesterName: "Ana", title: name });
      expect(link.status, name).toBe(400);
    }
    for (const [locale, , language] of LANGUAGES) {
      const answer = await api(
        sendSmsApi,
        "/api/v1/locate/sendSms",
        token,
        { requesterName: HOSTILE[0], countryCode: "+63", phone: "9171234567" },
        language,
      );
      expect(answer.message).toBe((await getT(locale))("requests.errors.nameContact"));
    }
    expect(await db().locationRequest.count({ where: { requesterName: { contains: "verify" } } })).toBe(0);
  });

  it("let ordinary names through", async () => {
    for (const name of ORDINARY_NAMES) {
      const { token, user } = await signedInUser();
      const page = await dashboard(token, { intent: "link", name, title: `${name}'s phone` });
      expect(page.status, name).toBe(302);
      const row = await db().locationRequest.findFirstOrThrow({ where: { userId: user.id } });
      expect(row.requesterName).toBe(name);
    }
    const { token } = await signedInUser();
    const answer = await api(sendSmsApi, "/api/v1/locate/sendSms", token, {
      requesterName: "Tita Bing ٢",
      countryCode: "+63",
      phone: "9171234568",
    });
    expect(answer.status).toBe(200);
    // Sent as it was checked: the digit a phone shows as 2.
    const sent = await db().outboxMessage.findFirstOrThrow({ where: { to: "+639171234568" } });
    expect(sent.text).toContain("Tita Bing 2");
  });
});

describe("a voice message's sender and body, spoken from our number", () => {
  it("refuse a contact point in the body and the sender with a translated 400, on the page and the API", async () => {
    const { token, user } = await signedInUser();
    for (const [locale, prefix, language] of LANGUAGES) {
      const t = await getT(locale);
      const page = await voicePage(token, { message: SCAM, intent: "send" }, prefix);
      expect(page.status).toBe(400);
      const reply = page.data as FormReply;
      expect(reply.errors.message).toBe("voice.errors.messageContact");
      expect(replyTexts(reply, locale, voiceHandle).message).toBe(t("voice.errors.messageContact"));
      const answer = await api(
        sendVoiceApi,
        "/api/v1/voice/send",
        token,
        { senderName: "Ana", countryCode: "+63", phone: "9177654321", message: SCAM },
        language,
      );
      expect(answer.status).toBe(400);
      expect(answer.message).toBe(t("voice.errors.messageContact"));
    }
    for (const text of HOSTILE) {
      const body = await voicePage(token, { message: `Hi, it's me. ${text}`, intent: "preview" });
      expect(body.status, text).toBe(400);
      const sender = await voicePage(token, { name: text, intent: "preview" });
      const reply = sender.data as FormReply;
      expect(reply.errors.name, text).toBe("requests.errors.nameContact");
      expect(replyTexts(reply, "en", voiceHandle).name, text).toBe((await getT("en"))("requests.errors.nameContact"));
    }
    expect(await db().voiceMessage.count({ where: { userId: user.id } })).toBe(0);
  });

  it("let ordinary messages through, spoken as they were checked", async () => {
    const { token } = await signedInUser();
    for (const message of ORDINARY_MESSAGES) {
      const page = await voicePage(token, { message, intent: "preview" });
      expect(page.status, message).toBe(200);
      expect((page.data as { preview: string[] }).preview[1]).toBe(message);
    }
    const cleaned = await voicePage(token, { message: "Dinner\u200b at ٧", name: "Mom", intent: "preview" });
    expect((cleaned.data as { preview: string[] }).preview[1]).toBe("Dinner at 7");
    const sent = await api(sendVoiceApi, "/api/v1/voice/send", token, {
      senderName: "Dr. Ana Cruz",
      countryCode: "+63",
      phone: "9177654322",
      message: ORDINARY_MESSAGES[0],
    });
    expect(sent.status).toBe(200);
  });
});

describe("an e-mail opt-out", () => {
  /** Spellings refused as input: none of them is how a person writes an address. */
  const refused = (local: string) => [
    `"${local}"@gmail.com`,
    `${local}(comment)@gmail.com`,
    `${local.slice(0, 3)}\u200b${local.slice(3)}@gmail.com`,
    `${local.slice(0, 3)}\u00ad${local.slice(3)}@gmail.com`,
  ];

  it("holds for a quoted local part, a comment, a zero-width character, a soft hyphen and a full-width domain", async () => {
    const local = `rosatest${randomBytes(3).toString("hex")}`;
    await optOut((await recipientKey("email", `${local}@gmail.com`))!, "page");
    const { token } = await signedInUser();
    for (const email of refused(local)) {
      const page = await dashboard(token, { intent: "email", name: "Ana", email });
      expect(page.status, email).toBe(400);
      expect((page.data as { errors: Record<string, string> }).errors.email, email).toBe("loginModal.EnterValidEmail");
      for (const [locale, , language] of LANGUAGES) {
        const answer = await api(
          sendEmailApi,
          "/api/v1/locate/sendEmail",
          token,
          { requesterName: "Ana", email },
          language,
        );
        expect(answer.status, email).toBe(400);
        expect(answer.message, email).toBe((await getT(locale))("loginModal.EnterValidEmail"));
      }
    }

    // The full-width domain is gmail.com to every mail provider (IDNA): accepted as input, and opted out.
    const fullWidth = `${local}@ｇｍａｉｌ.com`;
    const owner = await signedInUser();
    const page = await dashboard(owner.token, { intent: "email", name: "Ana", email: fullWidth });
    expect(page.status).toBe(302);
    const cookie = /^(flash=[^;]*)/.exec(page.headers.get("Set-Cookie") ?? "")?.[1] ?? "";
    const { flash } = await readFlash(new Request("http://localhost:3000/", { headers: { Cookie: cookie } }));
    expect(flash?.toast).toEqual({ type: "error", key: "requests.toast.notAccepted" });
    const caller = await signedInUser();
    const answer = await api(sendEmailApi, "/api/v1/locate/sendEmail", caller.token, {
      requesterName: "Ana",
      email: fullWidth,
    });
    expect(answer.status).toBe(409);
    expect(await db().outboxMessage.count({ where: { to: { contains: local.slice(8) } } })).toBe(0);
  });
});
