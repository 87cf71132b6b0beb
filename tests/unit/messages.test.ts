// Every message the service sends (SMS, e-mail as text and HTML, the voice call's script), rendered by
// the code that sends it, in English, Indonesian and Filipino: no `{{value}}` left, every value in it.
// A message text in the catalogue that no rendering here uses fails the test, so a new message cannot
// go out untested; a new request template is rendered here without writing anything (the loops read
// the template list).
import twilio from "twilio";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { sendResetCode } from "~/auth/password-reset.server";
import { db } from "~/db/db.server";
import {
  accountExistsEmail,
  credentialsEmail,
  refundConfirmEmail,
  refundReceivedEmail,
  refundSupportEmail,
  renewalReminderEmail,
} from "~/emails/billing.server";
import { getT } from "~/i18n/i18next.server";
import { locales, type Locale } from "~/i18n/locales";
import { createLocationRequest } from "~/location-requests/create.server";
import { MESSAGE_TEMPLATES } from "~/location-requests/schemas.server";
import { requestEventEmail } from "~/notifications/email.server";
import { action as smsInbound } from "~/routes/sms.inbound";
import { config, resetConfig } from "~/server/config.server";
import { buildTwiml, optedOutTwiml, spokenParts, VOICE_LANGUAGES } from "~/voice-messages/messages.server";
import { endpointDisabledEmail } from "~/webhooks/delivery.server";

import { createUser } from "../support/factories";

/** The catalogue's message texts: what the service sends, never shows on a page. */
const MESSAGE_NAMESPACES = [
  "requests.templates",
  "requests.email",
  "requests.sms",
  "email",
  "payments.email",
  "voice.spoken",
  "notifications.email",
  "webhooks.email",
];

type Rendered = { locale: Locale; what: string; parts: string[]; values: string[] };
const rendered: Rendered[] = [];

const NAME = "Ana Maria";
const LOCALE_OF_VOICE = { en: "en", id: "id", fil: "ph" } as const;

async function catalogue(locale: Locale) {
  const messages = (await import(/* @vite-ignore */ `../../locales/${locale}/common.json`, { with: { type: "json" } }))
    .default as object;
  const leaves: [string, string][] = [];
  const walk = (node: unknown, path: string) => {
    if (typeof node === "string") leaves.push([path, node]);
    else if (node && typeof node === "object")
      for (const [key, value] of Object.entries(node)) walk(value, path ? `${path}.${key}` : key);
  };
  walk(messages, "");
  return leaves.filter(([key]) => MESSAGE_NAMESPACES.some((ns) => key === ns || key.startsWith(`${ns}.`)));
}

const outbox = (to: string) => db().outboxMessage.findMany({ where: { to }, orderBy: { createdAt: "asc" } });

