// The JSON API against its own OpenAPI document, from the outside: requests generated from the document
// (json-schema-faker makes schema-valid bodies, queries and path parameters; fast-check drives the
// runs and turns them into schema-invalid ones) are sent to the real production server (server.ts on
// the build, one process), and every answer must be one the document names: a documented status, a
// body that fits that status's schema, the headers it declares. On top of that:
// - a schema-valid request is never refused for its shape (400 `field_invalid`/`json_malformed`, 413,
//   415): the document is never stricter than the server's checks;
// - a schema-invalid one (a field of the wrong type, missing, outside its enum or too long) is a 400
//   naming the field, with `field_invalid` or the domain's own code for that field;
// - a method a path does not document answers 405 with `Allow` naming those it does;
// - nothing answers 500 (a 5xx is only one the document names: v5pay's 501).
// Fixed seed and bounded runs (FUZZ_SEED, FUZZ_RUNS to explore further); a failure names its seed.
import { dereference } from "@readme/openapi-parser";
import addFormats from "ajv-formats";
import Ajv2020, { type ValidateFunction } from "ajv/dist/2020.js";
import fc from "fast-check";
import { generateSync, type JsonSchema } from "json-schema-faker";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { ensureBuild, freePort, startApp, type AppProcess } from "../support/app-process";
import { signedInUser } from "../support/factories";

const SEED = Number(process.env.FUZZ_SEED ?? 20261128);
const RUNS = Number(process.env.FUZZ_RUNS ?? 10);
/** The codes of a refusal for the request's shape, which a schema-valid request never gets. */
const SHAPE_CODES = new Set(["field_invalid", "json_malformed", "json_required", "body_too_large"]);
const METHODS = ["get", "post", "put", "patch", "delete"] as const;

type Schema = Record<string, unknown> & {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  enum?: unknown[];
  maxLength?: number;
  anyOf?: Schema[];
};
type Parameter = { in: string; name: string; required?: boolean; schema: Schema };
type Response = { headers?: Record<string, { required?: boolean }>; content: Record<string, { schema: Schema }> };
type Operation = {
  parameters?: Parameter[];
  security?: Record<string, string[]>[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, Response>;
};
type Endpoint = { path: string; method: string; operation: Operation };

let app: AppProcess;
let endpoints: Endpoint[] = [];
let addressSeq = 0;
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
const validators = new Map<object, ValidateFunction>();
const validatorOf = (schema: Schema) => {
  let check = validators.get(schema);
  if (!check) validators.set(schema, (check = ajv.compile(schema)));
  return check;
};

beforeAll(async () => {
  await ensureBuild();
  const port = await freePort();
  app = await startApp("fuzz", port, {
    DATABASE_URL: process.env.DATABASE_URL!,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    APP_MODE: "sandbox",
    // Each request comes from its own address (X-Forwarded-For from loopback), and the limits per
    // address are out of the way: the fuzzing is about shapes, the limits have their own tests.
    TRUST_PROXY: "loopback",
    LOGIN_LIMIT_PER_IP: "100000",
    CODE_LIMIT_PER_IP: "100000",
    RESET_LIMIT_PER_IP: "100000",
    DEVICE_REPORT_LIMIT_PER_IP: "100000",
  });
  const answer = await fetch(`${app.origin}/api/v1/openapi.json`);
  const document = (await dereference((await answer.json()) as never)) as unknown as {
    paths: Record<string, Record<string, Operation>>;
  };
  endpoints = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ path, method, operation })),
  );
}, 600_000);
afterAll(async () => {
  await app?.stop("SIGKILL");
});

/** The token of a fresh subscriber per endpoint, so that one endpoint's run (a cancel) never changes another's. */
const tokens = new Map<string, string>();
async function tokenFor(endpoint: Endpoint) {
  const key = `${endpoint.method} ${endpoint.path}`;
  if (!tokens.has(key)) tokens.set(key, (await signedInUser()).token);
  return tokens.get(key)!;
}

const objectOf = (parameters: Parameter[]): Schema => ({
  type: "object",
  properties: Object.fromEntries(parameters.map((p) => [p.name, p.schema])),
  required: parameters.filter((p) => p.required).map((p) => p.name),
});

/** A value the schema accepts, from json-schema-faker with `seed` (the next seeds when a draft does not fit). */
function valid(schema: Schema, seed: number): unknown {
  for (let attempt = 0; attempt < 20; attempt++) {
    const value = generateSync(schema as JsonSchema, { seed: seed + attempt * 7919, maxDefaultItems: 2 });
    if (validatorOf(schema)(value)) return value;
  }
  throw new Error(`json-schema-faker made no valid value for ${JSON.stringify(schema)} (seed ${seed})`);
}

type Request = { path: Record<string, unknown>; query: Record<string, unknown>; body?: unknown };

