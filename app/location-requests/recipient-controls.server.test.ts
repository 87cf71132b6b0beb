// The recipient's controls end to end through the domain and the recipient's pages, the way Remix
// calls them: the recipient's own link, opt-out, undo, block, Twilio's 21610 and the e-mail's one-click
// unsubscribe. Runs on SQLite and PostgreSQL.
import { randomBytes } from "node:crypto";

import { assert, describe, expect, it } from "vitest";

import { db } from "~/db/db.server";
import { createLocationRequest } from "~/location-requests/create.server";
import { listRequests } from "~/location-requests/list.server";
import {
  normaliseRecipient,
  recipientKey,
  recipientKeys,
  recipientRef,
} from "~/location-requests/recipient-controls.server";
import { NOT_ACCEPTED } from "~/location-requests/request-state";
import { loader as shareLoader } from "~/routes/share";
import { action as unsubscribeAction, loader as unsubscribeLoader } from "~/routes/unsubscribe";
import { resetConfig } from "~/server/config.server";

import { startFake } from "../../tests/fakes/http";
import { routeArgs } from "../../tests/support/factories";
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
import { routeData } from "../../tests/support/route-data";

forgetSettingsAfterEach();

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
