import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";

import { apiRoute, envelope, invalidField, methodNotAllowed } from "~/api/envelope.server";
import { readBrowserSecret } from "~/auth/checkout-browser.server";
import { CHECKOUT_ID_MAX, registerQuery } from "~/billing/register-query.server";

/**
 * The payment and signing result of a checkout: status pending | success | failed | unsubscribed |
 * unknown. The first success asked by the browser that started the checkout (its checkout cookie)
 * carries `authCode`, single use, for POST /api/v1/auth/loginByAuthCode from that browser.
 */
export const loader = ({ request, params }: LoaderFunctionArgs) =>
  apiRoute(request, async () => {
    const id = params.id ?? "";
    // The document's bound (1 to 64 characters) is the server's: a longer id is a mistake, not an unknown checkout.
    if (id.length === 0 || id.length > CHECKOUT_ID_MAX) throw invalidField("id");
    const result = await registerQuery(id, readBrowserSecret(request));
    return envelope(200, {
      data: { status: result.status, authCode: "authCode" in result ? (result.authCode ?? null) : null },
    });
  });

export const action = ({ request }: ActionFunctionArgs) => methodNotAllowed(request, "GET");
