import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes } from "react";

type FieldProps = InputHTMLAttributes<HTMLInputElement> & {
  name: string;
  label: string;
  error?: string | false;
  addon?: ReactNode;
};

/** A labelled input whose error is announced and tied to it. */
export function Field({ label, error, addon, ...input }: FieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="field">
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
      {error ? (
        <p className="field-error" id={errorId}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function SubmitButton({ busy, children }: { busy: boolean; children: ReactNode }) {
  return (
    <button
      type="submit"
      className="button button-primary"
      aria-disabled={busy || undefined}
      data-busy={busy || undefined}
    >
      {busy ? <span className="spinner" aria-hidden="true" /> : null}
      {children}
    </button>
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