beforeAll(async () => {
  // Twilio signs the HELP reply's webhook with the auth token.
  process.env.TWILIO_AUTH_TOKEN = "messages-test";
  resetConfig();
  const { user } = await createUser();
  for (const locale of locales) {
    // Location requests: every template, by SMS and by e-mail.
    for (const template of MESSAGE_TEMPLATES) {
      for (const channel of ["sms", "email"] as const) {
        const target =
          channel === "sms"
            ? `+63917${String(Math.floor(Math.random() * 1e7)).padStart(7, "0")}`
            : `m-${locale}-${template}-${Math.random().toString(36).slice(2)}@example.com`;
        await db().usageSlot.deleteMany();
        const result = await createLocationRequest({
          userId: user.id,
          channel,
          target,
          requesterName: NAME,
          locale,
          template,
        });
        if (!result.ok) throw new Error(`not sent: ${result.error}`);
        for (const message of await outbox(target))
          rendered.push({
            locale,
            what: `${channel} request (${template})`,
            parts: [message.subject, message.text, message.html].filter((part): part is string => part !== null),
            values: [NAME, config().publicUrl.origin],
          });
      }
    }
    // The SMS HELP reply, through Twilio's signed webhook.
    const number = `+63918${String(Math.floor(Math.random() * 1e7)).padStart(7, "0")}`;
    await createLocationRequest({ userId: user.id, channel: "sms", target: number, requesterName: NAME, locale });
    await db().usageSlot.deleteMany();
    const params = { From: number, Body: "HELP", MessageSid: "SM1" };
    const url = `${config().publicUrl.origin}/sms/inbound`;
    const help = (await smsInbound({
      request: new Request(url, {
        method: "POST",
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          "X-Twilio-Signature": twilio.getExpectedTwilioSignature("messages-test", url, params),
        },
        body: new URLSearchParams(params),
      }),
      params: {},
      context: {},
    })) as Response;
    rendered.push({ locale, what: "SMS HELP reply", parts: [await help.text()], values: [] });

    // Password reset: to an account, and to an address without one.
    const account = await createUser();
    await db().user.update({ where: { id: account.user.id }, data: { locale } });
    await sendResetCode(account.user.email, "203.0.113.1", locale);
    await sendResetCode(`nobody-${Math.random().toString(36).slice(2)}@example.com`, "203.0.113.1", locale);
    for (const to of [account.user.email]) {
      const [message] = await outbox(to);
      rendered.push({
        locale,
        what: "reset code",
        parts: [message!.subject!, message!.text, message!.html!],
        values: [],
      });
    }
    const [noAccount] = await db().outboxMessage.findMany({
      where: { to: { startsWith: "nobody-" } },
      orderBy: { createdAt: "desc" },
      take: 1,
    });
    rendered.push({ locale, what: "reset without account", parts: [noAccount!.subject!, noAccount!.text], values: [] });

    // Billing e-mails.
    const t = await getT(locale);
    const email = (what: string, message: { subject: string; text: string; html: string }, values: string[]) =>
      rendered.push({ locale, what, parts: [message.subject, message.text, message.html], values });
    const buyer = {
      name: NAME,
      email: "ana@example.com",
      loginUrl: "https://x.example/login",
      subscriptionUrl: "https://x.example/subscription",
      verifyUrl: "https://x.example/verify-email?token=t",
    };
    const receipt = {
      currency: "USD",
      paid: 99,
      paidAt: "2026-11-28T10:00:00Z",
      amount: 2999,
      periodDays: 30,
      renewsAt: "2026-11-29T10:00:00Z",
    };
    email("account", credentialsEmail(t, locale, { ...buyer, password: null, receipt }), [
      NAME,
      "ana@example.com",
      "https://x.example/login",
      "https://x.example/subscription",
      buyer.verifyUrl,
    ]);
    // A job written before the buyer chose the password still carries the generated one.
    email("credentials (older job)", credentialsEmail(t, locale, { ...buyer, password: "Pw-123456", receipt: null }), [
      NAME,
      "ana@example.com",
      "Pw-123456",
      "https://x.example/login",
      buyer.verifyUrl,
    ]);
    email("refund confirmation", refundConfirmEmail(t, { name: NAME, url: "https://x.example/r" }), [
      NAME,
      "https://x.example/r",
    ]);
    // To an address's owner when someone tried to open an account with it (docs/decisions/050).
    for (const name of [NAME, null])
      email(
        `account exists ${name ? "named" : "unnamed"}`,
        accountExistsEmail(t, { name, signInUrl: "https://x.example/in", resetUrl: "https://x.example/reset" }),
        [...(name ? [name] : []), "https://x.example/in", "https://x.example/reset"],
      );
    const validUntil = new Date("2026-12-24T00:00:00Z");
    for (const cancelled of [
      { ok: true as const, validUntil: validUntil.toISOString() },
      { ok: false as const, error: "provider" as const },
      null,
    ]) {
      email("refund received", refundReceivedEmail(t, locale, { name: NAME, cancelled }), [NAME]);
      for (const hasAccount of [true, false])
        email(
          "refund to support",
          refundSupportEmail(t, { email: "ana@example.com", locale, reason: "Too expensive", hasAccount, cancelled }),
          ["ana@example.com", "Too expensive"],
        );
    }
    // The requester's e-mail about a request (docs/decisions/043): every event, with a name and without.
    for (const [event, precision] of [
      ["shared", "precise"],
      ["shared", "approximate"],
      ["declined", undefined],
      ["expired", undefined],
      ["live_started", undefined],
      ["live_ended", undefined],
    ] as const)
      for (const who of [NAME, null]) {
        const told = await requestEventEmail({
          requestId: "req123",
          event,
          ...(precision ? { precision } : {}),
          who,
          locale,
          unsubscribeUrl: "https://x.example/off",
        });
        email(`request ${event} ${precision ?? ""} ${who ? "named" : "unnamed"}`, told, [
          ...(who ? [who] : []),
          "https://x.example/off",
          "req123",
          ...(event === "expired" ? [String(config().REQUEST_TTL_DAYS)] : []),
        ]);
      }
    email("webhook endpoint disabled", await endpointDisabledEmail("https://hooks.example/in", locale), [
      "https://hooks.example/in",
      "/dashboard/modules/Webhooks",
      "3",
    ]);
    email(
      "renewal reminder",
      renewalReminderEmail(t, locale, {
        amount: 2999,
        currency: "USD",
        chargeAt: validUntil,
        cancelUrl: "https://x.example/c",
      }),
      ["https://x.example/c"],
    );
  }
  // The voice call's script, in every language it speaks.
  for (const language of VOICE_LANGUAGES) {
    const locale = LOCALE_OF_VOICE[language];
    const parts = await spokenParts({ senderName: NAME, text: "Dinner at seven", language });
    const twiml = await buildTwiml({
      senderName: NAME,
      text: "Dinner at seven",
      language,
      voice: "female",
      optOutUrl: "https://x.example/voice/opt-out",
    });
    rendered.push({
      locale,
      what: `voice call (${language})`,
      parts: [parts.intro, parts.optOut, parts.optedOut, twiml, await optedOutTwiml(language)],
      values: [NAME, "Dinner at seven"],
    });
  }
}, 120_000);

