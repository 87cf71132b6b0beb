import type { z } from "zod";

import { lookupSession, readToken } from "~/auth/session.server";
import { describeSubscription } from "~/billing/subscription.server";
import { noteUnavailable } from "~/db/db.server";
import { getT } from "~/i18n/i18next.server";
import type { MessageKey } from "~/i18n/keys";
import { intlLocale, isLocale, type Locale } from "~/i18n/locales";
import { config } from "~/server/config.server";
import { log } from "~/server/log.server";
import { isDomainIssue, issueKey, limitsOf } from "~/utils/parse-form";
import { requestTimeZone } from "~/utils/request-time-zone.server";
import { formatDateTime } from "~/utils/time-zone";

import { errorCodeOf, hasOwnCode, type ErrorCode } from "./error-codes";
import { IDEMPOTENCY_HEADER, idempotent } from "./idempotency.server";

/**
 * Spec section 3: every answer is `{ status, message, error, data }` and the HTTP status equals
 * `status`. A failure adds `code` (stable, untranslated: ./error-codes.ts) and `field`, the input it
 * concerns (null when none), so that a client branches on the mistake in any language.
 */
export function envelope<T>(
  status: number,
  body: { data?: T; message?: string; error?: string | null; code?: ErrorCode; field?: string | null },
  init: ResponseInit = {},
) {
  const headers = new Headers(init.headers);
  headers.set("Cache-Control", "no-store");
  return Response.json(
    {
      status,
      message: body.message ?? (status < 300 ? "success" : ""),
      error: body.error ?? null,
      data: body.data ?? null,
      ...(status >= 400 ? { code: body.code ?? errorCodeOf(undefined, status), field: body.field ?? null } : {}),
    },
    { ...init, status, headers },
  );
}

/** A failure's envelope from its message key: the translated text, the key's code and the field. */
export function failure(
  ctx: Pick<ApiContext, "t">,
  status: number,
  key: MessageKey,
  options: { values?: Record<string, string | number>; field?: string; data?: unknown; headers?: HeadersInit } = {},
) {
  const message = ctx.t(key, options.values);
  return envelope(
    status,
    { message, error: message, data: options.data, code: errorCodeOf(key, status), field: options.field ?? null },
    { headers: options.headers },
  );
}

/** A failure the handler throws; apiRoute turns it into an envelope. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly key: MessageKey,
    readonly values?: Record<string, string | number>,
    readonly headers?: HeadersInit,
    /** Machine-readable details for the envelope's `data` (null otherwise). */
    readonly data?: unknown,
    /** The input the failure concerns (the envelope's `field`). */
    readonly field?: string,
  ) {
    super(key);
  }
}

/**
 * 429 for a used three-hour slot. The sentence names the time in the request's language (in UTC, or
 * the `tz` cookie's zone, with the zone shown); programs read `data.nextAllowedAt` or Retry-After.
 */
export async function limitedError(
  ctx: ApiContext,
  nextAllowedAt: Date,
  key: MessageKey = "requests.errors.limited",
): Promise<ApiError> {
  const seconds = Math.max(1, Math.ceil((nextAllowedAt.getTime() - Date.now()) / 1000));
  const time = formatDateTime(nextAllowedAt, intlLocale[ctx.locale], await requestTimeZone(ctx.request), true);
  return new ApiError(
    429,
    key,
    { time },
    { "Retry-After": String(seconds) },
    { nextAllowedAt: nextAllowedAt.toISOString(), retryAfterSeconds: seconds },
  );
}

export const MAX_BODY_BYTES = 64 * 1024;
export const APP_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** API messages follow Accept-Language (en, id, fil/ph); English otherwise. */
export function apiLocale(request: Request): Locale {
  const header = request.headers.get("Accept-Language") ?? "";
  for (const part of header.split(",")) {
    const tag = part.split(";")[0]!.trim().toLowerCase().split("-")[0];
    if (tag === "fil" || tag === "tl") return "ph";
    if (isLocale(tag)) return tag;
  }
  return "en";
}

export type ApiContext = { request: Request; locale: Locale; t: Awaited<ReturnType<typeof getT>> };

/**
 * Wraps a handler: checks the APP header (unless `appHeader: false`: a route tools fetch without
 * one), turns ApiError and unexpected errors into envelopes, so integrators never see an HTML error
 * page. `idempotent`: a write that honours `Idempotency-Key` (./idempotency.server.ts); the answer a
 * repeat gets again is the whole envelope, failures included.
 */
