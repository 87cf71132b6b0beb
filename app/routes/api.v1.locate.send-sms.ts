import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { ApiError, apiRoute, methodNotAllowed, readJson, requireApiSubscriber } from "~/api/envelope.server";
import { createAndAnswer, senderFields } from "~/api/locate.server";
import { MESSAGE_TEMPLATES } from "~/location-requests/requests.server";
import { parseMobile } from "~/phone/numbers.server";

const body = z.object({
  ...senderFields,
  countryCode: z.string().max(5).default(""),
  phone: z.string().max(32),
  template: z.enum(MESSAGE_TEMPLATES).default("family"),
});

export const loader = ({ request }: LoaderFunctionArgs) => methodNotAllowed(request, "POST");

export const action = ({ request }: ActionFunctionArgs) =>
  apiRoute(request, async (ctx) => {
    const { user } = await requireApiSubscriber(request);
    const input = await readJson(request, body);
    const phone = parseMobile(input.countryCode, input.phone);
    if (!phone.ok) throw new ApiError(400, phone.error);
    return createAndAnswer(
      ctx,
      { userId: user.id, channel: "sms", target: phone.e164, requesterName: input.requesterName, locale: input.locale, template: input.template },
      "requests.toast.smsFailed",
    );
  });
