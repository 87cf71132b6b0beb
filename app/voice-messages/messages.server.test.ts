import twilio from "twilio";
import { afterEach, describe, expect, it } from "vitest";

import { db } from "~/db/db.server";
import { runJobs } from "~/jobs/jobs.server";
import { action as optOutCallback } from "~/routes/voice.opt-out";
import { action as statusCallback } from "~/routes/voice.status";
import { config, resetConfig } from "~/server/config.server";

import { startFake } from "../../tests/fakes/http";
import { allowConsoleError } from "../../tests/support/console";
import { createUser, routeArgs } from "../../tests/support/factories";
import { buildTwiml, sendVoiceMessage, voiceCallJobKey } from "./messages.server";

const TWILIO_ENV = ["TWILIO_ACCOUNT_SID", "TWILIO_AUTH_TOKEN", "TWILIO_FROM", "TEST_TWILIO_BASE_URL"] as const;
let fake: Awaited<ReturnType<typeof startFake>> | undefined;
afterEach(async () => {
  for (const key of TWILIO_ENV) delete process.env[key];
  resetConfig();
  await fake?.close();
  fake = undefined;
});

async function withTwilio(status = 201, sid = `CA${Math.random().toString(16).slice(2)}`) {
  fake = await startFake((_req, res) => {
    const body = status < 300 ? { sid, status: "queued" } : { code: 20500, message: "Internal", status };
    res.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify(body));
  });
  Object.assign(process.env, {
    TWILIO_ACCOUNT_SID: "AC1",
    TWILIO_AUTH_TOKEN: "voice-token",
    TWILIO_FROM: "+15005550006",
    TEST_TWILIO_BASE_URL: fake.origin,
  });
  resetConfig();
  return sid;
}

