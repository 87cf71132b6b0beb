import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";

import { apiRoute, methodNotAllowed, readJson, requireApiSubscriber } from "~/api/envelope.server";
import { createAndAnswer } from "~/api/locate.server";
import { sendSmsSchema } from "~/location-requests/schemas.server";

export const loader = ({ request }: LoaderFunctionArgs) => methodNotAllowed(request, "POST");

export const action = ({ request }: ActionFunctionArgs) =>
  apiRoute(
    request,
    async (ctx) => {
      const { user } = await requireApiSubscriber(request);
      const input = await readJson(request, sendSmsSchema);
      return createAndAnswer(ctx, { userId: user.id, ...input }, "requests.toast.smsFailed");
    },
    { idempotent: true },
  );
