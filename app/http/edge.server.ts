// The HTTP edge: what every request passes before static files, Vite or Remix see it
// (docs/decisions/010, 025). server.ts installs it first and hands requests to Remix through
// `remixHandler` (app/http/remix-handler.server.ts), which gives Remix the body the edge has already read within its limit. The edge
// owns the request's URL (PUBLIC_URL's origin, the client's path: a host the server does not answer
// to is refused), bounds the path before any routing, finds the route by Remix's own matching, and
// lets through only the methods that route answers (app/http/route-methods.ts).
import { randomBytes } from "node:crypto";
import type { Socket } from "node:net";

import type {
  ErrorRequestHandler,
  Express,
  Request as ExpressRequest,
  Response as ExpressResponse,
  NextFunction,
} from "express";

import { localeFromPath, localizePath } from "~/i18n/locales";
import { config } from "~/server/config.server";
import { log, type RequestScope } from "~/server/log.server";
import { MAX_LOGGED_PATH } from "~/server/request-log.server";
import { hasProxyHeader, PROXIED_HEADER } from "~/utils/client-ip.server";

import { corsHeaders, preflightHeaders } from "./cors.server";
import { hostAllowed, parseHost, type Host } from "./host";
import type { RoutePolicy } from "./policy";
import { rejection, type RefusedStatus } from "./reject.server";
import { MANIFEST_PATH, pathTooCostly, readablePath, type AppRoutes } from "./route-match.server";
import { allowHeader } from "./route-methods";

declare module "@remix-run/node" {
  interface AppLoadContext {
    /** The Content-Security-Policy nonce of this answer (app/entry.server.tsx). */
    nonce?: string;
  }
}

const BODY_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);
/** Lazy route discovery (`/__manifest`) is read, never posted to. */
const MANIFEST_METHODS = ["GET", "HEAD"];
/** How long a connection whose body was refused keeps draining (discarding) before it is closed. */
const LINGER_MS = 2000;

/** Headers every answer carries; pages add their Content-Security-Policy (app/http/csp.server.ts). */
export function baselineHeaders(): Record<string, string> {
  const headers: Record<string, string> = {
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "strict-origin-when-cross-origin",
  };
  if (config().publicUrl.protocol === "https:")
    headers["Strict-Transport-Security"] = "max-age=31536000; includeSubDomains";
  return headers;
}

/** Whether a state-changing request may reach its route (the one origin rule). */
export function originVerdict(
  policy: Pick<RoutePolicy, "origin">,
  headers: { origin?: string; secFetchSite?: string; app?: string },
  ownOrigin: string,
): "allow" | "deny" {
  if (policy.origin === "signed" || policy.origin === "report") return "allow";
  const site = headers.secFetchSite?.toLowerCase();
  const origin = headers.origin;
  const sameOrigin =
    site === "same-origin" ||
    site === "none" ||
    (origin !== undefined && (origin === config().publicUrl.origin || origin === ownOrigin));
  if (sameOrigin) return "allow";
  // The JSON API: a browser cannot send the APP header cross-site without a preflight, which is granted
  // only to the origins API_CORS_ORIGINS lists (app/http/cors.server.ts).
  if (policy.origin === "api" && headers.app?.trim()) return "allow";
  // A browser names the origin of every state-changing request (Origin, Sec-Fetch-Site); a request
  // with neither comes from a program acting for itself, which no other site can make a browser send.
  if (origin === undefined && site === undefined) return "allow";
  return "deny";
}

/**
 * The path a refusal is answered for: the URL the edge made, or (a request refused before, such as a
 * wrong host) the path of the target as sent, so that the API's refusals are its JSON envelope too.
 */
