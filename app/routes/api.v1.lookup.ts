import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";

import { ApiError, apiRoute, envelope, methodNotAllowed, readQuery } from "~/api/envelope.server";
import { lookupSession, readToken } from "~/auth/session.server";
import { describeSubscription } from "~/billing/subscription.server";
import { lookupPhoneNumber } from "~/phone/lookup.server";
import { lookupQuerySchema, parseLookupNumber } from "~/phone/numbers.server";

/**
 * Reverse phone number lookup: `?number=+639171234567` (or `?country=PH&number=09171234567`). Without
 * a token the answer holds what the number itself tells; a subscriber's token adds the provider fields.
 */
export const loader = ({ request }: LoaderFunctionArgs) =>
  apiRoute(request, async () => {
    const query = readQuery(request, lookupQuerySchema);
    const parsed = parseLookupNumber(query.country, query.number);
    if (!parsed.ok) throw new ApiError(400, parsed.error, undefined, undefined, undefined, "number");
    // No token: a visitor. A token that is no longer valid is an error, not a silent downgrade.
    const session = await lookupSession(await readToken(request));
    if (session.state === "invalid") throw new ApiError(401, "errors.loginExpired");
    // The session lookup read the subscription with it.
    const subscriber =
      session.state === "valid" && describeSubscription(session.subscription).access ? session.user.id : null;
    const answer = await lookupPhoneNumber(parsed.e164, subscriber);
    if (!answer) throw new ApiError(400, "requests.errors.numberInvalid", undefined, undefined, undefined, "number");
    return envelope(200, { data: answer });
  });

export const action = ({ request }: ActionFunctionArgs) => methodNotAllowed(request, "GET");
