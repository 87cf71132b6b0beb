import { db } from "~/db/db.server";

/**
 * A lease that one process holds at a time, kept in the database so that it holds across processes
 * and machines. Taking and renewing are one atomic upsert (the same SQL on SQLite and PostgreSQL):
 * the row changes only when it is ours already or has expired, so of many parallel callers one wins.
 * Returns whether `holder` holds the lease until `now + ttlMs`.
 */
export async function acquireLease(name: string, holder: string, ttlMs: number, now = Date.now()) {
  const rows = await db().$queryRaw<{ holder: string }[]>`
    INSERT INTO "Lease" ("name", "holder", "expiresAtMs") VALUES (${name}, ${holder}, ${now + ttlMs})
    ON CONFLICT ("name") DO UPDATE SET "holder" = EXCLUDED."holder", "expiresAtMs" = EXCLUDED."expiresAtMs"
    WHERE "Lease"."holder" = EXCLUDED."holder" OR "Lease"."expiresAtMs" <= ${now}
    RETURNING "holder"`;
  return rows.length === 1 && rows[0]!.holder === holder;
}

/** Gives the lease up (on shutdown), so that another process takes it at once instead of waiting for it to expire. */
export async function releaseLease(name: string, holder: string) {
  await db().lease.deleteMany({ where: { name, holder } });
}

export async function leaseHolder(name: string, now = Date.now()) {
  const lease = await db().lease.findUnique({ where: { name } });
  return lease && Number(lease.expiresAtMs) > now ? lease.holder : null;
}
