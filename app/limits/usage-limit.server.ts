import { db } from "~/db/db.server";

/** Spec section 9: one SMS, one e-mail and one generated link per three hours per account. */
export const SEND_INTERVAL_MS = 3 * 60 * 60 * 1000;

/** The account's own slots: one per kind of send, keyed `<kind>:<userId>` (accountSlotKey). */
export const ACCOUNT_SLOT_KINDS = ["sms", "email", "link", "voice"] as const;
export type AccountSlotKind = (typeof ACCOUNT_SLOT_KINDS)[number];

/** Named once, so that deleting an account finds its slots by exact keys, never a pattern. */
export const accountSlotKey = (kind: AccountSlotKind, userId: string) => `${kind}:${userId}`;

export type SlotClaim =
  { ok: true; claimedAtMs: number; previousMs: number | null } | { ok: false; nextAllowedAt: Date };

/**
 * Takes the account's slot for an action if the last use is at least `intervalMs` ago. One upsert
 * whose update only happens when the interval has passed: of many parallel callers, one wins.
 */
export async function claimSlot(key: string, intervalMs = SEND_INTERVAL_MS, now = Date.now()): Promise<SlotClaim> {
  const before = await db().usageSlot.findUnique({ where: { key } });
  const rows = await db().$queryRaw<{ lastAtMs: bigint | number }[]>`
    INSERT INTO "UsageSlot" ("key", "lastAtMs") VALUES (${key}, ${now})
    ON CONFLICT ("key") DO UPDATE SET "lastAtMs" = EXCLUDED."lastAtMs"
    WHERE "UsageSlot"."lastAtMs" <= ${now - intervalMs}
    RETURNING "lastAtMs"`;
  if (rows.length === 1 && Number(rows[0]!.lastAtMs) === now) {
    const previous = before && Number(before.lastAtMs) <= now - intervalMs ? Number(before.lastAtMs) : null;
    return { ok: true, claimedAtMs: now, previousMs: previous };
  }
  const current = await db().usageSlot.findUnique({ where: { key } });
  return { ok: false, nextAllowedAt: new Date(Number(current?.lastAtMs ?? now) + intervalMs) };
}

/** Gives the slot back when the action failed (a provider error), unless someone claimed it since. */
export async function releaseSlot(key: string, claim: { claimedAtMs: number; previousMs: number | null }) {
  if (claim.previousMs === null) {
    await db().usageSlot.deleteMany({ where: { key, lastAtMs: BigInt(claim.claimedAtMs) } });
  } else {
    await db().usageSlot.updateMany({
      where: { key, lastAtMs: BigInt(claim.claimedAtMs) },
      data: { lastAtMs: BigInt(claim.previousMs) },
    });
  }
}

export async function nextAllowedAt(key: string, intervalMs = SEND_INTERVAL_MS, now = Date.now()) {
  const slot = await db().usageSlot.findUnique({ where: { key } });
  const next = slot ? Number(slot.lastAtMs) + intervalMs : 0;
  return next > now ? new Date(next) : null;
}
