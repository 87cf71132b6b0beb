import { randomInt } from "node:crypto";

import { z } from "zod";

import { emailError } from "~/auth/validation";
import { db, firstRow } from "~/db/db.server";
import { renderEmail } from "~/emails/render.server";
import { Prisma, type LocationRequest } from "~/generated/prisma-sqlite/client";
import { locateIp, type IpLocation } from "~/geo/ip-location.server";
import { areaPlace, nearestPlace } from "~/geo/nearest-place.server";
import { getT } from "~/i18n/i18next.server";
import type { MessageKey } from "~/i18n/keys";
import { isLocale, locales, localizePath, type Locale } from "~/i18n/locales";
import { enqueueJob, runJobs } from "~/jobs/jobs.server";
import { accountSlotKey, claimSlot, releaseSlot } from "~/limits/usage-limit.server";
import {
  openMessageJobs,
  REQUEST_MESSAGE_JOB,
  requestMessageJobKey,
  UNCONFIRMED,
  type PreparedMessage,
  type RequestMessageJob,
} from "~/location-requests/delivery.server";
import {
  claimDailyDelivery,
  cooldownUntil,
  isBlocked,
  isOptedOut,
  recipientKey,
  recipientKeys,
  recipientRef,
  recordDecline,
  releaseDailyDelivery,
} from "~/location-requests/recipient-controls.server";
import { mayDo, NOT_ACCEPTED, requestState, type RecipientAction } from "~/location-requests/request-state";
import {
  recordRequestEvent,
  scheduleExpiryCheck,
  tellNow,
  type RequestEventPayload,
} from "~/notifications/events.server";
import { parseMobile } from "~/phone/numbers.server";
import { inBatches, PURGE_BATCH } from "~/privacy/batches.server";
import { addressOf, reverseGeocoder, type AddressPrecision } from "~/providers/reverse-geocoding.server";
import { config } from "~/server/config.server";
import { log } from "~/server/log.server";
import { withoutContactPoint } from "~/utils/contact-points.server";
import { cleanLine, NAME_MAX, TITLE_MAX } from "~/utils/display-text";
import { parseEmailAddress } from "~/utils/email-address.server";
import { addDomainIssue, messageKey } from "~/utils/parse-form";
import { DAY } from "~/utils/time";

export type Channel = "sms" | "email" | "link";
export type RequestStatus = "pending" | "ip_located" | "gps_tracked";
export const MESSAGE_TEMPLATES = ["family", "checkIn", "safety"] as const;
export type MessageTemplate = (typeof MESSAGE_TEMPLATES)[number];

/** 8 characters of 62: 47 bits, unguessable, and short enough to leave room in one SMS segment. */
const CODE_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
export const CODE_PATTERN = /^[A-Za-z0-9]{8}$/;
export function newCode() {
  return Array.from({ length: 8 }, () => CODE_CHARS[randomInt(CODE_CHARS.length)]).join("");
}

export function shareLink(code: string, locale: Locale) {
  return new URL(localizePath(`/${code}`, locale), config().publicUrl).toString();
}

/** The e-mail's List-Unsubscribe URL and visible link: one-click POST, or a GET that shows the controls. */
export function unsubscribeUrl(ref: string) {
  return new URL(`/unsubscribe/${ref}`, config().publicUrl).toString();
}

export type CreateInput = {
  userId: string;
  channel: Channel;
  requesterName: string;
  /** The recipient's language: the message and the consent page use it. */
  locale: Locale;
  target?: string;
  title?: string;
  template?: MessageTemplate;
};

export type CreateResult =
  | { ok: true; request: { id: string; code: string; link: string } }
  | { ok: false; error: "limited"; nextAllowedAt: Date }
  /** The recipient declined this requester's last request less than DECLINE_COOLDOWN_HOURS ago. */
  | { ok: false; error: "declinedRecently"; nextAllowedAt: Date }
  /** Opted out, blocked this requester or over today's limit: stored as not delivered, never which. */
  | { ok: false; error: "notAccepted"; request: { id: string } }
  | { ok: false; error: "sendFailed"; request: { id: string; code: string; link: string } };

/**
 * Creates a request and delivers it. The three-hour limit is claimed first, atomically; the request
 * and its message (a job: app/location-requests/delivery.server.ts) are stored in one transaction and
 * the message is tried at once. "sendFailed" only when the provider refused it for good (the request
 * is kept, marked failed, and the limit given back); a provider that is down leaves it queued for the
 * job worker's next try, so nothing is lost. A recipient
 * who does not accept requests (docs/decisions/012) gets nothing: the request is stored once as not
 * delivered, and it uses the requester's slot like any other (asking again and again neither tells
 * the requester more nor grows the database).
 */
