// The /unsubscribe-and-refund form through its page actions: the e-mailed single-use confirmation
// link, cancelling at the provider once confirmed (the sandbox, and the real stripe SDK against a
// local fake), the recorded request, the e-mails, the answers that never tell whether an account
// exists, validation and throttling. Also the renewal reminder.
import { afterEach, describe, expect, it } from "vitest";

import { REFUND_LIMITS } from "~/billing/refunds.server";
import { sendRenewalReminders } from "~/billing/renewals.server";
import { db } from "~/db/db.server";
import { getT } from "~/i18n/i18next.server";
import { action as textPageAction } from "~/routes/content-page";
import { action as confirmAction, loader as confirmLoader } from "~/routes/refund-confirm";
import { action, handle } from "~/routes/unsubscribe-and-refund";
import { resetConfig } from "~/server/config.server";
import { DAY as DAY_MS } from "~/utils/time";

import { allowConsoleError } from "../../tests/support/console";
import { createUser, formRequest, routeArgs, uniqueEmail } from "../../tests/support/factories";
import { stripeFakeForTests } from "../../tests/support/provider-fakes";
import { replyTexts } from "../../tests/support/reply-text";
import { routeData } from "../../tests/support/route-data";

let ipSeq = 0;
const freshIp = () => `198.51.100.${++ipSeq}`;
const post = (path: string, fields: Record<string, string>, ip = freshIp()) =>
  routeData(action(routeArgs(formRequest(path, fields, { "x-client-ip": ip }))));
const REASON = "I forgot to cancel before the renewal.";
const SUPPORT = "support@familylocator.example";

async function subscriber(
  options: { provider?: string; providerSubscriptionId?: string; locale?: string; days?: number } = {},
) {
  const { user, email } = await createUser({ days: options.days ?? 10 });
  await db().user.update({ where: { id: user.id }, data: { locale: options.locale ?? "en", name: "Ana" } });
  const subscription = await db().subscription.update({
    where: { userId: user.id },
    data: {
      provider: options.provider ?? "sandbox",
      providerSubscriptionId: options.providerSubscriptionId ?? `sbx_sub_${user.id}`,
      nextChargeAt: new Date(Date.now() + (options.days ?? 10) * DAY_MS),
    },
  });
  return { user, email, subscription };
}
const mailsTo = (to: string) => db().outboxMessage.findMany({ where: { to }, orderBy: { createdAt: "asc" } });
const supportMailAbout = (email: string) =>
  db().outboxMessage.findMany({ where: { to: SUPPORT, text: { contains: email } } });

/** The confirmation link e-mailed to `email` (the newest), as a path with its token. */
async function confirmLink(email: string) {
  const mails = await mailsTo(email);
  const text = mails.at(-1)?.text ?? "";
  const url = /https?:\/\/\S+\/unsubscribe-and-refund\/confirm\?token=[\w-]+/.exec(text)?.[0];
  expect(url, text).toBeTruthy();
  const parsed = new URL(url!);
  return parsed.pathname + parsed.search;
}
const openLink = (path: string) => routeData(confirmLoader(routeArgs(new Request(`http://localhost:3000${path}`))));
const confirm = (path: string) =>
  confirmAction(routeArgs(new Request(`http://localhost:3000${path}`, { method: "POST" }))) as Promise<Response>;

