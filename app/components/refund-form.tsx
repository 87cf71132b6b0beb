import { Form, useActionData, useLocation, useNavigation, useRouteLoaderData } from "@remix-run/react";

import { useT } from "~/i18n/use-t";
import type { loader as rootLoader } from "~/root";
import type { FormReply } from "~/utils/parse-form";

import { ErrorSummary, Field, SubmitButton } from "./form";
import { useReplyErrors } from "./form-reply";

/**
 * The /unsubscribe-and-refund form (e-mail + reason). It posts to its own page, which e-mails the
 * account's owner a confirmation link and comes back with a toast; errors come back as the action's
 * answer (4xx), summed up above the form and beside each field.
 */
export function RefundForm() {
  const t = useT();
  // What the refund page's action answers when it refuses the form (routes/unsubscribe-and-refund.tsx).
  const answer = useActionData<FormReply<string, { email: string; reason: string }>>();
  const navigation = useNavigation();
  // A new address after the success redirect empties the form.
  const { key } = useLocation();
  const { error, problems } = useReplyErrors(answer);
  // A signed-in person asks about their own account: their address is filled in.
  const accountEmail = useRouteLoaderData<typeof rootLoader>("root")?.user?.email;
  return (
    <Form method="post" id="refund-form" key={key} className="panel refund-form" aria-labelledby="refund-form-title">
      <h2 id="refund-form-title">{t("payments.refund.title")}</h2>
      {/* What was refused, at the top of the form, each field's problem a link to it (GOV.UK's pattern). */}
      <ErrorSummary problems={problems({ email: "refund-email", reason: "refund-reason" })} />
      <Field
        id="refund-email"
        name="email"
        type="email"
        label={t("payments.refund.email")}
        autoComplete="email"
        required
        maxLength={254}
        defaultValue={answer?.values.email ?? accountEmail}
        error={error("email")}
      />
      <div className="field">
        <label htmlFor="refund-reason">{t("payments.refund.reason")}</label>
        <textarea
          id="refund-reason"
          name="reason"
          required
          maxLength={2000}
          rows={4}
          defaultValue={answer?.values.reason}
          aria-invalid={error("reason") ? true : undefined}
          aria-describedby={error("reason") ? "refund-reason-error" : undefined}
        />
        {error("reason") ? (
          <p className="field-error" id="refund-reason-error">
            {error("reason")}
          </p>
        ) : null}
      </div>
      <SubmitButton busy={navigation.state === "submitting"}>{t("payments.refund.submit")}</SubmitButton>
    </Form>
  );
}
