import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";

import { ApiError, apiRoute, envelope, failure, methodNotAllowed, readJson } from "~/api/envelope.server";
import { checkoutBrowserSecret } from "~/auth/checkout-browser.server";
import { lookupSession, readToken } from "~/auth/session.server";
import { registerAndSignSchema, startCheckout } from "~/billing/checkout.server";
import { isLocale } from "~/i18n/locales";
import { throttledAnswer } from "~/limits/rate-limit.server";
import { isPaymentProviderName, sandboxPayments } from "~/providers/payments/provider.server";
import { clientIp } from "~/utils/client-ip.server";
import { formatDay } from "~/utils/money";

export const loader = ({ request }: LoaderFunctionArgs) => methodNotAllowed(request, "POST");

/**
 * POST /api/v1/auth/registerAndSign/{stripe|paypal|v5pay}: opens a checkout and answers its URL and
 * id (for GET /api/v1/personnal/registerQuery/{id}). The named provider must be configured (Stripe and
 * PayPal may both be); with neither configured the embedded sandbox stands in. v5pay is not supported.
 */
export const action = ({ request, params }: ActionFunctionArgs) =>
  apiRoute(
    request,
    async (ctx) => {
      const requested = String(params.provider);
      const unsupported = () => new ApiError(501, "payments.api.providerUnsupported", { provider: requested });
      if (requested !== "stripe" && requested !== "paypal") throw unsupported();
      if (!sandboxPayments() && !isPaymentProviderName(requested)) throw unsupported();
      const input = await readJson(request, registerAndSignSchema);
      const session = await lookupSession(await readToken(request));
      // A token that is no longer valid is an error, as on every route that reads one: never a silent
      // sign-up of a new account in its place.
      if (session.state === "invalid") throw new ApiError(401, "errors.loginExpired");
      const locale = isLocale(input.locale) ? input.locale : ctx.locale;
      const browser = checkoutBrowserSecret(request);
      const result = await startCheckout(
        { ...input, adult: input.adult || undefined },
        {
          locale,
          ip: clientIp(request),
          browserSecret: browser.secret,
          userId: session.state === "valid" ? session.user.id : undefined,
          provider: requested,
        },
      );
      if (!result.ok && result.error === "unavailable") throw unsupported();
      if (!result.ok && result.error === "throttled") {
        const wait = throttledAnswer(result.retryAfterSeconds);
        throw new ApiError(429, "errors.tryAgainIn", wait.values, wait.headers);
      }
      if (!result.ok && result.error === "validation") {
        // `data` stays for today's clients; `code` and `field` are the first field's, as everywhere.
        const [field, key] = Object.entries(result.fields)[0]!;
        return failure(ctx, 400, key, {
          field,
          data: { field, errors: Object.fromEntries(Object.entries(result.fields).map(([f, k]) => [f, ctx.t(k)])) },
        });
      }
      if (!result.ok && result.error === "subscribed") {
        // A second provider subscription would charge alongside the first one.
        throw new ApiError(
          409,
          result.cancelled ? "payments.errors.subscribedCancelled" : "payments.errors.subscribed",
          {
            date: formatDay(result.validUntil, ctx.locale),
          },
        );
      }
      if (!result.ok) throw new ApiError(502, "payments.errors.provider");
      // The cookie binds the automatic sign-in after payment to this client (a browser, or a cookie jar).
      return envelope(
        200,
        { data: { id: result.checkoutId, url: result.url, provider: result.provider } },
        { headers: { "Set-Cookie": browser.cookie } },
      );
    },
    { idempotent: true },
  );
