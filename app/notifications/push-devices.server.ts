// The requester's devices that get request events by Web Push (docs/decisions/048): turned on per
// device in the dashboard's Settings (the browser's PushManager gives the subscription, which the page
// posts), listed and removed there. A browser has one subscription per site: the same endpoint posted
// again (by this account or another one signed in on that browser since) becomes this account's.
import { createHash } from "node:crypto";

import UAParser from "ua-parser-js";
import { z } from "zod";

import { db } from "~/db/db.server";
import { config } from "~/server/config.server";
import { messageKey } from "~/utils/parse-form";

/** Enough for a family's phones and computers; a bound on what one account makes the server send. */
export const MAX_PUSH_DEVICES = 10;

/**
 * The push services of the browsers that support Web Push (Chrome, Edge, Firefox, Safari): the server
 * posts to the subscription's URL, so only these hosts are accepted when messages really leave
 * (APP_MODE=live), never an address inside the network (docs/security.md).
 */
const PUSH_SERVICE_HOSTS = [
  /^fcm\.googleapis\.com$/,
  /^android\.googleapis\.com$/,
  /^updates\.push\.services\.mozilla\.com$/,
  /^[a-z0-9-]+\.notify\.windows\.com$/,
  /^([a-z0-9-]+\.)*push\.apple\.com$/,
];

/** Whether the server may post to this push service URL. In sandbox and demo nothing is posted (the outbox). */
export function acceptedEndpoint(value: string, live = config().mode === "live") {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (!live) return url.protocol === "https:" || url.protocol === "http:";
  return url.protocol === "https:" && url.port === "" && PUSH_SERVICE_HOSTS.some((host) => host.test(url.hostname));
}

const INVALID = { message: messageKey("notifications.settings.pushInvalid") };

/** base64url of exactly `bytes` bytes (the browser's key: 65 bytes, an uncompressed P-256 point; the auth secret: 16). */
const base64urlOf = (bytes: number, check: (raw: Buffer) => boolean = () => true) =>
  z
    .string(INVALID)
    .max(200, INVALID)
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, INVALID)
    .refine((value) => {
      const raw = Buffer.from(value, "base64url");
      return raw.length === bytes && check(raw);
    }, INVALID);

/** What the page posts: the fields of PushSubscription.toJSON(). Any flaw is one message. */
export const pushSubscriptionSchema = z.object({
  endpoint: z
    .string()
    .max(2048)
    .refine((value) => acceptedEndpoint(value)),
  p256dh: base64urlOf(65, (raw) => raw[0] === 4),
  auth: base64urlOf(16),
});

/** "Chrome · Android": the browser and the system, from the User-Agent; empty when it names neither. */
export function deviceLabel(userAgent: string | null) {
  const result = new UAParser(userAgent ?? "").getResult();
  return [result.browser.name, result.os.name, result.device.model].filter(Boolean).join(" · ").slice(0, 100);
}

export type SaveDevice = { ok: true } | { ok: false; tooMany: true };

export async function savePushDevice(
  userId: string,
  subscription: z.infer<typeof pushSubscriptionSchema>,
  userAgent: string | null,
): Promise<SaveDevice> {
  const device = deviceLabel(userAgent);
  return db().$transaction(async (tx) => {
    const mine = await tx.pushSubscription.findUnique({ where: { endpoint: subscription.endpoint } });
    const others = await tx.pushSubscription.count({ where: { userId, NOT: { endpoint: subscription.endpoint } } });
    if (mine?.userId !== userId && others >= MAX_PUSH_DEVICES) return { ok: false, tooMany: true } as const;
    const data = { userId, p256dh: subscription.p256dh, auth: subscription.auth, device };
    await tx.pushSubscription.upsert({
      where: { endpoint: subscription.endpoint },
      create: { endpoint: subscription.endpoint, ...data },
      // Another account's subscription of this browser: now this account's, as new.
      update: mine?.userId === userId ? data : { ...data, createdAt: new Date(), lastSentAt: null },
    });
    return { ok: true } as const;
  });
}

/** Removes one of the account's devices (another account's id removes nothing). */
export async function removePushDevice(userId: string, id: string) {
  await db().pushSubscription.deleteMany({ where: { id, userId } });
}

/** The account's devices for the Settings list: never the endpoint or the keys. */
export async function pushDevices(userId: string) {
  const rows = await db().pushSubscription.findMany({
    where: { userId },
    orderBy: { createdAt: "desc" },
    select: { id: true, device: true, createdAt: true, lastSentAt: true, endpoint: true },
  });
  // The endpoint's digest lets the page mark "this device" without the endpoint leaving the server.
  return rows.map(({ endpoint, ...row }) => ({ ...row, endpointHash: endpointHash(endpoint) }));
}

export function endpointHash(endpoint: string) {
  return createHash("sha256").update(endpoint).digest("base64url").slice(0, 22);
}
