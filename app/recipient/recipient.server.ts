import { data } from "@remix-run/node";
import { z } from "zod";

import { IP_ACCURACY_METERS } from "~/geo/ip-location.server";
import { getT } from "~/i18n/i18next.server";
import { findByCode, recipientMayDo, stateOf } from "~/location-requests/answer.server";
import { CODE_PATTERN } from "~/location-requests/links.server";
import {
  block,
  codeFromRef,
  isBlocked,
  isOptedOut,
  optOut,
  recipientKeysOf,
  REF_PATTERN,
  unblock,
  undoOptOut,
  type OptOutSource,
  type RecipientChannel,
} from "~/location-requests/recipient-controls.server";
import { isShared, NOT_ACCEPTED } from "~/location-requests/request-state";
import { config } from "~/server/config.server";
import { cleanLine } from "~/utils/display-text";

type LocationRequestRow = NonNullable<Awaited<ReturnType<typeof findByCode>>>;

/** The link id in a link or typed by hand: `AbCd1234`, `/id/AbCd1234`, `https://host/ph/AbCd1234XyZ123/?x`. */
export function codeFromInput(value: string): string | null {
  const path = value.trim().split(/[?#]/)[0] ?? "";
  const last = path.replace(/\/+$/, "").split("/").pop() ?? "";
  return isLinkId(last) ? last : null;
}

/** A request code (8 characters: the requester's link) or a code with its key (14: the recipient's). */
export const isLinkId = (value: string) => CODE_PATTERN.test(value) || REF_PATTERN.test(value);

/**
 * The request a link id opens, and whether it is the recipient's own link (with the key only the
 * message carries). A wrong key, an unknown code and a request that was never delivered open nothing.
 */
export async function openLink(id: string) {
  const code = CODE_PATTERN.test(id) ? id : REF_PATTERN.test(id) ? await codeFromRef(id) : null;
  const row = code ? await findByCode(code) : null;
  if (!row || row.delivery === NOT_ACCEPTED) return null;
  return { row, id, keyed: id !== row.code };
}
export type OpenedLink = NonNullable<Awaited<ReturnType<typeof openLink>>>;

/** The request named by the `c` query parameter (/share, /location-failed), or null. */
export async function requestFromQuery(request: Request) {
  return openLink(new URL(request.url).searchParams.get("c") ?? "");
}

/** A link that has expired: its own page (410), never the consent form. */
export async function expiredLink(request: Request, link: OpenedLink) {
  const t = await getT(request);
  return data(
    {
      kind: "expired" as const,
      title: t("recipient.expired.metaTitle"),
      ttlDays: config().REQUEST_TTL_DAYS,
      id: link.id,
      controls: await recipientControls(link),
    },
    { status: 410 },
  );
}

/** The recipient's own controls, only on their own link (the requester never sees these states). */
export async function recipientControls(link: OpenedLink) {
  if (!link.keyed) return null;
  const keys = await recipientKeysOf(link.row);
  if (!keys.length) return null;
  const [optedOut, blocked] = await Promise.all([isOptedOut(keys), isBlocked(keys, link.row.userId)]);
  return { channel: link.row.channel as RecipientChannel, optedOut, blocked, erased: link.row.decision === "erased" };
}
export type RecipientControlsView = Awaited<ReturnType<typeof recipientControls>>;

export const CONTROL_INTENTS = ["optOut", "undoOptOut", "block", "unblock"] as const;
export type ControlIntent = (typeof CONTROL_INTENTS)[number];
export const isControlIntent = (value: unknown): value is ControlIntent =>
  (CONTROL_INTENTS as readonly unknown[]).includes(value);

/** The recipient's keys when the link is their own (with the key only their message carries), else none. */
export async function recipientKeysOfLink(link: OpenedLink) {
  return link.keyed ? recipientKeysOf(link.row) : [];
}

/** Applies one control from the recipient's own link; false when this link may not (no key, no recipient). */
export async function applyControl(link: OpenedLink, intent: ControlIntent, source: OptOutSource = "page") {
  // Written under the recipient's key; undone under every key they may have been stored under.
  const keys = await recipientKeysOfLink(link);
  const key = keys[0];
  if (!key) return false;
  if (intent === "optOut") await optOut(key, source);
  else if (intent === "undoOptOut") await undoOptOut(keys);
  else if (intent === "block") await block(key, link.row.userId);
  else await unblock(keys, link.row.userId);
  return true;
}

/** Spec section 8: a link that names no request → 404 'Invalid link!' (the page offers /enter-link). */
export async function invalidLink(request: Request, status = 404) {
  const t = await getT(request);
  return data(
    {
      kind: "invalid" as const,
      title: t("recipient.invalidLink"),
    },
    { status },
  );
}

const bounded = (min: number, max: number) =>
  z.string().trim().min(1).pipe(z.coerce.number().finite().min(min).max(max));

/** Half the Earth's circumference: no accuracy circle can honestly be wider. */
export const MAX_ACCURACY_METERS = 20_037_500;

/**
 * What the consent page's script posts after the browser's geolocation answered. A coarse fix (a
 * desktop located by Wi-Fi or IP can report tens of kilometres) is still the browser's honest answer:
 * it is kept with its own radius, and only clamped at the widest radius that means anything.
 */
export const PositionSchema = z.object({
  latitude: bounded(-90, 90),
  longitude: bounded(-180, 180),
  accuracy: bounded(0, Number.MAX_VALUE).transform((meters) => Math.min(meters, MAX_ACCURACY_METERS)),
});

export const POSITION_FIELDS = ["latitude", "longitude", "accuracy"] as const;

export type ShareState = "pending" | "shared" | "declined" | "deleted" | "erased";

/** What the recipient sees of their own answer; never another request's data. */
export function recipientView(row: LocationRequestRow, id = row.code) {
  const life = stateOf(row);
  const state: ShareState =
    life === "erased"
      ? "erased"
      : life === "declined"
        ? "declined"
        : life === "stopped"
          ? "deleted"
          : isShared(life)
            ? row.latitude !== null && row.longitude !== null
              ? "shared"
              : "deleted" // the retention job removed the position
            : "pending";
  const shared = state === "shared";
  const name = cleanLine(row.requesterName);
  return {
    /** What this page's links carry: the code, or the recipient's code with its key. */
    code: id,
    requesterName: name,
    /** Up to two initials of that name, for the round badge beside it. */
    requesterInitials: initials(name),
    state,
    kind: shared ? (row.status === "gps_tracked" ? ("precise" as const) : ("approximate" as const)) : null,
    place: shared ? (row.address ?? `${row.latitude!.toFixed(4)}, ${row.longitude!.toFixed(4)}`) : null,
    accuracyMeters: shared ? Math.round(row.accuracyMeters ?? 0) : null,
    locatedAt: shared ? (row.locatedAt?.toISOString() ?? null) : null,
    /** Whether the consent page's choices still apply (the answering window, not stopped). */
    canAnswer: recipientMayDo(row, "share"),
    retentionDays: config().RETENTION_DAYS,
    approximateRadiusKm: Math.round(IP_ACCURACY_METERS / 1000),
  };
}
export type RecipientView = ReturnType<typeof recipientView>;

/** Up to two initials of a name: of its first and last words. */
function initials(name: string) {
  const words = name.split(/\s+/).filter(Boolean);
  const letters = (words.length > 1 ? [words[0]!, words[words.length - 1]!] : words).map((w) => [...w][0] ?? "");
  return letters.join("").toLocaleUpperCase();
}