export async function createLocationRequest(input: CreateInput): Promise<CreateResult> {
  input = {
    ...input,
    requesterName: cleanLine(input.requesterName),
    ...(input.title === undefined ? {} : { title: cleanLine(input.title) }),
  };
  // The recipient's key (what is written) and every key their controls may be stored under (what is read).
  const keys = input.channel !== "link" && input.target ? await recipientKeys(input.channel, input.target) : [];
  const recipient = keys[0] ?? null;
  if (recipient) {
    const until = await cooldownUntil(keys, input.userId);
    if (until) return { ok: false, error: "declinedRecently", nextAllowedAt: until };
  }
  const slotKey = accountSlotKey(input.channel, input.userId);
  const claim = await claimSlot(slotKey);
  if (!claim.ok) return { ok: false, error: "limited", nextAllowedAt: claim.nextAllowedAt };

  // Anything that throws before the request and its message are stored (the checks, the translation,
  // the rendering, the transaction) gives the slot back: the account must not wait three hours for a
  // request that does not exist.
  let prepared: Prepared;
  let deliveryClaimedAt: number | null = null;
  try {
    if (recipient && !(await accepts(keys, input.userId))) return await notAccepted(input, recipient);
    if (recipient) {
      deliveryClaimedAt = Date.now();
      if (!(await claimDailyDelivery(recipient, deliveryClaimedAt))) return await notAccepted(input, recipient);
    }
    prepared = await prepareRequest(input, recipient, {
      slot: { key: slotKey, claimedAtMs: claim.claimedAtMs, previousMs: claim.previousMs },
      daily: recipient && deliveryClaimedAt !== null ? { recipient, claimedAtMs: deliveryClaimedAt } : null,
    });
  } catch (error) {
    await releaseSlot(slotKey, claim);
    if (recipient && deliveryClaimedAt !== null) await releaseDailyDelivery(recipient, deliveryClaimedAt);
    throw error;
  }
  const { request, job } = prepared;
  if (!job) return { ok: true, request };
  afterCommit?.();

  // The first try, right after the commit (bounded by PROVIDER_TIMEOUT_MS); the job worker makes any
  // later one. A failure here is logged: the job stays due and the worker takes it.
  await runJobs(new Date(), { keys: [job] }).catch((error) => log("error", "message send failed", { error }));
  const after = await db().locationRequest.findUnique({ where: { id: request.id }, select: { delivery: true } });
  if (after?.delivery === NOT_ACCEPTED) return { ok: false, error: "notAccepted", request: { id: request.id } };
  if (after?.delivery === "failed") return { ok: false, error: "sendFailed", request };
  return { ok: true, request };
}

/** Runs between a request's commit and its first send; a test sets it to stop the process there. */
let afterCommit: (() => void) | null = null;
export function setAfterRequestCommit(hook: (() => void) | null) {
  afterCommit = hook;
}

export { NOT_ACCEPTED };

export { UNCONFIRMED };

/**
 * Sends a process did not finish and no job will finish (requests stored before messages went through
 * the job table, app/location-requests/delivery.server.ts; a request whose job is still open is the
 * job's to settle). A request still `queued` never reached the provider: it is not delivered, and its
 * slot is given back. One still `sending` may have gone out: it is marked unconfirmed and keeps its
 * slot. Only rows older than any send could take (PROVIDER_TIMEOUT_MS and a minute) are touched: a
 * live send is never taken for a dead one.
 */
export async function recoverInterruptedSends(now = new Date()) {
  const before = new Date(now.getTime() - config().PROVIDER_TIMEOUT_MS - 60_000);
  const stale = await db().locationRequest.findMany({
    where: { delivery: { in: ["queued", "sending"] }, updatedAt: { lt: before } },
    select: { id: true, userId: true, channel: true, createdAt: true, delivery: true },
    take: 500,
  });
  const open = await openMessageJobs(stale.map((row) => row.id));
  const orphans = stale.filter((row) => !open.has(row.id));
  const queued = orphans.filter((row) => row.delivery === "queued");
  for (const row of queued) {
    const { count } = await db().locationRequest.updateMany({
      where: { id: row.id, delivery: "queued" },
      data: { delivery: "failed", deliveryError: "interrupted before it was sent" },
    });
    // The slot this request claimed (just before it was stored), unless a later request holds it.
    if (count === 1)
      await db().usageSlot.deleteMany({
        where: {
          key: `${row.channel}:${row.userId}`,
          lastAtMs: { gte: BigInt(row.createdAt.getTime() - 60_000), lte: BigInt(row.createdAt.getTime()) },
        },
      });
  }
  const sending = await db().locationRequest.updateMany({
    where: {
      id: { in: orphans.filter((row) => row.delivery === "sending").map((row) => row.id) },
      delivery: "sending",
    },
    data: { delivery: UNCONFIRMED, deliveryError: "interrupted while sending: it may have been delivered" },
  });
  return { notSent: queued.length, unconfirmed: sending.count };
}

