// The recipient's controls end to end through the domain and the recipient's pages, the way Remix
// calls them: opt-out, block, undo, the daily limit across requesters (atomic), the cooldown after a
// decline, link expiry, Twilio's 21610 and the e-mail's one-click unsubscribe. Runs on SQLite and
// PostgreSQL.
import { randomBytes } from "node:crypto";

import { afterEach, assert, describe, expect, it } from "vitest";

import { db } from "~/db/db.server";
import { locales } from "~/i18n/locales";
import { createLocationRequest, type CreateInput } from "~/location-requests/create.server";
import { listRequests } from "~/location-requests/list.server";
import {
  normaliseRecipient,
  recipientKey,
  recipientKeys,
  recipientRef,
} from "~/location-requests/recipient-controls.server";
import { NOT_ACCEPTED } from "~/location-requests/request-state";
import { MESSAGE_TEMPLATES } from "~/location-requests/schemas.server";
import { action as consentAction, loader as consentLoader } from "~/routes/consent-page";
import { action as shareAction, loader as shareLoader } from "~/routes/share";
import { action as unsubscribeAction, loader as unsubscribeLoader } from "~/routes/unsubscribe";
import { resetConfig } from "~/server/config.server";
import { NAME_MAX } from "~/utils/display-text";
import { DAY } from "~/utils/time";

import { startFake } from "../../tests/fakes/http";
import { allowConsoleError } from "../../tests/support/console";
import { formRequest, routeArgs } from "../../tests/support/factories";
import { routeData, settle, type AnyOf } from "../../tests/support/route-data";

const ORIGIN = "http://localhost:3000";

/** An account row is all the domain needs (no password hashing: 50 of them are made at once). */
async function account() {
  const user = await db().user.create({
    data: { email: `r-${randomBytes(6).toString("hex")}@example.com`, passwordHash: "x" },
  });
  return user.id;
}
const randomMobile = () => `+63917${String(Math.floor(Math.random() * 1e7)).padStart(7, "0")}`;

function sms(userId: string, target: string, extra: Partial<CreateInput> = {}) {
  return createLocationRequest({ userId, channel: "sms", target, requesterName: "Ana", locale: "en", ...extra });
}
async function sent(userId: string, target: string, extra: Partial<CreateInput> = {}) {
  const result = await sms(userId, target, extra);
  if (!result.ok) throw new Error(`not sent: ${result.error}`);
  return result.request;
}

async function loaderData(path: string, id: string) {
  const { status, data } = await routeData(consentLoader(routeArgs(new Request(ORIGIN + path), { "*": id })));
  const body: AnyOf<typeof data> = data;
  return { status, body };
}
/** A consent-page form post; answers the redirect's Location or the returned data. */
async function post(id: string, fields: Record<string, string>) {
  const result = await settle(consentAction(routeArgs(formRequest(`/${id}`, fields), { "*": id })));
  if (result instanceof Response) return { status: result.status, location: result.headers.get("Location") };
  const { status, data } = await routeData(result);
  return { status, body: data };
}
const outboxTo = (to: string) => db().outboxMessage.count({ where: { to } });

afterEach(() => {
  for (const key of [
    "RECIPIENT_DAILY_LIMIT",
    "TWILIO_ACCOUNT_SID",
    "TWILIO_AUTH_TOKEN",
    "TWILIO_FROM",
    "TEST_TWILIO_BASE_URL",
    "SENDGRID_API_KEY",
    "TEST_SENDGRID_BASE_URL",
  ]) {
    delete process.env[key];
  }
  resetConfig();
});

