// What limits the requests one recipient gets, end to end through the domain and the recipient's pages:
// the daily limit across requesters (atomic), the cooldown after a decline, link expiry, requests a
// recipient does not accept, and the names a message carries. Runs on SQLite and PostgreSQL.

import { assert, describe, expect, it } from "vitest";

import { db } from "~/db/db.server";
import { locales } from "~/i18n/locales";
import { recipientKey, recipientRef } from "~/location-requests/recipient-controls.server";
import { NOT_ACCEPTED } from "~/location-requests/request-state";
import { MESSAGE_TEMPLATES } from "~/location-requests/schemas.server";
import { action as shareAction, loader as shareLoader } from "~/routes/share";
import { resetConfig } from "~/server/config.server";
import { NAME_MAX } from "~/utils/display-text";
import { DAY } from "~/utils/time";

import { startFake } from "../../tests/fakes/http";
import { allowConsoleError } from "../../tests/support/console";
import { formRequest, routeArgs } from "../../tests/support/factories";
import {
  account,
  forgetSettingsAfterEach,
  loaderData,
  ORIGIN,
  outboxTo,
  post,
  randomMobile,
  sent,
  sms,
} from "../../tests/support/recipient-requests";
import { routeData, settle } from "../../tests/support/route-data";

forgetSettingsAfterEach();

describe("the daily limit per recipient", () => {
  it("lets exactly RECIPIENT_DAILY_LIMIT of 50 parallel requests from different accounts go out", async () => {
    const target = randomMobile();
    const users = await Promise.all(Array.from({ length: 50 }, () => account()));
    const results = await Promise.all(users.map((userId) => sms(userId, target)));
    expect(results.filter((r) => r.ok)).toHaveLength(3);
    expect(results.filter((r) => !r.ok && r.error === "notAccepted")).toHaveLength(47);
    expect(await outboxTo(target)).toBe(3);
    expect(await db().locationRequest.count({ where: { target, delivery: NOT_ACCEPTED } })).toBe(47);
  });

  it("follows RECIPIENT_DAILY_LIMIT, counts per recipient, and gives a delivery back when sending fails", async () => {
    process.env.RECIPIENT_DAILY_LIMIT = "1";
    resetConfig();
    allowConsoleError();
    // Refused for good (Twilio's "invalid To number"): not tried again, so not delivered at once.
    const fake = await startFake((_req, res) => {
      res
        .writeHead(400, { "Content-Type": "application/json" })
        .end(JSON.stringify({ code: 21211, message: "Invalid 'To' Phone Number", status: 400 }));
    });
    const target = randomMobile();
    try {
      Object.assign(process.env, {
        TWILIO_ACCOUNT_SID: "AC1",
        TWILIO_AUTH_TOKEN: "t",
        TWILIO_FROM: "+15005550006",
        TEST_TWILIO_BASE_URL: fake.origin,
      });
      resetConfig();
      expect(await sms(await account(), target)).toMatchObject({ ok: false, error: "sendFailed" });
    } finally {
      await fake.close();
    }
    for (const key of ["TWILIO_ACCOUNT_SID", "TWILIO_AUTH_TOKEN", "TWILIO_FROM", "TEST_TWILIO_BASE_URL"])
      delete process.env[key];
    resetConfig();
    expect((await sms(await account(), target)).ok).toBe(true);
    expect(await sms(await account(), target)).toMatchObject({ ok: false, error: "notAccepted" });
    expect((await sms(await account(), randomMobile())).ok).toBe(true);
  });
});

describe("the cooldown after a decline", () => {
  it("keeps the declined requester from asking the same recipient for DECLINE_COOLDOWN_HOURS, without using a slot", async () => {
    const target = randomMobile();
    const requester = await account();
    const first = await sent(requester, target);
    expect(await post(first.code, { intent: "decline" })).toMatchObject({ status: 302 });
    await db().usageSlot.deleteMany({ where: { key: `sms:${requester}` } });

    const refused = await sms(requester, target);
    expect(refused).toMatchObject({ ok: false, error: "declinedRecently" });
    if (refused.ok || refused.error !== "declinedRecently") throw new Error("unreachable");
    const hours = (refused.nextAllowedAt.getTime() - Date.now()) / 3600_000;
    expect(hours).toBeGreaterThan(71.9);
    expect(hours).toBeLessThanOrEqual(72);
    expect(await db().usageSlot.findUnique({ where: { key: `sms:${requester}` } })).toBeNull();
    // Someone else may ask; after the cooldown the requester may too.
    expect((await sms(await account(), target)).ok).toBe(true);
    await db().recipientDecline.updateMany({
      where: { userId: requester },
      data: { declinedAt: new Date(Date.now() - 73 * 3600_000) },
    });
    expect((await sms(requester, target)).ok).toBe(true);
  });
});

