// The sandbox, the payment provider when none is configured: an optional mobile number at checkout, then
// paying, renewing, the reminder before a renewal, a failed renewal, expiry, and coming back.
import { describe, expect, it } from "vitest";

import { startCheckout } from "~/billing/checkout.server";
import { sendRenewalReminders } from "~/billing/renewals.server";
import { sandboxAdvance, sandboxPay } from "~/billing/sandbox.server";
import { subscriptionDetails } from "~/billing/subscription.server";
import { db } from "~/db/db.server";
import { DAY as DAY_MS } from "~/utils/time";

import { uniqueEmail } from "../../tests/support/factories";

describe("sandbox life cycle", () => {
  it("takes an optional mobile number, checks it and stores it on the account", async () => {
    const invalid = await startCheckout(
      { name: "Ana", surname: "Reyes", email: uniqueEmail("phone"), adult: "on", phone: "12345" },
      { locale: "ph", ip: "203.0.113.20" },
    );
    expect(invalid).toEqual({ ok: false, error: "validation", fields: { phone: "requests.errors.numberInvalid" } });
    // A landline is not a mobile number.
    const landline = await startCheckout(
      { name: "Ana", surname: "Reyes", email: uniqueEmail("phone"), adult: "on", phone: "+63 2 8123 4567" },
      { locale: "ph", ip: "203.0.113.20" },
    );
    expect(landline).toMatchObject({ ok: false, fields: { phone: "requests.errors.numberInvalid" } });

    const withPhone = uniqueEmail("phone");
    // Read in the page language's country (the Philippines for /ph) unless it starts with +.
    const started = await startCheckout(
      { name: "Ana", surname: "Reyes", email: withPhone, adult: "on", phone: " 0917 123 4567 " },
      { locale: "ph", ip: "203.0.113.20" },
    );
    if (!started.ok) throw new Error("checkout failed");
    await sandboxPay(started.checkoutId);
    expect(await db().user.findUniqueOrThrow({ where: { email: withPhone } })).toMatchObject({
      phone: "+639171234567",
    });

    const without = uniqueEmail("phone");
    const plain = await startCheckout(
      { name: "Budi", surname: "Santoso", email: without, adult: "on", phone: "" },
      { locale: "id", ip: "203.0.113.20" },
    );
    if (!plain.ok) throw new Error("checkout failed");
    await sandboxPay(plain.checkoutId);
    expect(await db().user.findUniqueOrThrow({ where: { email: without } })).toMatchObject({ phone: null });
  });

  it("pays, renews, reminds before renewal, fails and expires", async () => {
    const email = uniqueEmail("sbx");
    const started = await startCheckout(
      { name: "Budi", surname: "Santoso", email, adult: "on" },
      { locale: "id", ip: "203.0.113.20" },
    );
    if (!started.ok) throw new Error("checkout failed");
    expect(started.url).toBe(
      `http://localhost:3000/id/checkout/sandbox/${started.checkoutId}?return=${encodeURIComponent(`/id/register?id=${started.checkoutId}`)}`,
    );
    await sandboxPay(started.checkoutId);
    const user = await db().user.findUniqueOrThrow({ where: { email } });
    expect(await subscriptionDetails(user.id)).toMatchObject({
      state: "Active",
      currencyCode: "IDR",
      firstDayDebitAmount: 1500000,
    });

    const renewed = await sandboxAdvance(email, "renew");
    expect(renewed.ok && new Date(renewed.subscription.validUntil!).getTime()).toBeGreaterThan(
      Date.now() + 30 * DAY_MS,
    );
    const sub = await db().subscription.findUniqueOrThrow({ where: { userId: user.id } });
    expect(sub.state).toBe("active");

    const now = new Date(sub.nextChargeAt!.getTime() - 2 * DAY_MS);
    expect(await sendRenewalReminders(now)).toBeGreaterThanOrEqual(1);
    await sendRenewalReminders(now);
    expect(
      await db().outboxMessage.count({ where: { to: email, subject: "Langganan Anda segera diperpanjang" } }),
    ).toBe(1);

    // A cancelled subscription is not charged again: neither a renewal nor a failed one.
    await db().subscription.update({ where: { id: sub.id }, data: { state: "cancelled", cancelAtPeriodEnd: true } });
    expect(await sandboxAdvance(email, "fail")).toEqual({
      ok: false,
      error: "the subscription is cancelled: no renewal is charged, so none can fail",
    });
    expect(await sandboxAdvance(email, "renew")).toEqual({
      ok: false,
      error: "the subscription is cancelled: it does not renew",
    });
    expect(await db().payment.count({ where: { subscriptionId: sub.id, status: "failed" } })).toBe(0);
    await db().subscription.update({ where: { id: sub.id }, data: { state: "active", cancelAtPeriodEnd: false } });

    await sandboxAdvance(email, "fail");
    expect(await subscriptionDetails(user.id, new Date(Date.now() + 1000))).toMatchObject({
      state: "Expired",
      expiredStatus: 1,
    });
    expect(await db().payment.count({ where: { subscriptionId: sub.id, status: "failed" } })).toBe(1);

    // Back after it expired: a full period at the regular amount, no discounted first day.
    const again = await startCheckout(
      { name: "Budi", surname: "Santoso", email, adult: "on" },
      { locale: "id", ip: "203.0.113.20", userId: user.id },
    );
    if (!again.ok) throw new Error("renewal checkout failed");
    await sandboxPay(again.checkoutId);
    const renewedSub = await db().subscription.findUniqueOrThrow({ where: { userId: user.id } });
    expect(renewedSub.state).toBe("active");
    expect(renewedSub.validUntil.getTime()).toBeGreaterThan(Date.now() + 29 * DAY_MS);
    const [latest] = await db().payment.findMany({
      where: { subscriptionId: sub.id, status: "paid" },
      orderBy: { paidAt: "desc" },
      take: 1,
    });
    expect(latest!.amount).toBe(44900000);
  });
});
