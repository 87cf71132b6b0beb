// What a requester reads of their own requests: one page by cursor or number, one request, and the
// version number the dashboard polls (the live view).
import { z } from "zod";

import { db, firstRow } from "~/db/db.server";
import { Prisma } from "~/generated/prisma-sqlite/client";
import { isLocale } from "~/i18n/locales";
import { shareLink } from "~/location-requests/links.server";
import { NOT_ACCEPTED, requestState } from "~/location-requests/request-state";
import type { Channel } from "~/location-requests/schemas.server";
import { config } from "~/server/config.server";
import { addDomainIssue } from "~/utils/parse-form";
import { DAY } from "~/utils/time";

/** A page's cursor as the list hands it out: base64url, at most 200 characters. */
const CURSOR_PATTERN = /^[A-Za-z0-9_-]{1,200}$/;

/**
 * A `cursor` query parameter: the form is a shape check (`field_invalid`); a value of that form that is
 * no cursor this API gave is the domain's refusal, `cursor_invalid`, so that a request the document
 * accepts is never refused for its shape.
 */
export const cursorParam = () =>
  z
    .string()
    .regex(CURSOR_PATTERN)
    .superRefine((value, ctx) => {
      if (decodeCursor(value) === null) addDomainIssue(ctx, "api.cursorInvalid");
    });

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
  cursor: cursorParam()
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
  liveUntil: true,
  liveEndedAt: true,
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
  liveUntil: Date | null;
  liveEndedAt: Date | null;
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
    // A live share (docs/decisions/049): null for a one-off share; latitude/longitude are its newest position.
    liveUntil: row.liveUntil?.toISOString() ?? null,
    liveEndedAt: row.liveEndedAt?.toISOString() ?? null,
  };
}
export type PresentedRequest = ReturnType<typeof present<Row & typeof listSelect>>;
