import { redirect, type ActionFunctionArgs } from "@remix-run/node";

import { authenticator } from "~/auth/authenticator.server";
import { pageWithModal } from "~/auth/modal-url";
import { sessionCookieHeader } from "~/auth/session.server";
import { paths } from "~/http/paths";
import { localeFromPath, localizePath } from "~/i18n/locales";
import { waitMinutes } from "~/limits/rate-limit.server";
import { readFormData } from "~/utils/form-data.server";
import { refusal, replyOf } from "~/utils/parse-form";
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
  const values = { email: String(form.get("email") ?? "").trim() };
  const reply =
    result.error === "throttled"
      ? refusal("errors.tryAgainIn", {
          values,
          errorValues: { minutes: waitMinutes(result.retryAfterSeconds) },
          form: "login",
        })
      : result.error === "validation"
        ? replyOf({ errors: result.fields }, values, "login")
        : refusal("loginModal.invalidCredentials", { values, form: "login" });
  return redirectWithFlash(pageWithModal(page, { modal: "login" }), { form: reply });
}
