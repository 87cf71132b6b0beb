import { useLocation, useRouteLoaderData } from "@remix-run/react";
import { useT } from "~/i18n/use-t";
import type { loader as rootLoader } from "~/root";
import { Field } from "./form";

/**
 * The /unsubscribe-and-refund form (e-mail + reason). It posts to /refund-request, which stops
 * renewals, records the request and comes back here with a toast; errors come back in the flash.
 */
export function RefundForm() {
  const t = useT();
  const { pathname } = useLocation();
  const flash = useRouteLoaderData<typeof rootLoader>("root")?.flash?.form;
  const mine = flash?.form === "refund" ? flash : undefined;
  const errors = mine?.errors ?? {};
  return (
    <form method="post" action="/refund-request" id="refund-form" className="panel refund-form" aria-labelledby="refund-form-title">
      <h2 id="refund-form-title">{t("payments.refund.title")}</h2>
      <input type="hidden" name="returnTo" value={pathname} />
      <Field name="email" type="email" label={t("payments.refund.email")} autoComplete="email" required defaultValue={mine?.values.email} error={errors.email && t(errors.email)} />
      <div className="field">
        <label htmlFor="refund-reason">{t("payments.refund.reason")}</label>
        <textarea id="refund-reason" name="reason" required maxLength={2000} rows={4} defaultValue={mine?.values.reason} aria-invalid={errors.reason ? true : undefined} />
        {errors.reason ? <p className="field-error">{t(errors.reason)}</p> : null}
      </div>
      <button type="submit" className="button button-primary">
        {t("payments.refund.submit")}
      </button>
    </form>
  );
}
