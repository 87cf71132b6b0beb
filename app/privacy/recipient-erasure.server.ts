// "Forget me", for recipients (docs/privacy.md): from their own link (the code with the key only their
// message carries) a recipient erases every position they ever shared and their number or address
// from every request that was sent to them, by any requester. The requests are found through the
// keyed hash the opt-outs use (LocationRequest.recipientKey); the requesters' history keeps the
// channel, the dates and the state "Recipient erased their data". An opt-out or a block is kept on
// purpose: it holds only the keyed hash.
import { db } from "~/db/db.server";
import { clearedPosition } from "~/location-requests/answer.server";
import { endLiveShares } from "~/location-requests/live.server";
import {
  normaliseRecipient,
  recipientKeysOf,
  type RecipientChannel,
} from "~/location-requests/recipient-controls.server";
import { tellNow } from "~/notifications/events.server";
import type { OpenedLink } from "~/recipient/recipient.server";

/**
 * Erases the recipient of this link everywhere; the number of requests erased, or null when this link
 * may not (no key, or a link request, whose recipient nobody knows).
 */
export async function eraseRecipientData(link: OpenedLink): Promise<number | null> {
  if (!link.keyed) return null;
  const row = link.row;
  const keys = await recipientKeysOf(row);
  const key = keys[0];
  if (!key) return null;
  const channel = row.channel as RecipientChannel;
  // Requests stored before the keyed hash was kept with them are found by their number or address.
  const normalised = row.target ? normaliseRecipient(channel, row.target) : null;
  const targets = [...new Set([row.target, normalised].filter((value): value is string => !!value))];
  const where = {
    channel,
    OR: [{ recipientKey: { in: keys } }, ...(targets.length ? [{ recipientKey: null, target: { in: targets } }] : [])],
  };
  const { count, events } = await db().$transaction(async (tx) => {
    // A running live share ends (told once as "live_ended"), and every live trail goes with the positions.
    const events = await endLiveShares(tx, where);
    await tx.livePosition.deleteMany({ where: { request: where } });
    const { count } = await tx.locationRequest.updateMany({ where, data: erased(key) });
    return { count, events };
  });
  tellNow(events);
  return count;
}

/** What erasure leaves of a request: its channel, dates and state. */
function erased(key: string) {
  return {
    decision: "erased",
    target: null,
    title: null,
    deliveryError: null,
    // Kept so that the recipient's own link still reaches their controls (opt out, block).
    recipientKey: key,
    ...clearedPosition,
  };
}
