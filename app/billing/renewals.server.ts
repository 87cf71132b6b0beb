import { db } from "~/db/db.server";
import { renewalReminderEmail } from "~/emails/billing.server";
import { paths } from "~/http/paths";
import { getT } from "~/i18n/i18next.server";
import { isLocale, localizePath } from "~/i18n/locales";
import { emailProvider } from "~/providers/email.server";
import { config } from "~/server/config.server";
import { DAY } from "~/utils/time";

// Renewal reminders, sent by the maintenance job before a subscription renews.

/** One reminder per renewal, `RENEWAL_REMINDER_DAYS` before it. Safe to run from several processes. */
export async function sendRenewalReminders(now = new Date()) {
  const days = config().RENEWAL_REMINDER_DAYS;
  if (!days) return 0;
  const due = await db().subscription.findMany({
    where: {
      cancelAtPeriodEnd: false,
      state: { in: ["trial", "active"] },
      nextChargeAt: { gt: now, lte: new Date(now.getTime() + days * DAY) },
      amount: { not: null },
    },
    include: { user: true },
    take: 500,
  });
  let sent = 0;
  for (const sub of due) {
    if (sub.reminderSentFor && sub.nextChargeAt && sub.reminderSentFor.getTime() === sub.nextChargeAt.getTime())
      continue;
    const claimed = await db().subscription.updateMany({
      where: {
        id: sub.id,
        nextChargeAt: sub.nextChargeAt,
        OR: [{ reminderSentFor: null }, { reminderSentFor: { not: sub.nextChargeAt! } }],
      },
      data: { reminderSentFor: sub.nextChargeAt },
    });
    if (claimed.count !== 1) continue;
    const locale = isLocale(sub.user.locale) ? sub.user.locale : "en";
    const t = await getT(locale);
    const cancelUrl = new URL(localizePath(paths.cancelSubscription, locale), config().publicUrl);
    const message = renewalReminderEmail(t, locale, {
      amount: sub.amount!,
      currency: sub.currency ?? "USD",
      chargeAt: sub.nextChargeAt!,
      cancelUrl: cancelUrl.toString(),
    });
    const result = await emailProvider().send({ to: sub.user.email, ...message });
    if (result.ok) sent += 1;
  }
  return sent;
}
