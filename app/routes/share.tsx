import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";

import { guardPage } from "~/auth/guards.server";
import { getLocale, getT } from "~/i18n/i18next.server";
import { intlLocale } from "~/i18n/locales";
import { useLocale, useT } from "~/i18n/use-t";
import { recipientMayDo, revoke, stateOf } from "~/location-requests/answer.server";
import { liveState } from "~/location-requests/live.server";
import { recipientHandle } from "~/recipient/bare";
import { RecipientControls, RecipientPage, UnusableLink } from "~/recipient/components";
import { LivePanel, type LivePanelView } from "~/recipient/live-panel";
import { LIVE_START_SCRIPT } from "~/recipient/live-script";
import { outcomeHolds, outcomeOf } from "~/recipient/outcome";
import { recipientPaths } from "~/recipient/paths";
import {
  expiredLink,
  invalidLink,
  recipientControls,
  recipientView,
  requestFromQuery,
  type RecipientControlsView,
  type RecipientView,
} from "~/recipient/recipient.server";
import { readFormData } from "~/utils/form-data.server";
import { refusal } from "~/utils/parse-form";
import { requestTimeZone } from "~/utils/request-time-zone.server";
import { formatDateTime } from "~/utils/time-zone";

// The thank-you page (`/share?c=CODE`): what the recipient shared, or that they declined, and the
// button that stops sharing and deletes the position at once; on the recipient's own link, their
// controls too (opt out, block).

export async function loader({ request, context }: LoaderFunctionArgs) {
  await guardPage({ request, context }, "anyone");
  const link = await requestFromQuery(request);
  if (!link) return invalidLink(request);
  if (stateOf(link.row) === "expired") return expiredLink(request, link);
  const t = await getT(request);
  const locale = getLocale(request);
  const view = recipientView(link.row, link.id);
  const controls = await recipientControls(link);
  const outcome = outcomeOf(request.url);
  const zone = await requestTimeZone(request, locale);
  const when = (at: Date | string) => formatDateTime(at, intlLocale[locale], zone, true);
  const found = view.state === "shared" && view.kind === "precise" ? liveState(link.row) : ({ state: "none" } as const);
  const live: LivePanelView =
    found.state === "running"
      ? { state: "running", until: when(found.until) }
      : found.state === "ended"
        ? { state: "ended", at: when(found.at) }
        : found;
  return {
    kind: "share" as const,
    title: t("recipient.share.metaTitle"),
    request: view,
    // In the recipient's zone (their browser's, remembered by the consent page), else their language's.
    sharedAt: view.locatedAt ? when(view.locatedAt) : null,
    live,
    // The starter only where live sharing is offered (the live code itself loads once chosen); from the
    // loader, not the component, so that the app's own JavaScript never carries it (a bare page's data
    // is not sent to the browser).
    script: live.state === "offer" ? LIVE_START_SCRIPT : undefined,
    controls,
    outcome: outcomeHolds(outcome, controls) ? outcome : null,
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  await guardPage({ request, context }, "anyone");
  const link = await requestFromQuery(request);
  if (!link) return invalidLink(request);
  const form = await readFormData(request);
  if (form.get("intent") !== "revoke") return data(refusal("recipient.errors.badChoice"), { status: 400 });
  // Stopping deletes what was shared and ends the link (app/location-requests/request-state.ts); on an
  // expired link there is nothing to stop, and it never opens again.
  if (stateOf(link.row) === "expired") return expiredLink(request, link);
  if (recipientMayDo(link.row, "stop")) await revoke(link.row.code);
  throw redirect(recipientPaths(link.id, getLocale(request)).share);
}

export const handle = recipientHandle;

export default function Share() {
  const loaderData = useLoaderData<typeof loader>();
  const t = useT();
  const outcome = loaderData.kind === "share" ? loaderData.outcome : null;
  return (
    <RecipientPage
      reportCode={
        loaderData.kind === "share" ? loaderData.request.code : loaderData.kind === "expired" ? loaderData.id : null
      }
      outcome={outcome ? { title: t(`recipient.outcome.${outcome}`) } : null}
      script={loaderData.kind === "share" ? loaderData.script : undefined}
    >
      {loaderData.kind === "invalid" || loaderData.kind === "expired" ? (
        <UnusableLink page={loaderData} />
      ) : (
        <Answer
          view={loaderData.request}
          sharedAt={loaderData.sharedAt}
          live={loaderData.live}
          controls={loaderData.controls}
        />
      )}
    </RecipientPage>
  );
}

function Answer({
  view,
  sharedAt,
  live,
  controls,
}: {
  view: RecipientView;
  sharedAt: string | null;
  live: LivePanelView;
  controls: RecipientControlsView;
}) {
  const t = useT();
  const locale = useLocale();
  const paths = recipientPaths(view.code, locale);
  const name = view.requesterName;
  return (
    <section aria-labelledby="share-title" data-state={view.state}>
      <h1 id="share-title">{t(`recipient.share.${view.state}.title`)}</h1>
      {view.state === "shared" ? (
        <>
          <div className="notice notice-ok" role="status">
            <p>
              {t(view.kind === "precise" ? "recipient.share.shared.precise" : "recipient.share.shared.approximate", {
                name,
              })}
            </p>
          </div>
          <div className="card">
            <p data-testid="shared-place">
              <strong>
                {view.kind === "precise"
                  ? preciseText(t, view.place ?? "", view.accuracyMeters ?? 0)
                  : t("recipient.share.placeApproximate", { place: view.place ?? "", km: view.approximateRadiusKm })}
              </strong>
            </p>
            {sharedAt ? <p className="muted">{t("recipient.share.sharedAt", { time: sharedAt })}</p> : null}
            <p className="muted">{t("recipient.share.kept", { count: view.retentionDays })}</p>
            {view.kind === "precise" ? null : (
              <p className="muted">
                {t("dashboard.position.ipSource")}{" "}
                <a href="https://db-ip.com">{t("dashboard.position.ipSourceName")}</a>
              </p>
            )}
          </div>
          <LivePanel live={live} code={view.code} name={name} />
          <form method="post" className="choices" id="revoke">
            <button type="submit" name="intent" value="revoke" className="button button-danger">
              {t("recipient.actions.revoke")}
            </button>
          </form>
        </>
      ) : (
        <>
          <p className="lead">{t(`recipient.share.${view.state}.text`, { name })}</p>
          {view.canAnswer ? (
            <p className="choices">
              <a className={view.state === "pending" ? "button button-primary" : "button"} href={paths.consent}>
                {t(view.state === "pending" ? "recipient.actions.answer" : "recipient.actions.changeAnswer")}
              </a>
            </p>
          ) : null}
        </>
      )}
      {controls ? <RecipientControls controls={controls} consentPath={paths.consent} back="share" /> : null}
    </section>
  );
}

/** A coarse browser fix reads in kilometres ("about 150 km", not "about 150000 m"). */
function preciseText(t: ReturnType<typeof useT>, place: string, meters: number) {
  return meters >= 1000
    ? t("recipient.share.placePreciseKm", { place, km: Math.round(meters / 1000) })
    : t("recipient.share.placePrecise", { place, meters });
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.title },
  { name: "robots", content: "noindex" },
];
