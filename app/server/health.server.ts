// Health checks for load balancers and orchestrators, answered by Express before the request log and
// Remix: cheap, never cached, and still answered while the process drains.
import type { RequestHandler } from "express";

import { db, isPostgresUrl, poolExhausted } from "~/db/db.server";
import { isSqliteBusy } from "~/db/sqlite-busy.server";
import { config } from "~/server/config.server";
import { latestMigration } from "~/server/migrate.server";

import { log, processId } from "./log.server";

/** The whole check's time (both steps together): the answer comes within 2 s, whatever the database does. */
const DB_CHECK_TIMEOUT_MS = 1500;

export type Lifecycle = { shuttingDown: boolean };

type NotReady = {
  reason:
    | "shutting down"
    | "migrations pending"
    | "database unreachable"
    | "database cannot write"
    | "no free database connection";
  /** Said in the answer too: what holds the database up, when it is known. */
  cause?: "locked by another process";
  detail?: string;
};

/** The row every process's readiness check writes (a lease nobody holds: it expires as it is written). */
export const READINESS_ROW = "readiness";

class CheckTimeout extends Error {}

function withinCheckTime<T>(work: Promise<T>, deadline: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new CheckTimeout(`no answer within ${DB_CHECK_TIMEOUT_MS} ms`)),
      Math.max(0, deadline - Date.now()),
    );
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Why this process should not get traffic now, or null when it is ready. Ready means the database
 * answers, is at the code's migration, and takes a write: a transaction that writes one row and
 * commits, the same path as a share or a payment (a database that only reads — a full disk, a lock
 * that was never released, a read-only file — is not ready).
 */
export async function notReady(lifecycle: Lifecycle, expectedMigration: string | null): Promise<NotReady | null> {
  if (lifecycle.shuttingDown) return { reason: "shutting down" };
  const deadline = Date.now() + DB_CHECK_TIMEOUT_MS;
  try {
    const rows = await withinCheckTime(
      db().$queryRaw<{ version: string | null }[]>`SELECT MAX("version") AS "version" FROM "schema_migrations"`,
      deadline,
    );
    const applied = rows[0]?.version ?? null;
    if (expectedMigration && (!applied || applied < expectedMigration)) {
      return {
        reason: "migrations pending",
        detail: `database at ${applied ?? "none"}, code needs ${expectedMigration}`,
      };
    }
  } catch (error) {
    // Every connection of the pool in use with requests waiting: the database is not out, this
    // process's connections are taken (a locked table, slow statements).
    if (poolExhausted()) return { reason: "no free database connection", detail: firstLine(error) };
    return { reason: "database unreachable", detail: firstLine(error) };
  }
  try {
    const now = Date.now();
    await withinCheckTime(
      db().$transaction(
        (tx) => tx.$executeRaw`
          INSERT INTO "Lease" ("name", "holder", "expiresAtMs") VALUES (${READINESS_ROW}, ${processId}, ${now})
          ON CONFLICT ("name") DO UPDATE SET "holder" = EXCLUDED."holder", "expiresAtMs" = EXCLUDED."expiresAtMs"`,
        { timeout: DB_CHECK_TIMEOUT_MS, maxWait: DB_CHECK_TIMEOUT_MS },
      ),
      deadline,
    );
    return null;
  } catch (error) {
    // SQLite answered the read just now: a write that found the lock taken, or that waited the check's
    // whole time for it, is held up by another process's write lock (the wait runs on timers, so this
    // answer is not held up with it).
    const sqlite = !isPostgresUrl(config().DATABASE_URL);
    const locked = isSqliteBusy(error) || (sqlite && error instanceof CheckTimeout);
    return {
      reason: "database cannot write",
      ...(locked ? { cause: "locked by another process" as const } : {}),
      detail: firstLine(error),
    };
  }
}

const firstLine = (error: unknown) =>
  ((error as Error).message ?? String(error))
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean)
    .at(-1) ?? "";

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
    const state = problem ? `not ready: ${problem.reason}${problem.cause ? ` (${problem.cause})` : ""}` : "ready";
    if (state !== last && (problem || last !== null))
      log(problem ? "warn" : "info", state, problem?.detail ? { detail: problem.detail } : {});
    last = state;
    res.status(problem ? 503 : 200).send(state);
  };
}
