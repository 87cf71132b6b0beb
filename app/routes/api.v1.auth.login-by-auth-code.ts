import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";

import { ApiError, apiRoute, envelope, methodNotAllowed, readJson } from "~/api/envelope.server";
import { authCodeSchema, exchangeAuthCode } from "~/auth/auth-code.server";
import { readBrowserSecret } from "~/auth/checkout-browser.server";

export const loader = ({ request }: LoaderFunctionArgs) => methodNotAllowed(request, "POST");

export const action = ({ request }: ActionFunctionArgs) =>
  apiRoute(request, async () => {
    const { authCode } = await readJson(request, authCodeSchema);
    const signedIn = await exchangeAuthCode(authCode, readBrowserSecret(request));
    if (!signedIn) throw new ApiError(401, "api.authCodeInvalid");
    const { user } = signedIn;
    return envelope(200, {
      data: {
        token: signedIn.token,
        user: { userCacheInfo: { id: user.id, email: user.email, name: user.name, locale: user.locale } },
      },
    });
  });
