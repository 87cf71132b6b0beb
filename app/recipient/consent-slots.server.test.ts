// Which requests of the consent page one render with slots serves (app/recipient/consent-slots.server.ts),
// what it keys the render by and what it writes into it. That every such answer is the fresh
// render's, on a real server, is app/http/page-cache.test.ts's.
import { randomBytes } from "node:crypto";

import { beforeAll, describe, expect, it } from "vitest";

import { db } from "~/db/db.server";
import { onSimplePath } from "~/server/speed-tricks.server";

import { matchedContext } from "../../tests/support/app-routes";
import { createUser } from "../../tests/support/factories";
import { slottedConsent } from "./consent-slots.server";

let userId: string;
beforeAll(async () => {
  userId = (await createUser()).user.id;
});

async function link(requesterName: string, extra: Record<string, unknown> = {}) {
  const code = `S${randomBytes(4).toString("hex").slice(0, 7)}`;
  await db().locationRequest.create({
    data: { userId, channel: "link", requesterName, locale: "en", code, delivery: "link", ...extra },
  });
  return code;
}

const plan = (path: string, cookie?: string, method = "GET") => {
  const url = new URL(path, "http://localhost");
  return slottedConsent(method, url, cookie, matchedContext(url.href).route?.policy);
};

describe("the consent page's render with slots", () => {
  it("serves a plain link: one key for every link in the same state and language, each with its own values", async () => {
    const maria = await link("Maria Santos");
    const other = await link(`A&B <"x"> 'y'`);
    const first = await plan(`/${maria}`);
    const second = await plan(`/${other}`);
    expect(first).not.toBeNull();
    expect(second!.key).toBe(first!.key);
    expect(first!.fills.map(([, value]) => value)).toEqual(["Maria Santos", "MS", maria]);
    expect(second!.fills.map(([, value]) => value)).toEqual([
      "A&amp;B &lt;&quot;x&quot;&gt; &#x27;y&#x27;",
      "A&#x27;",
      other,
    ]);
    // Remix is given the address with the code's token, and the loader what was opened here.
    const codeToken = first!.fills[2]![0];
    expect(first!.url.pathname).toBe(`/${codeToken}`);
    expect(first!.context.link.row.code).toBe(maria);
    expect(first!.context.tokens.code).toBe(codeToken);
    // The opening is recorded, as the loader records it.
    expect((await db().locationRequest.findUniqueOrThrow({ where: { code: maria } })).openedAt).not.toBeNull();
  });

  it("keys by the language, the state and the cookies a visitor may have", async () => {
    const code = await link("Ana");
    const plain = (await plan(`/${code}`))!.key;
    expect((await plan(`/id/${code}`))!.key).not.toBe(plain);
    expect((await plan(`/ph/${code}/`))!.key).not.toBe((await plan(`/ph/${code}`))!.key);
    expect((await plan(`/${code}`, "tz=Asia%2FManila"))!.key).not.toBe(plain);
    const declined = await link("Ana", { decision: "declined" });
    expect((await plan(`/${declined}`))!.key).not.toBe(plain);
    const stopped = await link("Ana", { decision: "revoked" });
    expect((await plan(`/${stopped}`))!.key).not.toBe(plain);
  });

  it("leaves everything else to the ordinary path", async () => {
    const code = await link("Ana");
    const expired = await link("Ana", { createdAt: new Date(Date.now() - 30 * 24 * 3600 * 1000) });
    const undelivered = await link("Ana", { delivery: "not_accepted" });
    expect(await plan(`/${expired}`)).toBeNull();
    expect(await plan(`/${undelivered}`)).toBeNull();
    expect(await plan("/Sxxxxxxx")).toBeNull(); // no such request
    expect(await plan(`/${code}abcdef`)).toBeNull(); // a recipient's own link (code and key)
    expect(await plan(`/${code}?done=report`)).toBeNull();
    expect(await plan(`/${code}`, "token=abc")).toBeNull();
    expect(await plan(`/${code}`, undefined, "HEAD")).toBeNull();
    expect(await plan("/faqs")).toBeNull();
    expect(await onSimplePath(["consent-slots"], () => plan(`/${code}`))).toBeNull();
  });
});