afterAll(() => {
  delete process.env.TWILIO_AUTH_TOKEN;
  resetConfig();
});

describe("every message the service sends", () => {
  it("is rendered in every language, whole: no {{value}} left, and every value in it", () => {
    expect(new Set(rendered.map((r) => r.locale))).toEqual(new Set(locales));
    for (const { locale, what, parts, values } of rendered) {
      for (const part of parts) {
        expect(part, `${what} (${locale})`).not.toMatch(/\{\{|\}\}/);
        expect(part.trim(), `${what} (${locale})`).not.toBe("");
      }
      for (const value of values) expect(parts.join("\n"), `${what} (${locale}) lacks ${value}`).toContain(value);
    }
  });

  it("is rendered for each of its texts: none of the catalogue's message texts goes out untested", async () => {
    for (const locale of locales) {
      const all = rendered
        .filter((r) => r.locale === locale)
        .flatMap((r) => r.parts)
        .join("\n")
        // The voice script is XML: its texts are escaped there, and read here as said.
        .replace(/&apos;/g, "'")
        .replace(/&quot;/g, '"')
        .replace(/&amp;/g, "&");
      for (const [key, text] of await catalogue(locale)) {
        // The text around its values must appear in some message (values are filled in).
        const pieces = text.split(/\{\{[^}]+\}\}/).filter((piece) => piece.trim().length > 3);
        for (const piece of pieces) expect(all, `${key} (${locale}) was not in any rendered message`).toContain(piece);
      }
    }
  });

  it("tells the recipient of every request, by SMS and e-mail, that its link also erases their data", async () => {
    // The words of each language's templates; the link is the recipient's own (their erase control).
    // Nothing is shared yet when the request arrives: the erasure is of what they may share, never
    // "erase your data" as if something were already held.
    const ERASE: Record<Locale, string> = { en: "erase", id: "hapus", ph: "burahin" };
    const SHARED_ALREADY: Record<Locale, string> = {
      en: "erase your data",
      id: "hapus data Anda",
      ph: "burahin ang data mo",
    };
    const requests = rendered.filter((r) => / request \(/.test(r.what));
    expect(requests).toHaveLength(locales.length * MESSAGE_TEMPLATES.length * 2);
    for (const { locale, what, parts } of requests) {
      const text = what.startsWith("sms") ? parts[0]! : parts[1]!;
      expect(text, `${what} (${locale})`).toContain(ERASE[locale]);
      expect(text, `${what} (${locale})`).not.toContain(SHARED_ALREADY[locale]);
      expect(text, `${what} (${locale})`).toMatch(
        new RegExp(`${config().publicUrl.origin}/(id/|ph/)?[A-Za-z0-9]{14}\\b`),
      );
    }
  });

  it("tells the recipient the name is unverified, with the name in it (the e-mail's own sentence)", async () => {
    for (const locale of locales) {
      const t = await getT(locale);
      const sentence = t("requests.email.unverified", { name: NAME });
      const mail = rendered.find((r) => r.locale === locale && r.what.startsWith("email request"))!;
      expect(mail.parts[1]).toContain(sentence);
      expect(sentence).toContain(NAME);
    }
  });
});
