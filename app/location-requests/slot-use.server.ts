// Why a New Search form waits: the request that used the channel's three-hour slot, so the page can
// say so before the requester tries (issue 29: "the reason a slot was used").
import { db } from "~/db/db.server";
import { accountSlotKey, SEND_INTERVAL_MS } from "~/limits/usage-limit.server";
import { NOT_ACCEPTED } from "~/location-requests/request-state";
import type { Channel } from "~/location-requests/schemas.server";

export type SlotUse = {
  /** When the slot opens again. */
  nextAt: Date;
  /** The request that took it: its number, address or title, when it was made, and whether it was refused. */
  usedBy: { channel: Channel; target: string | null; title: string | null; at: Date; notAccepted: boolean } | null;
};

/**
 * The channel's slot if it is taken, and the request that took it: the newest one made since the
 * slot was claimed. A refusal to a number or address already refused is answered with the stored row
 * (createLocationRequest's notAccepted touches it), so a not-accepted row counts by its last update.
 * `usedBy` is null when no request is found (the slot was claimed and the request never stored).
 */
export async function slotUse(userId: string, channel: Channel, now = Date.now()): Promise<SlotUse | null> {
  const slot = await db().usageSlot.findUnique({ where: { key: accountSlotKey(channel, userId) } });
  if (!slot) return null;
  const claimedAt = Number(slot.lastAtMs);
  if (claimedAt + SEND_INTERVAL_MS <= now) return null;
  // The row is written just after its slot is claimed; a second's margin covers clocks between processes.
  const since = new Date(claimedAt - 1000);
  const row = await db().locationRequest.findFirst({
    where: {
      userId,
      channel,
      OR: [{ createdAt: { gte: since } }, { delivery: NOT_ACCEPTED, updatedAt: { gte: since } }],
    },
    orderBy: { updatedAt: "desc" },
    select: { channel: true, target: true, title: true, createdAt: true, updatedAt: true, delivery: true },
  });
  const notAccepted = row?.delivery === NOT_ACCEPTED;
  return {
    nextAt: new Date(claimedAt + SEND_INTERVAL_MS),
    usedBy: row
      ? {
          channel: row.channel as Channel,
          target: row.target,
          title: row.title,
          at: notAccepted && row.updatedAt > row.createdAt ? row.updatedAt : row.createdAt,
          notAccepted,
        }
      : null,
  };
}
