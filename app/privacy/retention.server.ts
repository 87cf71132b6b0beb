// How long personal data is kept (docs/privacy.md): each period is a setting with a default, applied
// by the maintenance job (app/jobs/maintenance.server.ts) and shown on the privacy page from the same
// setting (app/content/content.server.ts), so the policy cannot say one thing while the code does another.
import { db } from "~/db/db.server";
import type { Prisma } from "~/generated/prisma-sqlite/client";
import { clearedPosition } from "~/location-requests/answer.server";
import { config } from "~/server/config.server";
import { DAY } from "~/utils/time";

import { deleteInBatches, inBatches, PURGE_BATCH } from "./batches.server";

/** Deletes a live trail's points matching `where`, in batches (their ids are numbers: deleteInBatches takes strings). */
async function deleteLivePositions(where: Prisma.LivePositionWhereInput, batch: number) {
  let total = 0;
  for (;;) {
    const ids = (await db().livePosition.findMany({ where, select: { id: true }, take: batch })).map((p) => p.id);
    if (ids.length === 0) return total;
    const { count } = await db().livePosition.deleteMany({ where: { AND: [where, { id: { in: ids } }] } });
    total += count;
    if (ids.length < batch || count === 0) return total;
  }
}

const before = (now: Date, days: number) => new Date(now.getTime() - days * DAY);

/**
 * A request older than REQUEST_DATA_DAYS keeps only its channel, dates and state: the number or
 * address asked, the title, the shared position and its address, and the recipient's keyed hash go.
 */
export async function forgetOldRequestData(now = new Date(), batch = PURGE_BATCH) {
  // A live share's trail goes with the request's position (none can be newer than its request).
  await deleteLivePositions({ request: { createdAt: { lt: before(now, config().REQUEST_DATA_DAYS) } } }, batch);
  const where = {
    createdAt: { lt: before(now, config().REQUEST_DATA_DAYS) },
    OR: [
      { target: { not: null } },
      { title: { not: null } },
      { address: { not: null } },
      { latitude: { not: null } },
      { recipientKey: { not: null } },
    ],
  };
  return inBatches(
    (take) => db().locationRequest.findMany({ where, select: { id: true }, take }),
    (ids) =>
      db().locationRequest.updateMany({
        where: { ...where, id: { in: ids } },
        data: {
          target: null,
          title: null,
          recipientKey: null,
          deliveryError: null,
          latitude: null,
          longitude: null,
          accuracyMeters: null,
          address: null,
        },
      }),
    batch,
  );
}

/** Voice messages (their number and text) older than VOICE_MESSAGE_DAYS. */
export function purgeOldVoiceMessages(now = new Date(), batch = PURGE_BATCH) {
  return deleteInBatches(db().voiceMessage, { createdAt: { lt: before(now, config().VOICE_MESSAGE_DAYS) } }, batch);
}

/** Contact-form messages older than CONTACT_MESSAGE_DAYS (they were forwarded to support by e-mail). */
export function purgeOldContactMessages(now = new Date(), batch = PURGE_BATCH) {
  return deleteInBatches(db().contactMessage, { createdAt: { lt: before(now, config().CONTACT_MESSAGE_DAYS) } }, batch);
}

/** Abuse reports older than ABUSE_REPORT_DAYS (each was also e-mailed to CONTACT_EMAIL when it came). */
export function purgeOldAbuseReports(now = new Date(), batch = PURGE_BATCH) {
  return deleteInBatches(db().abuseReport, { createdAt: { lt: before(now, config().ABUSE_REPORT_DAYS) } }, batch);
}

/** Refund requests older than REFUND_REQUEST_DAYS, whatever their state. */
export function purgeOldRefundRequests(now = new Date(), batch = PURGE_BATCH) {
  return deleteInBatches(db().refundRequest, { createdAt: { lt: before(now, config().REFUND_REQUEST_DAYS) } }, batch);
}

/** Copies of sent messages (the outbox) older than OUTBOX_DAYS. */
export function purgeOldOutboxMessages(now = new Date(), batch = PURGE_BATCH) {
  return deleteInBatches(db().outboxMessage, { createdAt: { lt: before(now, config().OUTBOX_DAYS) } }, batch);
}

/** Checkouts never paid (a name, an address and maybe a number) older than UNPAID_CHECKOUT_DAYS. */
export function purgeUnpaidCheckouts(now = new Date(), batch = PURGE_BATCH) {
  return deleteInBatches(
    db().checkout,
    { status: { not: "paid" }, userId: null, createdAt: { lt: before(now, config().UNPAID_CHECKOUT_DAYS) } },
    batch,
  );
}

/**
 * Retention: positions older than RETENTION_DAYS are deleted, in batches, live trails' points too; the
 * request keeps its state.
 */
export async function purgeOldPositions(now = new Date(), days = config().RETENTION_DAYS, batch = PURGE_BATCH) {
  const cutoff = new Date(now.getTime() - days * DAY);
  // A live share's trail follows the same period, point by point (a request's newest point is its position).
  await deleteLivePositions({ recordedAt: { lt: cutoff } }, batch);
  const where = { locatedAt: { lt: cutoff }, latitude: { not: null } };
  return inBatches(
    (take) => db().locationRequest.findMany({ where, select: { id: true }, take }),
    (ids) => db().locationRequest.updateMany({ where: { ...where, id: { in: ids } }, data: clearedPosition }),
    batch,
  );
}