/** A callback as Twilio sends it, signed over the public URL (or with a wrong signature). */
function callback(path: string, params: Record<string, string>, sign = true) {
  const url = `${config().publicUrl.origin}${path}`;
  const signature = sign ? twilio.getExpectedTwilioSignature("voice-token", url, params) : "bad";
  return new Request(`http://localhost:3000${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Twilio-Signature": signature },
    body: new URLSearchParams(params),
  });
}

const input = (userId: string, to = "+639171234567") =>
  ({ userId, senderName: "Ana", to, text: "Dinner at seven.", language: "fil", voice: "female" }) as const;

describe("voice messages", () => {
  it("speaks who sent it, the message and how to stop, in the chosen language and voice", async () => {
    const twiml = await buildTwiml({
      senderName: "Ana",
      text: "Makan malam jam tujuh.",
      language: "id",
      voice: "male",
      optOutUrl: "https://app.example/voice/opt-out?lang=id",
    });
    expect(twiml).toContain(
      '<Say language="id-ID" voice="Google.id-ID-Standard-B">Halo. Ini adalah pesan suara dari Ana, dikirim melalui layanan Family Locator.</Say>',
    );
    expect(twiml).toContain("Makan malam jam tujuh.");
    expect(twiml).toMatch(
      /<Gather numDigits="1" action="https:\/\/app.example\/voice\/opt-out\?lang=id" method="POST" timeout="5"><Say [^>]+>Untuk menghentikan/,
    );
  });

  it("calls through Twilio with the TwiML, then allows one per three hours", async () => {
    const { user } = await createUser();
    const sid = await withTwilio();
    const sent = await sendVoiceMessage(input(user.id));
    expect(sent).toMatchObject({ ok: true, message: { state: "queued" } });
    const form = new URLSearchParams(fake!.requests[0]!.body);
    expect(form.get("Twiml")).toContain(
      '<Say language="fil-PH" voice="Google.fil-PH-Standard-A">Kumusta. Ito ay voice message mula kay Ana',
    );
    expect(form.get("StatusCallback")).toBe(
      `${config().publicUrl.origin}/voice/status?message=${sent.ok ? sent.message.id : ""}`,
    );
    expect(await db().voiceMessage.findUniqueOrThrow({ where: { callSid: sid } })).toMatchObject({
      userId: user.id,
      state: "queued",
    });

    const again = await sendVoiceMessage(input(user.id, "+639171234568"));
    expect(again).toMatchObject({ ok: false, error: "limited" });
    expect(fake!.requests).toHaveLength(1);
  });

  it("marks a call Twilio refused for good (400) as failed at once and gives the limit back", async () => {
    allowConsoleError();
    const { user } = await createUser();
    await withTwilio(400);
    expect(await sendVoiceMessage(input(user.id))).toEqual({ ok: false, error: "sendFailed" });
    expect(await db().voiceMessage.findFirstOrThrow({ where: { userId: user.id } })).toMatchObject({ state: "failed" });
    expect(fake!.requests).toHaveLength(1);
    await fake!.close();
    fake = undefined;
    for (const key of TWILIO_ENV) delete process.env[key];
    resetConfig();
    expect(await sendVoiceMessage(input(user.id))).toMatchObject({ ok: true });
  });

  it("tries a call again after a 5xx with a growing wait, and places it once", async () => {
    allowConsoleError();
    const { user } = await createUser();
    const sid = await withTwilio(503);
    const sent = await sendVoiceMessage(input(user.id));
    // Not refused for good: still on its way, and the limit stays used meanwhile.
    expect(sent).toMatchObject({ ok: true, message: { state: "queued" } });
    const job = await db().job.findUniqueOrThrow({
      where: { key: voiceCallJobKey(sent.ok ? sent.message.id : "") },
    });
    expect(job).toMatchObject({ attempts: 1, doneAt: null });
    expect(job.nextRunAt.getTime() - Date.now()).toBeGreaterThan(25_000);
    expect(await sendVoiceMessage(input(user.id, "+639171234568"))).toMatchObject({ error: "limited" });
    await fake!.close();
    await withTwilio(201, sid);
    expect(await runJobs(new Date())).toMatchObject({ done: 0 });
    expect(fake!.requests).toHaveLength(0);
    await runJobs(new Date(Date.now() + 31_000));
    expect(fake!.requests).toHaveLength(1);
    expect(await db().voiceMessage.findFirstOrThrow({ where: { userId: user.id } })).toMatchObject({
      state: "queued",
      callSid: sid,
    });
    await runJobs(new Date(Date.now() + 3600_000));
    expect(fake!.requests).toHaveLength(1);
  });

  it("keeps the state true with signed status callbacks and refuses unsigned ones", async () => {
    const { user } = await createUser();
    const sid = await withTwilio();
    await sendVoiceMessage(input(user.id));
    const forged = await statusCallback(
      routeArgs(callback("/voice/status", { CallSid: sid, CallStatus: "completed" }, false)),
    );
    expect(forged.status).toBe(403);
    expect((await db().voiceMessage.findUniqueOrThrow({ where: { callSid: sid } })).state).toBe("queued");
    for (const state of ["ringing", "no-answer"]) {
      const res = await statusCallback(
        routeArgs(callback("/voice/status", { CallSid: sid, CallStatus: state, AccountSid: "AC1" })),
      );
      expect(res.status).toBe(204);
      expect((await db().voiceMessage.findUniqueOrThrow({ where: { callSid: sid } })).state).toBe(state);
    }
    // A late "ringing" after the final state does not move the call back.
    const late = await statusCallback(
      routeArgs(callback("/voice/status", { CallSid: sid, CallStatus: "ringing", AccountSid: "AC1" })),
    );
    expect(late.status).toBe(204);
    expect((await db().voiceMessage.findUniqueOrThrow({ where: { callSid: sid } })).state).toBe("no-answer");
  });

  it("settles a call whose placing got no answer from its signed status callback; failed gives the slot back", async () => {
    const { user } = await createUser();
    await withTwilio();
    const first = await sendVoiceMessage(input(user.id));
    if (!first.ok) throw new Error(first.error);
    const callbackUrl = new URLSearchParams(fake!.requests[0]!.body).get("StatusCallback")!;
    const path = callbackUrl.slice(config().publicUrl.origin.length);
    // What a call with no answer in time leaves: unknown, no call id, the slot used.
    await db().voiceMessage.update({ where: { id: first.message.id }, data: { state: "unknown", callSid: null } });
    // Signed for another message's URL: refused.
    const elsewhere = new Request(`http://localhost:3000${path}`, {
      method: "POST",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        "X-Twilio-Signature": twilio.getExpectedTwilioSignature(
          "voice-token",
          `${config().publicUrl.origin}/voice/status?message=other`,
          { CallSid: "CAx", CallStatus: "failed" },
        ),
      },
      body: new URLSearchParams({ CallSid: "CAx", CallStatus: "failed" }),
    });
    expect((await statusCallback(routeArgs(elsewhere))).status).toBe(403);
    const res = await statusCallback(
      routeArgs(callback(path, { CallSid: "CA42", CallStatus: "failed", AccountSid: "AC1" })),
    );
    expect(res.status).toBe(204);
    expect(await db().voiceMessage.findUniqueOrThrow({ where: { id: first.message.id } })).toMatchObject({
      state: "failed",
      callSid: "CA42",
    });
    // Surely not placed: the sender may send again at once.
    expect(await sendVoiceMessage(input(user.id, "+639171234568"))).toMatchObject({ ok: true });
  });

  it("never calls a number again once its owner pressed 9", async () => {
    const { user } = await createUser();
    await withTwilio();
    const to = "+639171230009";
    const unsigned = await optOutCallback(
      routeArgs(callback("/voice/opt-out?lang=fil", { Digits: "9", To: to }, false)),
    );
    expect(unsigned.status).toBe(403);
    const other = await optOutCallback(routeArgs(callback("/voice/opt-out?lang=fil", { Digits: "1", To: to })));
    expect(await other.text()).toContain("<Hangup/>");
    expect(await db().voiceOptOut.count({ where: { number: to } })).toBe(0);

    const res = await optOutCallback(routeArgs(callback("/voice/opt-out?lang=fil", { Digits: "9", To: to })));
    expect(await res.text()).toContain("Hindi ka na makakatanggap");
    expect(await sendVoiceMessage(input(user.id, to))).toEqual({ ok: false, error: "optedOut" });
    expect(fake!.requests).toHaveLength(0);
  });

  it("tells a sender that a number pressed 9 only for their slot, and keeps it used", async () => {
    const { user } = await createUser();
    const { user: other } = await createUser();
    await withTwilio();
    const to = "+639171230019";
    await db().voiceOptOut.create({ data: { number: to } });
    // A sender whose slot is used learns nothing: the same "limited" as for any number.
    expect(await sendVoiceMessage(input(other.id, "+639171230020"))).toMatchObject({ ok: true });
    expect(await sendVoiceMessage(input(other.id, to))).toMatchObject({ ok: false, error: "limited" });
    // A sender with a free slot is told, and the slot is spent: asking again (or calling anyone) waits.
    expect(await sendVoiceMessage(input(user.id, to))).toEqual({ ok: false, error: "optedOut" });
    expect(await sendVoiceMessage(input(user.id, to))).toMatchObject({ ok: false, error: "limited" });
    expect(await sendVoiceMessage(input(user.id, "+639171230021"))).toMatchObject({ ok: false, error: "limited" });
    expect(fake!.requests).toHaveLength(1);
    expect(await db().voiceMessage.count({ where: { to } })).toBe(0);
  });
});
