// The HTTP edge: what every request passes before static files, Vite or Remix see it
// (docs/decisions/010). server.ts installs it first and hands requests to Remix through
// `remixHandler`, which gives Remix the body the edge has already read within its limit.
import { randomBytes } from "node:crypto";
import type { Socket } from "node:net";

import { writeReadableStreamToWritable, type ServerBuild } from "@remix-run/node";
import type { Express, Request as ExpressRequest, Response as ExpressResponse, NextFunction } from "express";

import { config } from "~/config.server";

import { routePolicy, type RoutePolicy } from "./policy";
import { rejection } from "./reject.server";
import { subsetRequestHandler } from "./route-subsets.server";
import { wholeBody } from "./whole-body.server";

declare module "@remix-run/node" {
  interface AppLoadContext {
    /** The Content-Security-Policy nonce of this answer (app/entry.server.tsx). */
    nonce?: string;
  }
}

const BODY_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);
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
  // The JSON API: the APP header cannot be sent cross-site without a preflight, which is never granted.
  if (policy.origin === "api" && headers.app?.trim()) return "allow";
  // A browser names the origin of every state-changing request (Origin, Sec-Fetch-Site); a request
  // with neither comes from a program acting for itself, which no other site can make a browser send.
  if (origin === undefined && site === undefined) return "allow";
  return "deny";
}

/**
 * Answers and closes: `Connection: close`, then the rest of the body is read and discarded for up to
 * LINGER_MS before the socket closes, so the client reads the answer instead of a reset, and nothing
 * of the body is kept in memory.
 */
async function refuse(req: ExpressRequest, res: ExpressResponse, status: 403 | 413) {
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
    path: req.path,
    cookie: req.headers.cookie,
    acceptLanguage: req.headers["accept-language"],
    nonce: res.locals.nonce as string,
  });
  if (!res.headersSent)
    res
      .status(status)
      .set({ ...answer.headers, Connection: "close" })
      .send(answer.body);
}

/** Reads the body within `limit` bytes; refuses (413) as soon as the declared or the streamed size passes it. */
function readBody(req: ExpressRequest, res: ExpressResponse, next: NextFunction, limit: number) {
  const declared = req.headers["content-length"];
  if (declared !== undefined && Number(declared) > limit) return void refuse(req, res, 413);
  const chunks: Buffer[] = [];
  let size = 0;
  let done = false;
  const onData = (chunk: Buffer) => {
    size += chunk.length;
    if (size > limit) {
      cleanup();
      chunks.length = 0;
      return void refuse(req, res, 413);
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

/** Installs the edge on a new Express app; call it before any other middleware. */
export function installEdge(app: Express) {
  app.set("trust proxy", config().trustProxy);
  app.use((req, res, next) => {
    // Replaces any client-sent value: only the socket (or a trusted proxy) names the client.
    req.headers["x-client-ip"] = req.ip ?? req.socket.remoteAddress ?? "unknown";
    res.locals.nonce = randomBytes(16).toString("base64");
    res.set(baselineHeaders());
    if (req.method === "OPTIONS") {
      // No cross-origin request is ever granted: a preflight gets no Access-Control-Allow-* header.
      res.status(204).set("Allow", "GET, HEAD, POST").end();
      return;
    }
    if (!BODY_METHODS.has(req.method)) return next();
    const policy = routePolicy(req.path);
    const verdict = originVerdict(
      policy,
      {
        origin: req.headers.origin,
        secFetchSite: req.get("sec-fetch-site"),
        app: req.get("app"),
      },
      requestUrl(req).origin,
    );
    if (verdict === "deny") return void refuse(req, res, 403);
    // Judged here: Remix's own comparison of Origin with Host would answer a proxied request 500.
    delete req.headers.origin;
    readBody(req, res, next, policy.limit);
  });
}

/** The request's own address: the Host (or, from a trusted proxy, X-Forwarded-Host) and protocol. */
function requestUrl(req: ExpressRequest) {
  const port = (
    req.get("x-forwarded-host") && req.app.get("trust proxy") ? req.get("x-forwarded-host") : req.get("host")
  )?.split(":")[1];
  return new URL(`${req.protocol}://${req.hostname}${port ? `:${port}` : ""}${req.originalUrl}`);
}

function remixRequest(req: ExpressRequest, res: ExpressResponse): Request {
  const headers = new Headers();
  for (const [key, values] of Object.entries(req.headers)) {
    if (values === undefined) continue;
    for (const value of Array.isArray(values) ? values : [values]) headers.append(key, value);
  }
  const url = requestUrl(req);
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

/**
 * Remix's request handler, given the body the edge read (within its limit) and the page's nonce in
 * the load context; each request is matched against the routes its path may match
 * (app/http/route-subsets.server.ts).
 */
export function remixHandler(build: ServerBuild | (() => Promise<ServerBuild>), mode: string) {
  const handle = subsetRequestHandler(build, mode);
  return async (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    try {
      const response = await handle(remixRequest(req, res), { nonce: res.locals.nonce as string });
      await sendResponse(res, response);
    } catch (error) {
      next(error);
    }
  };
}
