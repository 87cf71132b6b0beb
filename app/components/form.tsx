import { useEffect, useId, useRef, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes } from "react";

import { useT } from "~/i18n/use-t";
import { useHydrated } from "~/utils/use-hydrated";

type FieldProps = InputHTMLAttributes<HTMLInputElement> & {
  name: string;
  label: string;
  error?: string | false;
  addon?: ReactNode;
  /** A stable id, for an error summary to link to (a generated one otherwise). */
  id?: string;
};

/** A labelled input whose error is announced and tied to it. */
export function Field({ label, error, addon, id: given, ...input }: FieldProps) {
  const generated = useId();
  const id = given ?? generated;
  const errorId = `${id}-error`;
  return (
    <div className={error ? "field field-has-error" : "field"}>
      <label htmlFor={id}>{label}</label>
      <div className="field-control">
        <input
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          {...input}
        />
        {addon}
      </div>
      <FieldError id={errorId} message={error} />
    </div>
  );
}

/** A field's error, tied to its input by `id` (aria-describedby). */
export function FieldError({ id, message }: { id: string; message?: string | false }) {
  return message ? (
    <p className="field-error" id={id}>
      {message}
    </p>
  ) : null;
}

/** The form's main button; `waiting`: the action cannot be taken yet (a limit), so it is disabled. */
export function SubmitButton({
  busy,
  waiting = false,
  secondary = false,
  children,
}: {
  busy: boolean;
  waiting?: boolean;
  /** A screen has one primary action: the others are secondary buttons. */
  secondary?: boolean;
  children: ReactNode;
}) {
  return (
    <button
      type="submit"
      className={secondary ? "button" : "button button-primary"}
      aria-disabled={busy || undefined}
      disabled={waiting || undefined}
      data-busy={busy || undefined}
    >
      {busy ? <span className="spinner" aria-hidden="true" /> : null}
      {children}
    </button>
  );
}

/**
 * The problems of a form that was sent back (GOV.UK's error summary): at the top of the form, each
 * one a link to its field (`href` `#id`), or plain text for the form as a whole. With JavaScript it
 * takes focus and scrolls into view, so a refused send never looks like nothing happened. Without,
 * the answer is a new page, which a browser would open at its top, screens above a form lower down
 * (the dashboard's third New Search form): `autofocus` has the browser focus the summary as the page
 * loads, which brings it into view, and a screen reader reads it first. (Only in the server's HTML:
 * in the browser React would focus it on mounting, scrolling it once before the effect centres it.)
 */
export function ErrorSummary({ problems }: { problems: { text: string; field?: string }[] }) {
  const t = useT();
  const titleId = useId();
  const box = useRef<HTMLDivElement>(null);
  const key = problems.map((p) => p.text).join("|");
  const hydrated = useHydrated();
  useEffect(() => {
    if (!key) return;
    box.current?.focus({ preventScroll: true });
    box.current?.scrollIntoView({ block: "center" });
  }, [key]);
  if (!problems.length) return null;
  return (
    <div className="error-summary" role="alert" tabIndex={-1} ref={box} aria-labelledby={titleId} autoFocus={!hydrated}>
      <h2 id={titleId}>{t("errors.summaryTitle")}</h2>
      <ul>
        {problems.map((problem) => (
          <li key={problem.text}>{problem.field ? <a href={`#${problem.field}`}>{problem.text}</a> : problem.text}</li>
        ))}
      </ul>
    </div>
  );
}

/** A message about the whole form (not one field), announced when it appears. */
export function FormError({ message }: { message?: string | false }) {
  if (!message) return null;
  return (
    <p className="form-error" role="alert">
      {message}
    </p>
  );
}

/** A labelled select (the country-code and language pickers). */
export function SelectField({
  label,
  children,
  ...select
}: SelectHTMLAttributes<HTMLSelectElement> & { name: string; label: string; children: ReactNode }) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <div className="field-control">
        <select id={id} {...select}>
          {children}
        </select>
      </div>
    </div>
  );
}

/** The country-code picker of the phone-number forms: "+63 Philippines", the market's countries first. */
export function CountryField({
  countries,
  ...select
}: SelectHTMLAttributes<HTMLSelectElement> & {
  name: string;
  label: string;
  countries: { region: string; dial: string; name: string }[];
}) {
  return (
    <SelectField {...select}>
      {countries.map((c) => (
        <option key={c.region} value={c.region}>
          {`${c.dial} ${c.name}`}
        </option>
      ))}
    </SelectField>
  );
}
