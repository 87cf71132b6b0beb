// Per request: an id (X-Request-Id), one log line when the response ends, and a Server-Timing header
// with the time to the response's headers and the database time spent until then.
import { randomUUID } from "node:crypto";
import { performance } from "node:perf_hooks";

import type { Request, RequestHandler } from "express";

import { log, requestScope, type Level, type RequestScope } from "./log.server";

// Letters, digits and the punctuation of UUIDs, ULIDs and trace ids; nothing a log line could be
// forged or split with.
const WELL_FORMED_ID = /^[A-Za-z0-9][A-Za-z0-9._:+=/-]{0,127}$/;
/** Characters of a path a log line keeps (a path can be as long as the edge allows: 2,048). */
export const MAX_LOGGED_PATH = 512;

/**
 * The id of a request: a well-formed X-Request-Id set by a trusted proxy (TRUST_PROXY, the same rule
 * that lets it name the client address) is kept, so that proxy and app lines match; otherwise a new one.
 */
export function requestId(req: Request) {
  const incoming = req.get("x-request-id");
  if (incoming && WELL_FORMED_ID.test(incoming)) {
    const trusted = req.app.get("trust proxy fn") as ((address: string, hop: number) => boolean) | undefined;
    if (trusted?.(req.socket.remoteAddress ?? "", 0)) return incoming;
  }
  return randomUUID();
}

/** Adds the time spent in one database query to the request being handled (db.server.ts calls it). */
export function recordDbTime(ms: number) {
  const scope = requestScope.getStore();
  if (!scope) return;
  scope.dbMs += ms;
  scope.dbQueries += 1;
}

export function serverTiming(scope: RequestScope, totalMs: number) {
  return `total;dur=${totalMs.toFixed(1)}, db;dur=${scope.dbMs.toFixed(1)};desc="${scope.dbQueries} queries"`;
}

/**
 * A request's line is an error when the server failed it (5xx), except 501: "not implemented" answers
 * what was asked (`registerAndSign/v5pay`, a provider this server does not run), which anyone may ask
 * as often as they like; as an error it would flood the log and wake whoever watches it. A warning
 * when the edge or Express noted a client's mistake (its reason goes on the same line).
 */
export const requestLogLevel = (status: number, clientError = false): Level =>
  status >= 500 && status !== 501 ? "error" : clientError ? "warn" : "info";

/**
 * The access log. The path is logged without its query string, which can carry secrets (a refund
 * confirmation token, a reset link); the client address is not logged.
 */
export function requestLog(): RequestHandler {
  return (req, res, next) => {
    const started = performance.now();
    const scope: RequestScope = { id: requestId(req), dbMs: 0, dbQueries: 0 };
    req.headers["x-request-id"] = scope.id;
    res.locals.requestScope = scope;
    res.setHeader("X-Request-Id", scope.id);
    const writeHead = res.writeHead;
    res.writeHead = function (this: typeof res, ...args: unknown[]) {
      if (!res.headersSent) res.setHeader("Server-Timing", serverTiming(scope, performance.now() - started));
      return (writeHead as (...a: unknown[]) => typeof res).apply(this, args);
    } as typeof res.writeHead;
    res.on("close", () => {
      // A client's mistake is this one line, at warning level with its reason; nothing else is logged for it.
      log(requestLogLevel(res.statusCode, !!scope.clientError), "request", {
        id: scope.id,
        method: req.method,
        path: req.originalUrl.split("?")[0]!.slice(0, MAX_LOGGED_PATH),
        status: res.statusCode,
        ms: Math.round((performance.now() - started) * 10) / 10,
        dbMs: Math.round(scope.dbMs * 10) / 10,
        ...(scope.clientError ? { reason: scope.clientError } : {}),
        ...(res.writableFinished ? {} : { aborted: true }),
      });
    });
    requestScope.run(scope, next);
  };
}