function validRequest(endpoint: Endpoint, seed: number): Request {
  const parameters = endpoint.operation.parameters ?? [];
  const inPath = parameters.filter((p) => p.in === "path");
  const inQuery = parameters.filter((p) => p.in === "query");
  const body = endpoint.operation.requestBody?.content["application/json"]?.schema;
  return {
    path: inPath.length ? (valid(objectOf(inPath), seed) as Record<string, unknown>) : {},
    query: inQuery.length ? (valid(objectOf(inQuery), seed + 1) as Record<string, unknown>) : {},
    ...(body ? { body: valid(body, seed + 2) } : {}),
  };
}

async function send(endpoint: Endpoint, request: Request, method = endpoint.method.toUpperCase()) {
  const path = endpoint.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(request.path[name])));
  const query = new URLSearchParams(Object.entries(request.query).map(([name, value]) => [name, String(value)]));
  const headers: Record<string, string> = {
    APP: "fuzz-test",
    "X-Forwarded-For": `198.18.${(++addressSeq >> 8) & 255}.${addressSeq & 255}`,
  };
  // A token only where one is required: where it is optional (registerAndSign), the request without
  // one is the common case, and a subscriber's token is refused before the body is read (409).
  const security = endpoint.operation.security ?? [];
  if (security.length && security.every((scheme) => "token" in scheme))
    headers.Authorization = `Bearer ${await tokenFor(endpoint)}`;
  if (request.body !== undefined) headers["Content-Type"] = "application/json";
  const answer = await fetch(`${app.origin}${path}${query.size ? `?${query}` : ""}`, {
    method,
    headers,
    body: request.body === undefined ? undefined : JSON.stringify(request.body),
    redirect: "manual",
  });
  const text = await answer.text();
  return { status: answer.status, headers: answer.headers, text, json: parse(text) };
}

function parse(text: string) {
  try {
    return JSON.parse(text) as { status?: number; code?: string; field?: string | null };
  } catch {
    return undefined;
  }
}

type Sent = Awaited<ReturnType<typeof send>>;

/** What every answer must be: documented, fitting its schema, with the headers it declares; never a 500. */
function expectDocumented(endpoint: Endpoint, answer: Sent, what: string) {
  const context = `${endpoint.method.toUpperCase()} ${endpoint.path} ${what} → ${answer.status} ${answer.text.slice(0, 400)}`;
  expect(answer.status, context).not.toBe(500);
  const response = endpoint.operation.responses[String(answer.status)];
  expect(response, `undocumented status: ${context}`).toBeTruthy();
  if (answer.status >= 500) expect(answer.status, `a 5xx: ${context}`).toBe(501);
  const check = validatorOf(response!.content["application/json"]!.schema);
  expect(check(answer.json), `${ajv.errorsText(check.errors)}: ${context}`).toBe(true);
  for (const [name, header] of Object.entries(response!.headers ?? {}))
    if (header.required) expect(answer.headers.get(name), `the ${name} header: ${context}`).toBeTruthy();
}

// --- Mutations: a valid request made schema-invalid in one place ---------------------------------

type Mutation = { where: "body" | "query"; field: string; kind: "type" | "missing" | "enum" | "tooLong" | "notObject" };

/** A value of another JSON type than the schema's. */
function wrongType(schema: Schema): unknown {
  const types = [schema.type ?? schema.anyOf?.map((s) => s.type)].flat();
  if (types.includes("string")) return 7;
  if (types.includes("number") || types.includes("integer")) return "seven";
  if (types.includes("boolean")) return "yes";
  return 7;
}

function mutationsOf(endpoint: Endpoint): Mutation[] {
  const mutations: Mutation[] = [];
  const body = endpoint.operation.requestBody?.content["application/json"]?.schema;
  // A webhook's body is any object the provider sends; its refusals are not envelopes.
  if (body?.properties) {
    mutations.push({ where: "body", field: "body", kind: "notObject" });
    for (const [field, schema] of Object.entries(body.properties)) {
      mutations.push({ where: "body", field, kind: "type" });
      if (body.required?.includes(field)) mutations.push({ where: "body", field, kind: "missing" });
      if (schema.enum) mutations.push({ where: "body", field, kind: "enum" });
      if (typeof schema.maxLength === "number") mutations.push({ where: "body", field, kind: "tooLong" });
    }
  }
  for (const parameter of endpoint.operation.parameters ?? []) {
    if (parameter.in !== "query") continue;
    const { type, enum: values } = parameter.schema;
    if (type === "integer" || type === "number")
      mutations.push({ where: "query", field: parameter.name, kind: "type" });
    if (values) mutations.push({ where: "query", field: parameter.name, kind: "enum" });
    if (typeof parameter.schema.maxLength === "number")
      mutations.push({ where: "query", field: parameter.name, kind: "tooLong" });
  }
  return mutations;
}