describe("the recipient's own link", () => {
  it("is the code plus a key: the message carries it, the requester's link has no controls, a wrong key opens nothing", async () => {
    const target = randomMobile();
    const request = await sent(await account(), target);
    const ref = await recipientRef(request.code);
    expect(ref).toMatch(new RegExp(`^${request.code}[A-Za-z0-9]{6}$`));
    const message = await db().outboxMessage.findFirstOrThrow({ where: { to: target } });
    expect(message.text).toContain(`${ORIGIN}/${ref} Reply STOP to opt out`);
    expect(request.link).toBe(`${ORIGIN}/${request.code}`);

    expect((await loaderData(`/${ref}`, ref)).body.controls).toEqual({
      channel: "sms",
      optedOut: false,
      blocked: false,
      erased: false,
    });
    expect((await loaderData(`/${request.code}`, request.code)).body.controls).toBeNull();
    // Whoever holds only the code (the requester) cannot change the recipient's choices.
    expect(await post(request.code, { intent: "optOut" })).toMatchObject({ status: 400 });
    const wrong = request.code + (ref.endsWith("AAAAAA") ? "BBBBBB" : "AAAAAA");
    expect((await loaderData(`/${wrong}`, wrong)).body.kind).toBe("invalid");
  });
});

describe("opting out", () => {
  it("stops every requester: stored as not delivered, nothing sent; undo lets requests through again", async () => {
    const target = randomMobile();
    const first = await sent(await account(), target);
    const ref = await recipientRef(first.code);
    expect(await post(ref, { intent: "optOut", back: "consent" })).toEqual({
      status: 302,
      location: `/${ref}?done=optOut`,
    });
    expect((await loaderData(`/${ref}`, ref)).body.controls).toMatchObject({ optedOut: true });
    // Only a keyed hash is stored, never the number.
    const stored = await db().recipientOptOut.findMany();
    expect(stored.map((r) => r.recipientKey)).toContain(await recipientKey("sms", target));
    expect(JSON.stringify(stored)).not.toContain(target.slice(1));

    const other = await account();
    const refused = await sms(other, target);
    expect(refused).toMatchObject({ ok: false, error: "notAccepted" });
    expect(await outboxTo(target)).toBe(1);
    const listed = await listRequests(other);
    expect(listed.items[0]).toMatchObject({ delivery: NOT_ACCEPTED, link: null });
    // A refused request uses the slot like any other: the requester learns nothing more from it.
    expect(await sms(other, randomMobile())).toMatchObject({ ok: false, error: "limited" });
    // The undelivered request's code opens nothing.
    const code = (await db().locationRequest.findFirstOrThrow({ where: { userId: other, target } })).code;
    expect((await loaderData(`/${code}`, code)).body.kind).toBe("invalid");

    expect(await post(ref, { intent: "undoOptOut", back: "share" })).toEqual({
      status: 302,
      location: `/share?c=${ref}&done=undoOptOut`,
    });
    expect((await sms(await account(), target)).ok).toBe(true);
    expect(await outboxTo(target)).toBe(2);
  });

  it("treats the same number written differently as one recipient", async () => {
    expect(await recipientKey("sms", "+63 917 123 4567")).toBe(await recipientKey("sms", "+639171234567"));
    expect(await recipientKey("email", " Rosa@Example.COM ")).toBe(await recipientKey("email", "rosa@example.com"));
    expect(await recipientKey("sms", "+639171234567")).not.toBe(await recipientKey("email", "+639171234567"));
  });

  it("treats every way of writing one mailbox as one recipient: case, +tags, and Gmail's dots", async () => {
    const same = async (a: string, b: string) =>
      expect(await recipientKey("email", a), `${a} ~ ${b}`).toBe(await recipientKey("email", b));
    await same("rosa+x@example.com", "rosa@example.com");
    await same("Rosa+Family+2@Example.com", "rosa@example.com");
    await same("r.o.s.a+x@gmail.com", "rosa@gmail.com");
    await same("Ro.Sa@GoogleMail.com", "rosa@gmail.com");
    expect(normaliseRecipient("email", "r.o.s.a+x@GMAIL.com")).toBe("rosa@gmail.com");
    // Dots matter elsewhere, and a different mailbox stays different.
    expect(await recipientKey("email", "r.osa@example.com")).not.toBe(await recipientKey("email", "rosa@example.com"));
    expect(await recipientKey("email", "rosa@example.org")).not.toBe(await recipientKey("email", "rosa@example.com"));

    const first = await createLocationRequest({
      userId: await account(),
      channel: "email",
      target: "rosa.m@gmail.com",
      requesterName: "Ana",
      locale: "en",
    });
    assert(first.ok);
    expect(await post(await recipientRef(first.request.code), { intent: "optOut", back: "consent" })).toMatchObject({
      status: 302,
    });
    for (const variant of ["rosa.m+x@gmail.com", "RosaM@googlemail.com", "r.o.s.a.m+work@gmail.com"]) {
      const refused = await createLocationRequest({
        userId: await account(),
        channel: "email",
        target: variant,
        requesterName: "Ana",
        locale: "en",
      });
      expect(refused, variant).toMatchObject({ ok: false, error: "notAccepted" });
    }
    expect(await db().outboxMessage.count({ where: { to: { contains: "googlemail" } } })).toBe(0);
  });

  it("keeps opt-outs and blocks stored before addresses were normalised to their mailbox", async () => {
    const target = `old-${randomBytes(3).toString("hex")}+news@example.com`;
    const [key, legacy] = await recipientKeys("email", target);
    expect(legacy).toBeDefined();
    expect(legacy).not.toBe(key);
    // As the earlier code keyed it: the address only lower-cased.
    await db().recipientOptOut.create({ data: { recipientKey: legacy!, source: "page" } });
    const refused = await createLocationRequest({
      userId: await account(),
      channel: "email",
      target,
      requesterName: "Ana",
      locale: "en",
    });
    expect(refused).toMatchObject({ ok: false, error: "notAccepted" });
    // Undone from the recipient's link, under whichever key it was stored.
    const owner = await account();
    await db().recipientOptOut.deleteMany({ where: { recipientKey: legacy! } });
    const delivered = await createLocationRequest({
      userId: owner,
      channel: "email",
      target,
      requesterName: "Ana",
      locale: "en",
    });
    assert(delivered.ok);
    await db().recipientOptOut.create({ data: { recipientKey: legacy!, source: "page" } });
    expect(
      await post(await recipientRef(delivered.request.code), { intent: "undoOptOut", back: "consent" }),
    ).toMatchObject({ status: 302 });
    expect(await db().recipientOptOut.count({ where: { recipientKey: { in: [key!, legacy!] } } })).toBe(0);
  });

  it("is recorded from the thank-you page too, which shows the controls on the recipient's link only", async () => {
    const request = await sent(await account(), randomMobile());
    const ref = await recipientRef(request.code);
    const { data: page } = await routeData(shareLoader(routeArgs(new Request(`${ORIGIN}/share?c=${ref}`))));
    assert(page.kind === "share");
    expect(page.controls).toEqual({ channel: "sms", optedOut: false, blocked: false, erased: false });
    const { data: plain } = await routeData(shareLoader(routeArgs(new Request(`${ORIGIN}/share?c=${request.code}`))));
    assert(plain.kind === "share");
    expect(plain.controls).toBeNull();
  });
});

