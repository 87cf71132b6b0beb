import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";

import {
  ApiError,
  apiRoute,
  envelope,
  limitedError,
  methodNotAllowed,
  readJson,
  requireApiSubscriber,
} from "~/api/envelope.server";
import { sendVoiceMessage, sendVoiceSchema } from "~/voice-messages/messages.server";

export const loader = ({ request }: LoaderFunctionArgs) => methodNotAllowed(request, "POST");

/** Calls a number and speaks the message; one per three hours per account. */
export const action = ({ request }: ActionFunctionArgs) =>
  apiRoute(
    request,
    async (ctx) => {
      const { user } = await requireApiSubscriber(request);
      const input = await readJson(request, sendVoiceSchema);
      const sent = await sendVoiceMessage({ userId: user.id, ...input });
      if (sent.ok) return envelope(200, { data: sent.message });
      if (sent.error === "optedOut") throw new ApiError(409, "voice.errors.optedOut");
      if (sent.error === "limited") throw await limitedError(ctx, sent.nextAllowedAt);
      throw new ApiError(502, "voice.errors.sendFailed");
    },
    { idempotent: true },
  );
