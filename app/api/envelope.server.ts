import type { z } from "zod";

import { lookupSession, readToken } from "~/auth/session.server";
import { config } from "~/config.server";
import { getT } from "~/i18n/i18next.server";
import type { MessageKey } from "~/i18n/keys";
import { intlLocale, isLocale, type Locale } from "~/i18n/locales";
import { describeSubscription } from "~/subscription.server";
import { isDomainIssue, issueKey } from "~/utils/parse-form";
import { requestTimeZone } from "~/utils/request-time-zone.server";
import { formatDateTime } from "~/utils/time-zone";

/** Spec section 3: every answer is `{ status, message, error, data }` and the HTTP status equals `status`. */
export function envelope<T>(
  status: number,
  body: { data?: T; message?: string; error?: string | null },
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
    },
    { ...init, status, headers },
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
  ) {
    super(key);
  }
}

/**
 * 429 for a used three-hour slot. The sentence names the time in the request's language (in UTC, or
 * the `tz` cookie's zone, with the zone shown); programs read `data.nextAllowedAt` or Retry-After.
 */
export function limitedError(ctx: ApiContext, nextAllowedAt: Date, key: MessageKey = "requests.errors.limited") {
  const seconds = Math.max(1, Math.ceil((nextAllowedAt.getTime() - Date.now()) / 1000));
  const time = formatDateTime(nextAllowedAt, intlLocale[ctx.locale], requestTimeZone(ctx.request), true);
  return new ApiError(
    429,
    key,
    { time },
    { "Retry-After": String(seconds) },
    { nextAllowedAt: nextAllowedAt.toISOString(), retryAfterSeconds: seconds },
  );
}

export const MAX_BODY_BYTES = 64 * 1024;
const APP_ID = /^[A-Za-z0-9._-]{1,64}$/;

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
 * page.
 */
export async function apiRoute(
  request: Request,
  handler: (ctx: ApiContext) => Promise<Response>,
  options: { appHeader?: boolean } = {},
) {
  const locale = apiLocale(request);
  const t = await getT(locale);
  try {
    if (options.appHeader !== false) {
      const app = request.headers.get("APP")?.trim();
      if (!app || !APP_ID.test(app)) throw new ApiError(400, "api.appHeaderMissing");
      const allowed = config().appIds;
      if (allowed && !allowed.includes(app)) throw new ApiError(400, "api.appHeaderUnknown", { app });
    }
    return await handler({ request, locale, t });
  } catch (error) {
    if (error instanceof ApiError) {
      const message = t(error.key, error.values);
      return envelope(error.status, { message, error: message, data: error.data }, { headers: error.headers });
    }
    if (error instanceof Response) throw error;
    console.error("API error", request.method, new URL(request.url).pathname, error);
    const message = t("errors.unexpected");
    return envelope(500, { message, error: message });
  }
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
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    // Size and type checks first, named by field; then the domain's own checks, with their message.
    const { issues } = parsed.error;
    const issue = issues.find((i) => !isDomainIssue(i)) ?? issues[0]!;
    if (isDomainIssue(issue)) throw new ApiError(400, issueKey(issue));
    throw new ApiError(400, "api.invalidField", { field: issue.path.join(".") || "body" });
  }
  return parsed.data;
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
