import { expect, it } from "vitest";

import { db } from "~/db/db.server";

import { apiRequest, readEnvelope, routeArgs, signedInUser } from "../../tests/support/factories";
import { startLiveShare } from "../../tests/support/live-shares";
import { loader } from "./api.v1.locate.request-trail";

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
const ask = async (token: string | null, id: string, query = "") =>
  (await loader(
    routeArgs(apiRequest(`/api/v1/locate/requests/${id}/trail${query}`, { headers: token ? auth(token) : {} }), { id }),
  )) as Response;

async function liveShare(userId: string, fixes: number) {
  const request = await db().locationRequest.create({
    data: {
      userId,
      channel: "link",
      requesterName: "Ana",
      locale: "en",
      code: `T${Math.random().toString(36).slice(2, 10)}`,
    },
  });
  await startLiveShare(request.id, {
    until: new Date(Date.now() + 3600_000),
    fixes: Array.from({ length: fixes }, (_, i) => ({ latitude: 10 + i, longitude: 120 + i })),
  });
  return request.id;
}

it("pages the owner's trail by key and answers anyone else's id like a missing one", async () => {
  const { user, token } = await signedInUser();
  const stranger = await signedInUser();
  const id = await liveShare(user.id, 5);

  const first = await readEnvelope<{ items: { id: number; latitude: number }[]; more: boolean; nextAfter: number }>(
    await ask(token, id, "?limit=3"),
  );
  expect(first.status).toBe(200);
  expect(first.data?.items.map((p) => p.latitude)).toEqual([10, 11, 12]);
  expect(first.data?.more).toBe(true);
  const rest = await readEnvelope<{ items: { latitude: number }[]; more: boolean }>(
    await ask(token, id, `?after=${first.data!.nextAfter}`),
  );
  expect(rest.data?.items.map((p) => p.latitude)).toEqual([13, 14]);
  expect(rest.data?.more).toBe(false);

  for (const [who, target] of [
    [stranger.token, id],
    [token, "no-such-request"],
  ] as const) {
    const answer = await ask(who, target);
    expect(answer.status).toBe(404);
    expect((await readEnvelope(answer)).data).toBeNull();
  }
  expect((await ask(null, id)).status).toBe(401);
});

it("refuses a key or a page size out of range with a 400 that names it", async () => {
  const { user, token } = await signedInUser();
  const id = await liveShare(user.id, 1);
  for (const [query, field] of [
    ["?after=-1", "after"],
    ["?after=1e400", "after"],
    ["?after=abc", "after"],
    ["?limit=0", "limit"],
    ["?limit=101", "limit"],
  ] as const) {
    const answer = await ask(token, id, query);
    expect(answer.status, query).toBe(400);
    expect((await answer.json()) as { field: string }).toMatchObject({ field });
  }
});
