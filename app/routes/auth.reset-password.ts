import { redirect, type ActionFunctionArgs } from "@remix-run/node";

import { pageWithModal } from "~/auth/modal-url";
import { resetPassword } from "~/auth/password-reset.server";
import { createSession, sessionCookieHeader } from "~/auth/session.server";
import { readPassword } from "~/auth/sign-in.server";
import { paths } from "~/http/paths";
import { localeFromPath, localizePath } from "~/i18n/locales";
import { waitMinutes } from "~/limits/rate-limit.server";
import { clientIp } from "~/utils/client-ip.server";
import { readFormData } from "~/utils/form-data.server";
import { refusal, replyOf } from "~/utils/parse-form";
import { safeRedirect } from "~/utils/safe-redirect";
import { redirectWithFlash } from "~/utils/toast.server";

export const loader = () => redirect("/?modal=reset");

export async function action({ request }: ActionFunctionArgs) {
  const form = await readFormData(request, { plain: true });
  const page = safeRedirect(form.get("returnTo"), "/");
  const email = String(form.get("email") ?? "").trim();
  const password = await readPassword({
    password: String(form.get("password") ?? "").trim(),
    encrypted: form.get("encrypted") === "1",
  });
  const result = await resetPassword(
    { email, password, verificationCode: String(form.get("verificationCode") ?? "") },
    clientIp(request),
  );
  if (result.ok) {
    // Spec section 4: reset success → toast, fields cleared, dialog closes; the person who proved the
    // mailbox and chose the password is signed in (every other session ended with the reset).
    const { token } = await createSession(result.userId);
    return redirectWithFlash(
      localizePath(paths.dashboard, localeFromPath(page)),
      { toast: { type: "success", key: "resetPwdModal.passwordChanged" } },
      { headers: { "Set-Cookie": await sessionCookieHeader(token) } },
    );
  }
  // No values: the e-mail rides in the address (the dialog's second step locks it), the rest is secret.
  const reply =
    result.error === "validation"
      ? replyOf({ errors: result.fields }, {}, "reset")
      : result.error === "throttled"
        ? refusal("errors.tryAgainIn", {
            errorValues: { minutes: waitMinutes(result.retryAfterSeconds) },
            form: "reset",
          })
        : refusal("resetPwdModal.codeInvalid", { form: "reset" });
  const missing = result.error === "validation" && (result.fields.password || result.fields.verificationCode);
  return redirectWithFlash(pageWithModal(page, { modal: "reset", step: "2", email: email.toLowerCase() }), {
    ...(missing ? { toast: { type: "error" as const, key: "resetPwdModal.PleaseEnterCode" } } : {}),
    form: reply,
  });
}
