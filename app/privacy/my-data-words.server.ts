// My data in words (docs/decisions/034): the export (docs/api.md, "Your data") keeps its stored codes
// for programs; the My data page shows each one as a word of the reader's language, amounts as money,
// numbers and times as that language writes them. CODE_WORDS names a message for every code the
// export's shape lists (app/api/openapi/shapes.server.ts); app/privacy/my-data-words.server.test.ts
// fails on a listed code without one.
import type { MessageKey, Translate } from "~/i18n/keys";
import { intlLocale, type Locale } from "~/i18n/locales";
import type { RequestState } from "~/location-requests/request-state";
import type { ProviderName } from "~/providers/payments/types";
import { formatMoney } from "~/utils/money";
import { formatDateTime } from "~/utils/time-zone";
import type { Voice, VoiceLanguage } from "~/voice-messages/messages";

import type { AccountExport } from "./export.server";

/** The document's sections, in the order the page shows them. */
export const DATA_SECTIONS = [
  "profile",
  "sessions",
  "subscription",
  "payments",
  "checkouts",
  "requests",
  "voiceMessages",
  "pushDevices",
  "webhookEndpoints",
  "review",
  "refundRequests",
  "contactMessages",
] as const satisfies readonly (keyof AccountExport)[];
export type DataSection = (typeof DATA_SECTIONS)[number];

type Item<S extends DataSection> =
  NonNullable<AccountExport[S]> extends (infer T)[] ? T : NonNullable<AccountExport[S]>;
type Words<Code extends string = string> = Record<Code, MessageKey>;

const LANGUAGES = { en: "language.en", id: "language.id", ph: "language.ph" } as const satisfies Words<Locale>;
const PROVIDERS = {
  sandbox: "account.data.values.provider.sandbox",
  stripe: "account.data.values.provider.stripe",
  paypal: "account.data.values.provider.paypal",
} as const satisfies Words<ProviderName>;

/** For each section, its coded fields: the message of each code. */
export const CODE_WORDS = {
  profile: { locale: LANGUAGES },
  sessions: {},
  subscription: {
    state: {
      trial: "account.data.values.subscriptionState.trial",
      active: "account.data.values.subscriptionState.active",
      cancelled: "account.data.values.subscriptionState.cancelled",
      unsubscribed: "account.data.values.subscriptionState.unsubscribed",
      expired: "account.data.values.subscriptionState.expired",
    },
    provider: PROVIDERS,
  },
  payments: {
    provider: PROVIDERS,
    status: {
      paid: "payments.my.paymentStatus.paid",
      failed: "payments.my.paymentStatus.failed",
      refunded: "payments.my.paymentStatus.refunded",
    },
  },
  checkouts: {
    provider: PROVIDERS,
    locale: LANGUAGES,
    status: {
      pending: "account.data.values.checkoutStatus.pending",
      paid: "account.data.values.checkoutStatus.paid",
      failed: "account.data.values.checkoutStatus.failed",
      unsubscribed: "account.data.values.checkoutStatus.unsubscribed",
    },
  },
  requests: {
    channel: { sms: "dashboard.channel.sms", email: "dashboard.channel.email", link: "dashboard.channel.link" },
    locale: LANGUAGES,
    state: {
      not_delivered: "dashboard.status.not_delivered",
      pending: "dashboard.status.pending",
      expired: "dashboard.status.expired",
      shared_precise: "dashboard.status.gps_tracked",
      shared_approximate: "dashboard.status.ip_located",
      declined: "dashboard.status.declined",
      stopped: "dashboard.status.stopped",
      erased: "dashboard.status.erased",
    } satisfies Words<RequestState>,
    status: {
      pending: "dashboard.status.pending",
      ip_located: "dashboard.status.ip_located",
      gps_tracked: "dashboard.status.gps_tracked",
    },
    decision: {
      declined: "dashboard.status.declined",
      revoked: "dashboard.status.stopped",
      erased: "dashboard.status.erased",
    },
    delivery: {
      queued: "account.data.values.delivery.queued",
      sending: "account.data.values.delivery.sending",
      sent: "account.data.values.delivery.sent",
      delivered: "account.data.values.delivery.delivered",
      unknown: "account.data.values.delivery.unknown",
      failed: "account.data.values.delivery.failed",
      not_accepted: "account.data.values.delivery.not_accepted",
      link: "account.data.values.delivery.link",
    },
  },
  voiceMessages: {
    language: {
      en: "voice.languages.en",
      id: "voice.languages.id",
      fil: "voice.languages.fil",
    } satisfies Words<VoiceLanguage>,
    voice: { female: "voice.voices.female", male: "voice.voices.male" } satisfies Words<Voice>,
    state: {
      sending: "voice.states.sending",
      unknown: "voice.states.unknown",
      queued: "voice.states.queued",
      initiated: "voice.states.initiated",
      ringing: "voice.states.ringing",
      "in-progress": "voice.states.in-progress",
      completed: "voice.states.completed",
      busy: "voice.states.busy",
      "no-answer": "voice.states.no-answer",
      failed: "voice.states.failed",
      canceled: "voice.states.canceled",
    },
  },
  pushDevices: {},
  webhookEndpoints: {
    status: { enabled: "webhooks.list.enabled", disabled: "webhooks.list.disabled" },
  },
  review: {
    locale: LANGUAGES,
    status: {
      pending: "account.data.values.reviewStatus.pending",
      published: "account.data.values.reviewStatus.published",
      hidden: "account.data.values.reviewStatus.hidden",
    },
  },
  refundRequests: {
    locale: LANGUAGES,
    status: {
      unconfirmed: "account.data.values.refundStatus.unconfirmed",
      open: "account.data.values.refundStatus.open",
      closed: "account.data.values.refundStatus.closed",
    },
  },
  contactMessages: { locale: LANGUAGES },
} as const satisfies { [S in DataSection]: Partial<Record<keyof Item<S>, Words>> };

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;
/** A plan's code: its currency and period (app/billing/plans.server.ts), and whether it renewed an account. */
const PLAN = /^[a-z]{3}-(\d+)d(-renewal)?$/;

