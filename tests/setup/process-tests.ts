// The test files that start processes of their own (a real server, a child that crashes on purpose,
// `npm run serve`): the `processes` projects run them (vite.config.ts), one at a time, beside the
// in-process tests, which yield the cores to them (tests/setup/priority.ts): each such file keeps a
// core busy with its server besides its own worker, and times what its servers answer.
// tests/unit/process-tests.test.ts fails when a test file starts a process and is not listed here.

export type Engine = "sqlite" | "postgres";

/**
 * Each file with the databases it runs on. One engine is enough for a test of a process's behaviour
 * (SQLite, the default); a file runs on both when what it tests is the database itself: a commit a
 * crash must not lose, a database that goes out. A PostgreSQL-only file skips (and says so) on SQLite
 * when the run has no PostgreSQL (TEST_POSTGRES unset).
 */
export const PROCESS_TESTS: Readonly<Record<string, readonly Engine[]>> = {
  "app/billing/payment-jobs.server.test.ts": ["sqlite", "postgres"],
  "app/http/page-cache.test.ts": ["sqlite"],
  "app/location-requests/delivery.server.test.ts": ["sqlite", "postgres"],
  "app/server/cluster.test.ts": ["sqlite"],
  "app/server/idle-collection.test.ts": ["sqlite"],
  "app/server/serve.test.ts": ["sqlite"],
  "app/server/sqlite-faults.test.ts": ["sqlite"],
  "app/server/startup.server.test.ts": ["sqlite"],
  "app/server/two-processes.test.ts": ["postgres"],
  "tests/contract/fuzz.test.ts": ["sqlite"],
  "tests/faults/database-outage.test.ts": ["sqlite", "postgres"],
  "tests/faults/message-outbox.test.ts": ["sqlite"],
  "tests/faults/postgres-lock.test.ts": ["postgres"],
  "tests/faults/shutdown.test.ts": ["sqlite"],
  "tests/faults/slow-sendgrid.test.ts": ["sqlite"],
  "tests/faults/sqlite-lock.test.ts": ["sqlite"],
  "tests/faults/worker-kill.test.ts": ["sqlite"],
  "tests/security/request-target.test.ts": ["sqlite"],
  "tests/security/server-process.test.ts": ["sqlite"],
  "tests/unit/startup-failures.test.ts": ["sqlite"],
};

/** The process test files a project on `engine` runs; `withPostgres`: the run has a PostgreSQL project. */
export function processTests(engine: Engine, withPostgres: boolean) {
  return Object.entries(PROCESS_TESTS)
    .filter(([, engines]) => engines.includes(engine) || (engine === "sqlite" && !withPostgres))
    .map(([file]) => file);
}
