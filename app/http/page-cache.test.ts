// The shared render of a page (app/http/page-cache.server.ts) against the simple path: every answer
// the share gives is the answer a fresh render gives the same request, but for its own CSP nonce, and
// requests whose answer depends on more than the key (a session, a query, an unknown cookie) are
// never given it. Against a real server process on the production build.
import { randomBytes } from "node:crypto";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { db } from "~/db/db.server";
import type { RoutePolicy } from "~/http/policy";

import { ensureBuild, freePort, startApp, type AppProcess } from "../../tests/support/app-process";
import { createUser, signedInUser } from "../../tests/support/factories";
import { keepSharedRender, sharedRender, sharedRenderKey } from "./page-cache.server";

const home = { sharedRender: true } as RoutePolicy;
let reviewsVersion = 7;
/** The key with a reviews' version the test sets. */
const key = (...args: Parameters<typeof sharedRenderKey>) =>
  sharedRenderKey(args[0], args[1], args[2], args[3], args[4], async () => ({ version: reviewsVersion }));

describe("the key of a shared render", () => {
  const url = new URL("http://x/id");
  it("names the path, the day, the reviews' version and the cookies a visitor without an account may have", async () => {
    const at = new Date(2026, 10, 28, 12);
    const plain = await key("GET", url, undefined, home, at);
    expect(plain).not.toBeNull();
    expect(await key("GET", url, "tz=Asia%2FManila", home, at)).not.toBe(plain);
    expect(await key("GET", url, "lng=ph", home, at)).not.toBe(plain);
    expect(await key("GET", url, "cookie_consent=all", home, at)).not.toBe(plain);
    expect(await key("GET", url, undefined, home, new Date(2026, 10, 29, 12))).not.toBe(plain);
    expect(await key("GET", new URL("http://x/ph"), undefined, home, at)).not.toBe(plain);
    expect(await key("GET", url, "tz=Asia%2FManila; lng=ph", home, at)).toBe(
      await key("GET", url, "lng=ph;tz=Asia%2FManila", home, at),
    );
    reviewsVersion = 8;
    expect(await key("GET", url, undefined, home, at)).not.toBe(plain);
    reviewsVersion = 7;
    expect(await key("GET", url, undefined, home, at)).toBe(plain);
  });

  it("is none for a session, any other cookie, a repeated cookie, a query, another method, an unmarked page or the database away", async () => {
    expect(await key("GET", url, "token=abc", home)).toBeNull();
    expect(await key("GET", url, "tz=UTC; flash=x", home)).toBeNull();
    expect(await key("GET", url, "tz=UTC; tz=Asia%2FJakarta", home)).toBeNull();
    expect(await key("GET", new URL("http://x/id?modal=login"), undefined, home)).toBeNull();
    expect(await key("HEAD", url, undefined, home)).toBeNull();
    expect(await key("POST", url, undefined, home)).toBeNull();
    expect(await key("GET", url, undefined, {} as RoutePolicy)).toBeNull();
    const away = async () => {
      throw new Error("database unavailable");
    };
    expect(await sharedRenderKey("GET", url, undefined, home, new Date(), away)).toBeNull();
  });

  it("keeps only a whole 200 HTML page that sets no cookie, and gives it back with the new nonce", () => {
    const nonce = "AAAAAAAAAAAAAAAAAAAAAA==";
    const body = Buffer.from(`<script nonce="${nonce}"></script><p>é</p><script nonce="${nonce}"></script>`);
    const html = { "Content-Type": "text/html; charset=utf-8", "Content-Security-Policy": `'nonce-${nonce}'` };
    keepSharedRender("a", new Response("x", { status: 200, headers: { ...html, "Set-Cookie": "x=1" } }), body, nonce);
    keepSharedRender("b", new Response("x", { status: 404, headers: html }), body, nonce);
    keepSharedRender(
      "c",
      new Response("x", { status: 200, headers: { "Content-Type": "application/json" } }),
      body,
      nonce,
    );
    keepSharedRender("d", new Response("x", { status: 200, headers: html }), body, nonce);
    for (const key of ["a", "b", "c"]) expect(sharedRender(key, nonce)).toBeUndefined();
    const fresh = "BBBBBBBBBBBBBBBBBBBBBB==";
    const answer = sharedRender("d", fresh)!;
    expect(answer.body.toString()).toBe(`<script nonce="${fresh}"></script><p>é</p><script nonce="${fresh}"></script>`);
    expect(Object.fromEntries(answer.headers)["content-security-policy"]).toBe(`'nonce-${fresh}'`);
    // The kept render is not changed by an answer made from it.
    expect(sharedRender("d", nonce)!.body.equals(body)).toBe(true);
    expect(sharedRender("d", fresh, [], Date.now() + 60_000)).toBeUndefined();
  });
});

