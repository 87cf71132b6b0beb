import { afterEach, describe, expect, it } from "vitest";

import { startFake } from "../../tests/fakes/http";
import { allowConsoleError } from "../../tests/support/console";
import { twilioVoiceProvider } from "./voice.server";

let fake: Awaited<ReturnType<typeof startFake>> | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

const TWIML =
  '<?xml version="1.0" encoding="UTF-8"?><Response><Say language="fil-PH" voice="Google.fil-PH-Standard-A">Kumusta</Say></Response>';

describe("Twilio Voice provider (real SDK, local fake API)", () => {
  it("creates a call with To, From, the TwiML and the status callback", async () => {
    fake = await startFake((_req, res) => {
      res
        .writeHead(201, { "Content-Type": "application/json" })
        .end(JSON.stringify({ sid: "CA123", status: "queued" }));
    });
    const provider = twilioVoiceProvider({
      accountSid: "AC123",
      authToken: "secret",
      from: "+15005550006",
      baseUrl: fake.origin,
    });
    const result = await provider.call({
      to: "+639171234567",
      twiml: TWIML,
      statusCallback: "https://app.example/voice/status",
    });
    expect(result).toEqual({ ok: true, id: "CA123", state: "queued" });
    const [req] = fake.requests;
    expect(req).toMatchObject({ method: "POST", url: "/2010-04-01/Accounts/AC123/Calls.json" });
    const form = new URLSearchParams(req!.body);
    expect(form.get("To")).toBe("+639171234567");
    expect(form.get("From")).toBe("+15005550006");
    expect(form.get("Twiml")).toBe(TWIML);
    expect(form.get("StatusCallback")).toBe("https://app.example/voice/status");
    expect(form.getAll("StatusCallbackEvent")).toEqual(["initiated", "ringing", "answered", "completed"]);
  });

  it("turns Twilio's error answer into a failure", async () => {
    allowConsoleError();
    fake = await startFake((_req, res) => {
      res
        .writeHead(400, { "Content-Type": "application/json" })
        .end(JSON.stringify({ code: 21215, message: "Geo permission", status: 400 }));
    });
    const provider = twilioVoiceProvider({
      accountSid: "AC123",
      authToken: "secret",
      from: "+15005550006",
      baseUrl: fake.origin,
    });
    const result = await provider.call({
      to: "+639171234567",
      twiml: TWIML,
      statusCallback: "https://app.example/voice/status",
    });
    expect(!result.ok && result.error).toContain("21215");
  });
});