async function accepts(keys: string[], userId: string) {
  const [optedOut, blocked] = await Promise.all([isOptedOut(keys), isBlocked(keys, userId)]);
  return !optedOut && !blocked;
}

/**
 * Stored so the requester sees it, in one neutral state (never which control refused it). The slot
 * stays used; a request to the same number or address that is already stored as not delivered is
 * answered with that one instead of another row.
 */
async function notAccepted(input: CreateInput, recipient: string) {
  const where = { userId: input.userId, channel: input.channel, target: input.target ?? null, delivery: NOT_ACCEPTED };
  const stored = await db().locationRequest.findFirst({ where, select: { id: true } });
  // Touched, so that New Search can name this refusal as what used the slot (slot-use.server.ts).
  if (stored) await db().locationRequest.update({ where: { id: stored.id }, data: { updatedAt: new Date() } });
  const row =
    stored ??
    (await db().locationRequest.create({
      data: { ...requestData(input, recipient), delivery: NOT_ACCEPTED },
      select: { id: true },
    }));
  return { ok: false as const, error: "notAccepted" as const, request: { id: row.id } };
}

type Prepared = {
  request: { id: string; code: string; link: string };
  /** The key of the message's job (none for a link). */
  job: string | null;
};

/** `recipient`: the keyed hash of the number or address (recipientKey), by which a recipient's erasure finds the row. */
function requestData(input: CreateInput, recipient: string | null) {
  return {
    userId: input.userId,
    channel: input.channel,
    target: input.target ?? null,
    recipientKey: recipient,
    title: input.title ?? null,
    requesterName: input.requesterName,
    locale: input.locale,
    code: newCode(),
  };
}

/**
 * Stores the request and, in the same transaction, its message as a job (none for a link), so that
 * the message exists exactly when the request does. The message names the service as the sender and
 * the requester's name as typed and unverified; it links to the recipient's own link (the code with
 * its key) and says how to stop every request.
 */
async function prepareRequest(
  input: CreateInput,
  recipient: string | null,
  used: Pick<RequestMessageJob, "slot" | "daily">,
): Promise<Prepared> {
  const data = requestData(input, recipient);
  const link = shareLink(data.code, input.locale);
  // Each request is written with the check of its end (app/notifications/events.server.ts): the
  // requester is told when it expires unanswered.
  if (input.channel === "link") {
    return db().$transaction(async (tx) => {
      const row = await tx.locationRequest.create({ data: { ...data, delivery: "link" } });
      await scheduleExpiryCheck(tx, row);
      return { request: { id: row.id, code: row.code, link }, job: null };
    });
  }
  const message = await renderMessage(input, data.code);
  return db().$transaction(async (tx) => {
    const row = await tx.locationRequest.create({ data: { ...data, delivery: "queued" } });
    await scheduleExpiryCheck(tx, row);
    const job: RequestMessageJob = { requestId: row.id, message, ...used };
    const key = await enqueueJob(tx, requestMessageJobKey(row.id), REQUEST_MESSAGE_JOB, job);
    return { request: { id: row.id, code: row.code, link }, job: key };
  });
}

