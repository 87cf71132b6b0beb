import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";

import { apiRoute, envelope, methodNotAllowed, requireApiUser } from "~/api/envelope.server";
import { subscriptionDetails } from "~/subscription.server";

/** expiredStatus 1 means expired (spec section 3); the state and plan fields come along. */
export const loader = ({ request }: LoaderFunctionArgs) =>
  apiRoute(request, async () => {
    const user = await requireApiUser(request);
    const { access: _access, ...info } = await subscriptionDetails(user.id);
    return envelope(200, { data: info });
  });

export const action = ({ request }: ActionFunctionArgs) => methodNotAllowed(request, "GET");
