import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { ApiError, apiRoute, methodNotAllowed, readJson, requireApiSubscriber } from "~/api/envelope.server";
import { createAndAnswer, senderFields } from "~/api/locate.server";
import { MESSAGE_TEMPLATES, validateEmailTarget } from "~/location-requests/requests.server";

const body = z.object({ ...senderFields, email: z.string().max(320), template: z.enum(MESSAGE_TEMPLATES).default("family") });

export const loader = ({ request }: LoaderFunctionArgs) => methodNotAllowed(request, "POST");

export const action = ({ request }: ActionFunctionArgs) =>
  apiRoute(request, async (ctx) => {
    const { user } = await requireApiSubscriber(request);
    const input = await readJson(request, body);
    const invalid = validateEmailTarget(input.email);
    if (invalid) throw new ApiError(400, invalid);
    return createAndAnswer(
      ctx,
      { userId: user.id, channel: "email", target: input.email.trim().toLowerCase(), requesterName: input.requesterName, locale: input.locale, template: input.template },
      "requests.toast.emailFailed",
    );
  });
