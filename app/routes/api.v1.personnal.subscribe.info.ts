import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";

import { apiRoute, envelope, methodNotAllowed, requireApiSession } from "~/api/envelope.server";
import { detailsOf } from "~/billing/subscription.server";

/** expiredStatus 1 means expired (spec section 3); the state and plan fields come along. */
export const loader = ({ request }: LoaderFunctionArgs) =>
  apiRoute(request, async () => {
    const { subscription } = await requireApiSession(request);
    const { access: _access, ...info } = detailsOf(subscription);
    return envelope(200, { data: info });
  });

export const action = ({ request }: ActionFunctionArgs) => methodNotAllowed(request, "GET");