describe("/unsubscribe-and-refund with the sandbox", () => {
  it("changes nothing until the owner confirms with the link e-mailed in their language", async () => {
    const { user, email } = await subscriber({ locale: "id" });
    const response = await post("/ph/unsubscribe-and-refund", { email: email.toUpperCase(), reason: REASON });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/ph/unsubscribe-and-refund");
    expect(response.headers.get("Set-Cookie")).toMatch(/^flash=/);

    // Only the link's owner is told; the subscription is untouched, support hears nothing yet.
    expect(await db().subscription.findUniqueOrThrow({ where: { userId: user.id } })).toMatchObject({
      state: "active",
      cancelAtPeriodEnd: false,
    });
    expect(await supportMailAbout(email)).toHaveLength(0);
    const [linkMail, ...others] = await mailsTo(email);
    expect(others).toHaveLength(0);
    const t = await getT("id");
    expect(linkMail!.subject).toBe(t("payments.email.refundConfirm.subject"));
    expect(linkMail!.text).toContain("Halo Ana");
    const link = await confirmLink(email);
    expect(link).toMatch(/^\/id\/unsubscribe-and-refund\/confirm\?token=/);

    // The stored request holds a hash of the token, never the token itself.
    const token = new URLSearchParams(link.split("?")[1]).get("token")!;
    const stored = await db().refundRequest.findFirstOrThrow({ where: { email } });
    expect(stored).toMatchObject({ reason: REASON, locale: "ph", userId: user.id, status: "unconfirmed" });
    expect(stored.tokenHash).not.toContain(token);
    expect(stored.expiresAt!.getTime() - Date.now()).toBeGreaterThan(23 * 3600_000);

    // Opening the link (a mail scanner does too) changes nothing.
    const shown = await openLink(link);
    expect(shown.status).toBe(200);
    expect(shown.data.email).toBe(email);
    expect(await db().subscription.findUniqueOrThrow({ where: { userId: user.id } })).toMatchObject({
      state: "active",
    });

    const confirmed = await confirm(link);
    expect(confirmed.status).toBe(302);
    expect(confirmed.headers.get("Location")).toBe("/id/unsubscribe-and-refund");
    expect(await db().refundRequest.findFirstOrThrow({ where: { email } })).toMatchObject({
      status: "open",
      tokenHash: null,
    });
    const sub = await db().subscription.findUniqueOrThrow({ where: { userId: user.id } });
    expect(sub).toMatchObject({ state: "cancelled", cancelAtPeriodEnd: true, nextChargeAt: null });

    const [staff, ...moreStaff] = await supportMailAbout(email);
    expect(moreStaff).toHaveLength(0);
    expect(staff!.subject).toBe("Refund request");
    expect(staff!.text).toContain(REASON);
    expect(staff!.text).toContain("Renewals of the account's subscription are stopped");
    const [, confirmation, ...more] = await mailsTo(email);
    expect(more).toHaveLength(0);
    expect(confirmation!.subject).toBe(t("payments.email.refundReceived.subject"));
    expect(confirmation!.text).toContain("tidak akan diperpanjang");

    // Single use: the link is spent.
    expect((await openLink(link)).status).toBe(400);
    const again = await confirm(link);
    expect(again.headers.get("Location")).toBe("/id/unsubscribe-and-refund");
    expect(await supportMailAbout(email)).toHaveLength(1);
  });

  it("refuses an expired or made-up link", async () => {
    const { user, email } = await subscriber();
    await post("/unsubscribe-and-refund", { email, reason: REASON });
    const link = await confirmLink(email);
    await db().refundRequest.updateMany({ where: { email }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await openLink(link)).status).toBe(400);
    await confirm(link);
    expect((await openLink("/unsubscribe-and-refund/confirm?token=made-up")).status).toBe(400);
    await confirm("/unsubscribe-and-refund/confirm?token=made-up");
    await confirm("/unsubscribe-and-refund/confirm");
    expect(await db().subscription.findUniqueOrThrow({ where: { userId: user.id } })).toMatchObject({
      state: "active",
    });
    expect(await supportMailAbout(email)).toHaveLength(0);
  });

  it("answers an unknown e-mail exactly like a known one, and writes to no one", async () => {
    const known = await subscriber();
    const unknown = uniqueEmail("nobody");
    const a = await post("/unsubscribe-and-refund", { email: known.email, reason: REASON });
    const b = await post("/unsubscribe-and-refund", { email: unknown, reason: REASON });
    expect([b.status, b.headers.get("Location")]).toEqual([a.status, a.headers.get("Location")]);
    const toast = (r: { headers: Headers }) =>
      decodeURIComponent(r.headers.get("Set-Cookie")!.split(";")[0]!.split("=")[1]!);
    expect(toast(b)).toBe(toast(a));
    expect(await db().refundRequest.count({ where: { email: unknown } })).toBe(0);
    expect(await mailsTo(unknown)).toHaveLength(0);
    expect(await supportMailAbout(unknown)).toHaveLength(0);
  });

  it("answers bad input with 400 and message keys the page translates, and records nothing", async () => {
    const before = await db().refundRequest.count();
    const en = await post("/unsubscribe-and-refund", { email: "not-an-address", reason: " " });
    expect(en.status).toBe(400);
    expect(en.data.errors).toEqual({ email: "loginModal.EnterValidEmail", reason: "payments.errors.reason" });
    expect(replyTexts(en.data, "en", handle)).toEqual({
      email: "Enter valid email address",
      reason: "Please tell us the reason",
    });
    expect(en.data.values).toEqual({ email: "not-an-address", reason: "" });

    const ph = await post("/ph/unsubscribe-and-refund", { email: "", reason: "x".repeat(2001) });
    expect(ph.status).toBe(400);
    expect(ph.data.errors).toEqual({ email: "validation.emailRequired", reason: "payments.errors.reasonLength" });
    const t = await getT("ph");
    expect(replyTexts(ph.data, "ph", handle)).toEqual({
      email: t("validation.emailRequired"),
      reason: t("payments.errors.reasonLength"),
    });
    expect(replyTexts(ph.data, "ph", handle).reason).not.toBe("Please keep the reason under 2000 characters");
    expect(await db().refundRequest.count()).toBe(before);
  });

  it("throttles per address and per e-mail with 429 and Retry-After", async () => {
    const ip = freshIp();
    for (let i = 0; i < REFUND_LIMITS.perIpPerHour; i++) {
      expect((await post("/unsubscribe-and-refund", { email: uniqueEmail("t"), reason: REASON }, ip)).status).toBe(302);
    }
    const limited = await post("/id/unsubscribe-and-refund", { email: uniqueEmail("t"), reason: REASON }, ip);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(limited.data.errors).toEqual({ form: "payments.errors.tooMany" });
    expect(replyTexts(limited.data, "id", handle).form).toBe((await getT("id"))("payments.errors.tooMany"));

    const { email } = await subscriber();
    for (let i = 0; i < REFUND_LIMITS.perEmailPerDay; i++) {
      expect((await post("/unsubscribe-and-refund", { email, reason: REASON })).status).toBe(302);
    }
    expect((await post("/unsubscribe-and-refund", { email, reason: REASON })).status).toBe(429);
    expect(await mailsTo(email)).toHaveLength(REFUND_LIMITS.perEmailPerDay);
  });

  it("takes no form on other content pages", async () => {
    const request = formRequest("/ph/about-us", { email: uniqueEmail(), reason: REASON }, { "x-client-ip": freshIp() });
    const thrown = await textPageAction(routeArgs(request)).catch((r: unknown) => r);
    expect((thrown as Response).status).toBe(405);
    expect((thrown as Response).headers.get("Allow")).toBe("GET, HEAD");
    // The error page is translated although no loader ran: the answer carries the page's messages.
    const body = (await (thrown as Response).json()) as { message: string; messages: { brand: string } };
    expect(body.message).toBe("Hindi Pinapayagan ang Method");
    expect(body.messages.brand).toBe("Family Locator");
  });
});

