// The Web Push channel of request events (docs/decisions/048): a notification on each device where
// the requester turned it on (app/notifications/push-devices.server.ts), in the account's language.
// Lock screens are public, so it never carries the position or the recipient's number: only the name
// the requester gave the request (a name with a number in it is left out), and a link to the request.
// The event's one job (events.server.ts) writes one job per device, so that each device is told at
// most once: a send without an answer is never repeated (the job runner's one rule), a refusal that may pass is
// tried again like a recipient's message (messagePolicy), and a device the push service no longer
// knows (404/410) is forgotten.
import { createHash } from "node:crypto";

import { db } from "~/db/db.server";
import { getT } from "~/i18n/i18next.server";
import { htmlLang, isLocale, localizePath, type Locale } from "~/i18n/locales";
import { enqueueJob, jobKind, startJobs, type JobKinds } from "~/jobs/jobs.server";
import { messagePolicy } from "~/location-requests/delivery.server";
import type { NotificationChannel, RequestEvent, RequestEventPayload } from "~/notifications/events.server";
import { vapidKeys } from "~/notifications/vapid.server";
import { pushProvider, type PushMessage } from "~/providers/push.server";
import { log } from "~/server/log.server";

export const REQUEST_EVENT_PUSH_JOB = "requestEventPush";
export const PUSH_TO_DEVICE_JOB = "requestEventPushDevice";

export const PUSH_CHANNEL: NotificationChannel = {
  name: "push",
  jobKind: REQUEST_EVENT_PUSH_JOB,
  followUpKinds: [PUSH_TO_DEVICE_JOB],
  wants: (account) => account.pushDevices > 0,
};

/** One device's job of an event's push job. */
export const deviceJobKey = (eventJobKey: string, subscriptionId: string) => `${eventJobKey}:${subscriptionId}`;

type DevicePayload = RequestEventPayload & { subscriptionId: string };

/** A request name that holds a phone number (six digits or more) is not shown on a lock screen. */
export function shownName(title: string | null | undefined) {
  const name = (title ?? "").trim();
  if (!name || (name.match(/\d/g) ?? []).length >= 6) return null;
  return name.slice(0, 60);
}

/** The notification: what happened to which request, and the dashboard's view of it in the reader's language. */
export async function requestEventPush(told: {
  requestId: string;
  event: RequestEvent;
  who: string | null;
  locale: Locale;
}): Promise<PushMessage> {
  const t = await getT(told.locale);
  const title = told.who
    ? t(`notifications.push.${told.event}.title`, { who: told.who })
    : t(`notifications.push.${told.event}.anonTitle`);
  return {
    title,
    body: t(`notifications.push.${told.event}.body`),
    lang: htmlLang[told.locale],
    url: localizePath(`/dashboard/?id=${encodeURIComponent(told.requestId)}`, told.locale),
    // One notice per request on the device: a later event replaces the earlier one.
    tag: `request-${createHash("sha256").update(told.requestId).digest("base64url").slice(0, 24)}`,
  };
}

const requestEventPushJob = jobKind<RequestEventPayload>({
  policy: messagePolicy,
  // Writing the devices' jobs is the same whatever the number of runs (their keys): safe to repeat.
  afterInterruption: "repeat",
  async perform(key, payload) {
    const devices = await db().pushSubscription.findMany({
      where: { user: { locationRequests: { some: { id: payload.requestId } } } },
      select: { id: true },
    });
    const keys = await db().$transaction(async (tx) => {
      const written: string[] = [];
      for (const device of devices)
        written.push(
          await enqueueJob(tx, deviceJobKey(key, device.id), PUSH_TO_DEVICE_JOB, {
            ...payload,
            subscriptionId: device.id,
          }),
        );
      return written;
    });
    startJobs(keys);
    return { done: true };
  },
});

const pushToDeviceJob = jobKind<DevicePayload>({
  policy: messagePolicy,
  // An attempt cut off (its process died during the call) may have reached the device: the runner
  // ends the job unsent, the rule every kind has unless it says otherwise (docs/decisions/041).
  afterInterruption: "unanswered",
  async perform(key, payload) {
    const [device, request] = await Promise.all([
      db().pushSubscription.findUnique({ where: { id: payload.subscriptionId } }),
      db().locationRequest.findUnique({
        where: { id: payload.requestId },
        select: { title: true, userId: true, user: { select: { locale: true } } },
      }),
    ]);
    // The device was removed (or the account deleted, or the device moved to another account) since.
    if (!device || !request || device.userId !== request.userId) return { done: true };
    const locale = isLocale(request.user.locale) ? request.user.locale : "en";
    const message = await requestEventPush({
      requestId: payload.requestId,
      event: payload.event,
      who: shownName(request.title),
      locale,
    });
    const keys = await vapidKeys();
    const sent = await pushProvider().send(device, message, keys);
    if (sent.ok) {
      await db().pushSubscription.updateMany({ where: { id: device.id }, data: { lastSentAt: new Date() } });
      return { done: true };
    }
    if (sent.gone) {
      // The browser unsubscribed, or the push service expired it: it will never accept a message again.
      await db().pushSubscription.deleteMany({ where: { id: device.id, endpoint: device.endpoint } });
      log("info", "push subscription gone: removed", { key, error: sent.error });
      return { done: true };
    }
    if (sent.unknown) return { unanswered: sent.error.slice(0, 500) };
    return sent.permanent ? { giveUp: sent.error.slice(0, 500) } : { retry: sent.error.slice(0, 500) };
  },
});

/** This module's kinds of job (app/jobs/kinds.server.ts joins them into JOB_KINDS). */
export const pushJobKinds = {
  [REQUEST_EVENT_PUSH_JOB]: requestEventPushJob,
  [PUSH_TO_DEVICE_JOB]: pushToDeviceJob,
} satisfies JobKinds;
