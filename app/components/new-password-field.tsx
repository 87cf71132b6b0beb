import { useT } from "~/i18n/use-t";

import { Field } from "./form";

/**
 * A new password for the account of `email` (the success dialog, the e-mailed link): the address as
 * the username password managers save it under, the field with its bounds, and the hint under it.
 */
export function NewPasswordField({ email, error }: { email: string; error?: string | false }) {
  const t = useT();
  return (
    <>
      <input type="text" name="email" value={email} autoComplete="username" readOnly hidden />
      <Field
        name="password"
        type="password"
        autoComplete="new-password"
        minLength={6}
        maxLength={128}
        required
        label={t("account.choosePassword.label")}
        error={error}
      />
      <p className="field-hint">{t("account.choosePassword.hint")}</p>
    </>
  );
}
