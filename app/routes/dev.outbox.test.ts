import { expect, it } from "vitest";

import { db } from "~/db/db.server";
import { resetConfig } from "~/server/config.server";

import { routeArgs } from "../../tests/support/factories";
import { routeData } from "../../tests/support/route-data";
import { loader, OUTBOX_PAGE_SIZE } from "./dev.outbox";

type Page = Awaited<ReturnType<typeof loader>>;
const request = (query: string, headers: Record<string, string> = { "x-client-ip": "127.0.0.1" }) =>
  new Request(`http://localhost:3000/dev/outbox${query}`, { headers });
const open = (query: string) => loader(routeArgs(request(query))) as Promise<Page>;

it("answers only loopback clients (no proxy header) unless OUTBOX_PUBLIC=1", async () => {
  const status = (headers: Record<string, string>) =>
    routeData(loader(routeArgs(request("", headers)))).then((answer) => answer.status);
  expect(await status({ "x-client-ip": "127.0.0.1" })).toBe(200);
  expect(await status({ "x-client-ip": "::1" })).toBe(200);
  expect(await status({ "x-client-ip": "::ffff:127.0.0.1" })).toBe(200);
  expect(await status({ "x-client-ip": "203.0.113.8" })).toBe(404);
  expect(await status({ "x-client-ip": "127.0.0.1", "X-Forwarded-For": "203.0.113.8" })).toBe(404);
  // A local proxy that adds any other header naming the client or itself, or none of the client's
  // address at all (Via, X-Forwarded-Proto alone), or a client-sent X-Client-IP the edge replaced.
  for (const [name, value] of [
    ["X-Real-IP", "203.0.113.8"],
    ["Via", "1.1 proxy"],
    ["CF-Connecting-IP", "203.0.113.8"],
    ["True-Client-IP", "203.0.113.8"],
    ["Fastly-Client-IP", "203.0.113.8"],
    ["X-Cluster-Client-IP", "203.0.113.8"],
    ["Forwarded", "for=203.0.113.8"],
    ["X-Forwarded-Proto", "https"],
    ["x-edge-proxied", "1"],
  ])
    expect(await status({ "x-client-ip": "127.0.0.1", [name!]: value! }), name).toBe(404);
  process.env.OUTBOX_PUBLIC = "1";
  resetConfig();
  try {
    expect(await status({ "x-client-ip": "203.0.113.8" })).toBe(200);
  } finally {
    delete process.env.OUTBOX_PUBLIC;
    resetConfig();
  }
});

it("pages through every message with older and newer links, newest first, none skipped or repeated", async () => {
  const to = "paging@example.com";
  const start = Date.parse("2026-03-01T00:00:00.000Z");
  // 120 messages, two of them sharing each second, so the id breaks ties.
  await db().outboxMessage.createMany({
    data: Array.from({ length: 120 }, (_, i) => ({
      channel: "email",
      to,
      text: `message ${i}`,
      createdAt: new Date(start + Math.floor(i / 2) * 1000),
    })),
  });
  await db().outboxMessage.create({ data: { channel: "sms", to: "someone-else@example.com", text: "not mine" } });

  const seen: string[] = [];
  let current = await open(`?to=${encodeURIComponent(to)}`);
  expect(current.newer).toBeNull();
  const pages: Page[] = [current];
  for (;;) {
    expect(current.messages.length).toBeLessThanOrEqual(OUTBOX_PAGE_SIZE);
    seen.push(...current.messages.map((m) => m.text));
    if (!current.older) break;
    expect(current.older).toContain(`to=${encodeURIComponent(to)}`);
    current = await open(current.older);
    pages.push(current);
  }
  expect(pages.map((p) => p.messages.length)).toEqual([50, 50, 20]);
  expect(seen).toEqual(Array.from({ length: 120 }, (_, i) => `message ${119 - i}`));

  // Back up from the last page: the newer link shows exactly the page before it.
  const back = await open(pages[2]!.newer!);
  expect(back.messages.map((m) => m.text)).toEqual(pages[1]!.messages.map((m) => m.text));
  expect(back.older).toBeTruthy();
  const top = await open(pages[1]!.newer!);
  expect(top.messages.map((m) => m.text)).toEqual(pages[0]!.messages.map((m) => m.text));
  expect(top.newer).toBeNull();
});

it("labels each time with its zone, named as everywhere else", async () => {
  const to = "zone-label@example.com";
  await db().outboxMessage.create({ data: { channel: "email", to, text: "hello" } });
  const query = `?to=${encodeURIComponent(to)}`;
  const at = (headers: Record<string, string>) =>
    (loader(routeArgs(request(query, { "x-client-ip": "127.0.0.1", ...headers }))) as Promise<Page>).then(
      (page) => page.messages[0]!.shownAt,
    );
  expect(await at({ Cookie: "tz=Asia%2FManila" })).toMatch(/ Philippine Standard Time$/);
  expect(await at({})).toMatch(/ Coordinated Universal Time$/);
});
