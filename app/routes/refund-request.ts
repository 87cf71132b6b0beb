import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { localeFromPath } from "~/i18n/locales";
import { requestRefund } from "~/payments.server";
import { redirectWithFlash, redirectWithToast } from "~/toast.server";
import { safeRedirect } from "~/utils/safe-redirect";

export const loader = () => redirect("/unsubscribe-and-refund");

/** The /unsubscribe-and-refund form (app/components/refund-form.tsx) posts here and goes back with a toast. */
export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData();
  const page = safeRedirect(form.get("returnTo"), "/unsubscribe-and-refund");
  const values = { email: String(form.get("email") ?? ""), reason: String(form.get("reason") ?? "") };
  const result = await requestRefund(values, localeFromPath(new URL(page, "http://x").pathname));
  if (!result.ok) {
    return redirectWithFlash(`${page}#refund-form`, { form: { form: "refund", errors: result.fields, values: { email: values.email.trim(), reason: values.reason.trim().slice(0, 320) } } });
  }
  return redirectWithToast(page, { type: "success", key: "payments.refund.done" });
}