let server: AppProcess;
let origin: string;

beforeAll(async () => {
  await ensureBuild();
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  server = await startApp("page-cache", port, {
    DATABASE_URL: process.env.DATABASE_URL!,
    PUBLIC_URL: origin,
    APP_MODE: "sandbox",
  });
}, 600_000);
afterAll(() => server?.stop());

/** The answer with its nonce written as NONCE, and the headers that differ per answer left out. */
async function read(path: string, headers: Record<string, string> = {}) {
  const response = await fetch(origin + path, { headers, redirect: "manual" });
  const nonce = /'nonce-([^']+)'/.exec(response.headers.get("content-security-policy") ?? "")?.[1] ?? "";
  const body = await response.text();
  const kept = [...response.headers].filter(([name]) => !["date", "x-request-id", "server-timing"].includes(name));
  return {
    status: response.status,
    nonce,
    body: nonce ? body.replaceAll(nonce, "NONCE") : body,
    headers: Object.fromEntries(kept.map(([name, value]) => [name, nonce ? value.replaceAll(nonce, "NONCE") : value])),
    nonceInBody: nonce !== "" && body.includes(`nonce="${nonce}"`),
  };
}
type Answer = Awaited<ReturnType<typeof read>>;
const same = ({ nonce: _nonce, ...rest }: Answer) => rest;
/** The same request with a cookie the key cannot name: the ordinary path, a render of its own. */
const freshRead = (path: string, headers: Record<string, string> = {}) =>
  read(path, { ...headers, Cookie: [headers.Cookie, "unknown=1"].filter(Boolean).join("; ") });

describe("a shared render against a fresh one, on a real server", () => {
  const visitors: [string, Record<string, string>][] = [
    ["/", {}],
    ["/id", {}],
    ["/ph", { "Accept-Language": "fil" }],
    ["/", { Cookie: "tz=Asia%2FJakarta" }],
    ["/", { Cookie: "lng=id" }],
    ["/id", { Cookie: "lng=id; tz=Asia%2FJakarta", "User-Agent": "Mozilla/5.0 (Linux; Android 10) Mobile" }],
    ["/", { Cookie: "cookie_consent=all", "Accept-Language": "id-ID" }],
  ];

  it.each(visitors)("%s %j: the shared answer is the fresh render's, with its own nonce", async (path, headers) => {
    const first = await read(path, headers);
    const shared = await read(path, headers);
    const fresh = await freshRead(path, headers);
    for (const answer of [first, shared, fresh]) expect(answer.status === 200 || answer.status === 302).toBe(true);
    expect(same(shared)).toEqual(same(fresh));
    expect(same(first)).toEqual(same(fresh));
    if (first.status === 200) expect(shared.nonce).not.toBe(first.nonce);
  });

  it("gives every answer a nonce of its own", async () => {
    const nonces = new Set<string>();
    for (let i = 0; i < 5; i++) nonces.add((await read("/")).nonce);
    expect(nonces.size).toBe(5);
  });

  it("never gives a signed-in visitor the shared page", async () => {
    await read("/");
    const { token } = await signedInUser();
    const answer = await read("/", { Cookie: `token=${token}` });
    expect(answer.status).toBe(302);
  });
});

