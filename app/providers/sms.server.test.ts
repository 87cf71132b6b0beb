import { afterEach, describe, expect, it } from "vitest";

import { startFake } from "../../tests/fakes/http";
import { allowConsoleError } from "../../tests/support/console";
import { twilioSmsProvider } from "./sms.server";

let fake: Awaited<ReturnType<typeof startFake>> | undefined;
afterEach(async () => fake?.close());

describe("Twilio SMS provider (real SDK, local fake API)", () => {
  it("creates a message with To, From and Body", async () => {
    fake = await startFake((_req, res) => {
      res
        .writeHead(201, { "Content-Type": "application/json" })
        .end(JSON.stringify({ sid: "SM123", status: "queued" }));
    });
    const provider = twilioSmsProvider({
      accountSid: "AC123",
      authToken: "secret",
      from: "+15005550006",
      baseUrl: fake.origin,
    });
    expect(await provider.send({ to: "+639171234567", body: "Hello https://x/AbCdEfGh" })).toEqual({
      ok: true,
      id: "SM123",
    });
    const [req] = fake.requests;
    expect(req).toMatchObject({ method: "POST", url: "/2010-04-01/Accounts/AC123/Messages.json" });
    const form = new URLSearchParams(req!.body);
    expect(Object.fromEntries(form)).toEqual({
      To: "+639171234567",
      From: "+15005550006",
      Body: "Hello https://x/AbCdEfGh",
    });
    expect(req!.headers.authorization).toBe(`Basic ${Buffer.from("AC123:secret").toString("base64")}`);
  });

  it("turns Twilio's error answer into a failure", async () => {
    allowConsoleError();
    fake = await startFake((_req, res) => {
      res
        .writeHead(400, { "Content-Type": "application/json" })
        .end(JSON.stringify({ code: 21211, message: "Invalid 'To' Phone Number", status: 400 }));
    });
    const provider = twilioSmsProvider({
      accountSid: "AC123",
      authToken: "secret",
      from: "+15005550006",
      baseUrl: fake.origin,
    });
    const result = await provider.send({ to: "+10000000000", body: "x" });
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error).toContain("21211");
  });
});
