import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";

import { apiRoute, envelope, methodNotAllowed, requireApiUser } from "~/api/envelope.server";
import { paidAmount } from "~/billing/subscription.server";

export const loader = ({ request }: LoaderFunctionArgs) => methodNotAllowed(request, "POST");

/** Totals per currency and the payment history (amounts in minor units), newest first. */
export const action = ({ request }: ActionFunctionArgs) =>
  apiRoute(request, async () => {
    const user = await requireApiUser(request);
    return envelope(200, { data: await paidAmount(user.id) });
  });
