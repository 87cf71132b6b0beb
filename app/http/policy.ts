// What the HTTP edge applies to a request, read from the one route table (app/route-table.js): how
// large its body may be, who may post it, whether third-party tags may run on the page and whether it
// may ask for the browser's position, and who may open a page. The server (app/http/edge.server.ts),
// the page headers (app/entry.server.tsx), the tags (app/components/telemetry.tsx), the page guards
// (app/auth/guards.server.ts) and tests/security read this.
import { devRoutes, localePrefixes, pageRoutes, resourceRoutes, type Access } from "~/route-table.js";

export type { Access };
export type BodyKind = "form" | "json" | "callback" | "report";
export type OriginKind = "same" | "signed" | "api" | "report";

export const KB = 1024;
/** Bytes a body of each kind may have (docs/decisions/010). */
export const BODY_LIMITS: Record<BodyKind, number> = {
  form: 16 * KB,
  json: 64 * KB,
  callback: 1024 * KB,
  report: 16 * KB,
};

export type RoutePolicy = {
  /** The route table's path (without locale prefix) and file. */
  path: string;
  file: string;
  kind: "page" | "resource";
  body: BodyKind;
  /** Bytes the body may have. */
  limit: number;
  origin: OriginKind;
  tags: boolean;
  geolocation: boolean;
  /** Who may open a page (app/auth/guards.server.ts); resource routes check their callers themselves. */
  access?: Access;
  /** An expired user who has seen the expired notice may read this page (docs/decisions/013). */
  expiredReads: boolean;
};

type Compiled = { policy: RoutePolicy; pattern: RegExp; rank: number };

function compile(path: string): { pattern: RegExp; rank: number } {
  if (path === "") return { pattern: /^\/?$/, rank: 1000 };
  let rank = 0;
  const parts = path.split("/").map((segment) => {
    if (segment === "*") {
      rank -= 100;
      return "(?:/.*)?";
    }
    if (segment.startsWith(":")) {
      rank += 1;
      return "/[^/]+";
    }
    rank += 10;
    return "/" + segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  });
  return { pattern: new RegExp(`^${parts.join("")}/?$`, "i"), rank };
}

const compiled: Compiled[] = [
  ...[...pageRoutes, ...devRoutes].map((route) => {
    const entry = route;
    const policy: RoutePolicy = {
      path: entry.path,
      file: entry.file,
      kind: "page",
      body: "form",
      limit: entry.formLimit ?? BODY_LIMITS.form,
      origin: "same",
      tags: entry.tags === true,
      geolocation: entry.geolocation === true,
      access: entry.access,
      expiredReads: entry.expiredReads === true,
    };
    return { policy, ...compile(entry.path) };
  }),
  ...resourceRoutes.map((route) => {
    const entry = route as { path: string; file: string; body?: BodyKind; origin?: OriginKind };
    const body = entry.body ?? "form";
    const policy: RoutePolicy = {
      path: entry.path,
      file: entry.file,
      kind: "resource",
      body,
      limit: BODY_LIMITS[body],
      origin: entry.origin ?? "same",
      tags: false,
      geolocation: false,
      expiredReads: false,
    };
    // A resource route outranks a page route of the same shape (no locale prefix on resources).
    const { pattern, rank } = compile(entry.path);
    return { policy, pattern, rank: rank + 0.5 };
  }),
].sort((a, b) => b.rank - a.rank);

const prefixes: string[] = Object.values(localePrefixes).filter(Boolean);

// A page asks for its policy more than once per request (the guard, the page headers): recent short
// paths keep their answer. Bounded, whatever paths are asked for.
const recent = new Map<string, RoutePolicy>();
const RECENT_PATHS = 1000;
const RECENT_PATH_LENGTH = 200;

/** The route a path belongs to (the catch-all page when no other claims it). */
export function routePolicy(pathname: string): RoutePolicy {
  let policy = recent.get(pathname);
  if (policy) return policy;
  policy = findPolicy(pathname);
  if (pathname.length <= RECENT_PATH_LENGTH) {
    if (recent.size >= RECENT_PATHS) recent.clear();
    recent.set(pathname, policy);
  }
  return policy;
}

function findPolicy(pathname: string): RoutePolicy {
  let path = pathname;
  try {
    path = decodeURI(pathname);
  } catch {
    // A malformed escape: match the raw path.
  }
  for (const { policy, pattern } of compiled) {
    if (policy.kind === "resource" && pattern.test(path)) return policy;
  }
  const first = path.split("/")[1] ?? "";
  const bare = prefixes.includes(first) ? path.slice(first.length + 1) || "/" : path;
  for (const { policy, pattern } of compiled) {
    if (policy.kind === "page" && pattern.test(bare)) return policy;
  }
  // Unreachable: the catch-all page matches every path.
  return compiled.find((c) => c.policy.path === "*")!.policy;
}

/** Every route of the table, for tests and documentation. */
export const allPolicies = (): RoutePolicy[] => compiled.map((c) => c.policy);
