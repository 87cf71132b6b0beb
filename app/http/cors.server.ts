// Browser access to the JSON API from other origins, by choice: the pages of the origins listed in
// API_CORS_ORIGINS may call /api/v1 (the routes whose origin kind is `api`), and no one else. The edge
// (app/http/edge.server.ts) asks this module what a preflight and an answer carry.
//
// Never credentials: no Access-Control-Allow-Credentials, so a browser sends no cookie cross-origin
// and reads no answer that needed one. A partner's page signs in with the token (Authorization); the
// routes that also read the checkout cookie (registerQuery, loginByAuthCode) then answer as to any
// other client without it (no automatic sign-in after payment), and a session cookie of this site is
// never used by another site's page.
import { config } from "~/server/config.server";

import type { RoutePolicy } from "./policy";
import { allowHeader } from "./route-methods";

/** The request headers a partner's page may send beyond the CORS-safelisted ones. */
export const CORS_REQUEST_HEADERS = ["app", "authorization", "content-type", "accept-language", "idempotency-key"];
/** The answer headers a partner's page may read beyond the safelisted ones. */
const EXPOSED_HEADERS = "Retry-After, Allow, X-Request-Id, Idempotency-Replayed";
/** How long a browser may keep a granted preflight (seconds). */
const PREFLIGHT_MAX_AGE = "600";

/** The origin when it is listed and the route is the JSON API; null otherwise. */
function grantedOrigin(policy: Pick<RoutePolicy, "origin">, origin: string | undefined) {
  if (!origin || policy.origin !== "api") return null;
  return config().corsOrigins.includes(origin) ? origin : null;
}

/**
 * A preflight's (OPTIONS) grant: for a listed origin asking for one of the methods the route answers
 * (`methods`, app/http/route-methods.ts) and only headers the API takes. Anything else gets no
 * Access-Control-* header, so the browser sends nothing.
 */
export function preflightHeaders(
  policy: Pick<RoutePolicy, "origin">,
  methods: readonly string[],
  request: { origin?: string; method?: string; headers?: string },
): Record<string, string> {
  const origin = grantedOrigin(policy, request.origin);
  const vary = varyHeader(policy);
  if (!origin) return vary;
  const method = request.method?.trim().toUpperCase() ?? "";
  const asked = (request.headers ?? "")
    .split(",")
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean);
  if (!methods.includes(method) || asked.some((h) => !CORS_REQUEST_HEADERS.includes(h))) return vary;
  return {
    ...vary,
    "Access-Control-Allow-Origin": origin,
    "Access-Control-Allow-Methods": allowHeader(methods),
    "Access-Control-Allow-Headers": CORS_REQUEST_HEADERS.join(", "),
    "Access-Control-Max-Age": PREFLIGHT_MAX_AGE,
  };
}

/** What an answer (other than a preflight) carries for the page of `origin`. */
export function corsHeaders(policy: Pick<RoutePolicy, "origin">, origin: string | undefined): Record<string, string> {
  const granted = grantedOrigin(policy, origin);
  if (!granted) return varyHeader(policy);
  return {
    ...varyHeader(policy),
    "Access-Control-Allow-Origin": granted,
    "Access-Control-Expose-Headers": EXPOSED_HEADERS,
  };
}

/**
 * The API's answers depend on the Origin once any origin is listed: a cache must not give one
 * origin's answer (with its grant, or without) to another.
 */
function varyHeader(policy: Pick<RoutePolicy, "origin">): Record<string, string> {
  return policy.origin === "api" && config().corsOrigins.length > 0 ? { Vary: "Origin" } : {};
}
