import { useMatches, useRouteLoaderData } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";

import { useT } from "~/i18n/use-t";
import { useBare } from "~/recipient/bare";
import type { loader as rootLoader } from "~/root";
import { hasThirdPartyTags } from "~/telemetry/tags";
import { whenLoadedAndIdle } from "~/utils/idle";
import { onDemand } from "~/utils/on-demand";

/** The cookie banner and the tag manager's frame: their code loads only where tags are configured. */
const Consent = onDemand(() => import("./consent").then((module) => module.Consent));

/**
 * Settles once this page's device report attempt is over, so that the fingerprint is computed once
 * when the visitor accepts on a page whose report is still on its way.
 */
let reportSettled: (() => void) | undefined;
const reportAttempt =
  typeof window === "undefined" ? Promise.resolve() : new Promise<void>((resolve) => (reportSettled = resolve));

function useTelemetry() {
  return useRouteLoaderData<typeof rootLoader>("root")?.telemetry;
}

/**
 * The telemetry of spec section 7, none of it in the first load: the device report, the check for a
 * new deployment and the optional third-party tags each arrive as a lazy chunk once the page has
 * loaded and the browser is idle (app/utils/idle.ts). The recipient's pages have no scripts at all, and the guard below keeps it so if one
 * is reached by a client-side navigation.
 */
export function Telemetry() {
  const telemetry = useTelemetry();
  const bare = useBare();
  const bareRef = useRef(bare);
  bareRef.current = bare;
  const [newBuild, setNewBuild] = useState(false);

  // Once per page load: the module itself decides (local-storage flag) whether a report is due. It
  // carries the visitor id only when the visitor has accepted the cookie banner.
  const consented = telemetry?.consent === "accepted";
  useEffect(() => {
    if (!telemetry) return reportSettled?.();
    return whenLoadedAndIdle(() => {
      if (bareRef.current) return reportSettled?.();
      void import("~/telemetry/device-report.client")
        .then((m) => m.sendDeviceReport(consented))
        .finally(() => reportSettled?.());
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one report attempt per page load
  }, []);

  const pollSeconds = telemetry?.pollSeconds ?? 0;
  useEffect(() => {
    if (pollSeconds <= 0) return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    const cancelIdle = whenLoadedAndIdle(() => {
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
  // Tags never run where a recipient's data is shown (route table `tags`, docs/decisions/010). The
  // table loads only where tags are configured, so that it does not weigh on every page's first load.
  const leaf = useMatches().at(-1)?.id ?? "";
  const [tagsHere, setTagsHere] = useState<boolean | null>(null);
  useEffect(() => {
    if (!hasThirdPartyTags(tags)) return;
    let live = true;
    void import("~/http/policy").then(({ policyOf }) => {
      if (live) setTagsHere(policyOf(leaf)?.tags === true);
    });
    return () => {
      live = false;
    };
  }, [tags, leaf]);
  useEffect(() => {
    if (!accepted || !hasThirdPartyTags(tags) || bareRef.current || tagsHere !== true) return;
    // The visitor id and its FB_ copy exist from the visitor's Accept on, before the pixel reads them.
    void reportAttempt
      .then(() => import("~/telemetry/device-report.client"))
      // A browser that cannot be fingerprinted still gets the tags it agreed to.
      .then((report) => report.consentedVisitorId().catch(() => undefined))
      .then(() => Promise.all([import("~/telemetry/third-party.client"), import("~/telemetry/tag-boundary.client")]))
      .then(([m, boundary]) => {
        boundary.guardTagBoundary();
        m.loadThirdPartyTags(tags);
      });
  }, [accepted, tags, tagsHere]);
  useEffect(() => {
    // The boundary above stops navigations first; this catches any other way of arriving here.
    if (tagsHere === false && (window as { __thirdPartyTags?: boolean }).__thirdPartyTags) window.location.reload();
  }, [tagsHere]);

  return (
    <>
      {newBuild ? <DeployNotice /> : null}
      {hasThirdPartyTags(tags) ? <Consent /> : null}
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