async function renderMessage(input: CreateInput, code: string): Promise<PreparedMessage> {
  const t = await getT(input.locale);
  const recipientRefValue = await recipientRef(code);
  const recipientLink = shareLink(recipientRefValue, input.locale);
  const text = t(`requests.templates.${input.template ?? "family"}`, {
    name: input.requesterName,
    link: recipientLink,
  });
  if (input.channel === "sms")
    return { channel: "sms", sms: { to: input.target!, body: `${text} ${t("requests.sms.stop")}` } };
  const email = renderEmail({
    subject: t("requests.email.subject", { name: input.requesterName }),
    paragraphs: [text, t("requests.email.consent"), t("requests.email.unverified", { name: input.requesterName })],
    action: { href: recipientLink, label: t("requests.email.button") },
    footer: `${t("requests.email.footer")} ${t("requests.email.erase")}`,
    unsubscribe: { href: unsubscribeUrl(recipientRefValue), label: t("requests.email.unsubscribe") },
  });
  // RFC 8058: the mail provider posts "List-Unsubscribe=One-Click" to this URL (routes/unsubscribe.ts).
  const headers = {
    "List-Unsubscribe": `<${unsubscribeUrl(recipientRefValue)}>`,
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  };
  return { channel: "email", email: { to: input.target!, ...email, headers } };
}

/**
 * The error for a recipient's address, if any: one plain address (parseEmailAddress: no quoted local
 * part, comment or invisible character, a domain IDNA maps) that reads as the spec's pattern.
 */
export function validateEmailTarget(email: string): MessageKey | undefined {
  const trimmed = email.trim();
  if (!trimmed) return "requests.errors.emailRequired";
  const address = parseEmailAddress(trimmed);
  return address ? emailError(address) : "loginModal.EnterValidEmail";
}

// --- What a requester sends: one schema per form, read by New Search and by the JSON API alike. ---
// Messages are translation keys (New Search shows them by field); the API names the first field that
// fails a size or type check, and answers a failed number or address with its own message.

/**
 * The name the recipient sees, and a link's title: one cleaned line of at most 60 characters, with no
 * web address, domain, e-mail address or phone number in it (the service sends it in its own name).
 */
const oneLine = (required: MessageKey, tooLong: MessageKey, contact: MessageKey, max: number) =>
  z
    .string()
    // The bounds the document shows are the ones kept (cleaning only shortens a line). A pipe, not a
    // transform, after them: a failed bound leaves the form's other checks running (decision 042).
    .min(1, required)
    .max(max, tooLong)
    .regex(/\S/, required)
    .pipe(
      z
        .string()
        .transform(cleanLine)
        .pipe(z.string().min(1, required).max(max, tooLong).superRefine(withoutContactPoint(contact))),
    );

const senderFields = {
  requesterName: oneLine(
    "requests.errors.nameRequired",
    "dashboard.errors.nameTooLong",
    "requests.errors.nameContact",
    NAME_MAX,
  ),
  /** The recipient's language: the message and the consent page use it. */
  locale: z.enum(locales).default("en"),
};
const template = z.enum(MESSAGE_TEMPLATES).default("family");

/**
 * `countryCode` (a region or a dial code) and `phone` as one mobile number. A refinement, so that a
 * form shows a wrong number beside the other fields' errors: zod skips transforms once a field failed.
 */
export function refineMobile(input: { countryCode: string; phone: string }, ctx: z.RefinementCtx) {
  const number = parseMobile(input.countryCode, input.phone);
  if (!number.ok) addDomainIssue(ctx, number.error, ["phone"]);
}

export const sendSmsSchema = z
  .object({
    ...senderFields,
    countryCode: z.string().max(5).default(""),
    phone: z
      .string()
      .min(1, messageKey("requests.errors.numberRequired"))
      .max(32, messageKey("requests.errors.numberInvalid")),
    template,
  })
  .superRefine(refineMobile)
  .transform(({ countryCode, phone, ...input }) => {
    const number = parseMobile(countryCode, phone);
    // Only reached when refineMobile accepted the number.
    return number.ok ? { ...input, channel: "sms" as const, target: number.e164 } : z.NEVER;
  });

export const sendEmailSchema = z
  .object({
    ...senderFields,
    email: z
      .string()
      .max(320, messageKey("loginModal.EnterValidEmail"))
      .superRefine((email, ctx) => {
        const invalid = validateEmailTarget(email);
        if (invalid) addDomainIssue(ctx, invalid);
      })
      // Sent to, and keyed on, the form mail providers read: `rosa@ｇｍａｉｌ.com` is rosa@gmail.com.
      .transform((email) => parseEmailAddress(email.trim()) ?? z.NEVER),
    template,
  })
  .transform(({ email, ...input }) => ({ ...input, channel: "email" as const, target: email }));

export const createLinkSchema = z
  .object({
    ...senderFields,
    title: oneLine(
      "dashboard.errors.titleRequired",
      "requests.errors.titleTooLong",
      "requests.errors.titleContact",
      TITLE_MAX,
    ),
  })
  .transform((input) => ({ ...input, channel: "link" as const }));

