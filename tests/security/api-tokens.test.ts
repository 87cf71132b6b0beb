// Every /api/v1 route that reads a token answers 401 `token_invalid` for one that is not (or no longer)
// valid: unknown, expired, or revoked by signing out. None treats it as "no token" (a silent sign-up or
// a visitor's answer in place of the account's). The routes are those whose module reads a token,
// found in the route table; each must say so in the document (its `security` names `token`), and each
// is sent its own documented success request, only with the bad token.
import { readFileSync } from "node:fs";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { EXAMPLE_APP, openApiDocument, type Replay } from "~/api/openapi/document.server";
import { EXAMPLE_VALUES } from "~/api/openapi/operations.server";
import { createSession } from "~/auth/session.server";
import { db } from "~/db/db.server";
import { resourceRoutes } from "~/route-table.js";
import { sha256 } from "~/utils/hash.server";

import { startApiApp, type ApiApp } from "../support/api-app";
import { createUser } from "../support/factories";

type Operation = {
  security?: Record<string, string[]>[];
  responses: Record<string, { content: { "application/json": { examples?: Record<string, { "x-replay": Replay }> } } }>;
};

const READS_TOKEN = /\b(readToken|requireApiUser|requireApiSession|requireApiSubscriber)\(/;
const document = await openApiDocument();
const paths = document.paths as Record<string, Record<string, Operation>>;

/** The table's /api/v1 routes whose module reads a token, as document paths. */
const tokenRoutes = resourceRoutes
  .filter((route) => route.path.startsWith("api/v1/") && route.path !== "api/v1/*")
  .filter((route) => READS_TOKEN.test(readFileSync(path.resolve("app", route.file), "utf8")))
  .map((route) => `/${route.path.replace(/:(\w+)/g, "{$1}")}`);

let app: ApiApp;
let tokens: Record<"unknown" | "expired" | "revoked", string>;
let ipSeq = 0;

beforeAll(async () => {
  app = await startApiApp();
  const { user } = await createUser();
  const expired = await createSession(user.id);
  await db().session.update({ where: { tokenHash: sha256(expired.token) }, data: { expiresAt: new Date(0) } });
  const revoked = await createSession(user.id);
  await db().session.delete({ where: { tokenHash: sha256(revoked.token) } });
  tokens = { unknown: "5x3eWbQ0tGm7yV2kLr9Pq4sHnZ8dA1fC6uJoXiKe", expired: expired.token, revoked: revoked.token };
});
afterAll(() => app?.close());

/** The operation's documented success request, with concrete values in place of a situation's. */
function successRequest(operation: Operation) {
  const success = Object.keys(operation.responses).find((status) => /^2\d\d$/.test(status))!;
  const example = Object.values(operation.responses[success]!.content["application/json"].examples ?? {})[0]!;
  const text = JSON.stringify(example["x-replay"]).replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
    return EXAMPLE_VALUES[name] ?? `${name}-value`;
  });
  return JSON.parse(text) as Replay;
}

describe("a token that is not valid answers 401 on every route that reads one", () => {
  it("finds the routes that read a token, and the document says each one does", () => {
    expect(tokenRoutes.length).toBeGreaterThanOrEqual(14);
    for (const documentPath of tokenRoutes) {
      const operations = Object.values(paths[documentPath] ?? {});
      expect(operations.length, documentPath).toBeGreaterThan(0);
      for (const operation of operations)
        expect(
          operation.security?.some((scheme) => "token" in scheme),
          `${documentPath}: security names the token`,
        ).toBe(true);
    }
  });

  const cases = tokenRoutes.flatMap((documentPath) =>
    (["unknown", "expired", "revoked"] as const).map(
      (kind) => [`${documentPath} (${kind})`, documentPath, kind] as const,
    ),
  );
  it.each(cases)("%s", async (_name, documentPath, kind) => {
    for (const [method, operation] of Object.entries(paths[documentPath]!)) {
      const replay = successRequest(operation);
      const headers: Record<string, string> = {
        ...replay.headers,
        APP: EXAMPLE_APP,
        Authorization: `Bearer ${tokens[kind]}`,
        "X-Forwarded-For": `198.51.100.${++ipSeq % 250}`,
      };
      const answer = await fetch(`${app.origin}${replay.path}`, {
        method: replay.method,
        headers,
        body: replay.body === undefined ? undefined : JSON.stringify(replay.body),
      });
      const body = (await answer.json()) as { code?: string };
      expect([answer.status, body.code], `${method.toUpperCase()} ${replay.path}`).toEqual([401, "token_invalid"]);
    }
  });
});