describe("a plain link's consent page: one render with each link's own values in its slots", () => {
  let userId: string;
  beforeAll(async () => {
    userId = (await createUser()).user.id;
  });

  /** A delivered link request of `requesterName`, in `state`; its code. */
  async function link(requesterName: string, state: "pending" | "shared" | "declined" | "stopped" | "expired") {
    const code = `P${randomBytes(4).toString("hex").slice(0, 7)}`;
    const days = (n: number) => new Date(Date.now() - n * 24 * 3600 * 1000);
    await db().locationRequest.create({
      data: {
        userId,
        channel: "link",
        requesterName,
        locale: "en",
        code,
        delivery: "link",
        createdAt: state === "expired" ? days(30) : new Date(),
        ...(state === "shared"
          ? { status: "gps_tracked", latitude: 14.65, longitude: 121.05, accuracyMeters: 12, locatedAt: new Date() }
          : {}),
        ...(state === "declined" ? { decision: "declined" } : {}),
        ...(state === "stopped" ? { decision: "revoked" } : {}),
      },
    });
    return code;
  }

  // Every character React escapes, a replacement pattern, scripts of several languages, a family emoji,
  // spaces and a control character the page cleans away, a name that looks like a token.
  const names = [
    "Maria",
    `A&B <b>"x"</b> 'y' >`,
    "$& $1 $$ $'",
    "  Zoë\u0007 van der   Berg ",
    "李小龙",
    "عبد الله",
    "👩‍👩‍👧 Mum",
    "slot0123456789abcdef01234567",
    "x".repeat(60),
  ];

  it.each([
    ["/", {}],
    ["/id/", {}],
    ["/ph/", { Cookie: "tz=Asia%2FManila" }],
    ["/id/", { Cookie: "lng=id; cookie_consent=accepted" }],
    // The language menu's choice sends an address without its prefix to the chosen language's.
    ["/", { Cookie: "lng=ph" }],
  ] as [string, Record<string, string>][])(
    "%s{code} %j: each link's answer is its fresh render's, names with characters HTML escapes included",
    async (prefix, headers) => {
      for (const state of ["pending", "shared", "declined", "stopped"] as const) {
        for (const name of names) {
          const path = `${prefix}${await link(name, state)}`;
          const answer = await read(path, headers);
          const again = await read(path, headers);
          const fresh = await freshRead(path, headers);
          expect(answer.status, `${state} ${name}`).toBe(headers.Cookie === "lng=ph" ? 302 : 200);
          expect(same(answer), `${state} ${name}`).toEqual(same(fresh));
          expect(same(again)).toEqual(same(fresh));
          if (!name.startsWith("slot")) expect(answer.body).not.toMatch(/slot[0-9a-f]{24}/);
        }
      }
    },
  );

  it("opens the link and records its opening on every path", async () => {
    const code = await link("Ana", "pending");
    await read(`/${code}`);
    const row = await db().locationRequest.findUniqueOrThrow({ where: { code } });
    expect(row.openedAt).not.toBeNull();
  });

  it("leaves an expired link, a recipient's own link, a query and a session to the ordinary path", async () => {
    const expired = await link("Ana", "expired");
    const gone = await read(`/${expired}`);
    expect(gone.status).toBe(410);
    expect(same(gone)).toEqual(same(await freshRead(`/${expired}`)));
    const pending = await link("Ana", "pending");
    expect(same(await read(`/${pending}?done=report`))).toEqual(same(await freshRead(`/${pending}?done=report`)));
    const { token } = await signedInUser();
    const signedIn = await read(`/${pending}`, { Cookie: `token=${token}` });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body).toContain("Ana");
  });
});
