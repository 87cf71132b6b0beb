import { describe, expect, it } from "vitest";

import { db } from "~/db/db.server";
import { getT } from "~/i18n/i18next.server";

import { apiRequest, formRequest, readEnvelope, routeArgs, signedInUser } from "../../tests/support/factories";
import { replyTexts } from "../../tests/support/reply-text";
import { routeData } from "../../tests/support/route-data";
import { loader as messagesApi } from "./api.v1.voice.messages";
import { action as sendApi } from "./api.v1.voice.send";
import { action, handle, loader } from "./send-voice-message";

const fields = {
  country: "PH",
  number: "0917 123 4567",
  name: "Ana",
  message: "Dinner at seven.",
  language: "en",
  voice: "male",
};
const post = async (path: string, token: string, extra: Record<string, string>) =>
  routeData(action(routeArgs(formRequest(path, { ...fields, ...extra }, { Cookie: `token=${token}` }))));
/** A refused form's errors as the page shows them (the reply itself carries message keys). */
const shown = (answer: Awaited<ReturnType<typeof post>>, locale: "en" | "id" | "ph") => {
  if (answer.data.ok) throw new Error("expected a refusal");
  return replyTexts(answer.data, locale, handle);
};

describe("/send-voice-message", () => {
  it("needs an active subscription", async () => {
    const anonymous = await routeData(loader(routeArgs(new Request("http://localhost:3000/id/send-voice-message"))));
    expect(anonymous.headers.get("Location")).toBe("/id");
    const expired = await signedInUser({ days: -1 });
    const res = await routeData(
      loader(
        routeArgs(
          new Request("http://localhost:3000/send-voice-message", { headers: { Cookie: `token=${expired.token}` } }),
        ),
      ),
    );
    expect(res.headers.get("Location")).toBe("/dashboard/?s=-1&at=10");
  });

  it("previews the spoken text, sends, lists the message and refuses a second one within three hours", async () => {
    const { token, user } = await signedInUser();
    const preview = await post("/ph/send-voice-message", token, { intent: "preview", language: "fil" });
    expect(preview.data.ok && preview.data.preview).toEqual([
      (await getT("ph"))("voice.spoken.intro", { name: "Ana" }),
      "Dinner at seven.",
      (await getT("ph"))("voice.spoken.optOut"),
    ]);
    expect(await db().voiceMessage.count({ where: { userId: user.id } })).toBe(0);

    const sent = await post("/ph/send-voice-message", token, { intent: "send" });
    expect(sent.status).toBe(302);
    expect(sent.headers.get("Location")).toBe("/ph/send-voice-message");
    const page = await loader(
      routeArgs(new Request("http://localhost:3000/send-voice-message", { headers: { Cookie: `token=${token}` } })),
    );
    expect(page.history).toMatchObject([
      { to: "+639171234567", text: "Dinner at seven.", state: "queued", language: "en" },
    ]);

    const again = await post("/send-voice-message", token, { intent: "send" });
    expect(again.status).toBe(429);
    expect(shown(again, "en").form).toMatch(/next one/);
  });

  it("answers invalid input with 400 and message keys the page translates", async () => {
    const { token } = await signedInUser();
    const answer = await post("/id/send-voice-message", token, { number: "12", name: " ", message: "" });
    expect(answer.status).toBe(400);
    const t = await getT("id");
    expect(shown(answer, "id")).toEqual({
      number: t("requests.errors.numberInvalid"),
      name: t("requests.errors.nameRequired"),
      message: t("voice.errors.messageRequired"),
    });
  });

  it("refuses a name or message over its limit with the limit in the message, as the API does", async () => {
    const { token } = await signedInUser();
    const answer = await post("/send-voice-message", token, { name: "N".repeat(61), message: "m".repeat(501) });
    expect(answer.status).toBe(400);
    expect(shown(answer, "en")).toEqual({
      name: "The name can have at most 60 characters.",
      message: "The message can have at most 500 characters.",
    });
    const api = await sendApi(
      routeArgs(
        apiRequest("/api/v1/voice/send", {
          headers: { Authorization: token },
          json: { senderName: "N".repeat(61), phone: "+639171234567", message: "x" },
        }),
      ),
    );
    expect(api.status).toBe(400);
    // The API answers the same sentence, with its code and the field it concerns.
    expect(await readEnvelope(api)).toMatchObject({
      message: "The name can have at most 60 characters.",
      code: "name_too_long",
      field: "senderName",
    });
  });
});

describe("/api/v1/voice", () => {
  it("sends with a subscriber token and lists the messages", async () => {
    const { token } = await signedInUser();
    const auth = { Authorization: `Bearer ${token}` };
    const res = await sendApi(
      routeArgs(
        apiRequest("/api/v1/voice/send", {
          headers: auth,
          json: { senderName: "Ana", countryCode: "+62", phone: "81234567890", message: "Halo", language: "id" },
        }),
      ),
    );
    expect(res.status).toBe(200);
    expect((await readEnvelope(res)).data).toMatchObject({ state: "queued" });
    const list = await readEnvelope(
      await messagesApi(routeArgs(apiRequest("/api/v1/voice/messages", { headers: auth }))),
    );
    expect(list.data).toMatchObject({
      items: [{ to: "+6281234567890", text: "Halo", language: "id", voice: "female", state: "queued" }],
    });
    const limited = await sendApi(
      routeArgs(
        apiRequest("/api/v1/voice/send", {
          headers: auth,
          json: { senderName: "Ana", phone: "+6281234567890", message: "Lagi" },
        }),
      ),
    );
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
  });

  it("refuses without a subscription and with an invalid number", async () => {
    const expired = await signedInUser({ days: -1 });
    const res = await sendApi(
      routeArgs(
        apiRequest("/api/v1/voice/send", {
          headers: { Authorization: expired.token },
          json: { senderName: "A", phone: "+639171234567", message: "x" },
        }),
      ),
    );
    expect(res.status).toBe(403);
    const { token } = await signedInUser();
    const bad = await sendApi(
      routeArgs(
        apiRequest("/api/v1/voice/send", {
          headers: { Authorization: token },
          json: { senderName: "A", phone: "+6312", message: "x" },
        }),
      ),
    );
    expect((await readEnvelope(bad)).message).toBe("Please enter a valid mobile number");
  });
});
