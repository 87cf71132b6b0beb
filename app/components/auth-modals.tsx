import { useFetcher, useLocation, useRouteLoaderData, useSearchParams } from "@remix-run/react";
import { useEffect, useState, type FormEvent } from "react";

import { canEncrypt, encryptPassword } from "~/auth/encrypt.client";
import { pageWithModal, pageWithoutModal } from "~/auth/modal-url";
import { hasErrors, validateLogin, validateReset, validateSendCode, type FieldErrors } from "~/auth/validation";
import type { MessageKey } from "~/i18n/keys";
import { useT } from "~/i18n/use-t";
import type { loader as rootLoader } from "~/root";
import type { FormReply } from "~/utils/parse-form";
import { useHydrated } from "~/utils/use-hydrated";

import { Field, FormError, SubmitButton } from "./form";
import { useReplyErrors } from "./form-reply";
import { Modal } from "./modal";
import { notify } from "./toasts";

/** The sign-in and reset-password dialogs, opened by `?modal=login` or `?modal=reset` on any page. */
export function AuthModals() {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const [params] = useSearchParams();
  const { pathname, search } = useLocation();
  if (!root || root.user) return null;
  const page = pageWithoutModal(pathname, search);
  const flashForm = root.flash?.form;
  const modal = params.get("modal");
  if (modal === "login") {
    return (
      <LoginModal
        page={page}
        prefill={params.get("email") ?? ""}
        flashForm={flashForm?.form === "login" ? flashForm : undefined}
        publicKey={root.publicKey}
      />
    );
  }
  if (modal === "reset") {
    const step = params.get("step") === "2" && params.get("email") ? 2 : 1;
    return (
      <ResetModal
        key={step}
        page={page}
        step={step}
        lockedEmail={params.get("email") ?? ""}
        flashForm={flashForm?.form === "reset" ? flashForm : undefined}
        publicKey={root.publicKey}
      />
    );
  }
  return null;
}

/** The dialog's form refused by its route, carried across the redirect back (app/utils/toast.server.ts). */
type FlashForm = FormReply;

/** Submits through a fetcher after checks and encryption; the form posts natively without JavaScript. */
function useGuardedSubmit(action: string, publicKey: string) {
  const fetcher = useFetcher();
  const [preparing, setPreparing] = useState(false);
  const busy = preparing || fetcher.state !== "idle";
  async function submit(form: HTMLFormElement, fields: Record<string, string>, encryptField?: string) {
    const data = new FormData(form);
    for (const [name, value] of Object.entries(fields)) data.set(name, value);
    if (encryptField && canEncrypt()) {
      setPreparing(true);
      try {
        data.set(encryptField, await encryptPassword(publicKey, fields[encryptField] ?? ""));
        data.set("encrypted", "1");
      } finally {
        setPreparing(false);
      }
    }
    fetcher.submit(data, { method: "post", action });
  }
  return { busy, submit };
}

/**
 * The errors on screen: the server's reply after the redirect, then the dialog's own checks once it
 * is submitted again; translated as every page's reply is (`useReplyErrors`).
 */
function useServerErrors(flashForm?: FlashForm) {
  const [errors, setErrors] = useState<FieldErrors & { form?: MessageKey }>(flashForm?.errors ?? {});
  useEffect(() => setErrors(flashForm?.errors ?? {}), [flashForm]);
  const { error } = useReplyErrors({ errors, errorValues: flashForm?.errorValues });
  return [error, setErrors] as const;
}

