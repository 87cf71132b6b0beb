// An account's webhook endpoints (docs/webhooks.md, docs/decisions/047): at most MAX_ENDPOINTS
// addresses, each with its own signing secret, shown to its owner only; and the log of what was sent
// to each. The dashboard's Webhooks page and the API's personnal/webhookEndpoints routes both call
// these functions, so the rules (the address, the limit) are one.
import { z } from "zod";

import { db } from "~/db/db.server";
import { checkWebhookUrl, MAX_URL_LENGTH, type AddressRefusal } from "~/webhooks/address.server";
import { newWebhookSecret } from "~/webhooks/signature.server";

/** Enough for a production and a staging receiver and a few more; a list, not a fan-out service. */
export const MAX_ENDPOINTS = 5;
/** How many deliveries a log answers (the newest). */
export const DELIVERY_LOG_SIZE = 50;

/** The one input: the address, shape only (the address rules are async: `createEndpoint`). */
export const webhookEndpointInput = z.object({
  url: z.string().trim().min(1, "webhooks.errors.urlRequired").max(MAX_URL_LENGTH, "webhooks.errors.invalid"),
});

const endpointSelect = {
  id: true,
  url: true,
  secret: true,
  disabledAt: true,
  consecutiveFailures: true,
  failingSince: true,
  createdAt: true,
} as const;

type EndpointRow = {
  id: string;
  url: string;
  secret: string;
  disabledAt: Date | null;
  consecutiveFailures: number;
  failingSince: Date | null;
  createdAt: Date;
};

/** An endpoint as its owner sees it (the secret included: it is theirs, to verify what we send). */
export function presentEndpoint(row: EndpointRow) {
  return {
    id: row.id,
    url: row.url,
    secret: row.secret,
    status: row.disabledAt ? ("disabled" as const) : ("enabled" as const),
    disabledAt: row.disabledAt?.toISOString() ?? null,
    consecutiveFailures: row.consecutiveFailures,
    failingSince: row.failingSince?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}
export type PresentedEndpoint = ReturnType<typeof presentEndpoint>;

export async function listEndpoints(userId: string) {
  const rows = await db().webhookEndpoint.findMany({
    where: { userId },
    select: endpointSelect,
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  return rows.map(presentEndpoint);
}

export type CreateRefusal = AddressRefusal | "limit";

/** Registers an address after its checks (docs/security.md); the secret is made here. */
export async function createEndpoint(
  userId: string,
  url: string,
): Promise<{ ok: true; endpoint: PresentedEndpoint } | { ok: false; error: CreateRefusal }> {
  const checked = await checkWebhookUrl(url);
  if (!checked.ok) return { ok: false, error: checked.reason };
  // The count and the insert in one transaction: two adds at once do not both pass the limit on SQLite
  // (one writer); on PostgreSQL the unlikely extra one is still bounded by the requests' own rate.
  const row = await db().$transaction(async (tx) => {
    if ((await tx.webhookEndpoint.count({ where: { userId } })) >= MAX_ENDPOINTS) return null;
    return tx.webhookEndpoint.create({
      data: { userId, url: checked.url.toString(), secret: newWebhookSecret() },
      select: endpointSelect,
    });
  });
  return row ? { ok: true, endpoint: presentEndpoint(row) } : { ok: false, error: "limit" };
}

/** Removes an endpoint of the account (and its log); false when the account has no such endpoint. */
export async function removeEndpoint(userId: string, id: string) {
  const { count } = await db().webhookEndpoint.deleteMany({ where: { id, userId } });
  return count === 1;
}

/** A new secret; the old one stops at once (deliveries still waiting are signed with the new one). */
export async function rollSecret(userId: string, id: string) {
  const { count } = await db().webhookEndpoint.updateMany({
    where: { id, userId },
    data: { secret: newWebhookSecret() },
  });
  return count === 1 ? endpointOf(userId, id) : null;
}

/** Enabled again after the failure run that disabled it: the run starts from nothing. */
export async function enableEndpoint(userId: string, id: string) {
  const { count } = await db().webhookEndpoint.updateMany({
    where: { id, userId },
    data: { disabledAt: null, consecutiveFailures: 0, failingSince: null },
  });
  return count === 1 ? endpointOf(userId, id) : null;
}

export async function endpointOf(userId: string, id: string) {
  const row = await db().webhookEndpoint.findFirst({ where: { id, userId }, select: endpointSelect });
  return row ? presentEndpoint(row) : null;
}

const deliverySelect = {
  id: true,
  endpointId: true,
  eventId: true,
  type: true,
  attempts: true,
  lastStatus: true,
  lastError: true,
  lastAttemptAt: true,
  deliveredAt: true,
  failedAt: true,
  createdAt: true,
} as const;

type DeliveryRow = {
  id: string;
  endpointId: string;
  eventId: string;
  type: string;
  attempts: number;
  lastStatus: number | null;
  lastError: string | null;
  lastAttemptAt: Date | null;
  deliveredAt: Date | null;
  failedAt: Date | null;
  createdAt: Date;
};

/** One line of the log: `pending` while tries remain, `delivered` on a 2xx, `failed` once given up. */
export function presentDelivery(row: DeliveryRow) {
  return {
    id: row.id,
    endpointId: row.endpointId,
    eventId: row.eventId,
    type: row.type,
    status: row.deliveredAt ? ("delivered" as const) : row.failedAt ? ("failed" as const) : ("pending" as const),
    attempts: row.attempts,
    lastStatusCode: row.lastStatus,
    lastError: row.lastError,
    lastAttemptAt: row.lastAttemptAt?.toISOString() ?? null,
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}
export type PresentedDelivery = ReturnType<typeof presentDelivery>;

/** The newest deliveries to one endpoint of the account; null when the account has no such endpoint. */
export async function listDeliveries(userId: string, endpointId: string) {
  if (!(await db().webhookEndpoint.findFirst({ where: { id: endpointId, userId }, select: { id: true } }))) return null;
  const rows = await db().webhookDelivery.findMany({
    where: { endpointId },
    select: deliverySelect,
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: DELIVERY_LOG_SIZE,
  });
  return rows.map(presentDelivery);
}

/** The newest deliveries to any endpoint of the account (the dashboard's log). */
export async function recentDeliveries(userId: string) {
  const rows = await db().webhookDelivery.findMany({
    where: { endpoint: { userId } },
    select: deliverySelect,
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: DELIVERY_LOG_SIZE,
  });
  return rows.map(presentDelivery);
}
