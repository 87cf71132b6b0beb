import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";

import { guardPage } from "~/auth/guards.server";
import { useReplyErrors } from "~/components/form-reply";
import { useNonce } from "~/http/nonce";
import { getLocale, getT } from "~/i18n/i18next.server";
import { useLocale, useT } from "~/i18n/use-t";
import {
  decline,
  recipientMayDo,
  recordOpened,
  shareApproximate,
  sharePrecise,
  stateOf,
} from "~/location-requests/answer.server";
import { eraseRecipientData } from "~/privacy/recipient-erasure.server";
import { recipientHandle } from "~/recipient/bare";
import { RecipientControls, RecipientPage, UnusableLink } from "~/recipient/components";
import { CONSENT_SCRIPT } from "~/recipient/consent-script";
import { outcomeHolds, outcomeOf, withOutcome, type Outcome } from "~/recipient/outcome";
import { recipientPaths } from "~/recipient/paths";
import {
  applyControl,
  expiredLink,
  invalidLink,
  isControlIntent,
  isLinkId,
  openLink,
  POSITION_FIELDS,
  PositionSchema,
  recipientControls,
  recipientView,
  type RecipientControlsView,
  type RecipientView,
} from "~/recipient/recipient.server";
import { clientAddress } from "~/utils/client-ip.server";
import { readFormData } from "~/utils/form-data.server";
import { pageNotFound } from "~/utils/not-found.server";
import { refusal } from "~/utils/parse-form";
import { REMEMBER_TIME_ZONE_ES5 } from "~/utils/time-zone";

// The short link of a location request (`/{code}`, `/id/{code}`, `/ph/{code}`) opens the consent page;
// the recipient's own link (`/{code}{key}`, from the message) adds their controls: opt out, block,
// undo. Any other address no route claims is spec section 8's 'Page not found'.

/** The link id when the unmatched path is one segment shaped like one (a code, or a code with its key). */
function linkIdFromPath(splat: string | undefined) {
  const segment = (splat ?? "").replace(/\/$/, "");
  return isLinkId(segment) ? segment : null;
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await guardPage({ request, context }, "anyone");
  // A plain link the edge has opened, rendered once for every such link with tokens in place of its
  // own values (app/recipient/consent-slots.server.ts).
  const slotted = context.slottedConsent;
  if (slotted) {
    const view = recipientView(slotted.link.row, slotted.link.id);
    const { name, initials, code } = slotted.tokens;
    return consentData(request, { ...view, requesterName: name, requesterInitials: initials, code }, null, null);
  }
  const id = linkIdFromPath(params["*"]);
  if (!id) throw await pageNotFound(request);
  const link = await openLink(id);
  if (!link) return invalidLink(request);
  if (stateOf(link.row) === "expired") return expiredLink(request, link);
  // Opening records only that it was opened: nothing about the recipient is read or kept here.
  await recordOpened(link.row);
  const controls = await recipientControls(link);
  const outcome = outcomeOf(request.url);
  return consentData(request, recipientView(link.row, id), controls, outcomeHolds(outcome, controls) ? outcome : null);
}

