// "Download my data" (docs/api.md, "Your data"): everything held about an account, as one JSON
// document. GET /api/v1/personnal/account/export answers it, /account/export.json downloads it, and
// My data (dashboard/modules/MyData) shows the same document to read.
import { db } from "~/db/db.server";
import { requestState } from "~/location-requests/request-state";
import { config } from "~/server/config.server";

import { ownedCheckouts, provenAddress } from "./owned-rows.server";

const iso = (date: Date | null | undefined) => date?.toISOString() ?? null;

export async function accountExport(userId: string, now = new Date()) {
  const user = await db().user.findUniqueOrThrow({
    where: { id: userId },
    include: {
      subscription: { include: { payments: { orderBy: { paidAt: "desc" } } } },
      review: true,
      sessions: { orderBy: { createdAt: "desc" } },
      locationRequests: { orderBy: { createdAt: "desc" }, include: { livePositions: { orderBy: { id: "asc" } } } },
      voiceMessages: { orderBy: { createdAt: "desc" } },
      pushSubscriptions: { orderBy: { createdAt: "desc" } },
      webhookEndpoints: { orderBy: { createdAt: "asc" } },
    },
  });
  // Rows keyed only by the address are included once the address is proven (owned-rows.server.ts).
  const address = provenAddress(user);
  const [checkouts, refundRequests, contactMessages] = await Promise.all([
    db().checkout.findMany({ where: ownedCheckouts(user), include: { phone: true }, orderBy: { createdAt: "desc" } }),
    address
      ? db().refundRequest.findMany({ where: { OR: [{ userId }, { email: address }] }, orderBy: { createdAt: "desc" } })
      : [],
    address ? db().contactMessage.findMany({ where: { email: address }, orderBy: { createdAt: "desc" } }) : [],
  ]);
  const sub = user.subscription;
  return {
    exportedAt: now.toISOString(),
    profile: {
      email: user.email,
      emailVerifiedAt: iso(user.emailVerifiedAt),
      name: user.name,
      surname: user.surname,
      phone: user.phone,
      locale: user.locale,
      notifyByEmail: user.notifyByEmail,
      createdAt: user.createdAt.toISOString(),
      updatedAt: user.updatedAt.toISOString(),
    },
    // Signed-in devices: only when each sign-in began and when it ends (no device or address is kept).
    sessions: user.sessions.map((s) => ({
      createdAt: s.createdAt.toISOString(),
      expiresAt: s.expiresAt.toISOString(),
    })),
    subscription: sub && {
      state: sub.state,
      validUntil: sub.validUntil.toISOString(),
      provider: sub.provider,
      plan: sub.plan,
      currency: sub.currency,
      amount: sub.amount,
      firstDayAmount: sub.firstDayAmount,
      periodDays: sub.periodDays,
      cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
      nextChargeAt: iso(sub.nextChargeAt),
      createdAt: sub.createdAt.toISOString(),
    },
    payments: (sub?.payments ?? []).map((p) => ({
      provider: p.provider,
      providerPaymentId: p.providerPaymentId,
      amount: p.amount,
      currency: p.currency,
      status: p.status,
      paidAt: p.paidAt.toISOString(),
      periodEnd: iso(p.periodEnd),
    })),
    checkouts: checkouts.map((c) => ({
      provider: c.provider,
      email: c.email,
      name: c.name,
      surname: c.surname,
      phone: c.phone?.phone ?? null,
      locale: c.locale,
      plan: c.plan,
      currency: c.currency,
      amount: c.amount,
      firstDayAmount: c.firstDayAmount,
      status: c.status,
      createdAt: c.createdAt.toISOString(),
    })),
    requests: user.locationRequests.map((r) => ({
      id: r.id,
      channel: r.channel,
      target: r.target,
      title: r.title,
      requesterName: r.requesterName,
      locale: r.locale,
      code: r.code,
      state: requestState(r, config().REQUEST_TTL_DAYS, now),
      status: r.status,
      decision: r.decision,
      delivery: r.delivery,
      createdAt: r.createdAt.toISOString(),
      openedAt: iso(r.openedAt),
      locatedAt: iso(r.locatedAt),
      latitude: r.latitude,
      longitude: r.longitude,
      accuracyMeters: r.accuracyMeters,
      address: r.address,
      // A live share (docs/decisions/046): its end, and the trail of its recent positions, oldest first.
      liveUntil: iso(r.liveUntil),
      liveEndedAt: iso(r.liveEndedAt),
      livePositions: r.livePositions.map((p) => ({
        latitude: p.latitude,
        longitude: p.longitude,
        accuracyMeters: p.accuracyMeters,
        recordedAt: p.recordedAt.toISOString(),
      })),
    })),
    voiceMessages: user.voiceMessages.map((v) => ({
      id: v.id,
      to: v.to,
      text: v.text,
      language: v.language,
      voice: v.voice,
      state: v.state,
      error: v.error,
      createdAt: v.createdAt.toISOString(),
    })),
    // The devices that get push notifications; their encryption keys are the browser's, not about the owner.
    pushDevices: user.pushSubscriptions.map((d) => ({
      device: d.device,
      endpoint: d.endpoint,
      createdAt: d.createdAt.toISOString(),
      lastSentAt: iso(d.lastSentAt),
    })),
    // The signing secret is left out: a downloaded file should not carry a working credential.
    webhookEndpoints: user.webhookEndpoints.map((w) => ({
      url: w.url,
      status: w.disabledAt ? ("disabled" as const) : ("enabled" as const),
      disabledAt: iso(w.disabledAt),
      createdAt: w.createdAt.toISOString(),
    })),
    review: user.review && {
      rating: user.review.rating,
      text: user.review.text,
      displayName: user.review.displayName,
      locale: user.review.locale,
      status: user.review.status,
      writtenAt: user.review.writtenAt.toISOString(),
      publishedAt: iso(user.review.publishedAt),
    },
    refundRequests: refundRequests.map((r) => ({
      email: r.email,
      reason: r.reason,
      locale: r.locale,
      status: r.status,
      createdAt: r.createdAt.toISOString(),
      confirmedAt: iso(r.confirmedAt),
    })),
    contactMessages: contactMessages.map((m) => ({
      name: m.name,
      email: m.email,
      message: m.message,
      locale: m.locale,
      createdAt: m.createdAt.toISOString(),
    })),
  };
}
export type AccountExport = Awaited<ReturnType<typeof accountExport>>;

/** The download's file name: the day it was made. */
export function exportFileName(now = new Date()) {
  return `family-locator-data-${now.toISOString().slice(0, 10)}.json`;
}
