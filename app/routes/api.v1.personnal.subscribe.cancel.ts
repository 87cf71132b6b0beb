import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";

import { ApiError, apiRoute, envelope, methodNotAllowed, requireApiUser } from "~/api/envelope.server";
import { cancelSubscription, subscriptionDetails } from "~/billing/subscription.server";

export const loader = ({ request }: LoaderFunctionArgs) => methodNotAllowed(request, "POST");

/** Cancels at period end (at the provider too); access stays until validUntil. */
export const action = ({ request }: ActionFunctionArgs) =>
  apiRoute(
    request,
    async () => {
      const user = await requireApiUser(request);
      const result = await cancelSubscription(user.id);
      if (!result.ok)
        throw new ApiError(
          result.error === "none" ? 409 : 502,
          result.error === "none" ? "payments.cancel.nothing" : "payments.errors.provider",
        );
      const { access: _access, ...info } = await subscriptionDetails(user.id);
      return envelope(200, { data: info });
    },
    { idempotent: true },
  );
