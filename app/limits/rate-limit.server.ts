import { db } from "~/db/db.server";

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
  if (count > limit)
    return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((windowEnd - now.getTime()) / 1000)) };
  return { ok: true, remaining: limit - count };
}

/** Takes back one `hit` of the same window (an attempt that turned out not to count). */
export async function unhit(key: string, windowMs: number, now = new Date()) {
  const window = Math.floor(now.getTime() / windowMs);
  await db()
    .$executeRaw`UPDATE "RateLimit" SET "count" = "count" - 1 WHERE "key" = ${`${key}@${window}`} AND "count" > 0`;
}

/** Drops counters of windows that have ended (run by the maintenance job). */
export async function sweepRateLimits(now = new Date()) {
  const { count } = await db().rateLimit.deleteMany({ where: { windowEnd: { lt: BigInt(now.getTime()) } } });
  return count;
}

/** A wait as whole minutes, for messages that say when to try again (at least 1). */
export const waitMinutes = (retryAfterSeconds: number) => Math.max(1, Math.ceil(retryAfterSeconds / 60));

/** The headers and message values of a throttled answer: Retry-After and the wait in minutes. */
export const throttledAnswer = (retryAfterSeconds: number) => ({
  headers: { "Retry-After": String(retryAfterSeconds) },
  values: { minutes: waitMinutes(retryAfterSeconds) },
});
