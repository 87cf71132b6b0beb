import { useLocation, useMatches, useRouteLoaderData, useSearchParams } from "@remix-run/react";
import { useId, useState } from "react";

import { pageWithoutModal } from "~/auth/modal-url";
import type { PaymentMethod, PaymentTerms } from "~/billing/plans.server";
import { useT } from "~/i18n/use-t";
import type { loader as rootLoader } from "~/root";

import { ErrorSummary, Field, FieldError, SubmitButton } from "./form";
import { useReplyErrors } from "./form-reply";
import { Modal } from "./modal";
import { PriceNote } from "./price-note";

/** What a loader returns as `paymentModal` to offer the payment modal on its pages. */
export type PaymentModalData = {
  terms: PaymentTerms;
  /** The ways to pay the buyer chooses from (Stripe and PayPal both configured); empty otherwise. */
  methods: PaymentMethod[];
  buyer: { email: string; name: string; surname: string; phone: string } | null;
};

/** The payment modal's data from whichever route on the page provides it (the root, or /checkout). */
function usePaymentModalData() {
  const matches = useMatches();
  for (const match of [...matches].reverse()) {
    const data = match.data as { paymentModal?: PaymentModalData } | undefined;
    if (data?.paymentModal) return data.paymentModal;
  }
  return undefined;
}

/**
 * The payment dialog, opened by `?modal=payment` on any page whose loaders provide `paymentModal`
 * (or always, with `open`). A plain form: it works before JavaScript loads.
 */
export function PaymentModal({ open = false, closeTo }: { open?: boolean; closeTo?: string }) {
  const t = useT();
  const data = usePaymentModalData();
  const [params] = useSearchParams();
  const { pathname, search } = useLocation();
  if (!data || (!open && params.get("modal") !== "payment")) return null;
  const page = pageWithoutModal(pathname, search);
  return (
    <Modal
      id="payment-modal"
      title={t(data.buyer ? "payments.modal.renewTitle" : "payments.modal.title")}
      closeTo={closeTo ?? page}
    >
      <PaymentForm data={data} returnTo={page} />
    </Modal>
  );
}

/** The form's fields by name → the id the error summary's line links to (one payment form per page). */
const PROBLEM_FIELDS = {
  name: "payment-name",
  surname: "payment-surname",
  email: "payment-email",
  phone: "payment-phone",
  adult: "payment-adult",
  provider: "payment-provider",
};

export function PaymentForm({ data, returnTo }: { data: PaymentModalData; returnTo: string }) {
  const t = useT();
  const flash = useRouteLoaderData<typeof rootLoader>("root")?.flash?.form;
  const mine = flash?.form === "payment" ? flash : undefined;
  const { error, problems } = useReplyErrors(mine);
  const values = mine?.values ?? {};
  const [busy, setBusy] = useState(false);
  const { terms, buyer, methods } = data;
  // PayPal may charge another currency than the card (it takes no IDR): then each choice says what
  // it charges, and the button names no amount.
  const sameTerms = methods.every((method) => JSON.stringify(method.terms) === JSON.stringify(terms));
  return (
    <form
      method="post"
      action="/payments/checkout"
      className="payment-form"
      onSubmit={() => setBusy(true)}
      aria-busy={busy}
    >
      <input type="hidden" name="returnTo" value={returnTo} />
      {/* What was refused, at the top of the form, each field's problem a link to it (GOV.UK's pattern). */}
      <ErrorSummary problems={problems(PROBLEM_FIELDS)} />
      <div className="payment-names">
        <Field
          id={PROBLEM_FIELDS.name}
          name="name"
          label={t("payments.modal.name")}
          autoComplete="given-name"
          required
          maxLength={80}
          defaultValue={values.name ?? buyer?.name}
          error={error("name")}
        />
        <Field
          id={PROBLEM_FIELDS.surname}
          name="surname"
          label={t("payments.modal.surname")}
          autoComplete="family-name"
          required
          maxLength={80}
          defaultValue={values.surname ?? buyer?.surname}
          error={error("surname")}
        />
      </div>
      <Field
        id={PROBLEM_FIELDS.email}
        name="email"
        type="email"
        label={t("payments.modal.email")}
        autoComplete="email"
        required
        readOnly={!!buyer}
        defaultValue={buyer?.email ?? values.email}
        error={error("email")}
      />
      <Field
        id={PROBLEM_FIELDS.phone}
        name="phone"
        type="tel"
        inputMode="tel"
        label={t("payments.modal.phone")}
        autoComplete="tel"
        maxLength={40}
        defaultValue={values.phone ?? buyer?.phone}
        error={error("phone")}
      />
      <div className="field field-check">
        <label>
          <input
            id={PROBLEM_FIELDS.adult}
            type="checkbox"
            name="adult"
            value="on"
            required
            defaultChecked={values.adult === "on"}
            aria-invalid={error("adult") ? true : undefined}
          />
          <span>{t("payments.modal.adult")}</span>
        </label>
        {error("adult") ? <p className="field-error">{error("adult")}</p> : null}
      </div>
      {methods.length > 0 ? (
        <PaymentMethods methods={methods} chosen={values.provider} showTerms={!sameTerms} error={error("provider")} />
      ) : null}
      {sameTerms ? (
        <p className="payment-terms" data-testid="payment-terms">
          <TermsText terms={terms} />
        </p>
      ) : null}
      <SubmitButton busy={busy}>
        {sameTerms ? t("payments.modal.pay", { amount: terms.dueNow }) : t("payments.modal.continue")}
      </SubmitButton>
      <PriceNote />
    </form>
  );
}

function TermsText({ terms }: { terms: PaymentTerms }) {
  const t = useT();
  const { renewal, ...values } = terms;
  return <>{t(renewal ? "payments.modal.renewTerms" : "payments.modal.terms", values)}</>;
}

/**
 * Card (Stripe) or PayPal, when both take payments: a radio group that works without JavaScript, the
 * first one chosen unless the buyer chose another before an error brought the form back.
 */
function PaymentMethods({
  methods,
  chosen,
  showTerms,
  error,
}: {
  methods: PaymentMethod[];
  chosen?: string;
  showTerms: boolean;
  error?: string | false;
}) {
  const t = useT();
  const id = useId();
  const errorId = `${id}-error`;
  const checked = methods.some((m) => m.provider === chosen) ? chosen : methods[0]!.provider;
  return (
    <fieldset
      className="field rating-field payment-methods"
      aria-describedby={error ? errorId : undefined}
      data-testid="payment-methods"
    >
      <legend>{t("payments.modal.method")}</legend>
      <div className={showTerms ? "template-options" : "rating-options"}>
        {methods.map((method, index) => (
          <label key={method.provider} className={showTerms ? "template-option" : undefined}>
            <input
              id={index === 0 ? PROBLEM_FIELDS.provider : undefined}
              type="radio"
              name="provider"
              value={method.provider}
              defaultChecked={method.provider === checked}
              aria-invalid={error ? true : undefined}
            />
            {showTerms ? (
              <span>
                <strong>{t(`payments.modal.methods.${method.provider}`)}</strong>
                <span className="template-text" data-testid="payment-terms">
                  <TermsText terms={method.terms} />
                </span>
              </span>
            ) : (
              <span>{t(`payments.modal.methods.${method.provider}`)}</span>
            )}
          </label>
        ))}
      </div>
      <FieldError id={errorId} message={error} />
    </fieldset>
  );
}
