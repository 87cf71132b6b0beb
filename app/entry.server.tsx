import { randomBytes } from "node:crypto";
import { PassThrough } from "node:stream";

import { createReadableStreamFromReadable, type AppLoadContext, type EntryContext } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";

import { setPageHeaders } from "~/http/csp.server";
import { NonceContext } from "~/http/nonce";
import { routePolicy } from "~/http/policy";
import type { MessagesHandle } from "~/i18n/messages";
import { routeMessages } from "~/i18n/resources.server";
import { FallbackMessages } from "~/i18n/use-t";
import type { BareHandle } from "~/recipient/bare";

const ABORT_DELAY = 5_000;

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

export default function handleRequest(
  request: Request,
  status: number,
  headers: Headers,
  context: EntryContext,
  loadContext: AppLoadContext = {},
) {
  // The edge makes one nonce per answer; without the edge (tests) the page gets its own.
  const nonce = loadContext.nonce ?? randomBytes(16).toString("base64");
  // Bots and clients without JavaScript get the whole document at once; browsers get it streamed.
  const waitForAll = isbot(request.headers.get("user-agent") ?? "");
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <FallbackMessages.Provider value={bareMessages(request, context)}>
          <RemixServer context={context} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
        </FallbackMessages.Provider>
      </NonceContext.Provider>,
      {
        [waitForAll ? "onAllReady" : "onShellReady"]() {
          if (waitForAll) clearTimeout(timer);
          shellRendered = true;
          const body = new PassThrough();
          headers.set("Content-Type", "text/html; charset=utf-8");
          headers.set("X-Content-Type-Options", "nosniff");
          headers.set("X-Frame-Options", "DENY");
          headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
          setPageHeaders(headers, nonce, routePolicy(new URL(request.url).pathname));
          resolve(new Response(createReadableStreamFromReadable(body), { headers, status }));
          pipe(body);
        },
        ...(waitForAll ? {} : { onAllReady: () => clearTimeout(timer) }),
        onShellError(error: unknown) {
          clearTimeout(timer);
          reject(error);
        },
        nonce,
        onError(error: unknown) {
          status = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
    // A render still streaming after this is cut off. One that finished clears it (the callbacks above
    // run after this line), so the timer and everything the render holds do not outlive the render.
    const timer = setTimeout(abort, ABORT_DELAY + 1000);
  });
}

export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  console.error(error);
}
