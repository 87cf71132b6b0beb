// Every example of the OpenAPI document is replayed: its request (`x-replay`) is sent over HTTP to the
// API as the server runs it (the edge in front of Remix and the route modules, tests/support/api-app.ts),
// in the situation it names (tests/support/openapi-givens.ts), and the answer must have the example's
// status and validate against the documented schema for that status (JSON Schema 2020-12, objects
// closed), with the documented headers and, where it does not name a time or a count, the example's
// message. The real Stripe, PayPal, Twilio and SendGrid providers run against the local fakes of
// tests/fakes.
import { describe, expect, it } from "vitest";

import { GIVEN } from "~/api/openapi/operations.server";

import { GIVENS } from "../../../tests/support/openapi-givens";
import {
  fill,
  nextIp,
  replayEnvironment,
  resolved,
  schemaValidator,
  send,
  type ResponseObject,
} from "../../../tests/support/openapi-replay";

replayEnvironment();

type Case = { name: string; status: number; response: ResponseObject; example: string };
const cases: Case[] = [];
for (const [path, methods] of Object.entries(resolved.paths))
  for (const [method, operation] of Object.entries(methods))
    for (const [status, response] of Object.entries(operation.responses))
      for (const example of Object.keys(response.content["application/json"].examples))
        cases.push({
          name: `${method.toUpperCase()} ${path} ${status} ${example}`,
          status: Number(status),
          response,
          example,
        });
const notFound = resolved["x-not-found"];
for (const example of Object.keys(notFound.content["application/json"].examples))
  cases.push({ name: `any other path 404 ${example}`, status: 404, response: notFound, example });

describe("every example, replayed against the running API", () => {
  it("covers every documented situation", () => {
    const used = new Set(
      cases.map((c) => c.response.content["application/json"].examples[c.example]!["x-replay"].given).filter(Boolean),
    );
    expect([...used].sort()).toEqual(Object.keys(GIVEN).sort());
    expect(cases.length).toBeGreaterThan(150);
  });

  const ajv = schemaValidator();
  it.each(cases.map((c) => [c.name, c] as const))("%s", async (_name, { status, response, example }) => {
    const documented = response.content["application/json"].examples[example]!;
    const replay = documented["x-replay"];
    const ip = nextIp();
    const prepared = replay.given ? await GIVENS[replay.given]({ ip, replay }) : { values: {} };
    let answer: Response;
    try {
      answer = await send(fill(replay, prepared.values), ip);
    } finally {
      await prepared.cleanup?.();
    }
    const text = await answer.text();
    expect(answer.status, text).toBe(status);
    const body = JSON.parse(text) as { status?: number; message?: string };
    const check = ajv.compile(response.content["application/json"].schema);
    expect(check(body), `${ajv.errorsText(check.errors)}\n${text}`).toBe(true);
    // Every header the answer is declared to send (Idempotency-Replayed only on a repeat: not required).
    for (const [header, declared] of Object.entries(response.headers ?? {}))
      if (declared.required) expect(answer.headers.get(header), `the ${header} header`).toBeTruthy();
    const value = documented.value as { status?: number; message?: string; code?: string; field?: string | null };
    if (typeof value.message === "string" && !/\d/.test(value.message)) expect(body.message).toBe(value.message);
    // A failure's code and field are the documented ones: the table of each route's mistakes.
    if (status >= 400 && value.status === status) {
      expect((body as { code?: string }).code, "code").toBe(value.code);
      expect((body as { field?: string | null }).field, "field").toBe(value.field);
    }
  });
});
