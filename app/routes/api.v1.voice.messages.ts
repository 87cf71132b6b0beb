import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";

import { apiRoute, envelope, methodNotAllowed, requireApiUser } from "~/api/envelope.server";
import { listVoiceMessages } from "~/voice-messages/messages.server";

/** The caller's voice messages with their delivery state, newest first (at most 50). */
export const loader = ({ request }: LoaderFunctionArgs) =>
  apiRoute(request, async () => {
    const user = await requireApiUser(request);
    return envelope(200, { data: { items: await listVoiceMessages(user.id) } });
  });

export const action = ({ request }: ActionFunctionArgs) => methodNotAllowed(request, "GET");
