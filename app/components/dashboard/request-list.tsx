import { Link, useRevalidator } from "@remix-run/react";
import { useEffect, useRef, type ReactNode } from "react";

import { Field } from "~/components/form";
import { notify } from "~/components/toasts";
import { paths } from "~/http/paths";
import { intlLocale } from "~/i18n/locales";
import { useLocale, useLocalePath, useT } from "~/i18n/use-t";
import { formatDistance } from "~/utils/distance";
import { numberFormat } from "~/utils/intl-cache";
import { formatDateTime, zoneName } from "~/utils/time-zone";
import { browserTimeZone } from "~/utils/time-zone-cookie";
import { useHydrated } from "~/utils/use-hydrated";

import { isLive, LIVE_FOLLOW_INTERVAL_MS, LiveFacts, useNow } from "./live-share";
import { openMapUrl } from "./map-link";
import { positionOf, type MapPosition, type RequestView, type Tab } from "./types";

/** While a change is likely (a young or waiting request), the page checks this often... */
export const LIVE_INTERVAL_MS = 15_000;
/** ...otherwise the interval doubles after each check that found nothing, up to this. */
export const LIVE_MAX_INTERVAL_MS = 5 * 60_000;

/** What the loader and GET /dashboard/live tell: a fingerprint of the lists, and whether to check often. */
export type LiveState = { version: string; active: boolean };

/** One page of a list: the cursors of the pages of older and newer requests (null: none), and the total. */
type ListData = {
  total: number;
  totalCapped: boolean;
  older: string | null;
  newer: string | null;
  /** The address named a page this site cannot open: the newest page is shown instead. */
  cursorRefused: boolean;
  items: RequestView[];
};

export function RequestList(props: {
  tab: Tab;
  list: ListData;
  highlight: string | null;
  zone: string;
  live: LiveState | null;
  children?: ReactNode;
}) {
  const { tab, list, highlight, zone, live, children } = props;
  const t = useT();
  const hydrated = useHydrated();
  useLiveUpdates(live);
  return (
    <section className="request-list-section" aria-labelledby="requests-heading">
      <h2 id="requests-heading">{t(`dashboard.tabs.${tab}`)}</h2>
      <TimeZoneNote zone={zone} />
      {hydrated && live ? <p className="muted">{t("dashboard.list.live")}</p> : null}
      {children}
      {list.cursorRefused ? (
        <p className="notice notice-warn" role="status" data-testid="cursor-refused">
          {t("dashboard.paging.refused")}
        </p>
      ) : null}
      {list.items.length === 0 ? (
        <p className="empty-state">{t("dashboard.list.empty")}</p>
      ) : (
        <ol className="request-list">
          {list.items.map((item) => (
            <li key={item.id}>
              <RequestCard item={item} highlighted={item.id === highlight} />
            </li>
          ))}
        </ol>
      )}
      <Paging tab={tab} list={list} />
    </section>
  );
}

/** One request on its own (`?tab=records&id=...`), with the map (passed in as children) above its card. */
export function RequestDetail({
  item,
  zone,
  live,
  children,
}: {
  item: RequestView;
  zone: string;
  live: LiveState | null;
  children?: ReactNode;
}) {
  const t = useT();
  const lp = useLocalePath();
  // A live share is followed closely until it ends (by a write, or by its time passing).
  const now = useNow(item.live !== null);
  const following = item.live !== null && (now === null ? !item.live.shown.ended : isLive(item.live, now));
  useLiveUpdates(live, following ? LIVE_FOLLOW_INTERVAL_MS : LIVE_INTERVAL_MS);
  return (
    <section className="request-detail">
      <p>
        <Link to={lp(paths.dashboardRecords)}>{t("dashboard.detail.back")}</Link>
      </p>
      <TimeZoneNote zone={zone} />
      {/* The map first, as on Location Records: on a phone it is the first thing seen. */}
      {children}
      <RequestCard item={item} detail />
    </section>
  );
}

/**
 * Keeps the lists current without a reload: while the page is visible it asks GET /dashboard/live
 * (a few bytes) and revalidates the page only when the fingerprint moved. That catches every change —
 * a first share, IP Located turning GPS Tracked, a revoke, a new located request on Location Records —
 * not only a pending item's. It checks every 15 s while a change is likely, otherwise backs off to 5
 * minutes; it stops while the tab is hidden and checks at once when it is shown again. Without
 * JavaScript a reload shows the current state.
 */
