// A database that is out answers 503 with Retry-After, in the visitor's language, not a 500.
import { afterAll, beforeAll, expect, it } from "vitest";

import { closeProcessDb, isDatabaseUnavailable } from "~/db/db.server";
import { resetConfig } from "~/server/config.server";

import { startApiApp, type ApiApp } from "../../tests/support/api-app";
import { allowConsoleError } from "../../tests/support/console";
import { rejection, RETRY_AFTER_SECONDS } from "./reject.server";

let app: ApiApp;
let saved: string | undefined;

beforeAll(async () => {
  saved = process.env.DATABASE_URL;
  await closeProcessDb();
  // Nothing listens there: every query fails to connect, as during a restart of the database.
  process.env.DATABASE_URL = "postgres://fl:fl@127.0.0.1:1/none";
  process.env.DATABASE_CONNECT_TIMEOUT_MS = "500";
  resetConfig();
  app = await startApiApp({ requestLog: true });
});

afterAll(async () => {
  await app?.close();
  await closeProcessDb();
  process.env.DATABASE_URL = saved;
  delete process.env.DATABASE_CONNECT_TIMEOUT_MS;
  resetConfig();
});

it("an API call during a database outage answers 503 with Retry-After and a translated message", async () => {
  allowConsoleError();
  const response = await fetch(`${app.origin}/api/v1/personnal/subscribe/info`, {
    headers: { Authorization: "some-token", APP: "test", "Accept-Language": "id" },
  });
  expect(response.status).toBe(503);
  expect(response.headers.get("retry-after")).toBe(RETRY_AFTER_SECONDS);
  const body = (await response.json()) as { status: number; message: string };
  expect(body.status).toBe(503);
  expect(body.message).toMatch(/Layanan sedang tidak tersedia/);
});

it("the page says so in each language, and asks to come back", async () => {
  const cases = [
    ["/", "en", "The service is unavailable for a moment"],
    ["/id", "id", "Layanan sedang tidak tersedia"],
    ["/ph/dashboard", "fil", "Saglit na hindi available ang serbisyo"],
  ] as const;
  for (const [path, lang, text] of cases) {
    const answer = await rejection(503, { path, nonce: "n" });
    expect(answer.headers["Retry-After"]).toBe(RETRY_AFTER_SECONDS);
    expect(answer.body).toContain(`<html lang="${lang}"`);
    expect(answer.body).toContain(text);
    expect(answer.body).toContain(">503<");
  }
});

it("tells an outage from a query's own mistake", () => {
  expect(isDatabaseUnavailable(Object.assign(new Error("x"), { code: "P1001" }))).toBe(true);
  expect(isDatabaseUnavailable(new Error("connect ECONNREFUSED 127.0.0.1:5432"))).toBe(true);
  expect(isDatabaseUnavailable(new Error("SqliteError: database is locked"))).toBe(true);
  expect(isDatabaseUnavailable(new Error("canceling statement due to statement timeout"))).toBe(true);
  // PostgreSQL's own codes: a database closed to connections, too many clients, an operator's shutdown.
  const pgError = (message: string, code: string) => Object.assign(new Error(message), { code });
  expect(isDatabaseUnavailable(pgError('database "fl" is not currently accepting connections', "55000"))).toBe(true);
  expect(isDatabaseUnavailable(pgError("sorry", "53300"))).toBe(true);
  expect(isDatabaseUnavailable(pgError("terminating connection due to administrator command", "57P01"))).toBe(true);
  expect(isDatabaseUnavailable(Object.assign(new Error("Unique constraint failed"), { code: "P2002" }))).toBe(false);
  expect(isDatabaseUnavailable(pgError("duplicate key value violates unique constraint", "23505"))).toBe(false);
  expect(isDatabaseUnavailable(pgError("currval of sequence is not yet defined in this session", "55000"))).toBe(false);
});