describe("links that expire", () => {
  it("shows an unanswered link past REQUEST_TTL_DAYS as expired (410), and refuses to share or decline", async () => {
    const request = await sent(await account(), randomMobile());
    await db().locationRequest.update({
      where: { id: request.id },
      data: { createdAt: new Date(Date.now() - 7 * DAY - 60_000) },
    });
    const page = await loaderData(`/${request.code}`, request.code);
    expect(page).toMatchObject({ status: 410, body: { kind: "expired", ttlDays: 7 } });
    const answers: Record<string, string>[] = [
      { intent: "approximate" },
      { intent: "precise", latitude: "14.6", longitude: "121", accuracy: "10" },
      { intent: "decline" },
    ];
    for (const fields of answers) {
      expect(await post(request.code, fields)).toMatchObject({ status: 410, body: { kind: "expired" } });
    }
    expect(await db().locationRequest.findUniqueOrThrow({ where: { id: request.id } })).toMatchObject({
      status: "pending",
      decision: null,
      latitude: null,
    });
    expect(await routeData(shareLoader(routeArgs(new Request(`${ORIGIN}/share?c=${request.code}`))))).toMatchObject({
      status: 410,
    });
    // The recipient may still opt out from an expired link of their own.
    const ref = await recipientRef(request.code);
    expect((await loaderData(`/${ref}`, ref)).body.controls).toMatchObject({ optedOut: false });
    expect(await post(ref, { intent: "optOut", back: "consent" })).toMatchObject({ status: 302 });
  });

  it("keeps an answered link open after the TTL, so the recipient can still stop sharing", async () => {
    const request = await sent(await account(), randomMobile());
    expect(
      await post(request.code, { intent: "precise", latitude: "14.6", longitude: "121", accuracy: "10" }),
    ).toMatchObject({ status: 302 });
    await db().locationRequest.update({
      where: { id: request.id },
      data: { createdAt: new Date(Date.now() - 8 * DAY) },
    });
    expect((await loaderData(`/${request.code}`, request.code)).body.kind).toBe("consent");
    await settle(shareAction(routeArgs(formRequest(`/share?c=${request.code}`, { intent: "revoke" }))));
    expect(await db().locationRequest.findUniqueOrThrow({ where: { id: request.id } })).toMatchObject({
      decision: "revoked",
      latitude: null,
    });
  });
});

describe("names", () => {
  it("are stored and sent on one line, without control or invisible characters", async () => {
    const target = randomMobile();
    const request = await sms(await account(), target, { requesterName: "Ana\r\nFrom: Your bank\u202e\u0007 " });
    if (!request.ok) throw new Error("not sent");
    const row = await db().locationRequest.findUniqueOrThrow({ where: { id: request.request.id } });
    expect(row.requesterName).toBe("Ana From: Your bank");
    const message = await db().outboxMessage.findFirstOrThrow({ where: { to: target } });
    expect(message.text).toMatch(/^Family Locator: Ana From: Your bank \(name not verified\) asks/);
    expect([...message.text].some((c) => c < " " || c === "\u202e")).toBe(false);
  });

  it("fit one SMS segment in English with a short name", async () => {
    const target = randomMobile();
    await sent(await account(), target);
    const message = await db().outboxMessage.findFirstOrThrow({ where: { to: target } });
    expect(message.text.length).toBeLessThanOrEqual(160);
    expect(message.text).toMatch(/^[\x20-\x7e]+$/); // GSM-7 safe: no character that forces UCS-2
  });

  it("fit two SMS segments in every language and template, even with the longest name", async () => {
    for (const locale of locales)
      for (const template of MESSAGE_TEMPLATES) {
        const target = randomMobile();
        await sent(await account(), target, { requesterName: "N".repeat(NAME_MAX), locale, template });
        const message = await db().outboxMessage.findFirstOrThrow({ where: { to: target } });
        // Two concatenated GSM-7 segments carry 2 × 153 characters.
        expect(message.text.length, `${locale} ${template}`).toBeLessThanOrEqual(306);
        expect(message.text, `${locale} ${template}`).toMatch(/^[\x20-\x7e]+$/);
      }
  });
});

describe("requests a recipient does not accept", () => {
  it("use the requester's slot, and asking again stores no new row", async () => {
    const target = randomMobile();
    await db().recipientOptOut.create({ data: { recipientKey: (await recipientKey("sms", target))!, source: "sms" } });
    const requester = await account();
    const first = await sms(requester, target);
    assert(!first.ok && first.error === "notAccepted");
    const answers = await Promise.all(Array.from({ length: 20 }, () => sms(requester, target)));
    expect(answers.every((answer) => !answer.ok && answer.error === "limited")).toBe(true);
    // Three hours later: refused again, the same row, nothing sent.
    for (let round = 0; round < 3; round += 1) {
      await db().usageSlot.deleteMany({ where: { key: `sms:${requester}` } });
      expect(await sms(requester, target)).toEqual({
        ok: false,
        error: "notAccepted",
        request: { id: first.request.id },
      });
    }
    expect(await db().locationRequest.count({ where: { userId: requester } })).toBe(1);
    expect(await outboxTo(target)).toBe(0);
  });
});
