import type { Receipt } from "~/billing/payment-jobs.server";
import type { CancelResult } from "~/billing/subscription.server";
import type { getT } from "~/i18n/i18next.server";
import type { Locale } from "~/i18n/locales";
import { formatDay, formatMoney } from "~/utils/money";

import { renderEmail } from "./render.server";

/** The translator of the reader's language (support reads English). */
type T = Awaited<ReturnType<typeof getT>>;

/**
 * A new account's e-mail, sent once after its first payment (docs/decisions/040): the receipt (what
 * was paid and when, what renews when and for how much, where to cancel), and the link that sets the
 * password and proves the address (docs/decisions/038), never a password. The line after the link
 * tells someone who did not pay how to take the account made with their address. A job written
 * before that rule still carries the generated password, shown as it was.
 */
export function credentialsEmail(
  t: T,
  locale: Locale,
  account: {
    name: string;
    email: string;
    password: string | null;
    receipt: Receipt | null;
    loginUrl: string;
    subscriptionUrl: string;
    verifyUrl: string | null;
  },
) {
  const { receipt } = account;
  return renderEmail({
    subject: t("payments.email.credentials.subject"),
    paragraphs: [
      t("payments.email.credentials.greeting", { name: account.name }),
      t("payments.email.credentials.intro"),
      ...(receipt
        ? [
            t("payments.email.credentials.receipt", {
              paid: formatMoney(receipt.paid, receipt.currency, locale),
              date: formatDay(receipt.paidAt, locale),
              email: account.email,
            }),
            t("payments.email.credentials.renewal", {
              date: formatDay(receipt.renewsAt, locale),
              amount: formatMoney(receipt.amount, receipt.currency, locale),
              period: receipt.periodDays,
            }),
            t("payments.email.credentials.cancel", { url: account.subscriptionUrl }),
          ]
        : []),
      ...(account.verifyUrl
        ? [
            t("payments.email.credentials.setPassword", { url: account.verifyUrl }),
            t("payments.email.credentials.notYou"),
          ]
        : []),
      ...(account.password
        ? [
            t("payments.email.credentials.change"),
            t("payments.email.credentials.login", { email: account.email, url: account.loginUrl }),
          ]
        : [t("payments.email.credentials.signIn", { email: account.email, url: account.loginUrl })]),
    ],
    ...(account.password ? { highlight: account.password } : {}),
    footer: t("email.footer"),
  });
}

/**
 * To an account's owner, when someone tried to open an account with its address (docs/decisions/050):
 * nothing was opened or charged, where to sign in, where to reset the password, and to ignore it if it
 * was not them.
 */
export function accountExistsEmail(t: T, account: { name: string | null; signInUrl: string; resetUrl: string }) {
  return renderEmail({
    subject: t("payments.email.accountExists.subject"),
    paragraphs: [
      account.name
        ? t("payments.email.accountExists.greeting", { name: account.name })
        : t("payments.email.accountExists.hello"),
      t("payments.email.accountExists.intro"),
      t("payments.email.accountExists.signIn", { url: account.signInUrl }),
      t("payments.email.accountExists.reset", { url: account.resetUrl }),
      t("payments.email.accountExists.ignore"),
    ],
    footer: t("email.footer"),
  });
}

/** The confirmation that an account was deleted, and what is kept (its payments, linked to nobody). */
export function accountDeletedEmail(t: T, account: { name: string }) {
  return renderEmail({
    subject: t("account.email.deleted.subject"),
    paragraphs: [
      account.name ? t("account.email.deleted.greeting", { name: account.name }) : t("account.email.deleted.hello"),
      t("account.email.deleted.done"),
      t("account.email.deleted.kept"),
      t("account.email.deleted.notYou"),
    ],
    footer: t("email.footer"),
  });
}

/** The single-use link that confirms a refund request, to the account's owner. */
export function refundConfirmEmail(t: T, request: { name: string; url: string }) {
  return renderEmail({
    subject: t("payments.email.refundConfirm.subject"),
    paragraphs: [
      t("payments.email.refundConfirm.greeting", { name: request.name }),
      t("payments.email.refundConfirm.intro"),
      t("payments.email.refundConfirm.link", { url: request.url }),
      t("payments.email.refundConfirm.ignore"),
    ],
    footer: t("email.footer"),
  });
}

/**
 * A confirmed refund request, to support: the account line says what was done (renewals stopped, no
 * subscription, no account, or the provider failed), so a provider failure is followed up by hand.
 */
export function refundSupportEmail(
  staff: T,
  request: { email: string; locale: string; reason: string; hasAccount: boolean; cancelled: CancelResult | null },
) {
  const { cancelled } = request;
  const account = !request.hasAccount
    ? staff("payments.email.refund.noAccount")
    : cancelled?.ok
      ? staff("payments.email.refund.stopped", { date: cancelled.validUntil })
      : cancelled?.error === "provider"
        ? staff("payments.email.refund.providerFailed")
        : staff("payments.email.refund.noSubscription");
  return renderEmail({
    subject: staff("payments.email.refund.subject"),
    paragraphs: [
      staff("payments.email.refund.from", { email: request.email, locale: request.locale }),
      account,
      request.reason,
    ],
    footer: staff("email.footer"),
  });
}

/** A confirmed refund request, to its owner: until when access lasts, if there was a subscription to stop. */
export function refundReceivedEmail(t: T, locale: Locale, request: { name: string; cancelled: CancelResult | null }) {
  const { cancelled } = request;
  return renderEmail({
    subject: t("payments.email.refundReceived.subject"),
    paragraphs: [
      t("payments.email.refundReceived.greeting", { name: request.name }),
      t("payments.email.refundReceived.intro"),
      cancelled?.ok
        ? t("payments.email.refundReceived.access", { date: formatDay(new Date(cancelled.validUntil), locale) })
        : t("payments.email.refundReceived.noAccess"),
      t("payments.email.refundReceived.answer"),
    ],
    footer: t("email.footer"),
  });
}

/** The reminder before a renewal is charged: the amount, the day and the way to cancel. */
export function renewalReminderEmail(
  t: T,
  locale: Locale,
  renewal: { amount: number; currency: string; chargeAt: Date; cancelUrl: string },
) {
  return renderEmail({
    subject: t("payments.email.reminder.subject"),
    paragraphs: [
      t("payments.email.reminder.intro", {
        amount: formatMoney(renewal.amount, renewal.currency, locale),
        date: formatDay(renewal.chargeAt, locale),
      }),
      t("payments.email.reminder.cancel", { url: renewal.cancelUrl }),
    ],
    footer: t("email.footer"),
  });
}
