import { redirect, type ActionFunctionArgs } from "@remix-run/node";

import { checkoutBrowserSecret } from "~/auth/checkout-browser.server";
import { getCurrentUser } from "~/auth/guards.server";
import { pageWithModal } from "~/auth/modal-url";
import { startCheckout, type StartCheckoutResult } from "~/billing/checkout.server";
import { paths } from "~/http/paths";
import type { FieldMessages } from "~/i18n/keys";
import { localeFromPath, localizePath, type Locale } from "~/i18n/locales";
import { throttledAnswer } from "~/limits/rate-limit.server";
import { searchedNumber } from "~/phone/number-search";
import { clientIp } from "~/utils/client-ip.server";
import { readFormData } from "~/utils/form-data.server";
import { formatDay } from "~/utils/money";
import { pageError } from "~/utils/page-error.server";
import { replyOf } from "~/utils/parse-form";
import { safeRedirect } from "~/utils/safe-redirect";
import { redirectWithFlash, redirectWithToast } from "~/utils/toast.server";

export const loader = () => redirect(paths.checkout);

/**
 * The payment modal's form (POST /payments/checkout): the same domain function as
 * POST /api/v1/auth/registerAndSign/{provider}. Errors go back to the modal across a redirect, so the
 * form works without JavaScript; success leaves for the provider's checkout page with the checkout
 * cookie set (the automatic sign-in after payment happens only in this browser). Too many checkouts
 * answer a translated 429 page with Retry-After.
 */
export async function action({ request }: ActionFunctionArgs) {
  const form = await readFormData(request, { plain: true });
  const page = safeRedirect(form.get("returnTo"), paths.checkout);
  const user = await getCurrentUser(request);
  const fields = {
    name: String(form.get("name") ?? ""),
    surname: String(form.get("surname") ?? ""),
    email: String(form.get("email") ?? user?.email ?? ""),
    adult: form.get("adult") ?? undefined,
    phone: String(form.get("phone") ?? ""),
  };
  const pageUrl = new URL(page, "http://x");
  const locale = localeFromPath(pageUrl.pathname);
  // A number searched on the home page rides along, so that New Search opens with it after sign-in.
  const searched = searchedNumber(pageUrl.searchParams);
  const browser = checkoutBrowserSecret(request);
  const result = await startCheckout(fields, {
    locale,
    ip: clientIp(request),
    browserSecret: browser.secret,
    userId: user?.id,
    searched,
    // The buyer's choice when Stripe and PayPal are both configured (the form offers them then).
    provider: form.get("provider")?.toString() ?? null,
  });
  if (result.ok) return redirect(result.url, { headers: { "Set-Cookie": browser.cookie } });
  if (result.error === "subscribed") return subscribedAnswer(result, locale);
  if (result.error === "throttled") {
    const wait = throttledAnswer(result.retryAfterSeconds);
    throw await pageError(request, 429, "errors.tryAgainIn", wait.headers, { locale, values: wait.values });
  }
  const errors: FieldMessages =
    result.error === "validation"
      ? result.fields
      : result.error === "unavailable"
        ? { provider: "payments.errors.method" }
        : { form: "payments.errors.provider" };
  const values = {
    name: fields.name.trim(),
    surname: fields.surname.trim(),
    email: fields.email.trim(),
    phone: fields.phone.trim().slice(0, 40),
    provider: String(form.get("provider") ?? "").slice(0, 20),
    // The age confirmation stays ticked when something else was refused.
    adult: form.get("adult") === "on" ? "on" : "",
  };
  return redirectWithFlash(pageWithModal(page, { modal: "payment" }), { form: replyOf({ errors }, values, "payment") });
}

/** An account that already has access pays nothing more: back to its subscription, saying until when. */
function subscribedAnswer(result: Extract<StartCheckoutResult, { error: "subscribed" }>, locale: Locale) {
  return redirectWithToast(localizePath(paths.mySubscription, locale), {
    type: "error",
    key: result.cancelled ? "payments.errors.subscribedCancelled" : "payments.errors.subscribed",
    values: { date: formatDay(result.validUntil, locale) },
  });
}

/**
 * Never rendered (GET redirects, the action redirects or throws): the component makes this a page
 * route, so that a thrown error answer is shown by the root error boundary as a translated page.
 */
export default function PaymentsCheckout() {
  return null;
}
