// The e-mail channel of request events (docs/decisions/043): one e-mail to the requester per request
// and event, in the account's language, through the configured provider (SendGrid, or the embedded
// outbox). It says who answered and what happened, and links to that request on the dashboard; it
// never carries the position. Sent at most once: a provider that surely refused it (an error answer,
// no connection) is tried again like a recipient's message (messagePolicy); a send whose outcome is
// unknown (no answer in time, a process that died during the call) is never repeated.
import { db } from "~/db/db.server";
import { renderEmail } from "~/emails/render.server";
import { getT } from "~/i18n/i18next.server";
import { isLocale, localizePath, type Locale } from "~/i18n/locales";
import { jobKind, type JobKinds } from "~/jobs/jobs.server";
import { messagePolicy } from "~/location-requests/delivery.server";
import type { NotificationChannel, RequestEventPayload } from "~/notifications/events.server";
import { unsubscribeLink } from "~/notifications/settings.server";
import { emailProvider } from "~/providers/email.server";
import { config } from "~/server/config.server";
import { log } from "~/server/log.server";

export const REQUEST_EVENT_EMAIL_JOB = "requestEventEmail";

export const EMAIL_CHANNEL: NotificationChannel = {
  name: "email",
  jobKind: REQUEST_EVENT_EMAIL_JOB,
  wants: (account) => account.notifyByEmail,
};

/** The dashboard's view of one request, in the reader's language. */
export function requestPageUrl(requestId: string, locale: Locale) {
  return new URL(
    localizePath(`/dashboard/?id=${encodeURIComponent(requestId)}`, locale),
    config().publicUrl,
  ).toString();
}

type Told = {
  requestId: string;
  event: RequestEventPayload["event"];
  precision?: RequestEventPayload["precision"];
  /** The name the requester gave the request, else the number or address it went to; null when neither is left. */
  who: string | null;
  locale: Locale;
  unsubscribeUrl: string;
};

/** The e-mail itself: subject, a line on what happened, a line on what now, the button to the request. */
export async function requestEventEmail(told: Told) {
  const t = await getT(told.locale);
  const what =
    told.event === "shared" ? (told.precision === "approximate" ? "sharedApproximate" : "sharedPrecise") : told.event;
  const values = { who: told.who ?? "", days: config().REQUEST_TTL_DAYS };
  // A link with no name (or a request whose recipient erased it) is told without one, in sentences
  // of their own: a placeholder noun would not fit every language's grammar in place of a name.
  const [subject, body] = told.who ? (["subject", "body"] as const) : (["anonSubject", "anonBody"] as const);
  return renderEmail({
    subject: t(`notifications.email.${what}.${subject}`, values),
    paragraphs: [t(`notifications.email.${what}.${body}`, values), t(`notifications.email.${what}.next`, values)],
    action: { href: requestPageUrl(told.requestId, told.locale), label: t("notifications.email.open") },
    footer: t("notifications.email.footer"),
    unsubscribe: { href: told.unsubscribeUrl, label: t("notifications.email.unsubscribe") },
  });
}

const requestEventEmailJob = jobKind<RequestEventPayload>({
  policy: messagePolicy,
  // An attempt cut off (its process died during the call) may have sent it: the runner ends the job
  // unsent, the rule every kind has unless it says otherwise (docs/decisions/041).
  afterInterruption: "unanswered",
  async perform(key, payload) {
    const row = await db().locationRequest.findUnique({
      where: { id: payload.requestId },
      select: {
        title: true,
        target: true,
        user: { select: { id: true, email: true, locale: true, notifyByEmail: true } },
      },
    });
    // The account was deleted, or turned these e-mails off after the event: nothing to send.
    if (!row || !row.user.notifyByEmail) return { done: true };
    const locale = isLocale(row.user.locale) ? row.user.locale : "en";
    const unsubscribeUrl = await unsubscribeLink(row.user.id, locale);
    const email = await requestEventEmail({
      requestId: payload.requestId,
      event: payload.event,
      ...(payload.precision ? { precision: payload.precision } : {}),
      who: row.title || row.target || null,
      locale,
      unsubscribeUrl,
    });
    const sent = await emailProvider().send({
      to: row.user.email,
      ...email,
      // RFC 8058: a mail client's "Unsubscribe" posts List-Unsubscribe=One-Click to this same page.
      headers: { "List-Unsubscribe": `<${unsubscribeUrl}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
    });
    if (sent.ok) return { done: true };
    if (sent.unknown) {
      log("warn", "request event e-mail not confirmed: not sent again", { key, error: sent.error });
      return { done: true };
    }
    return sent.permanent ? { giveUp: sent.error.slice(0, 500) } : { retry: sent.error.slice(0, 500) };
  },
});

/** This module's kinds of job (app/jobs/kinds.server.ts joins them into JOB_KINDS). */
export const notificationEmailJobKinds = {
  [REQUEST_EVENT_EMAIL_JOB]: requestEventEmailJob,
} satisfies JobKinds;
