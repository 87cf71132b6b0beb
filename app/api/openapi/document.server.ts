// The OpenAPI 3.1 document of /api/v1 (GET /api/v1/openapi.json), generated from ./operations.server.ts
// with @asteasolutions/zod-to-openapi: the request schemas are the routes' own zod schemas, the answers
// the shapes of ./shapes.server.ts in the envelope, and every answer has an example with the request
// that produces it (`x-replay`). Never written by hand: docs/decisions/026.
import { OpenApiGeneratorV31, OpenAPIRegistry, type ResponseConfig } from "@asteasolutions/zod-to-openapi";
import type { ZodTypeAny } from "zod";

import { apiLocale, APP_ID } from "~/api/envelope.server";
import { errorCodeOf } from "~/api/error-codes";
import { IDEMPOTENCY_KEY_PATTERN } from "~/api/idempotency.server";
import { getT } from "~/i18n/i18next.server";
import type { Locale } from "~/i18n/locales";
import { config } from "~/server/config.server";

import {
  API_OPERATIONS,
  EXAMPLE_VALUES,
  GIVEN,
  NOT_FOUND,
  type Answer,
  type Example,
  type Operation,
} from "./operations.server";
import { registerEventWebhooks } from "./operations/webhooks.server";
import { envelope } from "./shapes.server";
import { z } from "./zod.server";

/** The APP header value the examples send. */
export const EXAMPLE_APP = "my-app";

/** The document's path of a route-table path: `api/v1/locate/requests/:id` → `/api/v1/locate/requests/{id}`. */
export const documentPath = (tablePath: string) => `/${tablePath.replace(/:(\w+)/g, "{$1}")}`;

/** What an example's request is in the document: everything a client sends (`{{name}}`: see GIVEN). */
export type Replay = {
  given?: keyof typeof GIVEN;
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: unknown;
  raw?: { contentType: string; text?: string; bytes?: number };
};

function replayOf(tablePath: string, operation: Operation, example: Example): Replay {
  const request = example.request ?? {};
  const path =
    request.path ??
    documentPath(tablePath).replace(/\{(\w+)\}/g, (_, name: string) => operation.params?.[name]?.example ?? name);
  const headers: Record<string, string> = operation.appHeader === false ? {} : { APP: EXAMPLE_APP };
  if (request.body !== undefined) headers["Content-Type"] = "application/json";
  if (request.raw) headers["Content-Type"] = request.raw.contentType;
  for (const [name, value] of Object.entries(request.headers ?? {})) {
    // An empty value: the header is not sent.
    if (value === "") delete headers[name];
    else headers[name] = value;
  }
  return {
    ...(example.given ? { given: example.given } : {}),
    method: request.method ?? operation.method.toUpperCase(),
    path,
    headers,
    ...(request.body !== undefined ? { body: request.body } : {}),
    ...(request.raw ? { raw: request.raw } : {}),
  };
}

/** The translator of each language an example may ask for (Accept-Language). */
type T = Record<Locale, Awaited<ReturnType<typeof getT>>>;

function exampleValue(t: T, status: number, example: Example) {
  if (example.body !== undefined) return example.body;
  const [key, values] = Array.isArray(example.message) ? example.message : [example.message, undefined];
  const language = example.request?.headers?.["Accept-Language"];
  const locale = language ? apiLocale(new Request("http://x", { headers: { "Accept-Language": language } })) : "en";
  const message = key ? t[locale](key, values) : "success";
  const base = { status, message, error: status < 300 ? null : message, data: example.data ?? null };
  if (status < 400) return base;
  const field = example.field ?? (key === "api.invalidField" ? String(values?.field) : null);
  return { ...base, code: errorCodeOf(key, status), field };
}

/** The headers an answer carries, each always sent where it is declared (the replay checks it). */
const RESPONSE_HEADERS = {
  "Retry-After": {
    description: "Seconds to wait before trying again.",
    required: true,
    schema: { type: "integer" as const, minimum: 1 },
  },
  Allow: { description: "The methods this path answers.", required: true, schema: { type: "string" as const } },
  "Set-Cookie": {
    description:
      "`checkout_browser=…; HttpOnly; Secure; SameSite=Lax`: keep it (a cookie jar) for the register query and loginByAuthCode.",
    required: true,
    schema: { type: "string" as const },
  },
  "Idempotency-Replayed": {
    description: "`true` when this is the kept answer to an earlier request with the same `Idempotency-Key`.",
    required: false,
    schema: { type: "string" as const, enum: ["true"] },
  },
  "X-Request-Id": {
    description:
      "The request's id, as the server's log names it (a trusted proxy's own when it sent a well-formed one): quote it when reporting a problem.",
    required: true,
    schema: { type: "string" as const },
  },
};

function examplesOf(t: T, tablePath: string, operation: Operation, status: number, answer: Answer) {
  return Object.fromEntries(
    Object.entries(answer.examples).map(([name, example]) => [
      name,
      {
        summary: example.summary,
        ...(example.given ? { description: `Given: ${GIVEN[example.given]}` } : {}),
        value: exampleValue(t, status, example),
        "x-replay": replayOf(tablePath, operation, example),
      },
    ]),
  );
}

