import { randomBytes } from "node:crypto";

import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { isRouteErrorResponse } from "@remix-run/router";
import { renderToPipeableStream } from "react-dom/server";

import { setCacheHeaders, setPageHeaders } from "~/http/csp.server";
import { NonceContext } from "~/http/nonce";
import { UNMATCHED } from "~/http/policy";
import { wholeResponse, wholeSink } from "~/http/whole-body.server";
import type { MessagesHandle } from "~/i18n/messages";
import { routeMessages } from "~/i18n/resources.server";
import { FallbackMessages } from "~/i18n/use-t";
import { BareCss, type BareHandle } from "~/recipient/bare";
import { CRITICAL_CSS } from "~/recipient/critical-css";
import { log, requestScope } from "~/server/log.server";
import { MAX_LOGGED_PATH } from "~/server/request-log.server";
import { trickOn } from "~/server/speed-tricks.server";
import { setPacking } from "~/utils/packed";

const ABORT_DELAY = 5_000;

// Fixed loader data is sent packed (docs/decisions/023), except in a server the bench starts
// without it (app/server/speed-tricks.server.ts).
setPacking(trickOn("packed"));

/**
 * A bare page's messages (the recipient's pages, never hydrated: app/recipient/bare.ts). They reach
 * its components here rather than through its loader data, which Remix would encode for a browser
 * that never reads it.
 */
function bareMessages(request: Request, context: EntryContext) {
  const leaf = context.staticHandlerContext.matches.at(-1);
  const handle =
    leaf && (context.routeModules[leaf.route.id]?.handle as (BareHandle & Partial<MessagesHandle>) | undefined);
  return handle?.bare && handle.messages ? routeMessages(request, { messages: handle.messages }) : undefined;
}

/**
 * Every page is rendered whole, then sent as one buffer. No loader returns a promise (no deferred
 * data), so when React starts, the page's data is all there and the render takes a millisecond or
 * two: sending the shell first would give the browser nothing sooner, and would cost every answer a
 * chain of Node and web streams and a write per chunk (docs/performance.md).
 */
export default function handleRequest(
  request: Request,
  status: number,
  headers: Headers,
  context: EntryContext,
  loadContext: AppLoadContext = {},
) {
  // The edge makes one nonce per answer; without the edge (tests) the page gets its own.
  const nonce = loadContext.nonce ?? randomBytes(16).toString("base64");
  const leaf = context.staticHandlerContext.matches.at(-1)?.route.id;
  // The edge matched with Remix's own function over the same routes: a difference is a defect.
  if (loadContext.route?.id && leaf !== loadContext.route.id)
    log("error", "the edge and Remix matched different routes", {
      edge: loadContext.route.id,
      remix: leaf,
      path: new URL(request.url).pathname,
    });
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const sink = wholeSink((body) => {
      clearTimeout(timer);
      headers.set("Content-Type", "text/html; charset=utf-8");
      headers.set("X-Content-Type-Options", "nosniff");
      headers.set("X-Frame-Options", "DENY");
      headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
      setPageHeaders(headers, nonce, loadContext.route?.policy ?? UNMATCHED);
      resolve(wholeResponse(body, { headers, status }));
    });
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <FallbackMessages.Provider value={bareMessages(request, context)}>
          <BareCss.Provider value={CRITICAL_CSS}>
            <RemixServer context={context} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
          </BareCss.Provider>
        </FallbackMessages.Provider>
      </NonceContext.Provider>,
      {
        onShellReady() {
          shellRendered = true;
        },
        onAllReady() {
          pipe(sink);
        },
        onShellError(error: unknown) {
          clearTimeout(timer);
          reject(error);
        },
        nonce,
        onError(error: unknown) {
          status = 500;
          // An error before the shell is done reaches Remix (handleError below) through onShellError.
          if (shellRendered) log("error", "render failed", { error });
        },
      },
    );
    // A render still waiting after this is cut off (what is pending renders as its fallback). One that
    // finished clears it (the callbacks above run after this line), so the timer and everything the
    // render holds do not outlive the render.
    const timer = setTimeout(abort, ABORT_DELAY + 1000);
  });
}

/** A page's data (single fetch `.data`) is cached as its HTML is. */
export function handleDataRequest(response: Response, { context }: { context: AppLoadContext }) {
  setCacheHeaders(response.headers, context.route?.policy ?? UNMATCHED);
  return response;
}

/**
 * Errors Remix reports. A client's mistake (Remix answers it 4xx itself) is its reason on the
 * request's one log line (app/server/request-log.server.ts), or one warning line without a stack
 * outside a request; only the server's own faults are errors with their stack.
 */
export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) {
    const reason = String(error.data ?? error.statusText).slice(0, 200);
    const scope = requestScope.getStore();
    if (scope) scope.clientError = reason;
    else
      log("warn", "client error", {
        status: error.status,
        method: request.method,
        path: new URL(request.url).pathname.slice(0, MAX_LOGGED_PATH),
        reason,
      });
    return;
  }
  log("error", "request failed", { error });
}
