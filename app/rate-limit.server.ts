import { db } from "~/db.server";

export type RateLimitResult = { ok: true; remaining: number } | { ok: false; retryAfterSeconds: number };

/**
 * Fixed-window counter kept in the database, so that every app process shares it. Each window is
 * its own row, counted by one atomic upsert (the same SQL on SQLite and PostgreSQL), so parallel
 * requests can never pass more than `limit`.
 */
export async function hit(key: string, limit: number, windowMs: number, now = new Date()): Promise<RateLimitResult> {
  const window = Math.floor(now.getTime() / windowMs);
  const windowEnd = (window + 1) * windowMs;
  const rows = await db().$queryRaw<{ count: number | bigint }[]>`
    INSERT INTO "RateLimit" ("key", "count", "windowEnd") VALUES (${`${key}@${window}`}, 1, ${windowEnd})
    ON CONFLICT ("key") DO UPDATE SET "count" = "RateLimit"."count" + 1
    RETURNING "count"`;
  const count = Number(rows[0]?.count ?? Infinity);
  if (count > limit) return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((windowEnd - now.getTime()) / 1000)) };
  return { ok: true, remaining: limit - count };
}

/** Drops counters of windows that have ended (run by the maintenance job). */
export async function sweepRateLimits(now = new Date()) {
  const { count } = await db().rateLimit.deleteMany({ where: { windowEnd: { lt: BigInt(now.getTime()) } } });
  return count;
}

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