describe("/unsubscribe-and-refund with Stripe (real SDK, local fake API)", () => {
  const fake = stripeFakeForTests({ withoutWebhookSecret: true });

  it("cancels at period end at Stripe", async () => {
    const { user, email } = await subscriber({ provider: "stripe", providerSubscriptionId: "sub_R1" });
    expect((await post("/unsubscribe-and-refund", { email, reason: REASON })).status).toBe(302);
    expect(fake.requests).toHaveLength(0);
    expect((await confirm(await confirmLink(email))).status).toBe(302);
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]).toMatchObject({ method: "POST", url: "/v1/subscriptions/sub_R1" });
    expect(new URLSearchParams(fake.requests[0]!.body).get("cancel_at_period_end")).toBe("true");
    expect(await db().subscription.findUniqueOrThrow({ where: { userId: user.id } })).toMatchObject({
      state: "cancelled",
    });
  });

  it("keeps the request and tells support to stop renewals by hand when Stripe fails", async () => {
    allowConsoleError();
    fake.control.cancelFailures = Number.POSITIVE_INFINITY;
    const { user, email } = await subscriber({ provider: "stripe", providerSubscriptionId: "sub_R2" });
    expect((await post("/unsubscribe-and-refund", { email, reason: REASON })).status).toBe(302);
    expect((await confirm(await confirmLink(email))).status).toBe(302);
    expect(await db().refundRequest.count({ where: { email, status: "open" } })).toBe(1);
    expect(await db().subscription.findUniqueOrThrow({ where: { userId: user.id } })).toMatchObject({
      state: "active",
      cancelAtPeriodEnd: false,
    });
    const [staff] = await supportMailAbout(email);
    expect(staff!.text).toContain("Cancelling at the payment provider FAILED");
    const [, confirmation] = await mailsTo(email);
    expect(confirmation!.text).toContain("We will answer your refund request by e-mail");
  });
});