function useLiveUpdates(live: LiveState | null, interval = LIVE_INTERVAL_MS) {
  const { revalidate } = useRevalidator();
  const known = useRef(live?.version ?? null);
  useEffect(() => {
    known.current = live?.version ?? null;
  }, [live?.version]);
  const enabled = live !== null;
  const startActive = live?.active ?? false;
  useEffect(() => {
    if (!enabled) return;
    let delay = interval;
    let timer: number | undefined;
    let stopped = false;
    const schedule = () => {
      window.clearTimeout(timer);
      if (!stopped && !document.hidden) timer = window.setTimeout(() => void check(), delay);
    };
    const slower = () => Math.min(delay * 2, LIVE_MAX_INTERVAL_MS);
    async function check() {
      try {
        const response = await fetch(paths.dashboardLive, {
          headers: { Accept: "application/json" },
          cache: "no-store",
        });
        if (response.status === 401) {
          // Signed out elsewhere: the page's own loader redirects and says why.
          stopped = true;
          void revalidate();
          return;
        }
        if (!response.ok) throw new Error(String(response.status));
        const state = (await response.json()) as LiveState;
        if (state.version !== known.current) {
          known.current = state.version;
          delay = interval;
          void revalidate();
        } else {
          delay = state.active || interval < LIVE_INTERVAL_MS ? interval : slower();
        }
      } catch {
        // Offline or a server hiccup: try again later, less often.
        delay = slower();
      }
      schedule();
    }
    const onVisibility = () => {
      if (document.hidden) {
        window.clearTimeout(timer);
      } else {
        delay = interval;
        void check();
      }
    };
    if (!startActive && interval >= LIVE_INTERVAL_MS) delay = LIVE_INTERVAL_MS * 2;
    schedule();
    document.addEventListener("visibilitychange", onVisibility);
    return () => {
      stopped = true;
      window.clearTimeout(timer);
      document.removeEventListener("visibilitychange", onVisibility);
    };
    // The loop lives as long as the page (or until following a live share starts or stops): a
    // revalidation changes `live` but must not restart it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [enabled, revalidate, interval]);
}

/**
 * Dates as text: the server's rendering (its zone) until hydration, so that the HTML matches, then
 * the browser's own zone.
 */
function useDateText() {
  const hydrated = useHydrated();
  const locale = useLocale();
  return (iso: string, shown: string) =>
    hydrated ? formatDateTime(iso, intlLocale[locale], browserTimeZone()) : shown;
}

function TimeZoneNote({ zone }: { zone: string }) {
  const t = useT();
  const locale = useLocale();
  const hydrated = useHydrated();
  return (
    <p className="muted" data-testid="time-zone" data-zone={hydrated ? browserTimeZone() : zone}>
      {t("dashboard.list.timeZone", { zone: zoneName(hydrated ? browserTimeZone() : zone, intlLocale[locale]) })}
    </p>
  );
}

/** The states in which a position may still come. */
const WAITING = new Set<RequestView["label"]["key"]>(["pending"]);

function RequestCard({
  item,
  highlighted = false,
  detail = false,
}: {
  item: RequestView;
  highlighted?: boolean;
  detail?: boolean;
}) {
  const t = useT();
  const lp = useLocalePath();
  const dateText = useDateText();
  const position = positionOf(item);
  return (
    <article
      className={`request-card${highlighted ? " is-new" : ""}${item.arrived ? " is-arrived" : ""}`}
      data-testid="request"
      data-id={item.id}
      data-status={item.status}
      data-label={item.label.key}
      aria-current={highlighted ? "true" : undefined}
    >
      <header className="request-head">
        {/* A recipient's erasure (or REQUEST_DATA_DAYS) leaves no number or address: the channel names it. */}
        <h3>
          {item.channel === "link" ? (item.title ?? item.link) : (item.target ?? t("dashboard.list.targetRemoved"))}
        </h3>
        <span className="request-channel">{t(`dashboard.channel.${item.channel}`)}</span>
        {highlighted ? <span className="badge badge-new">{t("dashboard.list.newLink")}</span> : null}
        {item.arrived ? (
          <span className="badge badge-new" data-testid="arrived">
            {t("dashboard.list.arrived")}
          </span>
        ) : null}
      </header>
      <p className="request-states">
        <span className={`tag tag-${item.label.tone}`} data-testid="request-state" data-label={item.label.key}>
          {t(`dashboard.status.${item.label.key}`)}
        </span>
        {item.label.delivery ? (
          <span className="tag" data-testid="request-delivery">
            {t(`dashboard.status.${item.label.delivery}`)}
          </span>
        ) : null}
      </p>
      <LiveFacts item={item} detail={detail} />
      {item.label.key === "not_delivered" ? (
        <p className="muted" data-testid={item.delivery === "not_accepted" ? "not-accepted" : "not-sent"}>
          {item.delivery === "not_accepted" ? t("requests.errors.notAccepted") : t("dashboard.list.notSent")}
        </p>
      ) : null}
      <dl className="request-facts">
        {/* An approximate position is an area: named by the place that holds it, with its radius. */}
        {item.label.key === "ip_located" && position ? (
          <div>
            <dt>{t("dashboard.list.area")}</dt>
            <dd data-testid="request-area">
              {t(item.address ? "dashboard.list.areaAround" : "dashboard.list.areaWithin", {
                place: item.address ?? "",
                km: Math.round(position.radius / 1000),
              })}
            </dd>
          </div>
        ) : (
          <div>
            <dt>{t("dashboard.list.address")}</dt>
            <dd>{item.address ?? "—"}</dd>
          </div>
        )}
        <div>
          <dt>{t("dashboard.list.locatedOn")}</dt>
          <dd>
            {item.locatedAt && item.shown.locatedAt ? (
              <time dateTime={item.locatedAt}>{dateText(item.locatedAt, item.shown.locatedAt)}</time>
            ) : WAITING.has(item.label.key) ? (
              t("dashboard.list.notYet")
            ) : (
              // Declined, expired, stopped or never delivered: nothing is coming, so not "Not yet".
              "—"
            )}
          </dd>
        </div>
        <div>
          <dt>{t("dashboard.list.sentOn")}</dt>
          <dd>
            <time dateTime={item.createdAt}>{dateText(item.createdAt, item.shown.createdAt)}</time>
          </dd>
        </div>
      </dl>
      {item.channel === "link" && item.link ? <ShortLink link={item.link} /> : null}
      {position ? <PositionFacts position={position} /> : null}
      {position && !detail ? (
        <Link className="request-details-link" to={lp(`/dashboard/?tab=records&id=${encodeURIComponent(item.id)}`)}>
          {t("dashboard.list.details")}
        </Link>
      ) : null}
    </article>
  );
}

/** The short link in a read-only field (select it to copy without JavaScript), plus a Copy button. */
function ShortLink({ link }: { link: string }) {
  const t = useT();
  const hydrated = useHydrated();
  async function copy() {
    try {
      await navigator.clipboard.writeText(link);
      notify({ type: "success", message: t("requests.sent.linkCopied") });
    } catch {
      notify({ type: "error", message: t("requests.sent.linkCopyFailed") });
    }
  }
  return (
    <Field
      name="shortLink"
      label={t("dashboard.list.shortLink")}
      value={link}
      readOnly
      onFocus={(event) => event.currentTarget.select()}
      addon={
        hydrated ? (
          <button type="button" className="button button-small" onClick={() => void copy()}>
            {t("dashboard.list.copy")}
          </button>
        ) : null
      }
    />
  );
}

/** What the map shows, as text: coordinates, radius and a link to a map site (works without JavaScript). */
function PositionFacts({ position }: { position: MapPosition }) {
  const t = useT();
  const locale = useLocale();
  const lat = position.latitude.toFixed(5);
  const lng = position.longitude.toFixed(5);
  return (
    <div className="position-facts" data-testid="position">
      <p className="muted">{t(position.precise ? "dashboard.position.precise" : "dashboard.position.approximate")}</p>
      <dl className="request-facts">
        <div>
          <dt>{t("dashboard.position.latitude")}</dt>
          <dd>{lat}</dd>
        </div>
        <div>
          <dt>{t("dashboard.position.longitude")}</dt>
          <dd>{lng}</dd>
        </div>
        <div>
          <dt>{t("dashboard.position.radius")}</dt>
          <dd>{formatDistance(position.radius, intlLocale[locale])}</dd>
        </div>
      </dl>
      <a className="open-map-link" href={openMapUrl(position)} target="_blank" rel="noopener noreferrer">
        {t("dashboard.position.openMap")}
      </a>
      {position.precise ? null : (
        // DB-IP Lite's licence (CC BY 4.0) asks for this credit wherever its results are shown.
        <p className="muted ip-attribution">
          {t("dashboard.position.ipSource")}{" "}
          <a href="https://db-ip.com" target="_blank" rel="noopener noreferrer">
            {t("dashboard.position.ipSourceName")}
          </a>
        </p>
      )}
    </div>
  );
}

function Paging({ tab, list }: { tab: Tab; list: ListData }) {
  const t = useT();
  const lp = useLocalePath();
  const language = intlLocale[useLocale()];
  if (!list.older && !list.newer) return null;
  const href = (cursor: string) => lp(`/dashboard/?tab=${tab}&cursor=${encodeURIComponent(cursor)}`);
  const total = numberFormat(language).format(list.total) + (list.totalCapped ? "+" : "");
  return (
    <nav className="paging" aria-label={t("dashboard.paging.label")}>
      {list.newer ? (
        <Link to={href(list.newer)} rel="prev">
          {t("dashboard.paging.newer")}
        </Link>
      ) : null}
      <span>{t("dashboard.paging.total", { total })}</span>
      {list.older ? (
        <Link to={href(list.older)} rel="next">
          {t("dashboard.paging.older")}
        </Link>
      ) : null}
    </nav>
  );
}
