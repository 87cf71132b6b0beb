import { expect, it } from "vitest";

import { db } from "~/db/db.server";
import { decodeCursor, encodeCursor, LIST_TOTAL_CAP, listRequests } from "~/location-requests/list.server";

import { createUser } from "../../tests/support/factories";

/** `count` requests of one account, `perStamp` of them sharing each createdAt (ids in no time order). */
async function seed(userId: string, count: number, perStamp = 1, channel = "link") {
  const base = Date.UTC(2026, 10, 1);
  await db().locationRequest.createMany({
    data: Array.from({ length: count }, (_, i) => ({
      id: `r${userId.slice(-6)}${String((i * 7919) % 100_003).padStart(6, "0")}`,
      userId,
      channel,
      requesterName: "Ana",
      locale: "en",
      code: `P${userId.slice(-4)}${String(i).padStart(5, "0")}`,
      createdAt: new Date(base + Math.floor(i / perStamp) * 1000),
    })),
  });
}

it("pages by cursor through every request exactly once, newest first, where many share a timestamp", async () => {
  const { user } = await createUser();
  await seed(user.id, 53, 4);
  const seen: string[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const result: Awaited<ReturnType<typeof listRequests>> = await listRequests(user.id, { cursor, pageSize: 10 });
    seen.push(...result.items.map((item) => item.id));
    expect(result.total).toBe(53);
    expect(result.prevCursor === null).toBe(pages === 0);
    cursor = result.nextCursor;
    pages += 1;
  } while (cursor);
  expect(pages).toBe(6);
  expect(new Set(seen).size).toBe(53);
  const all = await db().locationRequest.findMany({
    where: { userId: user.id },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    select: { id: true },
  });
  expect(seen).toEqual(all.map((row) => row.id));

  // And back: the newer pages, from the oldest page, give the same rows in the same order.
  const last = await listRequests(user.id, {
    cursor: encodeCursor("older", { id: all[50]!.id, createdAt: new Date(0) }),
  });
  expect(last.items).toEqual([]);
  const oldest = await listRequests(user.id, { page: 6, pageSize: 10 });
  const back: string[] = [...oldest.items.map((item) => item.id)];
  let newer = oldest.prevCursor;
  while (newer) {
    const result: Awaited<ReturnType<typeof listRequests>> = await listRequests(user.id, {
      cursor: newer,
      pageSize: 10,
    });
    back.unshift(...result.items.map((item) => item.id));
    newer = result.prevCursor;
  }
  expect(back).toEqual(seen);
});

it("keeps `page` working, and a filtered list pages by cursor too", async () => {
  const { user } = await createUser();
  await seed(user.id, 25, 3);
  const byPage = [1, 2, 3].map((page) => listRequests(user.id, { page, pageSize: 10 }));
  const pages = await Promise.all(byPage);
  expect(pages.map((p) => p.items.length)).toEqual([10, 10, 5]);
  expect(pages.map((p) => p.page)).toEqual([1, 2, 3]);
  // Page 2 is what the cursor of page 1 leads to.
  const second = await listRequests(user.id, { cursor: pages[0]!.nextCursor, pageSize: 10 });
  expect(second.items.map((i) => i.id)).toEqual(pages[1]!.items.map((i) => i.id));
  expect(pages[2]!.nextCursor).toBeNull();

  const sms = await createUser();
  await seed(sms.user.id, 5, 2, "sms");
  const first = await listRequests(sms.user.id, { channel: "sms", pageSize: 3 });
  const rest = await listRequests(sms.user.id, { channel: "sms", pageSize: 3, cursor: first.nextCursor });
  expect([...first.items, ...rest.items].every((i) => i.channel === "sms")).toBe(true);
  expect(new Set([...first.items, ...rest.items].map((i) => i.id)).size).toBe(5);
  expect(await listRequests(sms.user.id, { channel: "email" })).toMatchObject({ total: 0, nextCursor: null });
});

it("counts the total only up to the cap", async () => {
  const { user } = await createUser();
  await seed(user.id, LIST_TOTAL_CAP + 5, 10);
  const result = await listRequests(user.id, { pageSize: 5 });
  expect(result).toMatchObject({ total: LIST_TOTAL_CAP, totalCapped: true });
  await db().locationRequest.deleteMany({
    where: {
      userId: user.id,
      id: {
        in: (await db().locationRequest.findMany({ where: { userId: user.id }, take: 5, select: { id: true } })).map(
          (r) => r.id,
        ),
      },
    },
  });
  expect(await listRequests(user.id, { pageSize: 5 })).toMatchObject({ total: LIST_TOTAL_CAP, totalCapped: false });
});

it("refuses cursors it did not make", () => {
  expect(decodeCursor("not-a-cursor")).toBeNull();
  expect(decodeCursor(Buffer.from("x.1.abc").toString("base64url"))).toBeNull();
  expect(decodeCursor(Buffer.from("o.1.a b").toString("base64url"))).toBeNull();
  expect(decodeCursor(encodeCursor("newer", { id: "abc", createdAt: new Date(5) }))).toEqual({
    direction: "newer",
    at: new Date(5),
    id: "abc",
  });
});

it("refuses cursors outside any date the database can hold, and answers with the last one it accepts", async () => {
  const raw = (text: string) => Buffer.from(text).toString("base64url");
  const yearTenThousand = Date.UTC(10_000, 0, 1);
  expect(yearTenThousand).toBe(253_402_300_800_000);
  for (const text of [
    `o.${yearTenThousand}.a`,
    "o.999999999999999.a",
    "n.-1.a",
    "o.-62198755200000.a",
    "o.NaN.a",
    "o.Infinity.a",
    "o.1e20.a",
    "o.0x10.a",
    "o.+5.a",
    "o.1.5.a",
    "o..a",
    "o.1.",
  ])
    expect(decodeCursor(raw(text)), text).toBeNull();

  const { user } = await createUser();
  await seed(user.id, 3);
  const last = decodeCursor(raw(`o.${yearTenThousand - 1}.a`));
  expect(last?.at.toISOString()).toBe("9999-12-31T23:59:59.999Z");
  expect((await listRequests(user.id, { cursor: last })).items).toHaveLength(3);
  const first = decodeCursor(raw("n.0.a"));
  expect(first?.at.getTime()).toBe(0);
  expect((await listRequests(user.id, { cursor: first })).items).toHaveLength(3);
});
