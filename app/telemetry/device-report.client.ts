// The visitor device report (spec sections 3, 4 and 7), loaded with a dynamic import once the page is
// interactive, so neither this module nor ua-parser-js nor FingerprintJS is part of the first load.
// The visitor id, its advertising copy and the fingerprint it is computed from wait for the visitor's
// Accept in the cookie banner (docs/decisions/039): before it, the report goes without an id.
import { UAParser } from "ua-parser-js";

import { readCookie } from "~/utils/cookies";
import { loadedAndIdle } from "~/utils/idle";

import { PIXEL_VISITOR_COOKIE, VISITOR_COOKIE, VISITOR_ID, VISITOR_MAX_AGE } from "./cookies";

export const FAILURE_MESSAGE = "Failed to send user agent info";

/** localStorage is per origin already; the host in the key says what "once per host" means. */
export const sentFlagKey = (host: string) => `deviceReportSent:${host}`;

export type DeviceType = "tablet" | "mobile" | "desktop";

/** ua-parser-js names more types (console, smarttv, wearable, embedded); the spec knows three. */
export function deviceTypeOf(type: string | undefined): DeviceType {
  if (type === "tablet") return "tablet";
  if (type === "mobile" || type === "wearable") return "mobile";
  return "desktop";
}

/** The report the server validates (app/telemetry/device-report.server.ts); lengths are cut to its limits. */
export function buildReport(visitorId: string, userAgent: string, href: string, referrer: string, now = new Date()) {
  const { os, browser, device } = new UAParser(userAgent).getResult();
  const short = (value: string | undefined) => (value ?? "").slice(0, 64);
  const url = new URL(href);
  return {
    visitorId,
    userAgent: userAgent.slice(0, 512),
    osName: short(os.name),
    osVersion: short(os.version),
    browserName: short(browser.name),
    browserVersion: short(browser.version),
    deviceType: deviceTypeOf(device.type),
    deviceBrand: short(device.vendor),
    deviceModel: short(device.model),
    pageUrl: href.slice(0, 2048),
    referrerUrl: /^https?:\/\//.test(referrer) ? referrer.slice(0, 2048) : "",
    source: (url.searchParams.get("source") ?? "").slice(0, 128),
    visitTime: now.toISOString(),
  };
}

const COOKIE_ATTRIBUTES = `; Max-Age=${VISITOR_MAX_AGE}; Path=/; SameSite=Lax; Secure`;

/**
 * The id from the visitor cookie, or when it is missing or empty a browser fingerprint; the pixel's
 * FB_ copy is written again whenever it is missing or differs. Only after the visitor accepted.
 */
export async function consentedVisitorId() {
  const stored = readCookie(document.cookie, VISITOR_COOKIE);
  if (stored && VISITOR_ID.test(stored)) {
    if (readCookie(document.cookie, PIXEL_VISITOR_COOKIE) !== stored)
      document.cookie = `${PIXEL_VISITOR_COOKIE}=${stored}${COOKIE_ATTRIBUTES}`;
    return stored;
  }
  // Fingerprinting is the expensive part (canvas, fonts, audio): each step waits for its own idle
  // moment, so that a tap in between is answered first.
  const FingerprintJS = await import("@fingerprintjs/fingerprintjs");
  await loadedAndIdle();
  // The library's usage ping is a third-party tag: it is sent from third-party.client.ts after consent.
  const agent = await FingerprintJS.load({ monitoring: false });
  await loadedAndIdle();
  const { visitorId: id } = await agent.get();
  document.cookie = `${VISITOR_COOKIE}=${id}${COOKIE_ATTRIBUTES}`;
  document.cookie = `${PIXEL_VISITOR_COOKIE}=${id}${COOKIE_ATTRIBUTES}`;
  return id;
}

/**
 * Sends the report once per visitor and host: a local-storage flag set after a successful send stops
 * the next ones. A failure is logged and otherwise ignored; the flag stays unset, so the next page
 * load tries again. `consented`: the visitor accepted the cookie banner, so the report carries the
 * visitor id; otherwise it carries none, and nothing is fingerprinted or stored but the flag.
 */
export async function sendDeviceReport(consented: boolean) {
  const key = sentFlagKey(location.host);
  try {
    // Without usable storage the flag could never be set, and every page would send a report.
    if (localStorage.getItem(key)) return "already-sent" as const;
  } catch {
    return "no-storage" as const;
  }
  try {
    const id = consented ? await consentedVisitorId() : "";
    const report = buildReport(id, navigator.userAgent, location.href, document.referrer);
    const response = await fetch("/api/v1/locate/userAgent", {
      method: "POST",
      headers: { APP: "web", "Content-Type": "application/json" },
      body: JSON.stringify(report),
    });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    localStorage.setItem(key, report.visitTime);
    return "sent" as const;
  } catch (error) {
    // A warning, not an error: the visitor loses nothing, and the report is retried on the next page.
    console.warn(FAILURE_MESSAGE, error);
    return "failed" as const;
  }
}