function refusedPath(req: ExpressRequest, res: ExpressResponse) {
  const url = res.locals.url as URL | undefined;
  if (url) return url.pathname;
  const target = req.originalUrl.replace(/^https?:\/\/[^/?#]*/i, "");
  return target.startsWith("/") ? target.split("?")[0]! : "/";
}

/**
 * Answers and closes: `Connection: close`, then the rest of the body is read and discarded for up to
 * LINGER_MS before the socket closes, so the client reads the answer instead of a reset, and nothing
 * of the body is kept in memory. `headers`: what the answer adds (a 405's `Allow`).
 */
async function refuse(
  req: ExpressRequest,
  res: ExpressResponse,
  status: RefusedStatus,
  policy?: RoutePolicy,
  headers: Record<string, string> = {},
) {
  const socket = req.socket as Socket & { destroySoon?: () => void };
  socket.destroySoon = () => {
    socket.end();
    const timer = setTimeout(() => socket.destroy(), LINGER_MS);
    timer.unref();
    socket.once("close", () => clearTimeout(timer));
  };
  req.removeAllListeners("data");
  req.resume();
  const answer = await rejection(status, {
    path: refusedPath(req, res),
    policy,
    cookie: req.headers.cookie,
    acceptLanguage: req.headers["accept-language"],
    nonce: res.locals.nonce as string,
    allow: headers.Allow,
  });
  if (!res.headersSent)
    res
      .status(status)
      .set({ ...answer.headers, ...headers, Connection: "close" })
      .send(answer.body);
}

/** Reads the body within `limit` bytes; refuses (413) as soon as the declared or the streamed size passes it. */
function readBody(req: ExpressRequest, res: ExpressResponse, next: NextFunction, policy: RoutePolicy) {
  const limit = policy.limit;
  const declared = req.headers["content-length"];
  if (declared !== undefined && Number(declared) > limit) return void refuse(req, res, 413, policy);
  const chunks: Buffer[] = [];
  let size = 0;
  let done = false;
  const onData = (chunk: Buffer) => {
    size += chunk.length;
    if (size > limit) {
      cleanup();
      chunks.length = 0;
      return void refuse(req, res, 413, policy);
    }
    chunks.push(chunk);
  };
  const onEnd = () => {
    cleanup();
    res.locals.body = Buffer.concat(chunks, size);
    next();
  };
  const onError = () => cleanup();
  function cleanup() {
    if (done) return;
    done = true;
    req.off("data", onData);
    req.off("end", onEnd);
    req.off("error", onError);
  }
  req.on("data", onData);
  req.on("end", onEnd);
  req.on("error", onError);
}

type Target = { ok: true; url: URL; host: Host; pathAndQuery: string } | { ok: false; status: 400 | 421 };

/** Whether the request came through a proxy TRUST_PROXY names (Express's own rule for X-Forwarded-*). */
function fromTrustedProxy(req: ExpressRequest) {
  const trusted = req.app.get("trust proxy fn") as ((address: string, hop: number) => boolean) | undefined;
  return trusted?.(req.socket.remoteAddress ?? "", 0) === true;
}

/**
 * The request's URL as the server owns it: scheme, host and port are PUBLIC_URL's, the path and query
 * the client's. The host the client named (Host, the authority of an absolute-form target, or a
 * trusted proxy's X-Forwarded-Host, every value of it) must be one the server answers to: 421
 * otherwise, 400 when it is not a host at all or the target is not a path (`*`).
 */
export function requestTarget(req: ExpressRequest): Target {
  const raw = req.originalUrl;
  let pathAndQuery: string;
  let named: string[];
  if (raw.startsWith("/")) {
    pathAndQuery = raw;
    const forwarded = fromTrustedProxy(req) ? req.get("x-forwarded-host") : undefined;
    named = forwarded ? forwarded.split(",").map((value) => value.trim()) : [req.get("host") ?? ""];
  } else if (/^https?:\/\//i.test(raw)) {
    // Absolute form (RFC 9112, 3.2.2): its authority names the host, whatever Host says.
    let absolute: URL;
    try {
      absolute = new URL(raw);
    } catch {
      return { ok: false, status: 400 };
    }
    if (absolute.username || absolute.password) return { ok: false, status: 400 };
    pathAndQuery = absolute.pathname + absolute.search;
    named = [absolute.host];
  } else return { ok: false, status: 400 };
  const hosts = named.map(parseHost);
  if (hosts.some((host) => host === null)) return { ok: false, status: 400 };
  const c = config();
  const rules = { publicUrl: c.publicUrl, ...c.hosts };
  if (!hosts.every((host) => hostAllowed(host!, rules))) return { ok: false, status: 421 };
  let url: URL;
  try {
    url = new URL(c.publicUrl.origin + pathAndQuery);
  } catch {
    return { ok: false, status: 400 };
  }
  return { ok: true, url, host: hosts[0]!, pathAndQuery };
}

/** The routes of the build the server runs (app/http/route-match.server.ts). */
export type RoutesSource = () => Promise<AppRoutes>;

const READ_METHODS = new Set(["GET", "HEAD"]);

/** An address in the path's language that no route names: the splat route answers it 'Page not found'. */
function shallowNotFound(deep: URL) {
  return new URL(localizePath("/page-not-found/", localeFromPath(deep.pathname)), deep);
}

/**
 * Installs the edge on a new Express app; call it before any other middleware. `routes` gives the
 * build's routes: the route a request matches decides its body limit and origin rule here, and its
 * guard and headers in Remix. `draining`: true once the process is stopping (a SIGTERM).
 */
export function installEdge(app: Express, routes: RoutesSource, draining: () => boolean = () => false) {
  app.set("trust proxy", config().trustProxy);
  app.use((req, res, next) => {
    // Whether a proxy header came with the request, recorded before `x-client-ip` is replaced (the
    // outbox page answers only a request with none: app/utils/client-ip.server.ts).
    if (hasProxyHeader(Object.keys(req.headers))) req.headers[PROXIED_HEADER] = "1";
    else delete req.headers[PROXIED_HEADER];
    // Replaces any client-sent value: only the socket (or a trusted proxy) names the client.
    req.headers["x-client-ip"] = req.ip ?? req.socket.remoteAddress ?? "unknown";
    res.locals.nonce = randomBytes(16).toString("base64");
    res.set(baselineHeaders());
    // A request that arrives once the process is stopping (on a keep-alive connection opened before)
    // is not processed: 503 and the connection closed, so the client sends it again to an instance
    // that stays (process.server.ts). Requests already in flight finish.
    if (draining()) return void refuse(req, res, 503);
    const target = requestTarget(req);
    if (!target.ok) return void refuse(req, res, target.status);
    // The host the visitor used, once judged allowed (one of the site's own names), replacing any
    // client-sent value: the URL Remix sees is always PUBLIC_URL's (app/utils/client-ip.server.ts).
    req.headers["x-request-host"] = target.host.port
      ? `${target.host.hostname}:${target.host.port}`
      : target.host.hostname;
    // From here on every part of the server reads the path Remix will route, and nothing else.
    if (req.originalUrl !== target.pathAndQuery) req.url = req.originalUrl = target.pathAndQuery;
    const costly = pathTooCostly(target.url.pathname);
    const deepRead = costly === 404 && READ_METHODS.has(req.method) && !target.url.pathname.startsWith("/api/");
    if (costly && !deepRead) return void refuse(req, res, costly);
    // A page read deeper than any address of the site gets the one branded 404 page (the root's, with
    // the header and footer) rendered for a shallow address that names no page: routing it costs
    // nothing more, and the visitor sees the same page as for any other missing address.
    const url = deepRead ? shallowNotFound(target.url) : target.url;
    if (deepRead) req.url = req.originalUrl = url.pathname;
    res.locals.url = url;
    // "//" and "/dashboard//" name the same routes as "/" and "/dashboard/", but a link built from such
    // a path ("//?modal=login") is another site's address: one canonical spelling, kept by a redirect
    // that keeps the method (308) and the query.
    if (url.pathname.includes("//")) {
      const canonical = url.pathname.replace(/\/{2,}/g, "/") + url.search;
      return void res.status(308).set({ Location: canonical, "Cache-Control": "no-store" }).end();
    }
    // A segment no address of the site has (bad percent-encoding): refused here, in one log line,
    // before any matching (Remix would match it over the whole build and warn of it each time).
    if (!readablePath(url.pathname)) return void refuse(req, res, 400);
    // The data requests of Remix apps without single fetch: this app never makes them.
    if (url.searchParams.has("_data")) return void refuse(req, res, 400);
    const cors = config().corsOrigins.length > 0;
    routes()
      .then((all) => {
        const route = all.match(url.pathname);
        res.locals.route = route;
        const scope = res.locals.requestScope as RequestScope | undefined;
        if (scope && route.id) scope.route = route.id;
        const methods = url.pathname === MANIFEST_PATH ? MANIFEST_METHODS : route.methods;
        const allow = allowHeader(methods);
        if (req.method === "OPTIONS") {
          // Only the JSON API, and only for the origins API_CORS_ORIGINS lists, grants cross-origin
          // requests, for the route's own methods (app/http/cors.server.ts); every other preflight
          // gets no Access-Control-Allow-* header.
          const grant = cors
            ? preflightHeaders(route.policy, methods, {
                origin: req.headers.origin,
                method: req.get("access-control-request-method"),
                headers: req.get("access-control-request-headers"),
              })
            : {};
          res
            .status(204)
            .set({ Allow: allow, ...grant })
            .end();
          return;
        }
        if (cors) res.set(corsHeaders(route.policy, req.headers.origin));
        // A method the route does not answer (TRACE, QUERY, a PUT to a POST route) never reaches it.
        if (!methods.includes(req.method)) return void refuse(req, res, 405, route.policy, { Allow: allow });
        if (!BODY_METHODS.has(req.method)) return next();
        const own = `${url.protocol}//${target.host.hostname}${target.host.port ? `:${target.host.port}` : ""}`;
        const verdict = originVerdict(
          route.policy,
          { origin: req.headers.origin, secFetchSite: req.get("sec-fetch-site"), app: req.get("app") },
          own,
        );
        if (verdict === "deny") return void refuse(req, res, 403, route.policy);
        // Judged here: Remix's own comparison of Origin with Host would answer a proxied request 500.
        delete req.headers.origin;
        readBody(req, res, next, route.policy);
      })
      .catch(next);
  });
}

/**
 * The last middleware: an error no handler answered (Express's own, such as a path it cannot decode,
 * or a fault of the server's). A client's mistake is its 4xx and its reason on the request's one log
 * line (app/server/request-log.server.ts); a fault of the server's is logged with its stack and
 * answered 500; neither shows a stack to the client.
 */
export function errorAnswer(): ErrorRequestHandler {
  return (error: unknown, req, res, _next) => {
    const given =
      (error as { status?: unknown; statusCode?: unknown } | null)?.status ??
      (error as { statusCode?: unknown } | null)?.statusCode;
    const status = typeof given === "number" && given >= 400 && given < 500 ? 400 : 500;
    const reason = String((error as Error | null)?.message ?? error).slice(0, 200);
    const scope = res.locals.requestScope as RequestScope | undefined;
    if (status === 500) log("error", "request failed", { error });
    else if (scope) scope.clientError = reason;
    else
      log("warn", "client error", {
        status: given as number,
        method: req.method,
        path: req.path.slice(0, MAX_LOGGED_PATH),
        reason,
      });
    if (res.headersSent) return void res.destroy();
    void refuse(req, res, status);
  };
}
