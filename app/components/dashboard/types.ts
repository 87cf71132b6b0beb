// What the dashboard's loader and action hand to its components (shared by server and browser code).
import type { StaticBasemap } from "~/geo/outlines";
import type { KeyUnder } from "~/i18n/keys";
import type { Locale } from "~/i18n/locales";
import type { RequestLabel } from "~/location-requests/request-state";
import type { CountryOption } from "~/phone/countries";
import type { FormReply } from "~/utils/parse-form";

export const TABS = ["history", "new", "records", "link", "email"] as const;
export type Tab = (typeof TABS)[number];

export type RequestView = {
  id: string;
  /** A position that arrived since this browser last showed the requester a list: marked until seen. */
  arrived: boolean;
  channel: "sms" | "email" | "link";
  target: string | null;
  title: string | null;
  /** null for a request that was not delivered: it opens nothing. */
  link: string | null;
  /** The stored status (pending | ip_located | gps_tracked); what a person reads is `label`. */
  status: string;
  /** The one status shown (app/location-requests/request-state.ts `requestLabel`). */
  label: RequestLabel;
  delivery: string;
  latitude: number | null;
  longitude: number | null;
  accuracyMeters: number | null;
  address: string | null;
  createdAt: string;
  locatedAt: string | null;
  /** The dates as the server rendered them (its zone), so that hydration sees the same text. */
  shown: { createdAt: string; locatedAt: string | null };
  /** A live share (docs/decisions/049); null for a one-off share. */
  live: LiveShareView | null;
};

/**
 * A live share as the requester's page shows it: until when, whether it ended early, and (on the
 * page of the one request, for a precise share only) the newest positions before the current one,
 * oldest first, as [latitude, longitude]. An approximate share stays an area: it has no trail.
 */
export type LiveShareView = {
  until: string;
  endedAt: string | null;
  trail: [number, number][];
  /** As the server rendered them: the end time with its zone's name, and the newest position's age. */
  shown: { until: string; age: string | null; ended: boolean };
};

export type DashboardForm = "sms" | "email" | "link";

/** The SMS templates New Search offers (their texts are `requests.templates.*`). */
export type TemplateName = KeyUnder<"requests.templateNames">;

/** The dialogs New Search opens by address: choose a message, and tips for getting an answer. */
export type NewSearchModal = "message" | "tips";

/** A New Search form sent back (app/utils/parse-form.ts): which of the three, its keys and values. */
export type NewSearchReply = FormReply<DashboardForm>;

/**
 * The map: street tiles when MAP_TILE_URL names a server (null: none), and the offline drawing of
 * this page's positions from Natural Earth's outlines, shown before JavaScript and without it.
 */
export type MapConfig = { tileUrl: string | null; attribution: string; basemap: StaticBasemap | null };

export type NewSearchData = {
  countries: CountryOption[];
  defaultRegion: string;
  /** The SMS form's values when New Search opens with a number searched on the home page. */
  prefill: { countryCode: string; number: string } | null;
  templates: Record<Locale, Record<TemplateName, string>>;
  sampleLinks: Record<Locale, string>;
  /** When each channel may be used again (in the viewer's zone), or null when it may now. */
  nextAt: Record<DashboardForm, string | null>;
  /** Why each waiting channel waits: the request that used its slot. */
  usedBy: Record<DashboardForm, SlotReason | null>;
};

/** The request that used a channel's three-hour slot, as New Search names it. */
export type SlotReason = { to: string; at: string; notAccepted: boolean };

/** A position to draw: GPS is a pin with its accuracy circle, an approximate fix only the circle. */
export type MapPosition = {
  id: string;
  latitude: number;
  longitude: number;
  radius: number;
  precise: boolean;
  /** The place's name ("Quezon City, PH"), as stored when it was shared. */
  place: string | null;
};

export function positionOf(item: RequestView): MapPosition | null {
  if (item.latitude === null || item.longitude === null) return null;
  return {
    id: item.id,
    latitude: item.latitude,
    longitude: item.longitude,
    radius: Math.max(item.accuracyMeters ?? 0, 1),
    precise: item.status === "gps_tracked",
    place: item.address,
  };
}
