import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";

import { ApiError, apiRoute, envelope, methodNotAllowed, readQuery, requireApiUser } from "~/api/envelope.server";
import { decodeCursor } from "~/location-requests/list.server";
import { voiceListQuery, voiceMessagePage } from "~/voice-messages/list.server";

/** The caller's voice messages with their delivery state, newest first, a page at a time (by key). */
export const loader = ({ request }: LoaderFunctionArgs) =>
  apiRoute(request, async () => {
    const user = await requireApiUser(request);
    const query = readQuery(request, voiceListQuery);
    const cursor = query.cursor ? decodeCursor(query.cursor) : null;
    // The list pages only towards older messages: a requests list's "newer" cursor is not one of its own.
    if (cursor && cursor.direction !== "older")
      throw new ApiError(400, "api.cursorInvalid", undefined, undefined, undefined, "cursor");
    return envelope(200, { data: await voiceMessagePage(user.id, { pageSize: query.pageSize, cursor }) });
  });

export const action = ({ request }: ActionFunctionArgs) => methodNotAllowed(request, "GET");
