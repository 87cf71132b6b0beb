import { redirect, type ActionFunctionArgs } from "@remix-run/node";

import { pageWithModal } from "~/auth/modal-url";
import { sendResetCode } from "~/auth/password-reset.server";
import { localeFromPath } from "~/i18n/locales";
import { waitMinutes } from "~/limits/rate-limit.server";
import { clientIp } from "~/utils/client-ip.server";
import { readFormData } from "~/utils/form-data.server";
import { replyOf } from "~/utils/parse-form";
import { safeRedirect } from "~/utils/safe-redirect";
import { redirectWithFlash } from "~/utils/toast.server";

export const loader = () => redirect("/?modal=reset");

export async function action({ request }: ActionFunctionArgs) {
  const form = await readFormData(request, { plain: true });
  const page = safeRedirect(form.get("returnTo"), "/");
  const email = String(form.get("email") ?? "").trim();
  const result = await sendResetCode(email, clientIp(request), localeFromPath(page));
  if (result.ok) {
    return redirectWithFlash(pageWithModal(page, { modal: "reset", step: "2", email: email.toLowerCase() }), {
      // Plain words on the screen; the spec's 'Send code success' stays the API's message.
      toast: { type: "success", key: "resetPwdModal.codeSent", values: { email: email.toLowerCase() } },
    });
  }
  // A refused address is said on its field; why no code went out is the toast's.
  const errors = result.error === "validation" ? result.fields : {};
  return redirectWithFlash(pageWithModal(page, { modal: "reset" }), {
    toast:
      result.error === "throttled"
        ? { type: "error", key: "errors.tryAgainIn", values: { minutes: waitMinutes(result.retryAfterSeconds) } }
        : { type: "error", key: "resetPwdModal.codeNotSent" },
    form: replyOf({ errors }, { email }, "reset"),
  });
}
