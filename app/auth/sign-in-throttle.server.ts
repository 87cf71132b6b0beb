import { db } from "~/db/db.server";
import { hit, unhit } from "~/limits/rate-limit.server";
import { config } from "~/server/config.server";
import { MINUTE } from "~/utils/time";

/** The per-address ceiling counts failures in windows of this length. */
export const SIGN_IN_WINDOW_MS = 15 * MINUTE;
/** The first wait once an address has used its free failures on one account; each further failure doubles it. */
export const BACKOFF_BASE_MS = 30_000;
export const BACKOFF_MAX_MS = 60 * MINUTE;
/** Failures on one account from one address are forgotten after this long without a new one. */
export const PAIR_MEMORY_MS = 24 * 60 * MINUTE;

export type SignInClaim = { ok: true; forgive: () => Promise<void> } | { ok: false; retryAfterSeconds: number };

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/**
 * Claims one password comparison for (client address, account) before it happens, counting it as a
 * failure; `forgive()` after a match takes it back. Counting first makes the limits hold for parallel
 * guesses too. Two limits, both on failures only:
 * - the pair: LOGIN_LIMIT_PER_ACCOUNT failures are free, then each further one doubles the wait
 *   (30 s, 1 min, 2 min … capped at an hour), and a match clears the pair. Another address's failures
 *   are another pair, so a flood from elsewhere never keeps the owner out;
 * - the address: at most LOGIN_LIMIT_PER_IP failures per 15 minutes, whatever the accounts.
 */
export async function claimSignInAttempt(clientIp: string, email: string, now = Date.now()): Promise<SignInClaim> {
  const ipKey = `signin:ip:${clientIp}`;
  const byIp = await hit(ipKey, config().LOGIN_LIMIT_PER_IP, SIGN_IN_WINDOW_MS, new Date(now));
  if (!byIp.ok) {
    await unhit(ipKey, SIGN_IN_WINDOW_MS, new Date(now));
    return byIp;
  }
  const pairKey = `pair:${clientIp}|${email}`;
  const pair = await claimPair(pairKey, email, now);
  if (!pair.ok) {
    await unhit(ipKey, SIGN_IN_WINDOW_MS, new Date(now));
    return pair;
  }
  return {
    ok: true,
    forgive: async () => {
      await unhit(ipKey, SIGN_IN_WINDOW_MS, new Date(now));
      await db().signInThrottle.deleteMany({ where: { key: pairKey } });
    },
  };
}

/**
 * One statement: counts the attempt unless the pair is waiting, and when it reaches the free limit
 * starts (or doubles) the wait, so the next claim is refused until it ends. Every expression in SET
 * reads the row as it was, on SQLite and PostgreSQL alike. `email` is kept in its own column so that
 * deleting the account finds the rows by an exact match, never by a pattern over the key.
 */
async function claimPair(
  key: string,
  email: string,
  now: number,
): Promise<{ ok: true } | { ok: false; retryAfterSeconds: number }> {
  const free = config().LOGIN_LIMIT_PER_ACCOUNT;
  const expires = now + PAIR_MEMORY_MS;
  const firstBlock = free <= 1 ? now + BACKOFF_BASE_MS : 0;
  const firstBackoff = free <= 1 ? BACKOFF_BASE_MS : 0;
  const rows = await db().$queryRaw<{ failures: number | bigint }[]>`
    INSERT INTO "SignInThrottle" ("key", "email", "failures", "blockedUntil", "backoffMs", "expiresAt")
    VALUES (${key}, ${email}, 1, CAST(${firstBlock} AS BIGINT), CAST(${firstBackoff} AS BIGINT), CAST(${expires} AS BIGINT))
    ON CONFLICT ("key") DO UPDATE SET
      "failures" = CASE WHEN "SignInThrottle"."expiresAt" <= CAST(${now} AS BIGINT) THEN 1 ELSE "SignInThrottle"."failures" + 1 END,
      "backoffMs" = CASE
        WHEN "SignInThrottle"."expiresAt" <= CAST(${now} AS BIGINT) THEN CAST(${firstBackoff} AS BIGINT)
        WHEN "SignInThrottle"."failures" + 1 < ${free} THEN CAST(0 AS BIGINT)
        WHEN "SignInThrottle"."backoffMs" = 0 THEN CAST(${BACKOFF_BASE_MS} AS BIGINT)
        WHEN "SignInThrottle"."backoffMs" * 2 > ${BACKOFF_MAX_MS} THEN CAST(${BACKOFF_MAX_MS} AS BIGINT)
        ELSE "SignInThrottle"."backoffMs" * 2 END,
      "blockedUntil" = CASE
        WHEN "SignInThrottle"."expiresAt" <= CAST(${now} AS BIGINT) THEN CAST(${firstBlock} AS BIGINT)
        WHEN "SignInThrottle"."failures" + 1 < ${free} THEN CAST(0 AS BIGINT)
        WHEN "SignInThrottle"."backoffMs" = 0 THEN CAST(${now + BACKOFF_BASE_MS} AS BIGINT)
        WHEN "SignInThrottle"."backoffMs" * 2 > ${BACKOFF_MAX_MS} THEN CAST(${now + BACKOFF_MAX_MS} AS BIGINT)
        ELSE CAST(${now} AS BIGINT) + "SignInThrottle"."backoffMs" * 2 END,
      "expiresAt" = CAST(${expires} AS BIGINT)
    WHERE "SignInThrottle"."blockedUntil" <= CAST(${now} AS BIGINT)
    RETURNING "failures"`;
  if (rows.length > 0) return { ok: true };
  const row = await db().signInThrottle.findUnique({ where: { key } });
  return { ok: false, retryAfterSeconds: seconds(Number(row?.blockedUntil ?? BigInt(now)) - now) };
}

/** Forgets pairs that have been quiet long enough (run by the maintenance job). */
export async function sweepSignInThrottles(now = Date.now()) {
  const { count } = await db().signInThrottle.deleteMany({ where: { expiresAt: { lt: BigInt(now) } } });
  return count;
}