export type Reader = { t: Translate; locale: Locale; timeZone: string };
export type ShownField = { name: string; value: string | null };

/** What a code's field shows: its word, or the stored value when the code is one no list names. */
function word(section: DataSection, name: string, code: string, t: Translate) {
  const words = (CODE_WORDS[section] as Partial<Record<string, Words>>)[name];
  if (!words) return null;
  const key = Object.hasOwn(words, code) ? words[code] : undefined;
  return key ? t(key) : code;
}

/** Intl refuses a currency code that is not one; the stored value is shown then. */
function safely(format: () => string, fallback: string) {
  try {
    return format();
  } catch {
    return fallback;
  }
}

/** One field as a person reads it; null when there is nothing (the page shows a dash). */
export function showField(
  section: DataSection,
  name: string,
  value: unknown,
  record: Record<string, unknown>,
  { t, locale, timeZone }: Reader,
): string | null {
  if (value === null || value === undefined || value === "") return null;
  // A list inside a record (a live share's positions): how many, the download has each one.
  if (Array.isArray(value))
    return value.length ? t("account.data.values.livePositions", { count: value.length }) : null;
  const intl = intlLocale[locale];
  if (typeof value === "boolean") return t(value ? "account.data.yes" : "account.data.no");
  if (typeof value === "number") {
    const currency = typeof record.currency === "string" ? record.currency : null;
    if ((name === "amount" || name === "firstDayAmount") && currency)
      return safely(() => formatMoney(value, currency, locale), String(value));
    if (name === "periodDays") return t("common.days", { count: value });
    if (name === "rating") return t("reviews.stars", { rating: value });
    if (name === "accuracyMeters")
      return new Intl.NumberFormat(intl, { style: "unit", unit: "meter", maximumFractionDigits: 0 }).format(value);
    return new Intl.NumberFormat(intl, { maximumFractionDigits: 6 }).format(value);
  }
  const text = String(value);
  const coded = word(section, name, text, t);
  if (coded !== null) return coded;
  if (name === "currency")
    return safely(() => new Intl.DisplayNames([intl], { type: "currency" }).of(text) ?? text, text);
  if (name === "plan") {
    const plan = PLAN.exec(text);
    if (!plan) return text;
    const days = t("common.days", { count: Number(plan[1]) });
    return t(plan[2] ? "account.data.values.planRenewal" : "account.data.values.plan", { days });
  }
  if (ISO_TIME.test(text)) return formatDateTime(text, intl, timeZone, true);
  return text;
}

/** A section's records (none, one or many), each as its fields in the document's order. */
export function showSection(section: DataSection, value: object | object[] | null, reader: Reader): ShownField[][] {
  const records = value === null ? [] : Array.isArray(value) ? value : [value];
  return records.map((record) =>
    Object.entries(record).map(([name, field]) => ({
      name,
      value: showField(section, name, field, record as Record<string, unknown>, reader),
    })),
  );
}
