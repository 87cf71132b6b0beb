// A New Search form's frame and the fields all three share (app/components/dashboard/new-search.tsx).
import { Form, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";

import { ErrorSummary, Field, SelectField, SubmitButton } from "~/components/form";
import { useReplyErrors } from "~/components/form-reply";
import { isLocale, locales, type Locale } from "~/i18n/locales";
import { useLocale, useT } from "~/i18n/use-t";
import { NAME_MAX } from "~/utils/display-text";

import type { DashboardForm, NewSearchReply, SlotReason } from "./types";

/** A channel's three-hour slot while it is taken: when it opens again and which request took it. */
export type Slot = { time: string; usedBy: SlotReason | null };

function useBusy(intent: string) {
  const navigation = useNavigation();
  return navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
}

/**
 * A New Search form: posts its `intent` to the dashboard's action. SMS, the first, has the screen's
 * one primary button; e-mail and link have secondary ones. What went wrong is summarised at
 * its top (each field's problem a link to the field); while the channel's three hours run, it says
 * when the next one may be sent and its button waits.
 */
export function RequestForm(props: {
  intent: DashboardForm;
  title: string;
  submit: string;
  reply?: NewSearchReply;
  slot: Slot | null;
  before?: ReactNode;
  children: ReactNode;
}) {
  const { intent, title, submit, reply, slot, before, children } = props;
  const t = useT();
  const busy = useBusy(intent);
  // A refusal of the whole post is the page's banner (app/routes/dashboard.tsx); the fields' are here.
  const fields = Object.keys(reply?.errors ?? {}).filter((field) => field !== "form");
  const problems = useReplyErrors(reply, { max: NAME_MAX }).problems(
    Object.fromEntries(fields.map((field) => [field, `${intent}-${field}`])),
    { form: false },
  );
  return (
    <Form
      method="post"
      className="panel new-search-form"
      aria-labelledby={`${intent}-heading`}
      noValidate
      data-testid={`${intent}-form`}
    >
      {before}
      <input type="hidden" name="intent" value={intent} />
      <h3 id={`${intent}-heading`}>{title}</h3>
      <ErrorSummary problems={problems} />
      {children}
      {slot && !reply?.errors.form ? (
        <div className="notice notice-warn" data-testid="slot">
          <p data-testid="next-at">{t("dashboard.new.nextAt", { time: slot.time })}</p>
          {slot.usedBy ? (
            <p data-testid="slot-reason">
              {t(`dashboard.new.slot.${intent}`, { to: slot.usedBy.to, at: slot.usedBy.at })}
              {slot.usedBy.notAccepted ? <> {t("dashboard.new.slot.notAccepted")}</> : null}
            </p>
          ) : null}
        </div>
      ) : null}
      <SubmitButton busy={busy} waiting={slot !== null} secondary={intent !== "sms"}>
        {submit}
      </SubmitButton>
    </Form>
  );
}

/** The name the recipient sees; controlled when the caller passes `value`. */
export function NameField(props: {
  form: DashboardForm;
  value?: string;
  onChange?: (value: string) => void;
  defaultValue?: string;
  /** Its error's text (`useReplyErrors`). */
  error?: string;
}) {
  const t = useT();
  const { form, value, onChange, defaultValue, error } = props;
  return (
    <Field
      id={`${form}-name`}
      name="name"
      label={t("dashboard.new.name")}
      autoComplete="name"
      maxLength={NAME_MAX}
      {...(onChange ? { value, onChange: (event) => onChange(event.target.value) } : { defaultValue })}
      error={error}
    />
  );
}

/** The recipient's language: the message and the page behind the link use it. */
export function LanguageField(props: { value?: Locale; onChange?: (value: Locale) => void; defaultValue?: string }) {
  const t = useT();
  const locale = useLocale();
  const { value, onChange, defaultValue } = props;
  return (
    <SelectField
      name="language"
      label={t("dashboard.new.language")}
      {...(onChange
        ? { value, onChange: (event) => isLocale(event.target.value) && onChange(event.target.value) }
        : { defaultValue: isLocale(defaultValue) ? defaultValue : locale })}
    >
      {locales.map((l) => (
        <option key={l} value={l}>
          {t(`language.${l}`)}
        </option>
      ))}
    </SelectField>
  );
}
