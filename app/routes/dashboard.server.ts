// The dashboard's server side: which tab shows what, and the New Search forms (SMS, e-mail, link).
import { data } from "@remix-run/node";

import {
  positionOf,
  TABS,
  type LiveShareView,
  type MapConfig,
  type MapPosition,
  type NewSearchModal,
  type NewSearchReply,
  type RequestView,
  type SlotReason,
  type Tab,
} from "~/components/dashboard/types";
import { basemapFor } from "~/geo/outlines.server";
import { getLocale } from "~/i18n/i18next.server";
import { intlLocale, isLocale, locales, localizePath, type Locale } from "~/i18n/locales";
import { commonMessages, type Messages } from "~/i18n/resources.server";
import { arrivedSince } from "~/location-requests/arrivals.server";
import { createLocationRequest } from "~/location-requests/create.server";
import { shareLink } from "~/location-requests/links.server";
import { decodeCursor, getRequest, listRequests, requestsVersion } from "~/location-requests/list.server";
import { hasTrail, liveState, recentTrail } from "~/location-requests/live-trail.server";
import { requestLabel } from "~/location-requests/request-state";
import {
  createLinkSchema,
  MESSAGE_TEMPLATES,
  sendEmailSchema,
  sendSmsSchema,
  type Channel,
  type MessageTemplate,
} from "~/location-requests/schemas.server";
import { slotUse, type SlotUse } from "~/location-requests/slot-use.server";
import { countryOptions, DEFAULT_REGION, requestRegion } from "~/phone/countries.server";
import { internationalNumber } from "~/phone/format.server";
import { searchedNumber } from "~/phone/number-search";
import { config } from "~/server/config.server";
import { cleanLine } from "~/utils/display-text";
import { formatAge, formatTime } from "~/utils/live-times";
import { parseForm, refusal, replyOf } from "~/utils/parse-form";
import { formatDateTime, zoneName } from "~/utils/time-zone";
import { redirectWithFlash, redirectWithToast } from "~/utils/toast.server";

export const PAGE_SIZE = 20;
/** A code that only illustrates the link in the choose-message modal; it opens nothing. */
const SAMPLE_CODE = "Ab3dE5fG";

export function parseTab(value: string | null): Tab {
  return (TABS as readonly string[]).includes(value ?? "") ? (value as Tab) : "history";
}

/** New Search's dialogs, addressed as `?tab=new&modal=message` (choose a message) or `modal=tips`. */
function parseNewSearchModal(value: string | null): NewSearchModal | null {
  return value === "message" || value === "tips" ? value : null;
}

/** Each language's message templates, uninterpolated: the modal fills in the name and a sample link. */
function messageTemplates() {
  return Object.fromEntries(
    locales.map((l) => [l, (commonMessages[l].requests as Messages).templates as Record<MessageTemplate, string>]),
  ) as Record<Locale, Record<MessageTemplate, string>>;
}

type Listed = Awaited<ReturnType<typeof listRequests>>["items"][number];

/**
 * A live share as the page shows it, or null for a one-off share. `trail`: the positions before the
 * newest, read only for the page of the one request (recentTrail, bounded whatever is stored).
 */
export function liveView(
  item: { liveUntil: string | null; liveEndedAt: string | null; locatedAt: string | null },
  language: string,
  zone: string,
  trail: [number, number][] = [],
  now = new Date(),
): LiveShareView | null {
  if (!item.liveUntil) return null;
  return {
    until: item.liveUntil,
    endedAt: item.liveEndedAt,
    trail,
    shown: {
      until: `${formatTime(item.liveUntil, language, zone, now)} (${zoneName(zone, language, now)})`,
      age: item.locatedAt ? formatAge(item.locatedAt, language, now.getTime()) : null,
      ended: liveState(item, now) === "ended",
    },
  };
}

/** What the page shows of a request, with its dates already formatted for the first render. */
function toView(item: Listed, language: string, zone: string, seen: number | null = null): RequestView {
  return {
    id: item.id,
    arrived: arrivedSince(item.locatedAt, seen),
    channel: item.channel as Channel,
    // A number in international format ("+63 917 123 4567"); an e-mail address as given.
    target: item.channel === "sms" && item.target ? internationalNumber(item.target) : item.target,
    title: item.title,
    link: item.link,
    status: item.status,
    label: requestLabel(
      { status: item.status, decision: item.decision, delivery: item.delivery, createdAt: new Date(item.createdAt) },
      config().REQUEST_TTL_DAYS,
    ),
    delivery: item.delivery,
    latitude: item.latitude,
    longitude: item.longitude,
    accuracyMeters: item.accuracyMeters,
    address: item.address,
    createdAt: item.createdAt,
    locatedAt: item.locatedAt,
    shown: {
      createdAt: formatDateTime(item.createdAt, language, zone),
      locatedAt: item.locatedAt ? formatDateTime(item.locatedAt, language, zone) : null,
    },
    live: liveView(item, language, zone),
  };
}

