// Health checks for load balancers and orchestrators, answered by Express before the request log and
// Remix: cheap, never cached, and still answered while the process drains.
import type { RequestHandler } from "express";

import { config } from "~/config.server";
import { db } from "~/db.server";
import { latestMigration } from "~/migrate.server";

import { log } from "./log.server";

const DB_CHECK_TIMEOUT_MS = 2000;

export type Lifecycle = { shuttingDown: boolean };

type NotReady = { reason: "shutting down" | "migrations pending" | "database unreachable"; detail?: string };

/** Why this process should not get traffic now, or null when it is ready. */
export async function notReady(lifecycle: Lifecycle, expectedMigration: string | null): Promise<NotReady | null> {
  if (lifecycle.shuttingDown) return { reason: "shutting down" };
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${DB_CHECK_TIMEOUT_MS} ms`)), DB_CHECK_TIMEOUT_MS);
  });
  try {
    const rows = await Promise.race([
      db().$queryRaw<{ version: string | null }[]>`SELECT MAX("version") AS "version" FROM "schema_migrations"`,
      timeout,
    ]);
    const applied = rows[0]?.version ?? null;
    if (expectedMigration && (!applied || applied < expectedMigration)) {
      return {
        reason: "migrations pending",
        detail: `database at ${applied ?? "none"}, code needs ${expectedMigration}`,
      };
    }
    return null;
  } catch (error) {
    return { reason: "database unreachable", detail: (error as Error).message.split("\n")[0] };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * GET /healthz: the process is up (liveness). GET /readyz: it should get traffic (readiness); the
 * answer names only the kind of problem, the log has the detail (once per change).
 */
export function healthChecks(lifecycle: Lifecycle): RequestHandler {
  const expectedMigration = latestMigration(config().DATABASE_URL);
  let last: string | null = null;
  return async (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    if (req.path !== "/healthz" && req.path !== "/readyz") return next();
    res.setHeader("Cache-Control", "no-store");
    res.type("text/plain");
    if (req.path === "/healthz") return void res.send("ok");
    const problem = await notReady(lifecycle, expectedMigration);
    const state = problem ? `not ready: ${problem.reason}` : "ready";
    if (state !== last && (problem || last !== null))
      log(problem ? "warn" : "info", state, problem?.detail ? { detail: problem.detail } : {});
    last = state;
    res.status(problem ? 503 : 200).send(state);
  };
}