export async function apiRoute(
  request: Request,
  handler: (ctx: ApiContext) => Promise<Response>,
  options: { appHeader?: boolean; idempotent?: boolean } = {},
) {
  const locale = apiLocale(request);
  const t = await getT(locale);
  const answer = (run: () => Promise<Response>) => run().catch((error: unknown) => errorAnswer(request, t, error));
  return answer(async () => {
    if (options.appHeader !== false) {
      const app = request.headers.get("APP")?.trim();
      if (!app || !APP_ID.test(app)) throw new ApiError(400, "api.appHeaderMissing");
      const allowed = config().appIds;
      if (allowed && !allowed.includes(app)) throw new ApiError(400, "api.appHeaderUnknown", { app });
    }
    const ctx = { request, locale, t };
    if (!options.idempotent || !request.headers.has(IDEMPOTENCY_HEADER)) return handler(ctx);
    // The body is fingerprinted as sent (a clone: the handler reads it again, within the same limit).
    const body = await readLimited(request.clone());
    return idempotent(request, body, () => answer(() => handler(ctx)));
  });
}

function errorAnswer(request: Request, t: ApiContext["t"], error: unknown) {
  if (error instanceof ApiError)
    return failure({ t }, error.status, error.key, {
      values: error.values,
      field: error.field,
      data: error.data,
      headers: error.headers,
    });
  if (error instanceof Response) throw error;
  // A database that did not answer in time, however its error arrived: the edge makes this a 503.
  noteUnavailable(error);
  log("error", "API error", { method: request.method, path: new URL(request.url).pathname, error });
  return failure({ t }, 500, "errors.unexpected");
}

/** Reads a JSON body of at most 64 KB and validates it with the input's schema; 413, 415 or 400 otherwise. */
export async function readJson<S extends z.ZodTypeAny>(request: Request, schema: S): Promise<z.infer<S>> {
  const declared = Number(request.headers.get("Content-Length") ?? "0");
  if (declared > MAX_BODY_BYTES) throw new ApiError(413, "api.bodyTooLarge", { limit: "64 KB" });
  const type = request.headers.get("Content-Type") ?? "";
  if (!type.includes("application/json")) throw new ApiError(415, "api.jsonRequired");
  const text = await readLimited(request);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new ApiError(400, "api.malformedJson");
  }
  return parseInput(schema, json);
}

/** A query string validated with the input's schema (each parameter once: the last one given). */
export function readQuery<S extends z.ZodTypeAny>(request: Request, schema: S): z.infer<S> {
  return parseInput(schema, Object.fromEntries(new URL(request.url).searchParams));
}

/**
 * Validates an input; a refusal is a 400 naming the field. Size and type checks first; a check whose
 * message is one of the domain's (a name too long, a number missing) answers that message and its
 * code, a bare type or shape check `field_invalid`; then the domain's own checks.
 */
function parseInput<S extends z.ZodTypeAny>(schema: S, value: unknown): z.infer<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const { issues } = parsed.error;
  const issue = issues.find((i) => !isDomainIssue(i)) ?? issues[0]!;
  const field = issue.path.join(".") || undefined;
  const key = issueKey(issue);
  if (isDomainIssue(issue) || hasOwnCode(key))
    throw new ApiError(400, key, limitsOf(issue), undefined, undefined, field);
  throw invalidField(field ?? "body");
}

/** 400 `field_invalid` for a field (or query parameter) missing, of the wrong type or out of its bounds. */
export const invalidField = (field: string) =>
  new ApiError(400, "api.invalidField", { field }, undefined, undefined, field);

/** The first error of a domain check's fields (`{ email: "loginModal.EnterValidEmail" }`) as a 400. */
export function fieldError(fields: Record<string, MessageKey>) {
  const [field, key] = Object.entries(fields)[0] ?? ["body", "errors.unexpected" as const];
  return new ApiError(400, key, undefined, undefined, undefined, field);
}

async function readLimited(request: Request) {
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BODY_BYTES) {
      await reader.cancel();
      throw new ApiError(413, "api.bodyTooLarge", { limit: "64 KB" });
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/** 401 for a missing, expired or revoked token (spec section 8). */
export async function requireApiUser(request: Request) {
  return (await requireApiSession(request)).user;
}

/** `requireApiUser`, with the user's subscription (read with the session in one query). */
export async function requireApiSession(request: Request) {
  const lookup = await lookupSession(await readToken(request));
  if (lookup.state !== "valid") throw new ApiError(401, "errors.loginExpired");
  return lookup;
}

/** 403 when the subscription gives no access; the web client then opens /dashboard/?s=-1&at=10. */
export async function requireApiSubscriber(request: Request) {
  const { user, subscription: row } = await requireApiSession(request);
  const subscription = describeSubscription(row);
  if (!subscription.access) throw new ApiError(403, "errors.subscriptionExpired");
  return { user, subscription };
}

/** Resource routes answer only the methods they name. */
export function methodNotAllowed(request: Request, allow: string, options: { appHeader?: boolean } = {}) {
  return apiRoute(
    request,
    async () => {
      throw new ApiError(405, "api.methodNotAllowed", { allow }, { Allow: allow });
    },
    options,
  );
}
