import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";

import { guardPage } from "~/auth/guards.server";
import { useReplyErrors } from "~/components/form-reply";
import { getLocale, getT } from "~/i18n/i18next.server";
import { useLocale, useT } from "~/i18n/use-t";
import { REPORT_DETAILS_MAX, REPORT_REASONS } from "~/recipient/abuse-report";
import { ReportSchema, submitReport, wasReported } from "~/recipient/abuse-report.server";
import { recipientHandle } from "~/recipient/bare";
import { InvalidLink, RecipientPage } from "~/recipient/components";
import { FOCUS_OUTCOME, outcomeOf, withOutcome } from "~/recipient/outcome";
import { recipientPaths } from "~/recipient/paths";
import { invalidLink, recipientKeysOfLink, requestFromQuery } from "~/recipient/recipient.server";
import { cleanLine } from "~/utils/display-text";
import { readFormData } from "~/utils/form-data.server";
import { parseForm, replyOf } from "~/utils/parse-form";

// `/report?c=CODE`: a recipient reports a request they think is abuse (a stranger, harassment, a
// message pretending to be a bank). Open from the consent, thank-you and expired pages, also once the
// link has expired: a report is most needed after the fact.

export async function loader({ request, context }: LoaderFunctionArgs) {
  await guardPage({ request, context }, "anyone");
  const link = await requestFromQuery(request);
  if (!link) return invalidLink(request);
  const t = await getT(request);
  return {
    kind: "report" as const,
    title: t("recipient.report.title"),
    code: link.id,
    requesterName: cleanLine(link.row.requesterName),
    /** Whether a report from this link also blocks the requester for this recipient. */
    blocks: (await recipientKeysOfLink(link)).length > 0,
    sent: await wasReported(link),
    /** Right after the post: the page's script moves focus to the confirmation. */
    justSent: outcomeOf(request.url) === "report",
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  await guardPage({ request, context }, "anyone");
  const link = await requestFromQuery(request);
  if (!link) return invalidLink(request);
  const form = await readFormData(request);
  const parsed = parseForm(ReportSchema, {
    reason: form.get("reason") ?? undefined,
    details: String(form.get("details") ?? ""),
  });
  if (!parsed.ok) {
    const values = {
      reason: String(form.get("reason") ?? ""),
      details: String(form.get("details") ?? "").slice(0, 5000),
    };
    // Keys only: the message names the limit the page states, not the schema's wider bound on raw text.
    return data(replyOf({ errors: parsed.errors }, values), { status: 400 });
  }
  // A second report from the same link is not stored again; the page says it was received either way.
  await submitReport(link, parsed.data, getLocale(request));
  throw redirect(withOutcome(recipientPaths(link.id, getLocale(request)).report, "report"), 303);
}

export const handle = recipientHandle;

export default function Report() {
  const page = useLoaderData<typeof loader>();
  return (
    <RecipientPage reportCode={null} script={page.kind === "report" && page.justSent ? FOCUS_OUTCOME : undefined}>
      {page.kind === "invalid" ? <InvalidLink /> : page.sent ? <Sent {...page} /> : <ReportForm {...page} />}
    </RecipientPage>
  );
}

type ReportPage = { code: string; requesterName: string; blocks: boolean };

/**
 * The answer to the report: the confirmation is the page's heading and first thing, in the banner's
 * look; right after the post (`justSent`) the script moves focus to it, as the other pages' banners.
 */
function Sent({ code, requesterName, blocks, justSent }: ReportPage & { justSent: boolean }) {
  const t = useT();
  const locale = useLocale();
  return (
    <>
      <section
        className="banner"
        id={justSent ? "outcome" : undefined}
        role={justSent ? "alert" : "status"}
        tabIndex={-1}
        aria-labelledby="report-title"
        data-testid="outcome"
      >
        <h1 id="report-title">{t("recipient.report.sent.title")}</h1>
        <p data-testid="report-sent">{t("recipient.report.sent.text")}</p>
        {blocks ? <p>{t("recipient.report.sent.blocked", { name: requesterName })}</p> : null}
      </section>
      <p>{t("recipient.report.sent.danger")}</p>
      <p className="choices">
        <a className="button" href={recipientPaths(code, locale).consent}>
          {t("recipient.report.back")}
        </a>
      </p>
    </>
  );
}

function ReportForm({ code, requesterName, blocks }: ReportPage) {
  const t = useT();
  const locale = useLocale();
  const failed = useActionData<typeof action>();
  const reply = failed && "errors" in failed ? failed : null;
  const { error } = useReplyErrors(reply, { max: REPORT_DETAILS_MAX });
  const values = reply?.values ?? { reason: "", details: "" };
  const problems = (["reason", "details"] as const).filter((field) => error(field));
  return (
    <section aria-labelledby="report-title">
      <h1 id="report-title">{t("recipient.report.title")}</h1>
      <p className="lead">{t("recipient.report.intro", { name: requesterName })}</p>
      {problems.length ? (
        <div className="notice notice-error" role="alert" aria-labelledby="report-problems" data-testid="error-summary">
          <h2 id="report-problems">{t("recipient.report.errors.title")}</h2>
          <ul>
            {problems.map((field) => (
              <li key={field}>
                <a href={field === "reason" ? `#reason-${REPORT_REASONS[0]}` : "#report-details"}>{error(field)}</a>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <form method="post" noValidate>
        <fieldset aria-describedby={error("reason") ? "reason-error" : undefined}>
          <legend>{t("recipient.report.reasonLegend")}</legend>
          {error("reason") ? (
            <p className="field-error" id="reason-error">
              {error("reason")}
            </p>
          ) : null}
          {REPORT_REASONS.map((reason) => (
            <label className="radio" key={reason} htmlFor={`reason-${reason}`}>
              <input
                type="radio"
                id={`reason-${reason}`}
                name="reason"
                value={reason}
                defaultChecked={values.reason === reason}
                required
              />
              <span>{t(`recipient.report.reasons.${reason}`)}</span>
            </label>
          ))}
        </fieldset>
        <label htmlFor="report-details">{t("recipient.report.detailsLabel")}</label>
        <p className="hint" id="report-details-hint">
          {t("recipient.report.detailsHint", { max: REPORT_DETAILS_MAX })}
        </p>
        {error("details") ? (
          <p className="field-error" id="report-details-error">
            {error("details")}
          </p>
        ) : null}
        <textarea
          id="report-details"
          name="details"
          rows={5}
          maxLength={REPORT_DETAILS_MAX}
          defaultValue={values.details}
          aria-invalid={error("details") ? true : undefined}
          aria-describedby={error("details") ? "report-details-hint report-details-error" : "report-details-hint"}
        />
        {blocks ? <p className="notice">{t("recipient.report.blocks", { name: requesterName })}</p> : null}
        <div className="choices">
          <button type="submit" className="button button-primary">
            {t("recipient.report.submit")}
          </button>
          <a className="button button-quiet" href={recipientPaths(code, locale).consent}>
            {t("recipient.report.back")}
          </a>
        </div>
      </form>
    </section>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.title },
  { name: "robots", content: "noindex" },
];
