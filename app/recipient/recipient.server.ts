import { data } from "@remix-run/node";
import { z } from "zod";
import { config } from "~/config.server";
import { IP_ACCURACY_METERS } from "~/geo/ip-location.server";
import { getT } from "~/i18n/i18next.server";
import { routeMessages } from "~/i18n/resources.server";
import { recipientHandle } from "./bare";
import { CODE_PATTERN, findByCode } from "~/location-requests.server";

type LocationRequestRow = NonNullable<Awaited<ReturnType<typeof findByCode>>>;

/** The code in a link or typed by hand: `AbCd1234`, `/id/AbCd1234`, `https://host/ph/AbCd1234/?x`. */
export function codeFromInput(value: string): string | null {
  const path = value.trim().split(/[?#]/)[0] ?? "";
  const last = path.replace(/\/+$/, "").split("/").pop() ?? "";
  return CODE_PATTERN.test(last) ? last : null;
}

/** The request named by the `c` query parameter (/share, /location-failed), or null. */
export async function requestFromQuery(request: Request) {
  const code = new URL(request.url).searchParams.get("c") ?? "";
  return findByCode(code);
}

/** Spec section 8: a link that names no request → 404 'Invalid link!' (the page offers /enter-link). */
export async function invalidLink(request: Request, status = 404) {
  const t = await getT(request);
  return data({ kind: "invalid" as const, title: t("recipient.invalidLink"), translations: routeMessages(request, recipientHandle) }, { status });
}

const bounded = (min: number, max: number) => z.string().trim().min(1).pipe(z.coerce.number().finite().min(min).max(max));

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

export type ShareState = "pending" | "shared" | "declined" | "deleted";

/** What the recipient sees of their own answer; never another request's data. */
export function recipientView(row: LocationRequestRow) {
  const located = row.status === "gps_tracked" || row.status === "ip_located";
  const state: ShareState =
    row.decision === "declined"
      ? "declined"
      : row.decision === "revoked"
        ? "deleted"
        : located && row.latitude !== null && row.longitude !== null
          ? "shared"
          : located
            ? "deleted" // the retention job removed the position
            : "pending";
  const shared = state === "shared";
  return {
    code: row.code,
    requesterName: row.requesterName,
    state,
    kind: shared ? (row.status === "gps_tracked" ? ("precise" as const) : ("approximate" as const)) : null,
    place: shared ? (row.address ?? `${row.latitude!.toFixed(4)}, ${row.longitude!.toFixed(4)}`) : null,
    accuracyMeters: shared ? Math.round(row.accuracyMeters ?? 0) : null,
    locatedAt: shared ? (row.locatedAt?.toISOString() ?? null) : null,
    retentionDays: config().RETENTION_DAYS,
    approximateRadiusKm: Math.round(IP_ACCURACY_METERS / 1000),
  };
}
export type RecipientView = ReturnType<typeof recipientView>;
