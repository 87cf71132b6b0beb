// The headers of an HTML page: Content-Security-Policy with this answer's nonce, and the
// Permissions-Policy. Third-party origins appear only on pages where tags may run (route table `tags`).
import { config } from "~/server/config.server";
import { hasThirdPartyTags, type ThirdPartyTags } from "~/telemetry/tags";

import type { RoutePolicy } from "./policy";

export const CSP_REPORT_PATH = "/csp-report";
/** The origin FingerprintJS's usage ping goes to (FINGERPRINT_MONITORING=1). */
const FINGERPRINT_MONITORING_ORIGIN = "https://m1.openfpcdn.io";
/** Where the advertising pixel reports (its script is Meta's fbevents.js: TEST_META_PIXEL_SCRIPT_URL). */
const PIXEL_REPORT_ORIGIN = "https://www.facebook.com";

const originOf = (url: string) => {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
};

/** A service's origin and its sibling hosts (`https://www.clarity.ms` → also `https://*.clarity.ms`). */
function withSiblings(origin: string) {
  const url = new URL(origin);
  const labels = url.hostname.split(".");
  const named = labels.length >= 3 && !/^[\d.]+$/.test(url.hostname) && !url.hostname.startsWith("[");
  return named ? [origin, `${url.protocol}//*.${labels.slice(1).join(".")}`] : [origin];
}

/** The map tile server of MAP_TILE_URL (`{s}` subdomains become a wildcard); none when it is unset. */
export function tileSources(template = config().MAP_TILE_URL) {
  if (!template) return [];
  const filled = template.replace(/\{s\}/g, "tile-subdomain").replace(/\{[a-z]+\}/gi, "0");
  const origin = originOf(filled);
  if (!origin) return [];
  return [origin.replace("tile-subdomain", "*")];
}

/** The origins each kind of request may reach because of the configured third-party tags. */
function tagSources(tags: ThirdPartyTags) {
  const script: string[] = [];
  const connect: string[] = [];
  const img: string[] = [];
  const frame: string[] = [];
  const style: string[] = [];
  const font: string[] = [];
  const icon = tags.iconKitUrl ? originOf(tags.iconKitUrl) : null;
  if (icon) {
    script.push(icon);
    style.push(...withSiblings(icon));
    font.push(...withSiblings(icon));
    connect.push(...withSiblings(icon));
  }
  if (tags.tagManager) {
    const gtm = withSiblings(tags.tagManager.origin);
    script.push(...gtm);
    connect.push(...gtm);
    img.push(...gtm);
    frame.push(tags.tagManager.origin);
  }
  if (tags.pixel) {
    const pixel = originOf(tags.pixel.scriptUrl);
    if (pixel) script.push(pixel);
    img.push(PIXEL_REPORT_ORIGIN);
    connect.push(PIXEL_REPORT_ORIGIN);
  }
  if (tags.analytics) {
    const clarity = withSiblings(tags.analytics.origin);
    script.push(...clarity);
    connect.push(...clarity);
    img.push(...clarity);
  }
  if (tags.fingerprintMonitoring) connect.push(FINGERPRINT_MONITORING_ORIGIN);
  return { script, connect, img, frame, style, font };
}

const list = (...sources: (string | false | null | undefined)[]) => [...new Set(sources.filter(Boolean))].join(" ");

/** The Content-Security-Policy of a page of `policy`'s route, with this answer's `nonce`. */
export function contentSecurityPolicy(nonce: string, policy: Pick<RoutePolicy, "tags">) {
  const c = config();
  const tags = policy.tags && hasThirdPartyTags(c.thirdParty) ? tagSources(c.thirdParty) : null;
  const dev = c.NODE_ENV === "development";
  const directives = [
    `default-src 'self'`,
    `script-src ${list("'self'", `'nonce-${nonce}'`, ...(tags?.script ?? []))}`,
    // Style attributes (React, Leaflet) need inline styles; scripts never run inline without the nonce.
    `style-src ${list("'self'", "'unsafe-inline'", ...(tags?.style ?? []))}`,
    `img-src ${list("'self'", "data:", "blob:", ...tileSources(), ...(tags?.img ?? []))}`,
    `font-src ${list("'self'", "data:", ...(tags?.font ?? []))}`,
    `connect-src ${list("'self'", dev && "ws:", ...(tags?.connect ?? []))}`,
    `frame-src ${tags?.frame.length ? list(...tags.frame) : "'none'"}`,
    `worker-src 'self' blob:`,
    `object-src 'none'`,
    `base-uri 'none'`,
    `frame-ancestors 'none'`,
    `report-uri ${CSP_REPORT_PATH}`,
  ];
  if (c.publicUrl.protocol === "https:") directives.push("upgrade-insecure-requests");
  return directives.join("; ");
}

/** Geolocation only where the page asks for the position (the consent page); nothing else anywhere. */
export function permissionsPolicy(policy: Pick<RoutePolicy, "geolocation">) {
  return [
    `geolocation=${policy.geolocation ? "(self)" : "()"}`,
    "camera=()",
    "microphone=()",
    "payment=()",
    "usb=()",
  ].join(", ");
}

/**
 * How a page's answer (its HTML or its data) may be cached, unless its route said so itself. No page
 * is for a shared cache: each reads the visitor's cookies (the language, the session). A visitors'
 * page may be kept by the browser and checked again each time; every other page shows someone's
 * data (an account, a recipient's request) and is never stored.
 */
export function setCacheHeaders(headers: Headers, policy: Pick<RoutePolicy, "access">) {
  if (headers.has("Cache-Control")) return;
  if (policy.access === "visitor") {
    headers.set("Cache-Control", "private, no-cache");
    headers.append("Vary", "Cookie");
  } else headers.set("Cache-Control", "no-store");
}

/** Sets the page headers on an HTML answer (development only reports CSP violations: Vite's client). */
export function setPageHeaders(
  headers: Headers,
  nonce: string,
  policy: Pick<RoutePolicy, "tags" | "geolocation" | "access">,
) {
  const name = config().NODE_ENV === "development" ? "Content-Security-Policy-Report-Only" : "Content-Security-Policy";
  headers.set(name, contentSecurityPolicy(nonce, policy));
  headers.set("Permissions-Policy", permissionsPolicy(policy));
  setCacheHeaders(headers, policy);
}
