import { paths } from "~/http/paths";
import { localizePath, type Locale } from "~/i18n/locales";

/** The recipient's pages for one request code, in the page's language (the URL decides it). */
export function recipientPaths(code: string, locale: Locale) {
  const c = encodeURIComponent(code);
  return {
    consent: localizePath(`/${c}`, locale),
    share: localizePath(`/share?c=${c}`, locale),
    failed: localizePath(`/location-failed?c=${c}`, locale),
    report: localizePath(`/report?c=${c}`, locale),
    enterLink: localizePath(paths.enterLink, locale),
    // Live sharing's posts (app/recipient/live-routes.server.ts): resource routes, in no language.
    liveStart: `/share/live?c=${c}`,
    liveScript: "/share/live",
    liveUpdate: `/share/live/update?c=${c}`,
    liveStop: `/share/live/stop?c=${c}`,
  };
}

/** Why precise sharing failed: the geolocation error codes, a missing API, or an unknown IP address. */
export const FAILURE_REASONS = ["denied", "unavailable", "timeout", "unsupported", "ip", "failed"] as const;
export type FailureReason = (typeof FAILURE_REASONS)[number];
