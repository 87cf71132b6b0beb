import { redirect, type ActionFunctionArgs } from "@remix-run/node";

import { authenticator } from "~/auth/authenticator.server";
import { pageWithModal } from "~/auth/modal-url";
import { sessionCookieHeader } from "~/auth/session.server";
import { paths } from "~/http/paths";
import type { FieldMessages } from "~/i18n/keys";
import { localeFromPath, localizePath } from "~/i18n/locales";
import { waitMinutes } from "~/limits/rate-limit.server";
import { readFormData } from "~/utils/form-data.server";
import { safeRedirect } from "~/utils/safe-redirect";
import { redirectWithFlash } from "~/utils/toast.server";

export const loader = () => redirect("/?modal=login");

export async function action({ request }: ActionFunctionArgs) {
  const form = await readFormData(request.clone(), { plain: true });
  const page = safeRedirect(form.get("returnTo"), "/");
  const result = await authenticator.authenticate("password", request);
  if (result.ok) {
    return redirect(localizePath(paths.dashboard, localeFromPath(page)), {
      headers: { "Set-Cookie": await sessionCookieHeader(result.token) },
    });
  }
  const email = String(form.get("email") ?? "").trim();
  if (result.error === "throttled") {
    // The wait rides in the form values: the modal's message interpolates it.
    return redirectWithFlash(pageWithModal(page, { modal: "login" }), {
      form: {
        form: "login",
        errors: { form: "errors.tryAgainIn" },
        values: { email, minutes: String(waitMinutes(result.retryAfterSeconds)) },
      },
    });
  }
  const errors: FieldMessages =
    result.error === "validation" ? { ...result.fields } : { form: "loginModal.invalidCredentials" };
  return redirectWithFlash(pageWithModal(page, { modal: "login" }), {
    form: { form: "login", errors, values: { email } },
  });
}
