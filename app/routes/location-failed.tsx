import { redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";

import { guardPage } from "~/auth/guards.server";
import { getLocale, getT } from "~/i18n/i18next.server";
import type { MessageKey } from "~/i18n/keys";
import { useLocale, useT } from "~/i18n/use-t";
import { recipientMayDo, stateOf } from "~/location-requests/answer.server";
import { recipientHandle } from "~/recipient/bare";
import { InvalidLink, RecipientPage, UnusableLink } from "~/recipient/components";
import { FAILURE_REASONS, recipientPaths, type FailureReason } from "~/recipient/paths";
import { expiredLink, invalidLink, recipientView, requestFromQuery } from "~/recipient/recipient.server";

// `/location-failed?c=CODE&reason=…`: why the position could not be shared, in plain words for the
// reader, with the approximate choice, how to allow location again, another try, and declining.

/**
 * What the reader is told for each reason. The spec's messages (section 8: 'User denied location
 * permission', …) keep their keys in the catalogue (`recipient.failed.denied`, …); a person reads
 * these instead, written to them.
 */
const MESSAGES: Record<FailureReason, MessageKey> = {
  denied: "recipient.failed.plain.denied",
  unavailable: "recipient.failed.plain.unavailable",
  timeout: "recipient.failed.plain.timeout",
  unsupported: "recipient.failed.plain.unsupported",
  ip: "recipient.failed.ipHelp",
  failed: "recipient.failed.plain.failed",
};

/** The reasons a setting on the phone can fix: the steps to allow location again are shown. */
const SETTINGS_REASONS: readonly FailureReason[] = ["denied", "unavailable"];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await guardPage({ request, context }, "anyone");
  const link = await requestFromQuery(request);
  if (!link) return invalidLink(request);
  // Trying again only makes sense while the request takes answers (app/location-requests/request-state.ts).
  if (stateOf(link.row) === "expired") return expiredLink(request, link);
  if (!recipientMayDo(link.row, "share")) throw redirect(recipientPaths(link.id, getLocale(request)).share);
  const given = new URL(request.url).searchParams.get("reason");
  const reason: FailureReason = FAILURE_REASONS.find((r) => r === given) ?? "failed";
  const t = await getT(request);
  return {
    kind: "failed" as const,
    title: t("recipient.failed.title"),
    code: link.id,
    reason,
    radiusKm: recipientView(link.row, link.id).approximateRadiusKm,
  };
}

export const handle = recipientHandle;

export default function LocationFailed() {
  const loaderData = useLoaderData<typeof loader>();
  return (
    <RecipientPage
      reportCode={loaderData.kind === "failed" ? loaderData.code : loaderData.kind === "expired" ? loaderData.id : null}
    >
      {loaderData.kind === "invalid" ? (
        <InvalidLink />
      ) : loaderData.kind === "expired" ? (
        <UnusableLink page={loaderData} />
      ) : (
        <Failed code={loaderData.code} reason={loaderData.reason} radiusKm={loaderData.radiusKm} />
      )}
    </RecipientPage>
  );
}

/**
 * Never a dead end: whatever failed, the recipient can share their approximate location (the consent
 * page's approximate choice, the same form), allow location and try again, or decline.
 */
function Failed({ code, reason, radiusKm }: { code: string; reason: FailureReason; radiusKm: number }) {
  const t = useT();
  const locale = useLocale();
  const paths = recipientPaths(code, locale);
  const approximate = (
    <form method="post" action={paths.consent}>
      <button
        type="submit"
        name="intent"
        value="approximate"
        className={reason === "ip" ? "button" : "button button-primary"}
        aria-label={t("recipient.actions.approximate")}
        aria-describedby="approximate-hint"
      >
        {t("recipient.actions.approximate")}
        <small id="approximate-hint">{t("recipient.actions.approximateHint", { km: radiusKm })}</small>
      </button>
    </form>
  );
  return (
    <section aria-labelledby="failed-title">
      <h1 id="failed-title">{t("recipient.failed.title")}</h1>
      <div className="notice notice-error" role="alert" data-testid="failure">
        <p>{t(MESSAGES[reason])}</p>
      </div>
      {reason === "ip" ? null : (
        <>
          <p>{t("recipient.failed.offerApproximate")}</p>
          <h2>{t("recipient.failed.howTo.approximateTitle")}</h2>
          <div className="choices">{approximate}</div>
        </>
      )}
      {SETTINGS_REASONS.includes(reason) ? (
        <div className="card" data-testid="allow-location">
          <h2>{t("recipient.failed.howTo.title")}</h2>
          <h3>{t("recipient.failed.howTo.android")}</h3>
          <ol>
            <li>{t("recipient.failed.howTo.android1")}</li>
            <li>{t("recipient.failed.howTo.android2")}</li>
          </ol>
          <h3>{t("recipient.failed.howTo.iphone")}</h3>
          <ol>
            <li>{t("recipient.failed.howTo.iphone1")}</li>
            <li>{t("recipient.failed.howTo.iphone2")}</li>
          </ol>
          <p>{t("recipient.failed.howTo.then")}</p>
        </div>
      ) : null}
      <div className="choices">
        <a className={reason === "ip" ? "button button-primary" : "button"} href={paths.consent}>
          {t("recipient.actions.tryAgain")}
        </a>
        {reason === "ip" ? approximate : null}
        <form method="post" action={paths.consent}>
          <button type="submit" name="intent" value="decline" className="button button-secondary">
            {t("recipient.actions.decline")}
          </button>
        </form>
      </div>
    </section>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.title },
  { name: "robots", content: "noindex" },
];