/** A page's cursor as the list hands it out: base64url, at most 200 characters. */
const CURSOR_PATTERN = /^[A-Za-z0-9_-]{1,200}$/;

/** GET /api/v1/locate/requests's query. */
export const requestListQuery = z.object({
  channel: z.enum(["sms", "email", "link"]).optional(),
  located: z.enum(["true", "false"]).optional().describe("true: only requests whose recipient shared a position."),
  page: z.coerce
    .number()
    .int()
    .min(1)
    .max(100_000)
    .default(1)
    .describe(
      "Page number (counted from the newest). Kept for existing clients; `cursor` is cheaper on long histories.",
    ),
  cursor: z
    .string()
    .regex(CURSOR_PATTERN)
    .refine((value) => decodeCursor(value) !== null, "invalid cursor")
    .optional()
    .describe("`nextCursor` (older requests) or `prevCursor` (newer) of a page already read; `page` is then ignored."),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

const listSelect = {
  id: true,
  channel: true,
  target: true,
  title: true,
  code: true,
  status: true,
  decision: true,
  delivery: true,
  openedAt: true,
  locatedAt: true,
  latitude: true,
  longitude: true,
  accuracyMeters: true,
  address: true,
  locale: true,
  createdAt: true,
} as const;

/** Totals are counted up to this many rows and shown as "1,000+" beyond: no query counts a whole history. */
export const LIST_TOTAL_CAP = 1000;

/**
 * A position in a list, opaque to clients: base64url of the direction ("o": rows older than this one,
 * "n": newer), the row's createdAt in epoch milliseconds and its id. Rows are ordered by (createdAt,
 * id), so rows that share a timestamp are neither skipped nor repeated across pages.
 */
export type ListCursor = { direction: "older" | "newer"; at: Date; id: string };
export function encodeCursor(direction: ListCursor["direction"], row: { createdAt: Date | string; id: string }) {
  const at = new Date(row.createdAt).getTime();
  return Buffer.from(`${direction === "older" ? "o" : "n"}.${at}.${row.id}`).toString("base64url");
}
/**
 * The latest time a cursor may name: the end of year 9999. Later dates are valid in JavaScript, but
 * the database layer cannot write them (an ISO year of five digits), so such a cursor would fail the
 * query instead of being refused as input. A time before 1970 cannot be written at all (no sign).
 */
const LAST_CURSOR_TIME = Date.UTC(9999, 11, 31, 23, 59, 59, 999);
export function decodeCursor(value: string): ListCursor | null {
  if (!CURSOR_PATTERN.test(value)) return null;
  const match = /^([on])\.(\d{1,15})\.([A-Za-z0-9_-]{1,64})$/.exec(Buffer.from(value, "base64url").toString("utf8"));
  if (!match) return null;
  const ms = Number(match[2]);
  if (ms > LAST_CURSOR_TIME) return null;
  return { direction: match[1] === "o" ? "older" : "newer", at: new Date(ms), id: match[3]! };
}

/**
 * How many of the account's requests a list holds, counted up to LIST_TOTAL_CAP + 1 rows (a LIMIT
 * inside the count, read through the driver: Prisma's count with `take` reads the rows themselves).
 */
async function cappedCount(userId: string, options: { channel?: Channel; located?: boolean }) {
  const channel = options.channel ? Prisma.sql` AND "channel" = ${options.channel}` : Prisma.empty;
  const located = options.located ? Prisma.sql` AND "status" <> 'pending'` : Prisma.empty;
  const row = await firstRow<{ n: number | bigint }>(Prisma.sql`
    SELECT CAST(COUNT(*) AS INTEGER) AS "n" FROM (
      SELECT 1 FROM "LocationRequest" WHERE "userId" = ${userId}${channel}${located} LIMIT ${LIST_TOTAL_CAP + 1}
    ) AS "capped"`);
  return Number(row?.n ?? 0);
}

/** Rows strictly older (or newer) than the cursor's, in (createdAt, id) order. */
function beyond(cursor: ListCursor) {
  const [op, orEqual] = cursor.direction === "older" ? (["lt", "lte"] as const) : (["gt", "gte"] as const);
  // The bound on createdAt alone lets the index (userId, createdAt, id) start at the cursor; the OR only
  // sorts out the rows that share its time.
  return {
    createdAt: { [orEqual]: cursor.at },
    OR: [{ createdAt: { [op]: cursor.at } }, { id: { [op]: cursor.id } }],
  };
}

/**
 * A requester's own requests, newest first, one page: after `cursor` (by key, however deep), or by
 * `page` number (an offset, for existing clients). `total` is counted up to LIST_TOTAL_CAP rows
 * (`totalCapped`: there are more). `nextCursor` leads to older requests, `prevCursor` to newer ones;
 * null when there are none.
 */
export async function listRequests(
  userId: string,
  options: {
    channel?: Channel;
    located?: boolean;
    page?: number;
    pageSize?: number;
    cursor?: string | ListCursor | null;
  } = {},
) {
  const pageSize = Math.min(Math.max(options.pageSize ?? 20, 1), 100);
  const cursor = typeof options.cursor === "string" ? decodeCursor(options.cursor) : (options.cursor ?? null);
  const page = cursor ? 1 : Math.max(options.page ?? 1, 1);
  const where = {
    userId,
    ...(options.channel ? { channel: options.channel } : {}),
    ...(options.located ? { status: { not: "pending" } } : {}),
  };
  const newer = cursor?.direction === "newer";
  const order = newer ? "asc" : "desc";
  const [counted, fetched] = await Promise.all([
    cappedCount(userId, options),
    db().locationRequest.findMany({
      where: cursor ? { AND: [where, beyond(cursor)] } : where,
      select: listSelect,
      orderBy: [{ createdAt: order }, { id: order }],
      skip: (page - 1) * pageSize,
      take: pageSize + 1,
    }),
  ]);
  const more = fetched.length > pageSize;
  const rows = fetched.slice(0, pageSize);
  if (newer) rows.reverse();
  // A "newer" cursor past the newest row (they were deleted since): the first page instead.
  if (newer && rows.length === 0) return listRequests(userId, { ...options, cursor: null, page: 1 });
  const hasOlder = newer ? true : more;
  const hasNewer = newer ? more : cursor !== null || page > 1;
  const first = rows[0];
  const last = rows.at(-1);
  return {
    total: Math.min(counted, LIST_TOTAL_CAP),
    totalCapped: counted > LIST_TOTAL_CAP,
    page,
    pageSize,
    nextCursor: hasOlder && last ? encodeCursor("older", last) : null,
    prevCursor: hasNewer && first ? encodeCursor("newer", first) : null,
    items: rows.map(present),
  };
}

/** Requests this young are watched closely: their recipients are most likely to answer now. */
export const LIVE_RECENT_MS = DAY;
/** A pending request is watched closely this long; older, it is only checked with backoff. */
export const LIVE_PENDING_MS = 7 * DAY;

/**
 * What the requester's lists show, as one number: database triggers raise the account's
 * `requestsVersion` in the same transaction as every write to its requests (a new request, an
 * opening, a share, a decline, a revoke, a recipient's erasure, an address refined, a purge by the
 * maintenance job, a deletion), whoever makes it (prisma/migrations/*_requests_version.sql). One read
 * by key, however long the history. `active` says whether a change is likely soon (something changed
 * in the last day, or a request younger than a week may still be answered), so that the page checks
 * often only then and backs off otherwise.
 */
export async function requestsVersion(userId: string, now = new Date()) {
  const row = await db().user.findUnique({
    where: { id: userId },
    select: { requestsVersion: true, requestsChangedAtMs: true, requestCreatedAtMs: true },
  });
  const at = now.getTime();
  const changed = Number(row?.requestsChangedAtMs ?? -Infinity);
  const created = Number(row?.requestCreatedAtMs ?? -Infinity);
  return {
    version: String(row?.requestsVersion ?? 0),
    active: at - changed < LIVE_RECENT_MS || at - created < LIVE_PENDING_MS,
  };
}

/** One request, only for its owner: another user's id is indistinguishable from a missing one. */
export async function getRequest(userId: string, id: string) {
  const row = await db().locationRequest.findFirst({ where: { id, userId }, select: listSelect });
  return row ? present(row) : null;
}

type Row = { [K in keyof typeof listSelect]: unknown } & {
  delivery: string;
  status: string;
  decision: string | null;
  createdAt: Date;
  openedAt: Date | null;
  locatedAt: Date | null;
  code: string;
  locale: string;
};
function present<T extends Row>(row: T) {
  return {
    ...row,
    // A request that was not delivered has no link to pass on: it opens nothing.
    link: row.delivery === NOT_ACCEPTED ? null : shareLink(row.code, isLocale(row.locale) ? row.locale : "en"),
    state: requestState(row, config().REQUEST_TTL_DAYS),
    expired: requestState(row, config().REQUEST_TTL_DAYS) === "expired",
    createdAt: row.createdAt.toISOString(),
    openedAt: row.openedAt?.toISOString() ?? null,
    locatedAt: row.locatedAt?.toISOString() ?? null,
  };
}
export type PresentedRequest = ReturnType<typeof present<Row & typeof listSelect>>;

// --- The recipient's side: every function takes the code from the link, the only capability. ---

/** A request by its short code: what opening a consent page reads (app/db/db.server.ts `firstRow`). */
export async function findByCode(code: string) {
  if (!CODE_PATTERN.test(code)) return null;
  return firstRow<LocationRequest>`SELECT * FROM "LocationRequest" WHERE "code" = ${code}`;
}

/** The state of a stored request now (app/location-requests/request-state.ts). */
export const stateOf = (row: Parameters<typeof requestState>[0], now = new Date()) =>
  requestState(row, config().REQUEST_TTL_DAYS, now);

/** Whether the recipient may do `action` on this request now (the state machine's rule). */
export const recipientMayDo = (row: Parameters<typeof mayDo>[0], action: RecipientAction, now = new Date()) =>
  mayDo(row, action, config().REQUEST_TTL_DAYS, now);

/**
 * The rows a recipient may share on or decline: delivered, not stopped, within the answering window
 * (recipientMay's "share" and "decline", in SQL, so that racing answers cannot step around it).
 */
function answerable(code: string, now = new Date()) {
  const cutoff = new Date(now.getTime() - config().REQUEST_TTL_DAYS * DAY);
  return {
    code,
    NOT: { delivery: NOT_ACCEPTED },
    createdAt: { gt: cutoff },
    OR: [{ decision: null }, { decision: "declined" }],
  };
}

/**
 * A recipient's answer and the requester's event in one transaction (app/notifications/events.server.ts):
 * the event is recorded exactly when the answer is stored, and told once per request and event however
 * often the recipient answers again. Its jobs start after the commit; the answer does not wait on them.
 */
async function answerWithEvent(
  code: string,
  event: Omit<RequestEventPayload, "requestId">,
  data: Prisma.LocationRequestUpdateManyMutationInput,
) {
  const { stored, keys } = await db().$transaction(async (tx) => {
    const stored = await tx.locationRequest.updateMany({ where: answerable(code), data });
    if (stored.count === 0) return { stored, keys: [] };
    const row = await tx.locationRequest.findUnique({ where: { code }, select: { id: true, userId: true } });
    return { stored, keys: row ? await recordRequestEvent(tx, row, { requestId: row.id, ...event }) : [] };
  });
  tellNow(keys);
  return stored;
}

/** Opening records only that it was opened. */
/** The first opening of a link; a row already marked as opened needs no write. */
export async function recordOpened(row: { code: string; openedAt: Date | null }) {
  if (row.openedAt) return;
  await db().locationRequest.updateMany({ where: { code: row.code, openedAt: null }, data: { openedAt: new Date() } });
}

/** A share implies an opening; the first opening time is kept, a later share never moves it. */
async function markOpened(code: string, at: Date) {
  await db().locationRequest.updateMany({ where: { code, openedAt: null }, data: { openedAt: at } });
}

export async function sharePrecise(
  code: string,
  position: { latitude: number; longitude: number; accuracyMeters: number },
) {
  const locatedAt = new Date();
  const offline = nearestPlace(position.latitude, position.longitude);
  // The share is stored first with the offline address, so a slow or failing geocoder can never lose it.
  const stored = await answerWithEvent(
    code,
    { event: "shared", precision: "precise" },
    {
      status: "gps_tracked",
      decision: null,
      latitude: position.latitude,
      longitude: position.longitude,
      accuracyMeters: Math.max(position.accuracyMeters, 1),
      address: offline,
      locatedAt,
    },
  );
  if (stored.count > 0) await markOpened(code, locatedAt);
  if (stored.count > 0) await refineAddress(code, locatedAt, offline, { ...position, precision: "street" });
  return stored;
}

/**
 * Approximate: located from the address the recipient's request came from; false when unknown,
 * "closed" when the request takes no answer any more.
 */
export async function shareApproximate(code: string, ip: string): Promise<boolean | "closed"> {
  const found = locateIp(ip);
  if (!found) return false;
  const locatedAt = new Date();
  const offline = approximatePlace(found);
  const stored = await answerWithEvent(
    code,
    { event: "shared", precision: "approximate" },
    {
      status: "ip_located",
      decision: null,
      latitude: found.latitude,
      longitude: found.longitude,
      accuracyMeters: found.accuracyMeters,
      address: offline,
      locatedAt,
    },
  );
  if (stored.count > 0) await markOpened(code, locatedAt);
  if (stored.count === 0) return "closed";
  if (!offline) {
    await refineAddress(code, locatedAt, offline, {
      latitude: found.latitude,
      longitude: found.longitude,
      precision: "city",
    });
  }
  return true;
}

/**
 * What an approximate position is called: the largest town within its area, else the region the IP
 * database names; never the database's own city, which is often a village at the area's centre
 * ("Kupel, ID" for an area 25 km wide). Null when neither is known (a geocoder may name it later).
 */
export function approximatePlace(found: IpLocation): string | null {
  const town = areaPlace(found.latitude, found.longitude, found.accuracyMeters / 1000);
  if (town) return town;
  return found.region && found.country ? `${found.region}, ${found.country}` : null;
}

/**
 * One reverse-geocoding request per share, when a provider is configured. The address is replaced
 * only on that same share: if the recipient revoked or shared again meanwhile, it is left alone.
 */
async function refineAddress(
  code: string,
  locatedAt: Date,
  offline: string | null,
  position: { latitude: number; longitude: number; precision: AddressPrecision },
) {
  if (reverseGeocoder().name === "offline") return;
  const row = await db().locationRequest.findUnique({ where: { code }, select: { locale: true } });
  const locale = row && isLocale(row.locale) ? row.locale : "en";
  const address = await addressOf({
    latitude: position.latitude,
    longitude: position.longitude,
    precision: position.precision,
    locale,
  });
  if (!address || address === offline) return;
  await db().locationRequest.updateMany({ where: { code, locatedAt, decision: null }, data: { address } });
}

export const clearedPosition = { latitude: null, longitude: null, accuracyMeters: null, address: null };

/** A decline also starts the requester's cooldown for this number or address (docs/decisions/012). */
export async function decline(code: string) {
  const { count } = await answerWithEvent(code, { event: "declined" }, { decision: "declined", ...clearedPosition });
  if (count === 0) return false;
  const row = await db().locationRequest.findUnique({
    where: { code },
    select: { userId: true, channel: true, target: true },
  });
  const recipient = row ? await recipientOf(row) : null;
  if (row && recipient) await recordDecline(recipient, row.userId);
  return true;
}

/** The keyed identity of a request's recipient; null for a link (nobody known) or an unusable target. */
export async function recipientOf(row: { channel: string; target: string | null }) {
  return (row.channel === "sms" || row.channel === "email") && row.target
    ? recipientKey(row.channel, row.target)
    : null;
}

/**
 * Every key the controls of a request's recipient may be stored under (recipientKeys); empty for a
 * link. A request whose recipient erased their data has no target any more: its stored keyed hash
 * still lets the recipient's own link reach their controls.
 */
export async function recipientKeysOf(row: { channel: string; target: string | null; recipientKey?: string | null }) {
  if (row.channel !== "sms" && row.channel !== "email") return [];
  if (row.target) return recipientKeys(row.channel, row.target);
  return row.recipientKey ? [row.recipientKey] : [];
}

/**
 * The recipient stops sharing: what they shared is deleted at once, and the link takes no answer any
 * more (recipientMay's "stop": only a request that is shared, at any age). False when nothing was shared.
 */
export async function revoke(code: string) {
  const { count } = await db().locationRequest.updateMany({
    where: { code, NOT: { delivery: NOT_ACCEPTED }, status: { not: "pending" }, decision: null },
    data: { decision: "revoked", ...clearedPosition },
  });
  return count > 0;
}

/** Retention: positions older than RETENTION_DAYS are deleted, in batches; the request keeps its state. */
export async function purgeOldPositions(now = new Date(), days = config().RETENTION_DAYS, batch = PURGE_BATCH) {
  const cutoff = new Date(now.getTime() - days * DAY);
  const where = { locatedAt: { lt: cutoff }, latitude: { not: null } };
  return inBatches(
    (take) => db().locationRequest.findMany({ where, select: { id: true }, take }),
    (ids) => db().locationRequest.updateMany({ where: { ...where, id: { in: ids } }, data: clearedPosition }),
    batch,
  );
}