function LoginModal({
  page,
  prefill,
  flashForm,
  publicKey,
}: {
  page: string;
  prefill: string;
  flashForm?: FlashForm;
  publicKey: string;
}) {
  const t = useT();
  const hydrated = useHydrated();
  const [error, setErrors] = useServerErrors(flashForm);
  const [showPassword, setShowPassword] = useState(false);
  const { busy, submit } = useGuardedSubmit("/auth/login", publicKey);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const data = new FormData(event.currentTarget);
    const email = String(data.get("email") ?? "").trim();
    const password = String(data.get("password") ?? "").trim();
    const found = validateLogin({ email, password });
    setErrors(found);
    if (hasErrors(found)) return;
    void submit(event.currentTarget, { email, password }, "password");
  }

  return (
    <Modal id="login-modal" title={t("loginModal.title")} closeTo={page} closeOnEscape={false}>
      <form method="post" action="/auth/login" noValidate onSubmit={onSubmit} aria-busy={busy}>
        <input type="hidden" name="returnTo" value={page} />
        <FormError message={error("form")} />
        <Field
          name="email"
          type="email"
          label={t("loginModal.email")}
          autoComplete="email"
          defaultValue={flashForm?.values.email ?? prefill}
          error={error("email")}
        />
        <Field
          name="password"
          type={showPassword ? "text" : "password"}
          label={t("loginModal.password")}
          autoComplete="current-password"
          error={error("password")}
          addon={
            hydrated ? (
              <button
                type="button"
                className="toggle-password"
                aria-pressed={showPassword}
                onClick={() => setShowPassword((s) => !s)}
              >
                {showPassword ? t("loginModal.hidePassword") : t("loginModal.showPassword")}
              </button>
            ) : null
          }
        />
        <SubmitButton busy={busy}>{t("loginModal.submit")}</SubmitButton>
        <a className="modal-link" href={pageWithModal(page, { modal: "reset" })}>
          {t("loginModal.forgotPassword")}
        </a>
      </form>
    </Modal>
  );
}

function ResetModal(props: {
  page: string;
  step: 1 | 2;
  lockedEmail: string;
  flashForm?: FlashForm;
  publicKey: string;
}) {
  const { page, step, lockedEmail, flashForm, publicKey } = props;
  const t = useT();
  const [error, setErrors] = useServerErrors(flashForm);
  const { busy, submit } = useGuardedSubmit(step === 1 ? "/auth/send-code" : "/auth/reset-password", publicKey);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const data = new FormData(event.currentTarget);
    const email = step === 2 ? lockedEmail : String(data.get("email") ?? "").trim();
    if (step === 1) {
      const found = validateSendCode({ email });
      setErrors(found);
      if (!hasErrors(found)) void submit(event.currentTarget, { email });
      return;
    }
    const password = String(data.get("password") ?? "").trim();
    const verificationCode = String(data.get("verificationCode") ?? "").trim();
    const found = validateReset({ email, password, verificationCode });
    setErrors(found);
    if (!password || !verificationCode) notify({ type: "error", message: t("resetPwdModal.PleaseEnterCode") });
    if (!hasErrors(found)) void submit(event.currentTarget, { email, password, verificationCode }, "password");
  }

  return (
    <Modal id="reset-modal" title={t("resetPwdModal.title")} closeTo={page} closeOnEscape={false}>
      <form
        method="post"
        action={step === 1 ? "/auth/send-code" : "/auth/reset-password"}
        noValidate
        onSubmit={onSubmit}
        aria-busy={busy}
      >
        <input type="hidden" name="returnTo" value={page} />
        <FormError message={error("form")} />
        {step === 1 ? (
          <>
            <p className="modal-help">{t("resetPwdModal.step1Help")}</p>
            <Field
              name="email"
              type="email"
              label={t("resetPwdModal.email")}
              autoComplete="email"
              defaultValue={flashForm?.values.email ?? lockedEmail}
              error={error("email")}
            />
            <SubmitButton busy={busy}>{t("resetPwdModal.reset")}</SubmitButton>
          </>
        ) : (
          <>
            <p className="modal-help">{t("resetPwdModal.step2Help")}</p>
            <Field
              name="email"
              type="email"
              label={t("resetPwdModal.email")}
              value={lockedEmail}
              readOnly
              error={error("email")}
            />
            {/* Spec section 2: the new password is shown as plain text. */}
            <Field
              name="password"
              type="text"
              label={t("resetPwdModal.newPassword")}
              autoComplete="new-password"
              error={error("password")}
            />
            <Field
              name="verificationCode"
              type="text"
              inputMode="numeric"
              label={t("resetPwdModal.verificationCode")}
              autoComplete="one-time-code"
              maxLength={6}
              error={error("verificationCode")}
            />
            <SubmitButton busy={busy}>{t("resetPwdModal.confirm")}</SubmitButton>
          </>
        )}
      </form>
    </Modal>
  );
}
