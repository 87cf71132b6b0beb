// A resource route (no page: the JSON API, providers' callbacks, redirects, files) is called by the
// server directly, as Remix's request handler calls it (@remix-run/server-runtime, `handleResourceRequest`),
// once the edge has matched the request (app/http/route-match.server.ts): Remix would match the path
// twice more, build its static handler's request context and run its data strategy around a single
// function call. What reaches the route is the same (the request, the matched params, the load
// context), and so is what comes back, including a thrown Response, an unexpected error (Remix's
// 500 "Unexpected Server Error", reported to entry.server's handleError) and HEAD without a body.
// `app/http/resource-route.server.test.ts` holds the answers to Remix's own for the same requests
// (the simple path, `TEST_WITHOUT_TRICKS=direct-resources`); `npm run bench -- --tricks` measures it.
import type { AppLoadContext, ServerBuild } from "@remix-run/node";
import {
  createPath,
  UNSAFE_ErrorResponseImpl as ErrorResponseImpl,
  isDataWithResponseInit,
  isRouteErrorResponse,
  resolveTo,
} from "@remix-run/router";

import type { MatchedRoute } from "./route-match.server";

type ServerRoute = ServerBuild["routes"][string];
/** Remix's test for a Location it leaves as it is (`ABSOLUTE_URL_REGEX`): a URL with a scheme, or `//host`. */
const ABSOLUTE_URL = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i;
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/** Remix's own test for a route that answers without a page: no component and no error boundary. */
export function isResourceRoute(route: ServerRoute | undefined): route is ServerRoute {
  return !!route && route.module.default == null && route.module.ErrorBoundary == null;
}

/** Remix's duck type of a Response (a route may return one made by another copy of the Fetch API). */
function isResponse(value: unknown): value is Response {
  const candidate = value as Partial<Response> | null;
  return (
    candidate != null &&
    typeof candidate.status === "number" &&
    typeof candidate.statusText === "string" &&
    typeof candidate.headers === "object" &&
    typeof candidate.body !== "undefined"
  );
}

/**
 * Whether `callResourceRoute` answers this request as Remix would: a resource route with the
 * function the method needs, and none of the query parameters Remix strips or reads before calling
 * it (`index`, `_routes`, `_data`). Anything else goes to Remix.
 */
export function callsDirectly(route: ServerRoute | undefined, request: Request, url: URL): route is ServerRoute {
  if (!isResourceRoute(route) || url.pathname.endsWith(".data")) return false;
  if (url.searchParams.has("index") || url.searchParams.has("_routes") || url.searchParams.has("_data")) return false;
  const read = request.method === "GET" || request.method === "HEAD";
  return typeof (read ? route.module.loader : route.module.action) === "function";
}

/** The route's loader (GET, HEAD) or action (any other method), answered as Remix answers it. */
export async function callResourceRoute(
  build: ServerBuild,
  route: ServerRoute,
  request: Request,
  context: AppLoadContext,
  matched: { params: MatchedRoute["params"]; bases: () => string[] },
): Promise<Response> {
  const params = matched.params;
  const read = request.method === "GET" || request.method === "HEAD";
  const run = (read ? route.module.loader : route.module.action)!;
  let response: Response;
  try {
    const result: unknown = await run({ request, params, context });
    if (result === undefined)
      throw new Error(
        `You defined ${read ? "a loader" : "an action"} for route "${route.id}" but didn't return anything from your \`${read ? "loader" : "action"}\` function. Please return a value or \`null\`.`,
      );
    // A returned `data()` gives its value only: Remix's router drops its status and headers here.
    response = isResponse(result) ? result : json(isDataWithResponseInit(result) ? result.data : result);
  } catch (error) {
    if (isResponse(error)) {
      // A thrown redirect is an answer like a returned one; any other thrown Response is marked.
      response =
        REDIRECT_STATUSES.has(error.status) && error.headers.has("Location")
          ? error
          : withHeader(error, "X-Remix-Catch", "yes");
    } else {
      // Any other fault: reported to handleError, and answered with Remix's production text, never
      // the error's own. A thrown `data()` becomes a route error response first, as in Remix's router.
      const thrown =
        isDataWithResponseInit(error) && !(error.data instanceof Error)
          ? new ErrorResponseImpl(error.init?.status || 500, undefined, error.data)
          : isDataWithResponseInit(error)
            ? error.data
            : error;
      build.entry.module.handleError?.(thrown, { request, params, context });
      response = isRouteErrorResponse(thrown)
        ? new Response(JSON.stringify({ message: "Unexpected Server Error" }), {
            status: thrown.status,
            statusText: thrown.statusText,
            headers: { "Content-Type": "application/json; charset=utf-8", "X-Remix-Error": "yes" },
          })
        : new Response("Unexpected Server Error", { status: 500, headers: { "Content-Type": "text/plain" } });
    }
  }
  if (REDIRECT_STATUSES.has(response.status)) response = relativeResolved(response, matched.bases, request);
  return request.method === "HEAD"
    ? new Response(null, { headers: response.headers, status: response.status, statusText: response.statusText })
    : response;
}

/** A value that is not a Response, as Remix sends it from a resource route: JSON. */
const json = (value: unknown) =>
  new Response(JSON.stringify(value), { headers: { "Content-Type": "application/json; charset=utf-8" } });

/** A copy of the answer with one header set, as Remix's `safelySetHeader` makes (headers may be immutable). */
function withHeader(response: Response, name: string, value: string) {
  const headers = new Headers(response.headers);
  headers.set(name, value);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

/** A redirect's Location as Remix's router leaves it: a path resolved against the route (relative routing). */
function relativeResolved(response: Response, bases: () => string[], request: Request) {
  const location = response.headers.get("Location");
  if (!location || ABSOLUTE_URL.test(location)) return response;
  const resolved = createPath(resolveTo(location, bases(), new URL(request.url).pathname));
  return resolved === location ? response : withHeader(response, "Location", resolved);
}