async function consentData(
  request: Request,
  view: RecipientView,
  controls: RecipientControlsView,
  outcome: Exclude<Outcome, "report"> | null,
) {
  const t = await getT(request);
  return {
    kind: "consent" as const,
    title: t("recipient.consent.title", { name: view.requesterName }),
    request: view,
    controls,
    outcome,
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  await guardPage({ request, context }, "anyone");
  const id = linkIdFromPath(params["*"]);
  if (!id) throw await pageNotFound(request);
  const link = await openLink(id);
  if (!link) return invalidLink(request);
  const code = link.row.code;
  const paths = recipientPaths(id, getLocale(request));
  const form = await readFormData(request);
  const intent = form.get("intent");

  // "Forget me": the recipient's own link erases them from every request sent to them (app/privacy).
  if (intent === "erase") {
    if (form.get("confirm") !== "yes") return data(refusal("recipient.errors.eraseConfirm"), { status: 400 });
    if ((await eraseRecipientData(link)) === null) return data(refusal("recipient.errors.badChoice"), { status: 400 });
    throw redirect(withOutcome(paths.share, "erase"));
  }
  if (isControlIntent(intent)) {
    if (!(await applyControl(link, intent))) return data(refusal("recipient.errors.badChoice"), { status: 400 });
    throw redirect(withOutcome(form.get("back") === "share" ? paths.share : paths.consent, intent));
  }
  if (intent !== "precise" && intent !== "approximate" && intent !== "decline")
    return data(refusal("recipient.errors.badChoice"), { status: 400 });
  // The request's life decides (app/location-requests/request-state.ts): an expired link shares
  // nothing (the same page as its GET, with its status); a stopped one or one past its answering
  // window takes no answer.
  if (!recipientMayDo(link.row, intent === "decline" ? "decline" : "share")) {
    if (stateOf(link.row) === "expired") return expiredLink(request, link);
    return data(refusal("recipient.errors.closed"), { status: 409 });
  }

  if (intent === "precise") {
    const fields = Object.fromEntries(POSITION_FIELDS.map((name) => [name, String(form.get(name) ?? "")]));
    // Without JavaScript the button posts no position: the browser cannot locate itself this way.
    if (POSITION_FIELDS.every((name) => !fields[name]!.trim())) throw redirect(`${paths.failed}&reason=unsupported`);
    const parsed = PositionSchema.safeParse(fields);
    if (!parsed.success) return data(refusal("recipient.errors.badPosition"), { status: 400 });
    const { latitude, longitude, accuracy } = parsed.data;
    const stored = await sharePrecise(code, { latitude, longitude, accuracyMeters: accuracy });
    if (stored.count === 0) return data(refusal("recipient.errors.closed"), { status: 409 });
    throw redirect(paths.share);
  }
  if (intent === "approximate") {
    const located = await shareApproximate(code, clientAddress(request));
    if (located === "closed") return data(refusal("recipient.errors.closed"), { status: 409 });
    throw redirect(located ? paths.share : `${paths.failed}&reason=ip`);
  }
  if (!(await decline(code))) return data(refusal("recipient.errors.closed"), { status: 409 });
  throw redirect(paths.share);
}

export const handle = recipientHandle;

export default function ConsentPage() {
  const loaderData = useLoaderData<typeof loader>();
  const t = useT();
  const outcome = loaderData.kind === "consent" ? loaderData.outcome : null;
  // A refused post (no tick before Erase, a closed request) is said where a post's outcome is: first.
  const actionData = useActionData<typeof action>();
  const error = useReplyErrors(actionData && "errors" in actionData ? actionData : null).error("form");
  return (
    <RecipientPage
      reportCode={
        loaderData.kind === "consent" ? loaderData.request.code : loaderData.kind === "expired" ? loaderData.id : null
      }
      outcome={error ? { title: error, problem: true } : outcome ? { title: t(`recipient.outcome.${outcome}`) } : null}
      script={loaderData.kind === "consent" ? REMEMBER_TIME_ZONE_ES5 + CONSENT_SCRIPT : undefined}
    >
      {loaderData.kind === "invalid" || loaderData.kind === "expired" ? (
        <UnusableLink page={loaderData} />
      ) : (
        <Consent view={loaderData.request} controls={loaderData.controls} />
      )}
    </RecipientPage>
  );
}

/**
 * Without JavaScript the browser cannot be asked for its position: the precise choice steps aside
 * (with a sentence that says why) and the approximate one becomes the main action.
 */
const NO_SCRIPT_CSS =
  "#share-precise{display:none}#share-approximate{background:var(--color-brand);color:#fff}#no-script-note{display:block}";

function Consent({ view, controls }: { view: RecipientView; controls: RecipientControlsView }) {
  const t = useT();
  const locale = useLocale();
  const paths = recipientPaths(view.code, locale);
  const name = view.requesterName;
  const nonce = useNonce();
  return (
    <section aria-labelledby="consent-title">
      <div className="asker">
        <span className="avatar" aria-hidden="true">
          {view.requesterInitials}
        </span>
        <div>
          <h1 id="consent-title">{t("recipient.consent.title", { name })}</h1>
        </div>
      </div>
      <p className="muted" data-testid="unverified">
        {t("recipient.consent.unverified", { name })}
      </p>
      {view.state !== "pending" ? (
        <div className="notice" role="status">
          <p>
            {t("recipient.consent.answered")} <a href={paths.share}>{t("recipient.consent.seeAnswer")}</a>
          </p>
        </div>
      ) : null}
      {view.canAnswer ? (
        <>
          <p className="lead">{t("recipient.consent.intro")}</p>
          <form method="post" id="consent" className="choices" data-failed={paths.failed}>
            <button
              type="submit"
              name="intent"
              value="precise"
              id="share-precise"
              className="button button-primary"
              aria-label={t("recipient.actions.precise")}
              aria-describedby="precise-hint"
            >
              {t("recipient.actions.precise")}
              <small id="precise-hint">{t("recipient.actions.preciseHint")}</small>
            </button>
            <p id="locating" className="notice" role="status" hidden>
              {t("recipient.consent.locating")}
            </p>
            <button
              type="submit"
              name="intent"
              value="approximate"
              id="share-approximate"
              className="button"
              aria-label={t("recipient.actions.approximate")}
              aria-describedby="approximate-hint"
            >
              {t("recipient.actions.approximate")}
              <small id="approximate-hint">
                {t("recipient.actions.approximateHint", { km: view.approximateRadiusKm })}
              </small>
            </button>
            <p id="no-script-note" className="muted" hidden>
              {t("recipient.consent.noScript")}
            </p>
            <button type="submit" name="intent" value="decline" className="button button-secondary">
              {t("recipient.actions.decline")}
            </button>
          </form>
          <noscript dangerouslySetInnerHTML={{ __html: `<style nonce="${nonce}">${NO_SCRIPT_CSS}</style>` }} />
          <div className="card">
            <h2>{t("recipient.consent.whatTitle")}</h2>
            <ul className="facts">
              <li>{t("recipient.consent.precise")}</li>
              <li>{t("recipient.consent.approximate", { km: view.approximateRadiusKm })}</li>
              <li>{t("recipient.consent.kept", { name, count: view.retentionDays })}</li>
              <li>{t("recipient.consent.privacy")}</li>
            </ul>
          </div>
        </>
      ) : null}
      {controls ? <RecipientControls controls={controls} consentPath={paths.consent} back="consent" /> : null}
    </section>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data && "title" in data ? data.title : "404" },
  { name: "robots", content: "noindex" },
];