function mutate(endpoint: Endpoint, request: Request, mutation: Mutation): Request {
  if (mutation.kind === "notObject") return { ...request, body: [request.body] };
  const target = { ...(request[mutation.where] as Record<string, unknown>) };
  const schema =
    mutation.where === "body"
      ? endpoint.operation.requestBody!.content["application/json"]!.schema.properties![mutation.field]!
      : endpoint.operation.parameters!.find((p) => p.name === mutation.field)!.schema;
  if (mutation.kind === "missing") delete target[mutation.field];
  if (mutation.kind === "type") target[mutation.field] = wrongType(schema);
  if (mutation.kind === "enum") target[mutation.field] = "not-one-of-them";
  if (mutation.kind === "tooLong") target[mutation.field] = "a".repeat(schema.maxLength! + 1);
  return { ...request, [mutation.where]: target };
}

/**
 * The codes a mutation may be refused with: the shape's, or the domain's own code for that field (a
 * custom message in the route's schema: `adult_required` for an `adult` that is not `true`).
 */
const EXPECTED_CODE = /^(field_invalid|\w+_(required|invalid|too_long))$/;

// --- The runs --------------------------------------------------------------------------------------

const runOptions = () => ({ seed: SEED, numRuns: RUNS, endOnFailure: true });

describe("requests generated from the OpenAPI document, against the real server", () => {
  it("schema-valid requests: documented answers that fit their schema, never refused for their shape", async () => {
    for (const endpoint of endpoints) {
      await fc.assert(
        fc.asyncProperty(fc.integer({ min: 1, max: 2 ** 30 }), async (seed) => {
          const request = validRequest(endpoint, seed);
          const answer = await send(endpoint, request);
          const what = `valid (faker seed ${seed}) ${JSON.stringify(request).slice(0, 300)}`;
          expectDocumented(endpoint, answer, what);
          expect([413, 415], `refused for its shape: ${what} → ${answer.text}`).not.toContain(answer.status);
          if (answer.status === 400)
            expect(SHAPE_CODES.has(answer.json?.code ?? ""), `refused for its shape: ${what} → ${answer.text}`).toBe(
              false,
            );
        }),
        runOptions(),
      );
    }
  }, 120_000);

  it("schema-invalid requests: 400 naming the field, with field_invalid or the field's own code", async () => {
    let tried = 0;
    for (const endpoint of endpoints) {
      const mutations = mutationsOf(endpoint);
      if (!mutations.length) continue;
      await fc.assert(
        fc.asyncProperty(
          fc.integer({ min: 1, max: 2 ** 30 }),
          fc.constantFrom(...mutations),
          async (seed, mutation) => {
            tried++;
            const base = validRequest(endpoint, seed);
            const request = mutate(endpoint, base, mutation);
            const answer = await send(endpoint, request);
            const what = `${mutation.kind} ${mutation.where}.${mutation.field} (faker seed ${seed}) ${JSON.stringify(request).slice(0, 300)}`;
            expectDocumented(endpoint, answer, what);
            // A path the route never serves (v5pay: always 501) is refused before its body is read:
            // the valid request gets the same answer, so the mutation is not what was refused.
            if (answer.status === 501) {
              const unmutated = await send(endpoint, base);
              expect([unmutated.status, unmutated.json?.code], what).toEqual([501, answer.json?.code]);
              return;
            }
            expect(answer.status, `${what} → ${answer.text}`).toBe(400);
            expect(answer.json?.field, `${what} → ${answer.text}`).toBe(mutation.field);
            expect(answer.json?.code, `${what} → ${answer.text}`).toMatch(EXPECTED_CODE);
          },
        ),
        { ...runOptions(), numRuns: Math.max(RUNS, mutations.length) },
      );
    }
    expect(tried).toBeGreaterThan(50);
  }, 120_000);

  it("an undocumented method answers 405 with Allow naming the documented ones", async () => {
    const byPath = new Map<string, Endpoint[]>();
    for (const endpoint of endpoints) byPath.set(endpoint.path, [...(byPath.get(endpoint.path) ?? []), endpoint]);
    for (const [, documented] of byPath) {
      const allowed = documented.map((e) => e.method);
      const expectedAllow = allowed.flatMap((m) => (m === "get" ? ["GET", "HEAD"] : [m.toUpperCase()])).sort();
      for (const method of METHODS.filter((m) => !allowed.includes(m))) {
        const endpoint = documented[0]!;
        const { body, ...request } = validRequest(endpoint, SEED);
        const answer = await send(endpoint, method === "get" ? request : { ...request, body }, method.toUpperCase());
        const context = `${method.toUpperCase()} ${endpoint.path} → ${answer.status} ${answer.text.slice(0, 300)}`;
        expect(answer.status, context).toBe(405);
        const allow = (answer.headers.get("Allow") ?? "").split(",").map((m) => m.trim());
        expect(allow.sort(), context).toEqual(expectedAllow);
        if (answer.json) expect(answer.json.code, context).toBe("method_not_allowed");
      }
    }
  }, 60_000);
});
