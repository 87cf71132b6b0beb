import { db } from "~/db.server";

export type RateLimitResult = { ok: true; remaining: number } | { ok: false; retryAfterSeconds: number };

/**
 * Fixed-window counter kept in the database, so that every app process shares it. The increment is
 * one conditional UPDATE; a new window is one INSERT that only one concurrent caller can win.
 */
export async function hit(key: string, limit: number, windowMs: number, now = new Date()): Promise<RateLimitResult> {
  const cutoff = new Date(now.getTime() - windowMs);
  for (let attempt = 0; attempt < 3; attempt++) {
    const bumped = await db().rateLimit.updateMany({
      where: { key, windowStart: { gt: cutoff } },
      data: { count: { increment: 1 } },
    });
    if (bumped.count === 1) {
      const row = await db().rateLimit.findUnique({ where: { key } });
      if (!row) continue;
      if (row.count > limit) {
        const retryAfterMs = row.windowStart.getTime() + windowMs - now.getTime();
        return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil(retryAfterMs / 1000)) };
      }
      return { ok: true, remaining: limit - row.count };
    }
    await db().rateLimit.deleteMany({ where: { key, windowStart: { lte: cutoff } } });
    try {
      await db().rateLimit.create({ data: { key, windowStart: now, count: 1 } });
      return { ok: true, remaining: limit - 1 };
    } catch {
      // Someone else opened the window first: count against theirs.
    }
  }
  return { ok: false, retryAfterSeconds: 1 };
}

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
