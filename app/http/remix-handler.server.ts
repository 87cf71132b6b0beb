// Hands a request the edge let through (app/http/edge.server.ts) to Remix: the web Request made from
// Express's, with the body the edge already read within its limit and the answer's nonce; a page that
// one render may serve (app/http/page-cache.server.ts) from that render; a database outage as a 503
// page in the visitor's language; and Remix's Response written back to Node's (a whole page as one
// buffer: app/http/whole-body.server.ts).
import { writeReadableStreamToWritable } from "@remix-run/node";
import type { Request as ExpressRequest, Response as ExpressResponse, NextFunction } from "express";

import { slottedConsent } from "~/recipient/consent-slots.server";
import { log, requestScope, type RequestScope } from "~/server/log.server";

import type { RoutesSource } from "./edge.server";
import { filledResponse, keepSharedRender, sharedRender, sharedRenderKey } from "./page-cache.server";
import { rejection } from "./reject.server";
import { MANIFEST_PATH, type MatchedRoute } from "./route-match.server";
import { wholeBody } from "./whole-body.server";

function remixRequest(req: ExpressRequest, res: ExpressResponse, url: URL): Request {
  const headers = new Headers();
  for (const [key, values] of Object.entries(req.headers)) {
    if (values === undefined) continue;
    for (const value of Array.isArray(values) ? values : [values]) headers.append(key, value);
  }
  let controller: AbortController | null = new AbortController();
  res.on("finish", () => (controller = null));
  res.on("close", () => controller?.abort());
  const init: RequestInit & { duplex?: "half" } = { method: req.method, headers, signal: controller.signal };
  if (req.method !== "GET" && req.method !== "HEAD") {
    const body = res.locals.body as Buffer | undefined;
    init.body = body && body.length ? (body as unknown as BodyInit) : null;
  }
  return new Request(url.href, init);
}

async function answerUnavailable(req: ExpressRequest, res: ExpressResponse, route: MatchedRoute | undefined) {
  const answer = await rejection(503, {
    path: (res.locals.url as URL | undefined)?.pathname ?? "/",
    policy: route?.policy,
    cookie: req.headers.cookie,
    acceptLanguage: req.headers["accept-language"],
    nonce: res.locals.nonce as string,
  });
  res.status(503).set(answer.headers).send(answer.body);
}

/** Writes a Response of Remix to Node's response. */
export async function sendResponse(res: ExpressResponse, response: Response) {
  res.statusMessage = response.statusText;
  res.status(response.status);
  // Remix's headers replace the edge's defaults; only cookies come more than once.
  for (const [key, value] of response.headers.entries()) {
    if (key === "set-cookie") res.append(key, value);
    else res.setHeader(key, value);
  }
  if (response.headers.get("Content-Type")?.match(/text\/event-stream/i)) res.flushHeaders();
  const whole = wholeBody(response);
  if (whole) res.end(whole);
  else if (response.body) await writeReadableStreamToWritable(response.body, res);
  else res.end();
}

/** A shared render's answer, written as sendResponse writes Remix's. */
function sendShared(res: ExpressResponse, shared: NonNullable<ReturnType<typeof sharedRender>>) {
  res.statusMessage = shared.statusText;
  res.status(shared.status);
  for (const [key, value] of shared.headers) res.setHeader(key, value);
  res.end(shared.body);
}

/**
 * Remix's request handler, given the body the edge read (within its limit), the page's nonce and the
 * route the request matched in the load context. Each request is handled with the routes its path
 * may match (app/http/route-match.server.ts); the browser's lazy route discovery is answered from
 * those too.
 */
export function remixHandler(routes: RoutesSource) {
  return (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    // The request's log scope again: a middleware that waited on the socket (a body read) resumed
    // in the socket's async context, not the request's. Loaders, actions and handleError log with
    // the request's id and count their queries for it.
    const scope = res.locals.requestScope as RequestScope | undefined;
    return scope
      ? requestScope.run(scope, () => handleWithRemix(routes, req, res, next))
      : handleWithRemix(routes, req, res, next);
  };
}

async function handleWithRemix(routes: RoutesSource, req: ExpressRequest, res: ExpressResponse, next: NextFunction) {
  try {
    const all = await routes();
    const url = res.locals.url as URL;
    if (url.pathname === MANIFEST_PATH) return await sendResponse(res, all.manifest(url));
    const route = (res.locals.route as MatchedRoute | undefined) ?? all.match(url.pathname);
    const nonce = res.locals.nonce as string;
    // A page that is the same for every visitor without a session: one render serves them for a
    // few seconds (app/http/page-cache.server.ts); a plain link's consent page, with its own values
    // written into the render's slots (app/recipient/consent-slots.server.ts).
    const slotted = await slottedConsent(req.method, url, req.headers.cookie, route.policy);
    const shareKey = slotted?.key ?? (await sharedRenderKey(req.method, url, req.headers.cookie, route.policy));
    const shared = shareKey ? sharedRender(shareKey, nonce, slotted?.fills) : undefined;
    if (shared) return sendShared(res, shared);
    let response = await all.handle(remixRequest(req, res, slotted?.url ?? url), {
      nonce,
      route,
      ...(slotted ? { slottedConsent: slotted.context } : {}),
    });
    const body = shareKey ? wholeBody(response) : undefined;
    if (shareKey) keepSharedRender(shareKey, response, body, nonce);
    // The render made with tokens is this answer too, once its own values are in.
    if (slotted) response = filledResponse(response, body, slotted.fills);
    // A page or call that failed because the database is out for a moment: 503 with Retry-After and
    // a page that says so, in the visitor's language, instead of Remix's 500.
    if (response.status >= 500 && (res.locals.requestScope as RequestScope | undefined)?.dbUnavailable) {
      await response.body?.cancel();
      return await answerUnavailable(req, res, route);
    }
    await sendResponse(res, response);
  } catch (error) {
    if ((res.locals.requestScope as RequestScope | undefined)?.dbUnavailable && !res.headersSent) {
      log("error", "database unavailable", { error });
      return await answerUnavailable(req, res, res.locals.route as MatchedRoute | undefined);
    }
    next(error);
  }
}
