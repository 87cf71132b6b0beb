import { Link, useLocation } from "@remix-run/react";
import { useEffect, useState } from "react";

import { intlLocale } from "~/i18n/locales";
import { useLocale, useT } from "~/i18n/use-t";
import { formatAge, formatTime } from "~/utils/live-times";
import { zoneName } from "~/utils/time-zone";
import { browserTimeZone } from "~/utils/time-zone-cookie";
import { useHydrated } from "~/utils/use-hydrated";

import type { LiveShareView, RequestView } from "./types";

export { LIVE_FOLLOW_INTERVAL_MS } from "./live-follow";

/** Whether a live share still runs at `now` (it also ends by itself at `until`, with no write to announce it). */
export function isLive(live: LiveShareView, now: number) {
  return live.endedAt === null && new Date(live.until).getTime() > now;
}

/** The time, once a second after hydration (null before: the server's text stays until then). */
export function useNow(enabled: boolean) {
  const hydrated = useHydrated();
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => {
    if (!hydrated || !enabled) return;
    setNow(Date.now());
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [hydrated, enabled]);
  return now;
}

/**
 * A live share in words: "Live until 14:30 (Philippine Standard Time)" and the newest position's age
 * while it runs, "Live sharing ended" afterwards. Before hydration (and without JavaScript) the
 * server's text, with a Refresh link on the page of the one request; then the browser's zone and clock.
 */
export function LiveFacts({ item, detail }: { item: RequestView; detail: boolean }) {
  const t = useT();
  const locale = useLocale();
  const { pathname, search } = useLocation();
  const hydrated = useHydrated();
  const live = item.live;
  const now = useNow(live !== null && live.endedAt === null);
  if (!live) return null;
  const language = intlLocale[locale];
  const ended = now === null ? live.shown.ended : !isLive(live, now);
  if (ended) {
    return (
      <p className="live-share" data-testid="live-share" data-live="ended">
        {t("dashboard.detail.live.ended")}
      </p>
    );
  }
  const zone = browserTimeZone();
  const until =
    now === null ? live.shown.until : `${formatTime(live.until, language, zone, now)} (${zoneName(zone, language)})`;
  const age = now === null ? live.shown.age : item.locatedAt ? formatAge(item.locatedAt, language, now) : null;
  return (
    <div className="live-share" data-testid="live-share" data-live="live">
      <p>
        <strong data-testid="live-until">{t("dashboard.detail.live.until", { time: until })}</strong>
      </p>
      {age ? (
        <p className="muted" data-testid="live-age">
          {t("dashboard.detail.live.updated", { age })}
        </p>
      ) : null}
      {detail ? (
        hydrated ? (
          <p className="muted">{t("dashboard.detail.live.following")}</p>
        ) : (
          // Without JavaScript nothing polls: the same address again shows the newest position.
          <p>
            <Link to={`${pathname}${search}`} reloadDocument data-testid="live-refresh">
              {t("dashboard.detail.live.refresh")}
            </Link>
          </p>
        )
      ) : null}
    </div>
  );
}
