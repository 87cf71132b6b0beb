// Which in-process test files run again on PostgreSQL: those whose imports reach the database module
// (app/db/db.server.ts). A file that cannot open the database (a formatter, a schema, a component)
// tests the same code on both engines, so the postgres project leaves it out (vite.config.ts).
// vitest.setup.ts holds the choice to what happened: a file that opened the database on SQLite while
// this module says it cannot fails, so an import this reader misses never drops a file silently.
import path from "node:path";

import { reaches, ROOT, testFiles } from "./test-files";

export const DATABASE_MODULE = path.join(ROOT, "app/db/db.server.ts");

/** True when `file` (absolute, or relative to the project) imports the database module, directly or not. */
export function reachesDatabase(file: string): boolean {
  return reaches(file, (next) => next === DATABASE_MODULE);
}

/** The test files (relative paths) that cannot open the database. */
export function testFilesWithoutDatabase(): string[] {
  return testFiles().filter((file) => !reachesDatabase(file));
}

/**
 * Fails when a test file opened the database on SQLite although this module's reading of its imports
 * says it cannot (its PostgreSQL run would be left out); `opened`: the process's client exists.
 */
export function checkDatabaseUse(testPath: string | undefined, opened: boolean) {
  if (opened && testPath && !reachesDatabase(testPath))
    throw new Error(
      `${path.relative(ROOT, testPath)} opened the database, but tests/setup/database-tests.ts does not see its imports reach app/db/db.server.ts: the postgres project would leave it out`,
    );
}
