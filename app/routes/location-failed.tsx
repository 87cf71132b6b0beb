import { redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";

import { guardPage } from "~/auth/guards.server";
import { getLocale, getT } from "~/i18n/i18next.server";
import type { MessageKey } from "~/i18n/keys";
import { useLocale, useT } from "~/i18n/use-t";
import { recipientMayDo, stateOf } from "~/location-requests/requests.server";
import { recipientHandle } from "~/recipient/bare";
import { InvalidLink, RecipientPage, UnusableLink } from "~/recipient/components";
import { FAILURE_REASONS, recipientPaths, type FailureReason } from "~/recipient/paths";
import { expiredLink, invalidLink, requestFromQuery } from "~/recipient/recipient.server";

// `/location-failed?c=CODE&reason=…`: why the position could not be shared (spec section 8's
// messages), with the approximate choice and another try.

/** Spec messages per reason; a disabled GPS shows both of its lines. */
const MESSAGES: Record<FailureReason, MessageKey[]> = {
  denied: ["recipient.failed.denied"],
  unavailable: ["recipient.failed.disabled", "recipient.failed.enable"],
  timeout: ["recipient.failed.failed"],
  unsupported: ["recipient.failed.unsupported"],
  ip: ["recipient.failed.failed"],
  failed: ["recipient.failed.failed"],
};

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
        <Failed code={loaderData.code} reason={loaderData.reason} />
      )}
    </RecipientPage>
  );
}

/**
 * Never a dead end: whatever failed, the recipient can share their approximate location (again),
 * try again from the consent page (where the precise choice is), or decline.
 */
function Failed({ code, reason }: { code: string; reason: FailureReason }) {
  const t = useT();
  const locale = useLocale();
  const paths = recipientPaths(code, locale);
  return (
    <section aria-labelledby="failed-title">
      <h1 id="failed-title">{t("recipient.failed.title")}</h1>
      <div className="notice notice-error" role="alert" data-testid="failure">
        {MESSAGES[reason].map((key) => (
          <p key={key}>{t(key)}</p>
        ))}
      </div>
      <p>{t(reason === "ip" ? "recipient.failed.ipHelp" : "recipient.failed.offerApproximate")}</p>
      <div className="choices">
        <form method="post" action={paths.consent}>
          <button type="submit" name="intent" value="approximate" className="button button-primary">
            {t("recipient.actions.approximate")}
          </button>
        </form>
        <a className="button" href={paths.consent}>
          {t("recipient.actions.tryAgain")}
        </a>
        <form method="post" action={paths.consent}>
          <button type="submit" name="intent" value="decline" className="button button-quiet">
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