const listOptions: Record<Exclude<Tab, "new">, { channel?: Channel; located?: boolean }> = {
  history: {},
  records: { located: true },
  link: { channel: "link" },
  email: { channel: "email" },
};

/** The SMS form's start values when the address carries a number searched on the home page. */
function smsPrefill(url: URL, locale: Locale) {
  const searched = searchedNumber(url.searchParams);
  return searched ? { countryCode: requestRegion(searched.country, locale), number: searched.number } : null;
}

/** The map of these requests: street tiles if configured, and the offline drawing of their positions. */
function mapOf(items: RequestView[]): MapConfig {
  const positions = items.map(positionOf).filter((p): p is MapPosition => p !== null);
  return {
    tileUrl: config().MAP_TILE_URL ?? null,
    attribution: config().MAP_ATTRIBUTION,
    basemap: basemapFor(positions),
  };
}

/**
 * The tab's data; null when `?id=` names no request of this user (another user's id included).
 * `seen`: when this browser last showed this user a list (app/location-requests/arrivals.server.ts).
 */
export async function loadDashboardView(
  userId: string,
  url: URL,
  locale: Locale,
  zone: string,
  seen: number | null = null,
) {
  const tab = parseTab(url.searchParams.get("tab"));
  const language = intlLocale[locale];
  const id = url.searchParams.get("id");
  const base = {
    tab,
    zone,
    list: null,
    detail: null,
    map: null,
    newSearch: null,
    modal: null as NewSearchModal | null,
    highlight: null,
    live: null,
  };

  if (id) {
    const found = await getRequest(userId, id);
    if (!found) return null;
    const detail = toView(found, language, zone);
    // A precise live share is followed with its trail; an approximate one stays an area.
    if (found.liveUntil && hasTrail(found)) {
      const trail = (await recentTrail(found.id)).map((p): [number, number] => [p.latitude, p.longitude]);
      detail.live = liveView(found, language, zone, trail);
    }
    return {
      ...base,
      tab: "records" as Tab,
      detail,
      map: mapOf([detail]),
      live: await requestsVersion(userId),
    };
  }
  if (tab === "new") {
    const [sms, email, link] = await Promise.all([
      slotUse(userId, "sms"),
      slotUse(userId, "email"),
      slotUse(userId, "link"),
    ]);
    const nextAt = (use: SlotUse | null) => (use ? formatDateTime(use.nextAt, language, zone, true) : null);
    const usedBy = (use: SlotUse | null): SlotReason | null =>
      use?.usedBy
        ? {
            to:
              use.usedBy.channel === "sms" && use.usedBy.target
                ? internationalNumber(use.usedBy.target)
                : (use.usedBy.target ?? ""),
            at: formatDateTime(use.usedBy.at, language, zone),
            notAccepted: use.usedBy.notAccepted,
          }
        : null;
    return {
      ...base,
      modal: parseNewSearchModal(url.searchParams.get("modal")),
      newSearch: {
        countries: countryOptions(locale),
        defaultRegion: DEFAULT_REGION[locale],
        prefill: smsPrefill(url, locale),
        templates: messageTemplates(),
        sampleLinks: Object.fromEntries(locales.map((l) => [l, shareLink(SAMPLE_CODE, l)])) as Record<Locale, string>,
        nextAt: { sms: nextAt(sms), email: nextAt(email), link: nextAt(link) },
        usedBy: { sms: usedBy(sms), email: usedBy(email), link: usedBy(link) },
      },
    };
  }
  // Pages by key (`cursor`, the Older and Newer links); `page` from older links still opens its page.
  // A cursor this site did not make (edited, cut short, dated outside any real time) opens the newest
  // page with a note rather than an error: the list is still what the requester came for.
  const asked = url.searchParams.get("cursor") || null;
  const cursor = asked ? decodeCursor(asked) : null;
  const page = Math.min(Math.max(Number.parseInt(url.searchParams.get("page") ?? "1", 10) || 1, 1), 10_000);
  const [result, live] = await Promise.all([
    listRequests(userId, { ...listOptions[tab], cursor, page, pageSize: PAGE_SIZE }),
    requestsVersion(userId),
  ]);
  const items = result.items.map((item) => toView(item, language, zone, seen));
  return {
    ...base,
    live,
    highlight: url.searchParams.get("new"),
    map: tab === "records" ? mapOf(items) : null,
    list: {
      total: result.total,
      totalCapped: result.totalCapped,
      older: result.nextCursor,
      newer: result.prevCursor,
      cursorRefused: asked !== null && cursor === null,
      items,
    },
  };
}

