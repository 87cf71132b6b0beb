// Which methods a route answers, from the route table (app/route-table.js) and the route's module: the
// edge (app/http/edge.server.ts) answers every other method 405 with this `Allow`, OPTIONS with it,
// and a CORS preflight grants no other (app/http/cors.server.ts). A method no route answers (TRACE,
// QUERY, PROPFIND…) therefore never reaches a loader or an action, and never Remix (whose `Request`
// refuses TRACE outright).
import type { RoutePolicy } from "./policy";

/** The methods in the order `Allow` names them. */
const ORDER = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"];

/** What a route module exports that answers a method: a loader answers GET and HEAD, an action the rest. */
export type RouteExports = { loader?: unknown; action?: unknown } | undefined;

/**
 * The methods a route answers: those the table names for a resource route (see `methods` there),
 * else GET with a loader (a page always: it renders without one) and POST with an action; HEAD wherever
 * GET is (Remix answers it with the loader). A path no route matches answers GET and HEAD (the
 * not-found page).
 */
export function routeMethods(policy: Pick<RoutePolicy, "kind" | "methods"> | null, module: RouteExports): string[] {
  const methods = new Set<string>();
  if (policy?.kind === "resource" && policy.methods) for (const method of policy.methods) methods.add(method);
  else {
    // A page renders without a loader of its own.
    if (!policy || policy.kind === "page" || typeof module?.loader === "function") methods.add("GET");
    if (typeof module?.action === "function") methods.add("POST");
  }
  if (methods.has("GET")) methods.add("HEAD");
  return ORDER.filter((method) => methods.has(method));
}

/** The `Allow` header of a route's methods. */
export const allowHeader = (methods: readonly string[]) => methods.join(", ");
