import { createHash, createHmac, timingSafeEqual } from "node:crypto";

import { parsePhoneNumberFromString } from "libphonenumber-js/max";

import { passwordKey } from "~/auth/rsa.server";
import { db } from "~/db/db.server";
import { config } from "~/server/config.server";
import { mailboxParts } from "~/utils/email-address.server";
import { DAY, HOUR } from "~/utils/time";

// What a recipient controls (docs/decisions/012): opting out of every request, blocking one requester,
// and the limits that protect them (a daily cap across requesters, a cooldown after a decline). A
// recipient is known only by a keyed hash of their normalised number or address, never in clear.

export type RecipientChannel = "sms" | "email";
export const OPT_OUT_SOURCES = ["page", "email", "sms", "carrier"] as const;
export type OptOutSource = (typeof OPT_OUT_SOURCES)[number];

/** Mail providers that ignore the dots of an address's local part (and one domain that is another's name). */
const DOTLESS_DOMAINS: Record<string, string> = { "gmail.com": "gmail.com", "googlemail.com": "gmail.com" };

/**
 * One mailbox, however its address is written: its parts as mail providers read them (mailboxParts:
 * comments and quotes dropped, invisible characters removed, the domain through IDNA, lower case),
 * without a `+tag` (delivered to the same mailbox by Gmail, Outlook, iCloud, Fastmail and most
 * others), without the dots Gmail ignores. Null when it is no address.
 */
function canonicalEmail(address: string) {
  const parts = mailboxParts(address);
  if (!parts) return null;
  let [local, domain] = parts;
  const plus = local.indexOf("+");
  if (plus > 0) local = local.slice(0, plus);
  const dotless = DOTLESS_DOMAINS[domain];
  if (dotless) {
    domain = dotless;
    local = local.replace(/\./g, "");
  }
  return `${local}@${domain}`;
}

/**
 * One recipient, one value: E.164 for a number; for an address its mailbox (canonicalEmail); null when
 * it is neither. Every control (opt-out, block, daily cap, decline cooldown, erasure) keys on this.
 */
export function normaliseRecipient(channel: RecipientChannel, value: string): string | null {
  const trimmed = value.trim();
  if (channel === "email") return canonicalEmail(trimmed);
  const parsed = parsePhoneNumberFromString(trimmed.startsWith("+") ? trimmed : `+${trimmed.replace(/^0+/, "")}`);
  return parsed?.isValid() ? parsed.number : null;
}

/**
 * The HMAC key: RECIPIENT_KEY_SECRET, or derived from the shared private key (configured or kept in the
 * database), so every process agrees. Changing it forgets every opt-out and block: set it explicitly
 * before rotating RSA_PRIVATE_KEY.
 */
async function secret(): Promise<Buffer> {
  const configured = config().RECIPIENT_KEY_SECRET;
  if (configured) return Buffer.from(configured);
  const { privatePem } = await passwordKey();
  return createHash("sha256").update("recipient-key:").update(privatePem).digest();
}

async function hmac(label: string, value: string) {
  return createHmac("sha256", await secret())
    .update(`${label}:${value}`)
    .digest();
}

const keyOf = async (channel: RecipientChannel, normalised: string) =>
  (await hmac("recipient", `${channel}:${normalised}`)).toString("hex");

/** The stored identity of a recipient: HMAC of "channel:normalised value", hex; null when unusable. */
export async function recipientKey(channel: RecipientChannel, value: string) {
  const normalised = normaliseRecipient(channel, value);
  return normalised ? keyOf(channel, normalised) : null;
}

/**
 * Every key a recipient's controls may be stored under: recipientKey first (what is written now),
 * then the key of the address only lower-cased, as opt-outs and blocks were keyed before addresses
 * were normalised to their mailbox; those keep working. Read with these, write with recipientKey.
 */
