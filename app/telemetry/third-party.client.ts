// The optional third-party tags (spec section 7), injected only after the visitor accepted the cookie
// banner, and only those the operator configured (app/server/config.server.ts `thirdParty`).
import { readCookie } from "~/utils/cookies";

import { PIXEL_VISITOR_COOKIE } from "./cookies";
import type { ThirdPartyTags } from "./tags";

export const ICON_FAILURE_MESSAGE = "Failed to load custom icons";

type Queue = ((...args: unknown[]) => void) & {
  q?: unknown[][];
  queue?: unknown[][];
  callMethod?: (...args: unknown[]) => void;
};
type TagWindow = Window & {
  dataLayer?: unknown[];
  fbq?: Queue;
  _fbq?: Queue;
  clarity?: Queue;
  __thirdPartyTags?: boolean;
};

function addScript(src: string, onError?: () => void) {
  const script = document.createElement("script");
  script.async = true;
  script.src = src;
  if (onError) script.addEventListener("error", onError);
  document.head.appendChild(script);
}

/** Injects every configured tag once per page life (accepting twice loads nothing twice). */
export function loadThirdPartyTags(tags: ThirdPartyTags) {
  const w = window as TagWindow;
  if (w.__thirdPartyTags) return;
  w.__thirdPartyTags = true;

  if (tags.iconKitUrl) {
    addScript(tags.iconKitUrl, () => console.warn(ICON_FAILURE_MESSAGE, tags.iconKitUrl));
  }
  if (tags.tagManager) {
    w.dataLayer = w.dataLayer ?? [];
    w.dataLayer.push({ "gtm.start": Date.now(), event: "gtm.js" });
    addScript(`${tags.tagManager.origin}/gtm.js?id=${encodeURIComponent(tags.tagManager.id)}`);
  }
  if (tags.pixel) {
    // The pixel's own queue stub: calls made before fbevents.js arrives are replayed by it.
    const fbq: Queue = (...args: unknown[]) => {
      if (fbq.callMethod) fbq.callMethod(...args);
      else (fbq.queue ??= []).push(args);
    };
    Object.assign(fbq, { push: fbq, loaded: true, version: "2.0", queue: [] });
    w.fbq = w._fbq = fbq;
    // The visitor id's FB_ copy lets the pixel match the same visitor across visits.
    const visitor = readCookie(document.cookie, PIXEL_VISITOR_COOKIE);
    fbq("init", tags.pixel.id, visitor ? { external_id: visitor } : {});
    fbq("track", "PageView");
    addScript(tags.pixel.scriptUrl);
  }
  if (tags.analytics) {
    // Clarity records every session (sampling rate 1) with its heatmaps and session replay.
    const clarity: Queue = (...args: unknown[]) => void (clarity.q ??= []).push(args);
    w.clarity = w.clarity ?? clarity;
    addScript(`${tags.analytics.origin}/tag/${encodeURIComponent(tags.analytics.id)}`);
  }
  if (tags.fingerprintMonitoring) {
    // FingerprintJS's usage ping: load() sends it for 0.1 % of loads (its own sampling) and computes
    // no fingerprint by itself. The chunk is the one the device report uses, cached after a visit.
    void import("@fingerprintjs/fingerprintjs").then((fp) => fp.load({ monitoring: true }));
  }
}