describe("renewal reminder", () => {
  afterEach(() => {
    delete process.env.RENEWAL_REMINDER_DAYS;
    resetConfig();
  });

  it("goes out once per renewal, RENEWAL_REMINDER_DAYS before it, with the amount, the date and the cancel link", async () => {
    const { user, email, subscription } = await subscriber({ locale: "ph", days: 2 });
    await db().subscription.update({
      where: { id: subscription.id },
      data: { state: "active", amount: 149900, currency: "PHP" },
    });
    const far = await subscriber({ days: 20 });
    const cancelled = await subscriber({ days: 2 });
    await db().subscription.update({
      where: { id: cancelled.subscription.id },
      data: { amount: 2999, currency: "USD", cancelAtPeriodEnd: true, state: "cancelled" },
    });
    await db().subscription.update({ where: { id: far.subscription.id }, data: { amount: 2999, currency: "USD" } });

    expect(await sendRenewalReminders()).toBeGreaterThanOrEqual(1);
    await sendRenewalReminders();
    const [reminder, ...more] = await mailsTo(email);
    expect(more).toHaveLength(0);
    const t = await getT("ph");
    expect(reminder!.subject).toBe(t("payments.email.reminder.subject"));
    expect(reminder!.text).toMatch(/1[,.]?499/);
    expect(reminder!.text).toContain("http://localhost:3000/ph/dashboard/modules/cancleMySubscriptionModal");
    expect(await mailsTo(far.email)).toHaveLength(0);
    expect(await mailsTo(cancelled.email)).toHaveLength(0);

    // The next renewal gets its own reminder.
    const next = new Date(Date.now() + 32 * DAY_MS);
    await db().subscription.update({ where: { userId: user.id }, data: { nextChargeAt: next, validUntil: next } });
    expect(await sendRenewalReminders(new Date(next.getTime() - DAY_MS))).toBeGreaterThanOrEqual(1);
    expect(await mailsTo(email)).toHaveLength(2);
  });

  it("is off with RENEWAL_REMINDER_DAYS=0", async () => {
    process.env.RENEWAL_REMINDER_DAYS = "0";
    resetConfig();
    const { email, subscription } = await subscriber({ days: 1 });
    await db().subscription.update({ where: { id: subscription.id }, data: { amount: 2999, currency: "USD" } });
    expect(await sendRenewalReminders()).toBe(0);
    expect(await mailsTo(email)).toHaveLength(0);
  });
});
