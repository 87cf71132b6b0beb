// Resource routes called directly (app/http/resource-route.server.ts) answer what Remix's own request
// handler answers for the same request (the simple path, `onSimplePath(["direct-resources"])`): the
// status, its text, every header and the body, for every kind of outcome a route can have, and for
// the JSON API's routes over HTTP through the edge.
import { data, redirect } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import { appRoutes } from "~/http/route-match.server";
import { onSimplePath, trickOn } from "~/server/speed-tricks.server";

import { startApiApp, testBuild, type ApiApp } from "../../tests/support/api-app";
import { signedInUser } from "../../tests/support/factories";

type Answer = { status: number; statusText: string; headers: [string, string][]; body: string };

async function answerOf(response: Response): Promise<Answer> {
  const headers = [...response.headers.entries()].filter(([name]) => name !== "date" && name !== "x-request-id");
  return { status: response.status, statusText: response.statusText, headers, body: await response.text() };
}

/** The same request, answered directly and by Remix. */
async function bothPaths(send: () => Promise<Response>) {
  expect(trickOn("direct-resources")).toBe(true);
  const direct = await answerOf(await send());
  const remix = await onSimplePath(["direct-resources"], async () => answerOf(await send()));
  return { direct, remix };
}

const handleError = vi.fn();

/** A build of resource routes with every outcome a loader or an action can have. */
const modules: Record<string, { path: string; module: Record<string, unknown> }> = {
  json: { path: "json", module: { loader: () => Response.json({ a: 1 }, { headers: { "X-A": "1" } }) } },
  naked: { path: "naked", module: { loader: () => ({ b: 2 }), action: () => null } },
  text: { path: "text", module: { loader: () => "plain" } },
  param: {
    path: "param/:id",
    module: { loader: ({ params }: { params: object }) => Response.json(params) },
  },
  redirect: {
    path: "redirect",
    module: {
      loader: () => redirect("/elsewhere?a=1#b", { headers: { "X-B": "2" } }),
      action: () => redirect("../up/./there"),
    },
  },
  deep: { path: "deep/:id", module: { loader: () => redirect("next"), action: () => redirect("/a/../b/") } },
  thrownRedirect: {
    path: "thrown-redirect",
    module: {
      loader: () => {
        throw redirect("/elsewhere");
      },
      action: () => {
        throw Response.redirect("http://localhost/immutable", 303);
      },
    },
  },
  thrownResponse: {
    path: "thrown-response",
    module: {
      loader: () => {
        throw new Response("gone", { status: 410, statusText: "Gone" });
      },
    },
  },
  fault: {
    path: "fault",
    module: {
      loader: () => {
        throw new Error("secret detail");
      },
      action: () => {
        throw data("refused", { status: 422 });
      },
    },
  },
  nothing: { path: "nothing", module: { loader: () => undefined, action: () => data({ c: 3 }, { status: 400 }) } },
  thrownError: {
    path: "thrown-error",
    module: {
      loader: () => {
        throw data(new Error("secret detail"), { status: 400 });
      },
    },
  },
  echo: {
    path: "echo",
    module: {
      action: async ({ request }: { request: Request }) =>
        new Response(`${request.method} ${await request.text()}`, { status: 201, headers: { "X-C": "3" } }),
    },
  },
  page: { path: "page", module: { default: () => null, loader: () => ({ page: true }) } },
};

const build = testBuild(
  {
    root: { id: "root", path: "", module: { default: () => null } },
    ...Object.fromEntries(
      Object.entries(modules).map(([id, { path, module }]) => [id, { id, path, parentId: "root", module }]),
    ),
  },
  { default: () => new Response("a page", { status: 200 }), handleError },
);

const routes = appRoutes(build, "production");

const handle =
  (path: string, init: RequestInit = {}) =>
  () => {
    const url = new URL(path, "http://localhost");
    return routes.handle(new Request(url, init), { route: routes.match(url.pathname) });
  };

describe("a resource route called directly", () => {
  const cases: [string, string, RequestInit?][] = [
    ["a Response", "/json"],
    ["HEAD of a Response (no body)", "/json", { method: "HEAD" }],
    ["a plain object (JSON)", "/naked"],
    ["null from an action", "/naked", { method: "POST" }],
    ["a string", "/text"],
    ["the path's parameters", "/param/a%20b"],
    ["a returned redirect", "/redirect"],
    ["a relative redirect", "/redirect", { method: "POST" }],
    ["a redirect relative to a parameter's route", "/deep/7"],
    ["a redirect with dot segments", "/deep/7", { method: "POST" }],
    ["a thrown redirect", "/thrown-redirect"],
    ["a thrown redirect with immutable headers", "/thrown-redirect", { method: "POST" }],
    ["a thrown Response", "/thrown-response"],
    ["a fault, without its message", "/fault"],
    ["a thrown data()", "/fault", { method: "POST" }],
    ["nothing returned", "/nothing"],
    ["a returned data()", "/nothing", { method: "POST" }],
    ["a thrown data() of an Error", "/thrown-error"],
    ["an action reading its body", "/echo", { method: "POST", body: "x=1" }],
    ["a query Remix reads itself", "/json?index"],
  ];
  for (const [name, path, init] of cases)
    it(`answers as Remix does: ${name}`, async () => {
      const { direct, remix } = await bothPaths(handle(path, init));
      expect(direct).toEqual(remix);
      if (path === "/fault") expect(direct.body).not.toContain("secret");
    });

  it("reports a fault to handleError once on either path", async () => {
    handleError.mockClear();
    await bothPaths(handle("/fault"));
    expect(handleError).toHaveBeenCalledTimes(2);
    expect(handleError.mock.calls.map(([error]) => (error as Error).message)).toEqual([
      "secret detail",
      "secret detail",
    ]);
  });

  it("leaves a route with a page to Remix", async () => {
    const { direct, remix } = await bothPaths(handle("/page"));
    expect(direct).toEqual(remix);
    expect(direct.body).toBe("a page");
  });
});

describe("the JSON API called directly", () => {
  let app: ApiApp;
  let token: string;
  beforeAll(async () => {
    app = await startApiApp();
    token = (await signedInUser()).token;
  });
  afterAll(() => app?.close());

  const call =
    (path: string, init: RequestInit & { headers?: Record<string, string> } = {}) =>
    () =>
      fetch(`${app.origin}${path}`, { ...init, headers: { APP: "com.example.app", ...init.headers } });

  it("answers every kind of call as Remix does", async () => {
    const calls: [string, () => Promise<Response>][] = [
      ["subscription", call("/api/v1/personnal/subscribe/info", { headers: { Authorization: `Bearer ${token}` } })],
      ["no token", call("/api/v1/personnal/subscribe/info")],
      ["a bad token", call("/api/v1/personnal/subscribe/info", { headers: { Authorization: "Bearer nope" } })],
      ["no APP header", () => fetch(`${app.origin}/api/v1/personnal/subscribe/info`)],
      ["HEAD", call("/api/v1/auth/publicKey", { method: "HEAD" })],
      ["a public key", call("/api/v1/auth/publicKey")],
      [
        "a body that is not JSON",
        call("/api/v1/auth/login", { method: "POST", body: "{", headers: { "Content-Type": "application/json" } }),
      ],
      ["a path parameter", call("/api/v1/locate/requests/999999", { headers: { Authorization: `Bearer ${token}` } })],
      ["no such call", call("/api/v1/nothing/here")],
    ];
    for (const [name, send] of calls) {
      const { direct, remix } = await bothPaths(send);
      expect(direct, name).toEqual(remix);
    }
  });
});