export async function recipientKeys(channel: RecipientChannel, value: string): Promise<string[]> {
  const key = await recipientKey(channel, value);
  if (!key) return [];
  const trimmed = value.trim().toLowerCase();
  if (channel !== "email" || canonicalEmail(trimmed) === trimmed) return [key];
  return [key, await keyOf(channel, trimmed)];
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

type Keys = string | readonly string[];
const all = (keys: Keys) => (typeof keys === "string" ? [keys] : [...keys]);

// --- The recipient's link: the request code plus a key only the message carries. ---

const BASE62 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
/** 6 characters of 62 (~36 bits): unguessable online, and short enough for one SMS segment. */
const LINK_KEY_LENGTH = 6;
export const REF_PATTERN = /^[A-Za-z0-9]{14}$/;

async function linkKey(code: string) {
  const bytes = await hmac("link", code);
  return Array.from(bytes.subarray(0, LINK_KEY_LENGTH), (b) => BASE62[b % 62]).join("");
}

/**
 * What a message links to: `code` + key. The requester knows the code (lists, API, their own link) but
 * not the key, so only the person who received the message sees and changes their opt-out and blocks.
 */
export async function recipientRef(code: string) {
  return code + (await linkKey(code));
}

/** The code of a recipient's link when its key is right (compared in constant time), else null. */
export async function codeFromRef(ref: string) {
  if (!REF_PATTERN.test(ref)) return null;
  const code = ref.slice(0, 8);
  const expected = Buffer.from(await linkKey(code));
  const given = Buffer.from(ref.slice(8));
  return timingSafeEqual(expected, given) ? code : null;
}

// --- Opt-out: no request from anyone. ---

export async function isOptedOut(keys: Keys) {
  return (await db().recipientOptOut.findFirst({ where: { recipientKey: { in: all(keys) } } })) !== null;
}

/** Idempotent: the first source is kept. */
export async function optOut(key: string, source: OptOutSource) {
  await db().recipientOptOut.upsert({
    where: { recipientKey: key },
    create: { recipientKey: key, source },
    update: {},
  });
}

export async function undoOptOut(keys: Keys) {
  await db().recipientOptOut.deleteMany({ where: { recipientKey: { in: all(keys) } } });
}

// --- Block: no request from one account. ---

export async function isBlocked(keys: Keys, userId: string) {
  return (await db().recipientBlock.findFirst({ where: { recipientKey: { in: all(keys) }, userId } })) !== null;
}

export async function block(key: string, userId: string) {
  await db().recipientBlock.upsert({
    where: { recipientKey_userId: { recipientKey: key, userId } },
    create: { recipientKey: key, userId },
    update: {},
  });
}

export async function unblock(keys: Keys, userId: string) {
  await db().recipientBlock.deleteMany({ where: { recipientKey: { in: all(keys) }, userId } });
}

// --- Cooldown after a decline. ---

export async function recordDecline(key: string, userId: string, at = new Date()) {
  await db().recipientDecline.upsert({
    where: { recipientKey_userId: { recipientKey: key, userId } },
    create: { recipientKey: key, userId, declinedAt: at },
    update: { declinedAt: at },
  });
}

/** When this requester may ask this recipient again, or null when they may now. */
export async function cooldownUntil(keys: Keys, userId: string, now = new Date()) {
  const row = await db().recipientDecline.findFirst({
    where: { recipientKey: { in: all(keys) }, userId },
    orderBy: { declinedAt: "desc" },
  });
  if (!row) return null;
  const until = new Date(row.declinedAt.getTime() + config().DECLINE_COOLDOWN_HOURS * HOUR);
  return until > now ? until : null;
}

/** Maintenance: declines whose cooldown has passed say nothing any more. */
export async function sweepDeclines(now = new Date()) {
  const cutoff = new Date(now.getTime() - config().DECLINE_COOLDOWN_HOURS * HOUR);
  const { count } = await db().recipientDecline.deleteMany({ where: { declinedAt: { lt: cutoff } } });
  return count;
}

// --- The daily cap across requesters: one counter per recipient and UTC day. ---

const dayKey = (key: string, now: number) => `recipient:${key}@${Math.floor(now / DAY)}`;

/**
 * Takes one of the recipient's RECIPIENT_DAILY_LIMIT deliveries for today. One upsert whose update only
 * happens below the limit (the same SQL on SQLite and PostgreSQL, in the rate-limit table, swept with
 * it): of many parallel callers exactly the allowed number get a row back.
 */
export async function claimDailyDelivery(key: string, now = Date.now()) {
  const windowEnd = (Math.floor(now / DAY) + 1) * DAY;
  const rows = await db().$queryRaw<{ count: number | bigint }[]>`
    INSERT INTO "RateLimit" ("key", "count", "windowEnd") VALUES (${dayKey(key, now)}, 1, ${windowEnd})
    ON CONFLICT ("key") DO UPDATE SET "count" = "RateLimit"."count" + 1
    WHERE "RateLimit"."count" < ${config().RECIPIENT_DAILY_LIMIT}
    RETURNING "count"`;
  return rows.length === 1;
}

/** Gives a delivery back when it did not happen (the provider refused or failed). */
export async function releaseDailyDelivery(key: string, claimedAt: number) {
  await db().rateLimit.updateMany({
    where: { key: dayKey(key, claimedAt), count: { gt: 0 } },
    data: { count: { decrement: 1 } },
  });
}

// --- Replies to our SMS (Twilio's inbound message webhook). ---

/** Twilio's standard keywords (matched on the whole message, case-insensitive). */
const STOP_WORDS = ["STOP", "STOPALL", "STOP ALL", "UNSUBSCRIBE", "CANCEL", "END", "QUIT", "OPTOUT", "REVOKE"];
const START_WORDS = ["START", "UNSTOP", "YES"];
const HELP_WORDS = ["HELP", "INFO"];

export type SmsReplyKind = "stop" | "start" | "help" | "other";

export function smsReplyKind(body: string): SmsReplyKind {
  const word = body
    .trim()
    .replace(/\s+/g, " ")
    .replace(/[.!]+$/, "")
    .toUpperCase();
  if (STOP_WORDS.includes(word)) return "stop";
  if (START_WORDS.includes(word)) return "start";
  if (HELP_WORDS.includes(word)) return "help";
  return "other";
}

export const SMS_INBOUND_PATH = "/sms/inbound";

/**
 * A reply from `from`: STOP records the opt-out, START undoes it (from any source: the number itself
 * asks). For HELP, the language to answer in: that of the last request sent to the number. Nothing is
 * answered to STOP or START: Twilio confirms those itself, and a reply to a STOP would be refused.
 */
export async function handleSmsReply(
  from: string,
  body: string,
): Promise<{ kind: SmsReplyKind; locale: string | null }> {
  const kind = smsReplyKind(body);
  const number = normaliseRecipient("sms", from);
  const key = number ? await recipientKey("sms", number) : null;
  if (key && kind === "stop") await optOut(key, "sms");
  if (key && kind === "start") await undoOptOut(key);
  if (kind !== "help" || !number) return { kind, locale: null };
  const last = await db().locationRequest.findFirst({
    where: { channel: "sms", target: number },
    orderBy: { createdAt: "desc" },
    select: { locale: true },
  });
  return { kind, locale: last?.locale ?? null };
}
