// A sender's voice messages, newest first: the page's history and the JSON API's pages.
import { z } from "zod";

import { db } from "~/db/db.server";
import { cursorParam, encodeCursor, type ListCursor } from "~/location-requests/list.server";

const voiceSelect = {
  id: true,
  to: true,
  text: true,
  language: true,
  voice: true,
  state: true,
  createdAt: true,
} as const;

export async function listVoiceMessages(userId: string, take = 50) {
  const rows = await db().voiceMessage.findMany({
    where: { userId },
    orderBy: { createdAt: "desc" },
    take,
    select: voiceSelect,
  });
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}

/** GET /api/v1/voice/messages's query: pages by key, as the requests list does. */
export const voiceListQuery = z.object({
  cursor: cursorParam()
    .optional()
    .describe("`nextCursor` of a page already read: the page of older messages after it."),
  pageSize: z.coerce.number().int().min(1).max(100).default(50),
});

/**
 * One page of a sender's voice messages, newest first, after `cursor` (rows strictly older in
 * (createdAt, id) order, so messages that share a timestamp are neither skipped nor repeated), with
 * the cursor of the next page (null on the oldest). Only "older" cursors page this list.
 */
export async function voiceMessagePage(userId: string, options: { pageSize: number; cursor: ListCursor | null }) {
  const { cursor, pageSize } = options;
  const rows = await db().voiceMessage.findMany({
    where: {
      userId,
      ...(cursor
        ? { createdAt: { lte: cursor.at }, OR: [{ createdAt: { lt: cursor.at } }, { id: { lt: cursor.id } }] }
        : {}),
    },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: pageSize + 1,
    select: voiceSelect,
  });
  const items = rows.slice(0, pageSize);
  const last = items.at(-1);
  return {
    items: items.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
    nextCursor: rows.length > pageSize && last ? encodeCursor("older", last) : null,
  };
}
