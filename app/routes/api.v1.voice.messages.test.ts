// GET /api/v1/voice/messages pages by key, as the requests list does: `pageSize` at a time, newest
// first, `nextCursor` to the older messages; messages that share a timestamp are neither skipped nor
// repeated; a cursor the list did not give is `cursor_invalid`, a page size out of bounds `field_invalid`.
import { describe, expect, it } from "vitest";

import { db } from "~/db/db.server";
import { encodeCursor } from "~/location-requests/list.server";

import { apiRequest, readEnvelope, routeArgs, signedInUser } from "../../tests/support/factories";
import { loader } from "./api.v1.voice.messages";

type Page = { items: { id: string; text: string }[]; nextCursor: string | null };

async function list(token: string, query = "") {
  const answer = await loader(
    routeArgs(apiRequest(`/api/v1/voice/messages${query}`, { headers: { Authorization: `Bearer ${token}` } })),
  );
  const body = (await readEnvelope<Page>(answer)) as Awaited<ReturnType<typeof readEnvelope<Page>>> & {
    code?: string;
    field?: string | null;
  };
  return { status: answer.status, body };
}

describe("the voice messages list", () => {
  it("pages by key through every message once, newest first, ties included", async () => {
    const { user, token } = await signedInUser();
    const same = new Date("2026-11-20T10:00:00.000Z");
    // 7 messages, 4 of them at the same instant: the cursor's id keeps their order across pages.
    for (let i = 0; i < 7; i++)
      await db().voiceMessage.create({
        data: {
          userId: user.id,
          to: "+639171234567",
          text: `message ${i}`,
          language: "en",
          voice: "female",
          createdAt: i < 4 ? same : new Date(same.getTime() + i * 1000),
        },
      });
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const { status, body } = await list(token, `?pageSize=3${cursor ? `&cursor=${cursor}` : ""}`);
      expect(status).toBe(200);
      expect(body.data!.items.length).toBeLessThanOrEqual(3);
      seen.push(...body.data!.items.map((item) => item.text));
      cursor = body.data!.nextCursor;
      pages++;
    } while (cursor && pages < 10);
    expect(pages).toBe(3);
    expect(seen.slice(0, 3)).toEqual(["message 6", "message 5", "message 4"]);
    expect(new Set(seen).size).toBe(7);
    expect(seen).toHaveLength(7);
  });

  it("answers 50 by default with no next page when all fit, and refuses bad paging", async () => {
    const { user, token } = await signedInUser();
    await db().voiceMessage.create({
      data: { userId: user.id, to: "+639171234567", text: "one", language: "en", voice: "female" },
    });
    const first = await list(token);
    expect(first.body.data).toMatchObject({ items: [{ text: "one" }], nextCursor: null });

    const tooMany = await list(token, "?pageSize=101");
    expect([tooMany.status, tooMany.body.code, tooMany.body.field]).toEqual([400, "field_invalid", "pageSize"]);
    const forged = await list(token, "?cursor=not-a-cursor");
    expect([forged.status, forged.body.code, forged.body.field]).toEqual([400, "cursor_invalid", "cursor"]);
    // A requests list's "newer" cursor is well formed but does not page this list.
    const newer = encodeCursor("newer", { id: "abc", createdAt: new Date() });
    const wrongWay = await list(token, `?cursor=${newer}`);
    expect([wrongWay.status, wrongWay.body.code, wrongWay.body.field]).toEqual([400, "cursor_invalid", "cursor"]);
  });
});