/** One schema per status for the envelopes without `data` (`Failure401`, …), shared by every route. */
const failures = new WeakMap<OpenAPIRegistry, Map<number, ZodTypeAny>>();
function failure(registry: OpenAPIRegistry, status: number) {
  const known = failures.get(registry) ?? new Map<number, ZodTypeAny>();
  failures.set(registry, known);
  let schema = known.get(status);
  if (!schema) known.set(status, (schema = registry.register(`Failure${status}`, envelope(status, z.null()))));
  return schema;
}

function responseOf(
  registry: OpenAPIRegistry,
  t: T,
  tablePath: string,
  operation: Operation,
  status: number,
  answer: Answer,
): ResponseConfig {
  const data: ZodTypeAny = answer.data ?? z.null();
  const schema = answer.raw ? data : answer.data ? envelope(status, data) : failure(registry, status);
  return {
    description: answer.description,
    headers: Object.fromEntries(
      [
        ...(answer.headers ?? []),
        ...(operation.idempotent ? ["Idempotency-Replayed" as const] : []),
        "X-Request-Id" as const,
      ].map((name) => [name, RESPONSE_HEADERS[name]]),
    ),
    content: {
      "application/json": {
        schema,
        examples: examplesOf(t, tablePath, operation, status, answer),
      },
    },
  };
}

/** A body example with concrete values in place of a situation's `{{name}}`, so that tools can send it. */
function concrete(body: unknown) {
  if (body === undefined) return undefined;
  const text = JSON.stringify(body).replace(/\{\{(\w+)\}\}/g, (whole, name: string) => {
    const value = EXAMPLE_VALUES[name];
    if (value === undefined) throw new Error(`${whole}: no example value in EXAMPLE_VALUES`);
    return value;
  });
  return JSON.parse(text) as unknown;
}

function register(registry: OpenAPIRegistry, t: T, tablePath: string, operation: Operation) {
  const success = operation.responses[200]?.examples ?? {};
  const bodyExample = concrete(
    Object.values(success).find((example) => example.request?.body !== undefined)?.request?.body,
  );
  const security: Record<string, string[]>[] =
    operation.token === "required"
      ? [{ app: [], token: [] }]
      : operation.token === "optional"
        ? [{ app: [], token: [] }, { app: [] }]
        : operation.appHeader === false
          ? []
          : [{ app: [] }];
  registry.registerPath({
    method: operation.method,
    path: documentPath(tablePath),
    operationId: operation.operationId,
    tags: [operation.tag],
    summary: operation.summary,
    ...(operation.description ? { description: operation.description } : {}),
    security,
    request: {
      ...(operation.params
        ? {
            params: z.object(
              Object.fromEntries(
                Object.entries(operation.params).map(([name, param]) => [
                  name,
                  param.schema.openapi({ param: { example: param.example } }),
                ]),
              ),
            ),
          }
        : {}),
      ...(operation.query ? { query: operation.query } : {}),
      ...(operation.appHeader === false
        ? {}
        : {
            // Also parameters, not only security schemes: generated clients type parameters (openapi-typescript
            // writes no type for a security scheme), so a call without them does not compile.
            headers: z.object({
              APP: z.string().regex(APP_ID).describe("Your application id (the `app` security scheme)."),
              ...(operation.token
                ? {
                    Authorization: (operation.token === "required" ? z.string() : z.string().optional()).describe(
                      operation.token === "required"
                        ? "`Bearer <token>` from sign-in (the `token` security scheme)."
                        : "`Bearer <token>` from sign-in, when signed in; an invalid one answers 401.",
                    ),
                  }
                : {}),
              "Accept-Language": z
                .string()
                .optional()
                .describe("The messages' language: en, id or fil (ph); English otherwise."),
              ...(operation.idempotent
                ? {
                    "Idempotency-Key": z
                      .string()
                      .regex(IDEMPOTENCY_KEY_PATTERN)
                      .optional()
                      .describe(
                        "Any unique value of yours (a UUID) to retry this write safely: a repeat with the same key and the same request within 24 hours answers the first answer again (status and body, with `Idempotency-Replayed: true`) without doing the work twice; a repeat while the first still runs waits for it. The same key with another request: 422 `idempotency_key_reused`. Keys are the account's (without a token: the client address's).",
                      ),
                  }
                : {}),
            }),
          }),
      ...(operation.checkoutCookie
        ? {
            cookies: z.object({
              checkout_browser: z
                .string()
                .optional()
                .describe("Set by registerAndSign: the automatic sign-in after payment happens only with it."),
            }),
          }
        : {}),
      ...(operation.body
        ? {
            body: {
              required: true,
              content: {
                "application/json": { schema: operation.body, ...(bodyExample ? { example: bodyExample } : {}) },
              },
            },
          }
        : {}),
    },
    responses: Object.fromEntries(
      Object.entries(operation.responses).map(([status, answer]) => [
        status,
        responseOf(registry, t, tablePath, operation, Number(status), answer),
      ]),
    ),
  });
}