// --- New Search: one action, dispatched on `intent`. ---

const text = (form: FormData, name: string) => String(form.get(name) ?? "").trim();

/** The fields each form shares: the name the recipient sees and the recipient's language. */
function senderValues(form: FormData, locale: Locale) {
  const language = text(form, "language");
  return { name: cleanLine(text(form, "name")), language: isLocale(language) ? language : locale };
}

/** New Search's field for each key of the API's schemas, where they differ. */
const FORM_FIELDS = { requesterName: "name", locale: "language", countryCode: "number", phone: "number" };
const SCHEMAS = { sms: sendSmsSchema, email: sendEmailSchema, link: createLinkSchema };

function reply(reply: NewSearchReply, status = 400) {
  return data(reply, { status });
}

function smsValues(form: FormData, locale: Locale) {
  const template = text(form, "template");
  const countryCode = text(form, "countryCode");
  return {
    ...senderValues(form, locale),
    countryCode: requestRegion(countryCode, locale),
    number: text(form, "number"),
    template: (MESSAGE_TEMPLATES as readonly string[]).includes(template) ? template : "family",
  };
}

/**
 * Handles one New Search submission for a signed-in subscriber. Answers 400 with the field errors and
 * the values to refill, 429 when the three-hour limit refuses (with the next allowed time in `zone`),
 * or a redirect to the list the new request appears in, with a toast.
 */
export async function handleNewSearch(request: Request, form: FormData, user: { id: string }, zone: string) {
  const locale = getLocale(request);
  const dashboard = (query: string) => localizePath(`/dashboard/?${query}`, locale);
  // The SMS form's "Choose message" button names itself; the form's own intent is a hidden field.
  const intent = text(form, "choose") === "message" ? "chooseMessage" : text(form, "intent");

  // Without JavaScript, choosing a message is a round trip that must not lose what was typed.
  if (intent === "chooseMessage" || intent === "pickTemplate") {
    const values = smsValues(form, locale);
    const target = intent === "chooseMessage" ? "tab=new&modal=message" : "tab=new";
    return redirectWithFlash(dashboard(target), { form: replyOf({ errors: {} }, values, "sms") });
  }

  let values: Record<string, string>;
  if (intent === "sms") values = smsValues(form, locale);
  else if (intent === "email") values = { ...senderValues(form, locale), email: text(form, "email") };
  else if (intent === "link") values = { ...senderValues(form, locale), title: cleanLine(text(form, "title")) };
  else return reply(refusal("errors.status.400", { form: "sms" }));
  const channel: Channel = intent;

  const parsed = parseForm(
    SCHEMAS[channel],
    {
      requesterName: values.name,
      locale: values.language,
      countryCode: values.countryCode,
      phone: values.number,
      template: values.template,
      email: values.email,
      title: values.title,
    },
    { fields: FORM_FIELDS },
  );
  if (!parsed.ok) return reply(replyOf(parsed, values, channel));

  const result = await createLocationRequest({ userId: user.id, ...parsed.data });
  if ("nextAllowedAt" in result) {
    const time = formatDateTime(result.nextAllowedAt, intlLocale[locale], zone, true);
    const key = result.error === "declinedRecently" ? "requests.errors.declinedRecently" : "requests.errors.limited";
    return reply(refusal(key, { form: channel, values, errorValues: { time } }), 429);
  }
  const sent = result.ok;
  if (channel === "link") {
    return redirectWithToast(dashboard(`tab=link&new=${result.request.id}`), {
      type: "success",
      key: "requests.toast.linkCreated",
    });
  }
  const tab = channel === "sms" ? "history" : "email";
  if (!result.ok && result.error === "notAccepted") {
    return redirectWithToast(dashboard(`tab=${tab}`), { type: "error", key: "requests.toast.notAccepted" });
  }
  // Plain words that name who it went to; the spec's texts ("Send SMS Template Success") stay the
  // API's (app/api/locate.server.ts).
  const target = "target" in parsed.data ? parsed.data.target : "";
  const to = channel === "sms" ? internationalNumber(target) : target;
  return redirectWithToast(dashboard(`tab=${tab}`), {
    type: sent ? "success" : "error",
    key: `requests.sent.${channel}${sent ? "" : "Failed"}` as const,
    values: { to },
  });
}
