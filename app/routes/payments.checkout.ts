import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { pageWithModal } from "~/auth/modal-url";
import { getCurrentUser } from "~/auth/guards.server";
import { localeFromPath, localizePath, type Locale } from "~/i18n/locales";
import { startCheckout, type StartCheckoutResult } from "~/payments.server";
import { redirectWithFlash, redirectWithToast } from "~/toast.server";
import { searchedNumber } from "~/utils/number-search";
import { formatDay } from "~/utils/money";
import { safeRedirect } from "~/utils/safe-redirect";
import { readFormData } from "~/utils/form-data.server";

export const loader = () => redirect("/checkout");

/**
 * The payment modal's form (POST /payments/checkout): the same domain function as
 * POST /api/v1/auth/registerAndSign/{provider}. Errors go back to the modal across a redirect, so the
 * form works without JavaScript; success leaves for the provider's checkout page.
 */
export async function action({ request }: ActionFunctionArgs) {
  const form = await readFormData(request, { plain: true });
  const page = safeRedirect(form.get("returnTo"), "/checkout");
  const user = await getCurrentUser(request);
  const fields = {
    name: String(form.get("name") ?? ""),
    surname: String(form.get("surname") ?? ""),
    email: String(form.get("email") ?? (user?.email ?? "")),
    adult: form.get("adult") ?? undefined,
    phone: String(form.get("phone") ?? ""),
  };
  const pageUrl = new URL(page, "http://x");
  // A number searched on the home page rides along, so that New Search opens with it after sign-in.
  const searched = searchedNumber(pageUrl.searchParams);
  const result = await startCheckout(fields, { locale: localeFromPath(pageUrl.pathname), userId: user?.id, searched });
  if (result.ok) return redirect(result.url);
  if (result.error === "subscribed") return subscribedAnswer(result, localeFromPath(pageUrl.pathname));
  const errors = result.error === "validation" ? result.fields : { form: "payments.errors.provider" };
  return redirectWithFlash(pageWithModal(page, { modal: "payment" }), {
    form: { form: "payment", errors, values: { name: fields.name.trim(), surname: fields.surname.trim(), email: fields.email.trim(), phone: fields.phone.trim().slice(0, 40) } },
  });
}

/** An account that already has access pays nothing more: back to its subscription, saying until when. */
function subscribedAnswer(result: Extract<StartCheckoutResult, { error: "subscribed" }>, locale: Locale) {
  return redirectWithToast(localizePath("/dashboard/modules/MySubscription", locale), {
    type: "error",
    key: result.cancelled ? "payments.errors.subscribedCancelled" : "payments.errors.subscribed",
    values: { date: formatDay(result.validUntil, locale) },
  });
}
