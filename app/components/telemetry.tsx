import { Link, useLocation, useRevalidator, useRouteLoaderData } from "@remix-run/react";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { useLocalePath, useT } from "~/i18n/use-t";
import { routePolicy } from "~/http/policy";
import { useBare } from "~/recipient/bare";
import type { loader as rootLoader } from "~/root";
import { hasThirdPartyTags, tagManagerFrameUrl } from "~/telemetry/tags";
import { paths } from "~/paths";

/** Runs `task` when the browser is idle after hydration (a timer where requestIdleCallback is missing). */
function whenIdle(task: () => void) {
  if (typeof window.requestIdleCallback === "function") {
    const id = window.requestIdleCallback(task, { timeout: 4000 });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(task, 1500);
  return () => window.clearTimeout(id);
}

/**
 * Settles once this page's device report attempt is over: the advertising pixel then finds the
 * visitor id's FB_ copy even on a first visit.
 */
let reportSettled: (() => void) | undefined;
const reportAttempt = typeof window === "undefined" ? Promise.resolve() : new Promise<void>((resolve) => (reportSettled = resolve));

function useTelemetry() {
  return useRouteLoaderData<typeof rootLoader>("root")?.telemetry;
}

/**
 * The telemetry of spec section 7, none of it in the first load: the device report, the check for a
 * new deployment and the optional third-party tags each arrive as a lazy chunk once the page is
 * interactive. The recipient's pages have no scripts at all, and the guard below keeps it so if one
 * is reached by a client-side navigation.
 */
export function Telemetry() {
  const telemetry = useTelemetry();
  const bare = useBare();
  const bareRef = useRef(bare);
  bareRef.current = bare;
  const [newBuild, setNewBuild] = useState(false);

  // Once per page load: the module itself decides (local-storage flag) whether a report is due.
  useEffect(() => {
    if (!telemetry) return reportSettled?.();
    return whenIdle(() => {
      if (bareRef.current) return reportSettled?.();
      void import("~/telemetry/device-report.client")
        .then((m) => m.sendDeviceReport())
        .finally(() => reportSettled?.());
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one report attempt per page load
  }, []);

  const pollSeconds = telemetry?.pollSeconds ?? 0;
  useEffect(() => {
    if (pollSeconds <= 0) return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    const cancelIdle = whenIdle(() => {
      void import("~/telemetry/build-watch.client").then((m) => {
        if (!cancelled) stop = m.watchBuild(pollSeconds, () => setNewBuild(true));
      });
    });
    return () => {
      cancelled = true;
      cancelIdle();
      stop?.();
    };
  }, [pollSeconds]);

  const tags = telemetry?.tags;
  const accepted = telemetry?.consent === "accepted";
  // Tags never run where a recipient's data is shown (route table `tags`, docs/decisions/010).
  const { pathname } = useLocation();
  const tagsHere = routePolicy(pathname).tags;
  useEffect(() => {
    if (!accepted || !hasThirdPartyTags(tags) || bareRef.current || !tagsHere) return;
    void reportAttempt
      .then(() => Promise.all([import("~/telemetry/third-party.client"), import("~/telemetry/tag-boundary.client")]))
      .then(([m, boundary]) => {
        boundary.guardTagBoundary();
        m.loadThirdPartyTags(tags);
      });
  }, [accepted, tags, tagsHere]);
  useEffect(() => {
    // The boundary above stops navigations first; this catches any other way of arriving here.
    if (!tagsHere && (window as { __thirdPartyTags?: boolean }).__thirdPartyTags) window.location.reload();
  }, [tagsHere]);

  return (
    <>
      {newBuild ? <DeployNotice /> : null}
      <CookieBanner />
      <TagManagerFrame />
    </>
  );
}

function DeployNotice() {
  const t = useT();
  const reload = () => void import("~/telemetry/build-watch.client").then((m) => m.reloadForNewBuild());
  return (
    <div className="deploy-notice" role="status" data-testid="deploy-notice">
      <span>{t("telemetry.newVersion")}</span>
      <button type="button" className="button" onClick={reload}>
        {t("telemetry.reload")}
      </button>
    </div>
  );
}

/** The tag manager's frame for browsers without JavaScript, only after consent. */
function TagManagerFrame() {
  const t = useT();
  const telemetry = useTelemetry();
  const { pathname } = useLocation();
  const src = telemetry?.consent === "accepted" && telemetry.tags && routePolicy(pathname).tags ? tagManagerFrameUrl(telemetry.tags) : null;
  if (!src) return null;
  return (
    <noscript>
      <iframe src={src} title={t("consent.frameTitle")} height="0" width="0" style={{ display: "none", visibility: "hidden" }} />
    </noscript>
  );
}

/**
 * Accept / Reject for the optional tags; a plain form (works without JavaScript), which the page's
 * script sends with fetch so that accepting needs no reload.
 */
export function ConsentForm({ className }: { className?: string }) {
  const t = useT();
  const { pathname, search } = useLocation();
  const revalidator = useRevalidator();
  const [failed, setFailed] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    if (!submitter) return;
    event.preventDefault();
    const body = new FormData(event.currentTarget);
    body.set("choice", submitter.value);
    try {
      const response = await fetch("/consent", { method: "POST", body, headers: { Accept: "application/json" } });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      // The root loader reads the new cookie: the banner goes, and the tags load if accepted.
      revalidator.revalidate();
    } catch {
      setFailed(true);
    }
  };

  return (
    <form method="post" action="/consent" className={className} onSubmit={onSubmit}>
      <input type="hidden" name="redirectTo" value={pathname + search} />
      <button type="submit" name="choice" value="accept" className="button button-primary">
        {t("consent.accept")}
      </button>
      <button type="submit" name="choice" value="reject" className="button">
        {t("consent.reject")}
      </button>
      {failed ? <p role="alert">{t("consent.failed")}</p> : null}
    </form>
  );
}

function CookieBanner() {
  const t = useT();
  const lp = useLocalePath();
  const telemetry = useTelemetry();
  if (!telemetry || !hasThirdPartyTags(telemetry.tags) || telemetry.consent) return null;
  return (
    <section className="cookie-banner" aria-labelledby="cookie-banner-title" data-testid="cookie-banner">
      <h2 id="cookie-banner-title">{t("consent.title")}</h2>
      <p>
        {t("consent.text")} <Link to={lp(paths.cookiesPolicy)}>{t("consent.policy")}</Link>
      </p>
      <ConsentForm className="cookie-banner-actions" />
    </section>
  );
}

/** On the cookie policy page: the current choice and the way to change it. */
export function ConsentSettings() {
  const t = useT();
  const telemetry = useTelemetry();
  if (!telemetry || !hasThirdPartyTags(telemetry.tags)) return null;
  const state = telemetry.consent === "accepted" ? "consent.stateAccepted" : telemetry.consent === "rejected" ? "consent.stateRejected" : "consent.stateNone";
  return (
    <section className="consent-settings" aria-labelledby="consent-settings-title" data-testid="consent-settings">
      <h2 id="consent-settings-title">{t("consent.settingsTitle")}</h2>
      <p>{t(state)}</p>
      <ConsentForm className="cookie-banner-actions" />
    </section>
  );
}
