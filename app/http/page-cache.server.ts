// One render for every visitor of a page that is the same for all of them (docs/decisions/051). The
// home page without a session and without a query depends only on its language, the few cookies a
// visitor without an account may have (the language menu's choice, the browser's time zone, the
// cookie-consent choice), the day (the price note names the next charge's day) and the published
// reviews (their version, which database triggers raise on every write: one indexed read per view).
// Its render is kept for a few seconds under exactly those inputs and sent again with the
// answer's own CSP nonce; any other cookie (a session, a flash message, a tag's visitor id), a query,
// a method other than GET or an answer that sets a cookie takes the ordinary path. The route table
// says which pages may be shared this way (`sharedRender`); app/http/page-cache.test.ts holds every
// shared answer to a fresh render's. A render may also hold slots that each answer fills with its own
// values (`sharedRender: "slots"`: a plain link's consent page, app/recipient/consent-slots.server.ts,
// docs/decisions/054).
import type { RoutePolicy } from "~/http/policy";
import { localeCookieName } from "~/i18n/locales";
import { reviewsVersion } from "~/reviews/reviews.server";
import { CONSENT_COOKIE } from "~/telemetry/cookies";
import { TZ_COOKIE } from "~/utils/time-zone-cookie";

import { wholeResponse } from "./whole-body.server";

/** How long one render is sent again (what the key names is never stale; this bounds anything else). */
export const SHARED_RENDER_MS = 10_000;
/** Keys are few (three languages times the zones and consent choices visitors have); a flood of odd values empties the map. */
const MAX_KEPT = 256;

/** The cookies a visitor without an account may have, which a shared page's key names. */
const KNOWN_COOKIES = new Set([localeCookieName, TZ_COOKIE, CONSENT_COOKIE]);

type SharedRender = {
  status: number;
  statusText: string;
  headers: [string, string][];
  body: Buffer;
  /** The nonce the render was made with, replaced by each answer's own. */
  nonce: string;
  until: number;
};

const renders = new Map<string, SharedRender>();

/**
 * The values of the cookies a visitor without an account may have, in a fixed order (a missing one as
 * NUL), or null when the request must be rendered for itself alone: a method other than GET, a query,
 * or a cookie the key cannot name (a session, a flash message, any other) or one sent twice.
 */
export function visitorKeyParts(method: string, url: URL, cookieHeader: string | undefined): string[] | null {
  if (method !== "GET" || url.search !== "") return null;
  const values: Record<string, string> = {};
  if (cookieHeader) {
    for (const part of cookieHeader.split(";")) {
      const trimmed = part.trim();
      if (!trimmed) continue;
      const equals = trimmed.indexOf("=");
      const name = equals < 0 ? trimmed : trimmed.slice(0, equals);
      if (!KNOWN_COOKIES.has(name) || name in values) return null;
      values[name] = equals < 0 ? "" : trimmed.slice(equals + 1);
    }
  }
  return [...KNOWN_COOKIES].map((name) => values[name] ?? "\u0000");
}

/**
 * The key a request's answer is kept under, or null when it must be rendered for this request alone:
 * a route the table does not mark, a method other than GET, a query, or a cookie the key cannot name.
 */
export async function sharedRenderKey(
  method: string,
  url: URL,
  cookieHeader: string | undefined,
  policy: RoutePolicy | undefined,
  now = new Date(),
  version: () => Promise<{ version: number } | null | undefined> = reviewsVersion,
): Promise<string | null> {
  if (policy?.sharedRender !== true) return null;
  const cookies = visitorKeyParts(method, url, cookieHeader);
  if (!cookies) return null;
  // The server's own day: the price note's "next charge" day is formatted in it.
  const day = `${now.getFullYear()}-${now.getMonth()}-${now.getDate()}`;
  // No version row yet reads as 0 (a trigger's first write makes one); the database away: the page
  // takes the ordinary path, which says so in its own way.
  const reviews = await version().then(
    (row) => row?.version ?? 0,
    () => null,
  );
  if (reviews === null) return null;
  return [url.pathname, day, reviews, ...cookies].join("\n");
}

/** A value written into a render's slot: the token the render holds, and what replaces it (already escaped). */
export type SlotFill = readonly [token: string, value: string];

/**
 * The answer kept under `key`, if it is still fresh, written for this answer's nonce and with `fills`
 * written into its slots (app/recipient/consent-slots.server.ts).
 */
export function sharedRender(key: string, nonce: string, fills: readonly SlotFill[] = [], now = Date.now()) {
  const kept = renders.get(key);
  if (!kept || kept.until <= now) return undefined;
  const body = withNonce(kept.body, kept.nonce, nonce);
  return {
    status: kept.status,
    statusText: kept.statusText,
    headers: kept.headers.map(
      ([name, value]) => [name, filledText(value.replaceAll(kept.nonce, nonce), fills)] as [string, string],
    ),
    body: fills.length ? Buffer.from(filledText(body.toString("utf8"), fills)) : body,
  };
}

/**
 * A render made with slots, as this request's answer: its own values written into the body and into
 * every header (a redirect's Location holds the page's address, so the code's token).
 */
export function filledResponse(response: Response, body: Buffer | undefined, fills: readonly SlotFill[]): Response {
  const headers = new Headers();
  for (const [name, value] of response.headers) headers.append(name, filledText(value, fills));
  const init = { status: response.status, statusText: response.statusText, headers };
  if (body) return wholeResponse(Buffer.from(filledText(body.toString("utf8"), fills)), init);
  return new Response(response.body, init);
}

/** `text` with each slot's token replaced by its value. */
function filledText(text: string, fills: readonly SlotFill[]) {
  // A function, not a string: a value's "$&" or "$1" is text, not a replacement pattern.
  for (const [token, value] of fills) text = text.replaceAll(token, () => value);
  return text;
}

/** Keeps a fresh render's answer when it may serve others: a whole 200 page that sets no cookie. */
export function keepSharedRender(key: string, response: Response, body: Buffer | undefined, nonce: string) {
  if (!body || response.status !== 200 || response.headers.has("set-cookie")) return;
  if (!nonce || !response.headers.get("content-type")?.startsWith("text/html")) return;
  if (renders.size >= MAX_KEPT) renders.clear();
  renders.set(key, {
    status: response.status,
    statusText: response.statusText,
    headers: [...response.headers.entries()],
    body,
    nonce,
    until: Date.now() + SHARED_RENDER_MS,
  });
}

/** Forgets every kept render (tests; a process never needs to). */
export function forgetSharedRenders() {
  renders.clear();
}

/** A copy of `body` with every occurrence of one nonce written as another of the same length. */
function withNonce(body: Buffer, from: string, to: string) {
  const copy = Buffer.from(body);
  const old = Buffer.from(from);
  const fresh = Buffer.from(to);
  if (old.length !== fresh.length) return Buffer.from(copy.toString("utf8").replaceAll(from, to));
  for (let at = copy.indexOf(old); at >= 0; at = copy.indexOf(old, at + old.length)) fresh.copy(copy, at);
  return copy;
}