const DESCRIPTION = `The JSON API of Family Locator, generated from the schemas the routes validate their input with.

Every answer is an envelope \`{ status, message, error, data }\` whose \`status\` equals the HTTP status; \`message\` is for people, in the \`Accept-Language\` language (en, id, fil), and \`error\` repeats it on a failure, which adds \`code\` (\`#/components/schemas/ErrorCode\`: stable, never translated, the same for the same mistake on every route) and \`field\`, the input it concerns. Every call sends the \`APP\` header (your application id: letters, digits, '.', '_' or '-', at most 64); the calls of an account also send its token in \`Authorization\` (\`Bearer <token>\`, or raw). Bodies are JSON of at most 64 KB. Any other path under /api/v1 answers 404 with the code \`not_found\`: \`x-not-found\` is that answer (a path of this document cannot name "every other path").

Each example carries \`x-replay\`: the request that produces it, made in the situation its description names (\`{{name}}\` stands for a value of that situation). The flows (the sign-up after payment), the limits and browser access (API_CORS_ORIGINS) are explained in docs/api.md.`;

async function build() {
  const t: T = { en: await getT("en"), id: await getT("id"), ph: await getT("ph") };
  const registry = new OpenAPIRegistry();
  registry.registerComponent("securitySchemes", "app", {
    type: "apiKey",
    in: "header",
    name: "APP",
    description: "Your application id; a server with API_APP_IDS accepts only those.",
  });
  registry.registerComponent("securitySchemes", "token", {
    type: "apiKey",
    in: "header",
    name: "Authorization",
    description: "The token from sign-in: `Bearer <token>` or the token alone.",
  });
  for (const [tablePath, operations] of Object.entries(API_OPERATIONS))
    for (const operation of operations) register(registry, t, tablePath, operation);
  failure(registry, 404);
  registerEventWebhooks(registry);
  const document = new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: "3.1.0",
    info: { title: "Family Locator API", version: "1", description: DESCRIPTION },
    servers: [{ url: config().publicUrl.origin }],
    tags: [
      { name: "Auth", description: "Sign-in, the password key, reset codes and the sign-in after payment." },
      { name: "Account", description: "The signed-in account: its subscription, its data, its deletion." },
      {
        name: "Webhooks",
        description:
          "The account's endpoints that receive signed request events (the document's `webhooks`; docs/webhooks.md).",
      },
      { name: "Sign-up after payment", description: "Open a checkout, follow it, sign in once it is paid." },
      { name: "Location requests", description: "Ask for a position by SMS, e-mail or link, and follow the answers." },
      { name: "Lookup", description: "What a phone number tells, and more with a subscription." },
      { name: "Voice", description: "Voice messages: a call that speaks a text, and their list." },
      { name: "Providers", description: "For the payment providers, not for clients." },
      { name: "Contract", description: "This document." },
    ],
  });
  // The catch-all's answer: a response component no path names would be an unused component, so it
  // stands beside the paths as an extension, in the same Response Object form (examples replayed by
  // app/api/openapi/replay.test.ts).
  const notFound: ResponseConfig = {
    description: NOT_FOUND.description,
    headers: { "X-Request-Id": RESPONSE_HEADERS["X-Request-Id"] },
    content: {
      "application/json": {
        schema: { $ref: "#/components/schemas/Failure404" },
        examples: examplesOf(t, "api/v1/*", { method: "get" } as Operation, 404, NOT_FOUND),
      },
    },
  };
  return oneNullable({ ...document, "x-not-found": notFound }) as typeof document;
}

/**
 * Nullable written one way throughout: the generator writes a nullable enum (`orNull`) as `anyOf` of
 * the enum and `null`, with `null` twice; this makes it `type: [T, "null"]` with null among the values,
 * as it writes every other nullable field.
 */
function oneNullable(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(oneNullable);
  if (!node || typeof node !== "object") return node;
  const object = Object.fromEntries(Object.entries(node).map(([key, value]) => [key, oneNullable(value)]));
  const anyOf = object.anyOf as Record<string, unknown>[] | undefined;
  if (!anyOf) return object;
  const others = anyOf.filter((member) => member.type !== "null");
  const [only] = others;
  if (others.length !== 1 || others.length === anyOf.length || typeof only?.type !== "string" || !only.enum)
    return object;
  const { anyOf: _anyOf, ...rest } = object;
  return { ...only, ...rest, type: [only.type, "null"], enum: [...(only.enum as unknown[]), null] };
}

let cached: { for: object; document: ReturnType<typeof build> } | undefined;

/** The document, built once per configuration (its server is PUBLIC_URL). */
export function openApiDocument() {
  const c = config();
  if (cached?.for !== c) cached = { for: c, document: build() };
  return cached.document;
}
