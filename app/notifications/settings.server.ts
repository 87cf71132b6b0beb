// The requester's choices about being told (docs/decisions/043): e-mails on or off, and their language;
// and the signed link of each e-mail that turns them off in one click, with no sign-in.
import { createHmac, timingSafeEqual } from "node:crypto";

import { z } from "zod";

import { cookieSecret } from "~/auth/rsa.server";
import { db } from "~/db/db.server";
import { paths } from "~/http/paths";
import { locales, localizePath, type Locale } from "~/i18n/locales";
import { config } from "~/server/config.server";

/**
 * The link's signature: HMAC-SHA-256 of the account's id under a label of its own, keyed by the cookie
 * secret (SESSION_SECRET, or derived from the kept private key: every process agrees), 128 bits in
 * base64url. It never expires: a one-click unsubscribe must work from an old e-mail too. Changing
 * SESSION_SECRET makes the links of e-mails already sent answer 404 (the settings still work).
 */
async function signature(userId: string) {
  return createHmac("sha256", await cookieSecret())
    .update(`notifications-off:${userId}`)
    .digest()
    .subarray(0, 16)
    .toString("base64url");
}

/** An account id (a cuid; the browser tests write UUIDs), and a signature as `signature` writes it. */
const TOKEN_PATTERN = /^([A-Za-z0-9_-]{8,64})\.([A-Za-z0-9_-]{22})$/;

export async function unsubscribeToken(userId: string) {
  return `${userId}.${await signature(userId)}`;
}

/** The account a link names, when its signature is right (compared in constant time); else null. */
export async function userFromUnsubscribeToken(token: string) {
  const match = TOKEN_PATTERN.exec(token);
  if (!match) return null;
  const [, userId, given] = match as unknown as [string, string, string];
  const expected = Buffer.from(await signature(userId));
  if (!timingSafeEqual(expected, Buffer.from(given))) return null;
  return db().user.findUnique({ where: { id: userId }, select: { id: true, notifyByEmail: true, locale: true } });
}

/** The e-mail's link (in the reader's language) and the List-Unsubscribe URL a mail client posts to. */
export async function unsubscribeLink(userId: string, locale: Locale) {
  const url = new URL(localizePath(paths.notificationsOff, locale), config().publicUrl);
  url.searchParams.set("token", await unsubscribeToken(userId));
  return url.toString();
}

export async function setEmailNotifications(userId: string, on: boolean) {
  await db().user.update({ where: { id: userId }, data: { notifyByEmail: on } });
}

export async function notificationSettings(userId: string) {
  const row = await db().user.findUnique({ where: { id: userId }, select: { notifyByEmail: true, locale: true } });
  return { notifyByEmail: row?.notifyByEmail ?? true, locale: (row?.locale ?? "en") as Locale };
}

/** The settings form: a checkbox (absent when unticked) and the e-mails' language. */
export const notificationSettingsSchema = z.object({
  // Anything but the ticked box's value (nothing, a forged value) reads as unticked: never an error.
  notifyByEmail: z.unknown().transform((value) => value === "on"),
  locale: z.enum(locales, { message: "notifications.settings.localeInvalid" }),
});

export async function saveNotificationSettings(userId: string, settings: z.infer<typeof notificationSettingsSchema>) {
  await db().user.update({
    where: { id: userId },
    data: { notifyByEmail: settings.notifyByEmail, locale: settings.locale },
  });
}
