import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { apiRoute, methodNotAllowed, readJson, requireApiSubscriber } from "~/api/envelope.server";
import { createAndAnswer, senderFields } from "~/api/locate.server";
import { cleanLine } from "~/utils/display-text";

const body = z.object({ ...senderFields, title: z.string().max(1000).transform(cleanLine).pipe(z.string().min(1).max(60)) });

export const loader = ({ request }: LoaderFunctionArgs) => methodNotAllowed(request, "POST");

export const action = ({ request }: ActionFunctionArgs) =>
  apiRoute(request, async (ctx) => {
    const { user } = await requireApiSubscriber(request);
    const input = await readJson(request, body);
    return createAndAnswer(
      ctx,
      { userId: user.id, channel: "link", title: input.title, requesterName: input.requesterName, locale: input.locale },
      "requests.toast.copyFailed",
    );
  });