describe("blocking one requester", () => {
  it("stops that account only, and unblocking lets it through again", async () => {
    const target = randomMobile();
    const blockedUser = await account();
    const first = await sent(blockedUser, target);
    const ref = await recipientRef(first.code);
    expect(await post(ref, { intent: "block", back: "consent" })).toMatchObject({ status: 302 });
    expect((await loaderData(`/${ref}`, ref)).body.controls).toMatchObject({ blocked: true, optedOut: false });

    await db().usageSlot.deleteMany({ where: { key: `sms:${blockedUser}` } });
    expect(await sms(blockedUser, target)).toMatchObject({ ok: false, error: "notAccepted" });
    expect((await sms(await account(), target)).ok).toBe(true);

    expect(await post(ref, { intent: "unblock", back: "consent" })).toMatchObject({ status: 302 });
    // The refused request used the slot (as any request does): three hours later it goes out.
    await db().usageSlot.deleteMany({ where: { key: `sms:${blockedUser}` } });
    expect((await sms(blockedUser, target)).ok).toBe(true);
  });
});

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

describe("Twilio's opt-out answer (error 21610)", () => {
  it("records the opt-out, stores the request as not delivered and keeps the slot used", async () => {
    const fake = await startFake((_req, res) => {
      res
        .writeHead(400, { "Content-Type": "application/json" })
        .end(JSON.stringify({ code: 21610, message: "Attempt to send to unsubscribed recipient", status: 400 }));
    });
    Object.assign(process.env, {
      TWILIO_ACCOUNT_SID: "AC1",
      TWILIO_AUTH_TOKEN: "t",
      TWILIO_FROM: "+15005550006",
      TEST_TWILIO_BASE_URL: fake.origin,
    });
    resetConfig();
    const target = randomMobile();
    const requester = await account();
    try {
      expect(await sms(requester, target)).toMatchObject({ ok: false, error: "notAccepted" });
    } finally {
      await fake.close();
    }
    expect(
      await db().recipientOptOut.findUnique({ where: { recipientKey: (await recipientKey("sms", target))! } }),
    ).toMatchObject({ source: "carrier" });
    expect(await db().locationRequest.findFirstOrThrow({ where: { userId: requester } })).toMatchObject({
      delivery: NOT_ACCEPTED,
    });
    expect(await db().usageSlot.findUnique({ where: { key: `sms:${requester}` } })).not.toBeNull();
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

describe("the e-mail", () => {
  it("carries List-Unsubscribe with one-click (RFC 8058) and a visible link; the one-click post opts out with no cookie", async () => {
    const fake = await startFake((_req, res) => res.writeHead(202, { "X-Message-Id": "m1" }).end());
    Object.assign(process.env, { SENDGRID_API_KEY: "SG.k", TEST_SENDGRID_BASE_URL: fake.origin });
    resetConfig();
    const target = `rosa-${randomBytes(4).toString("hex")}@example.com`;
    let request;
    try {
      const created = await createLocationRequest({
        userId: await account(),
        channel: "email",
        target: target.toUpperCase(),
        requesterName: "Ana",
        locale: "id",
      });
      if (!created.ok) throw new Error("not sent");
      request = created.request;
    } finally {
      await fake.close();
    }
    const ref = await recipientRef(request.code);
    const key = (await recipientKey("email", target))!;
    const optedOut = () => db().recipientOptOut.count({ where: { recipientKey: key } });
    const body = JSON.parse(fake.requests[0]!.body);
    const url = `${ORIGIN}/unsubscribe/${ref}`;
    expect(body.headers).toEqual({
      "List-Unsubscribe": `<${url}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
    const html = body.content.find((c: { type: string }) => c.type === "text/html").value as string;
    expect(html).toContain(`<a href="${url}" style="color:#1d4ed8">Hentikan semua permintaan lokasi ke alamat ini</a>`);
    expect(html).toContain("belum memverifikasinya");

    // A GET (a scanner, a client opening the link) changes nothing and leads to the controls.
    const opened = await routeData(unsubscribeLoader(routeArgs(new Request(url), { id: ref })));
    expect(opened.headers.get("Location")).toBe(`/id/${ref}#controls-title`);
    expect(await optedOut()).toBe(0);
    // Without the one-click body, or without the key, nothing happens.
    const empty = new Request(url, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "",
    });
    expect((await unsubscribeAction(routeArgs(empty, { id: ref }))).status).toBe(400);
    const json = new Request(url, { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" });
    expect((await unsubscribeAction(routeArgs(json, { id: ref }))).status).toBe(415);
    const oneClick = () =>
      new Request(url, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: "List-Unsubscribe=One-Click",
      });
    expect((await unsubscribeAction(routeArgs(oneClick(), { id: request.code }))).status).toBe(404);
    expect(await optedOut()).toBe(0);

    expect((await unsubscribeAction(routeArgs(oneClick(), { id: ref }))).status).toBe(200);
    expect(await db().recipientOptOut.findUnique({ where: { recipientKey: key } })).toMatchObject({ source: "email" });
    expect(
      await createLocationRequest({
        userId: await account(),
        channel: "email",
        target,
        requesterName: "Ana",
        locale: "id",
      }),
    ).toMatchObject({ error: "notAccepted" });
  });
});
