// Which in-process test files run again on PostgreSQL: those whose imports reach the database module
// (app/db/db.server.ts). A file that cannot open the database (a formatter, a schema, a component)
// tests the same code on both engines, so the postgres project leaves it out (vite.config.ts).
// vitest.setup.ts holds the choice to what happened: a file that opened the database on SQLite while
// this module says it cannot fails, so an import this reader misses never drops a file silently.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
export const DATABASE_MODULE = path.join(ROOT, "app/db/db.server.ts");
/** Where the in-process test files live (vite.config.ts TEST_FILES). */
export const TEST_FOLDERS = ["app", "tests/unit", "tests/security", "tests/faults", "tests/contract"];

const EXTENSIONS = ["", ".ts", ".tsx", ".js", "/index.ts", "/index.tsx"];
// Static imports and re-exports, side-effect imports, and import() with a literal path.
const IMPORT =
  /(?:import|export)\s[^'"]*?from\s*["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)|import\s+["']([^"']+)["']/g;

/** The project's file that `specifier` names from `from`, or null for a package or a missing file. */
function resolveImport(from: string, specifier: string): string | null {
  let base: string;
  if (specifier.startsWith("~/")) base = path.join(ROOT, "app", specifier.slice(2));
  else if (specifier.startsWith(".")) base = path.resolve(path.dirname(from), specifier);
  else return null;
  for (const extension of EXTENSIONS) {
    const file = base + extension;
    if (existsSync(file) && statSync(file).isFile()) return file;
  }
  return null;
}

const importsOf = new Map<string, string[]>();

function imports(file: string): string[] {
  let found = importsOf.get(file);
  if (!found) {
    const source = readFileSync(file, "utf8");
    found = [...source.matchAll(IMPORT)]
      .map((match) => resolveImport(file, (match[1] ?? match[2] ?? match[3])!))
      .filter((resolved): resolved is string => resolved !== null);
    importsOf.set(file, found);
  }
  return found;
}

/** True when `file` (absolute, or relative to the project) imports the database module, directly or not. */
export function reachesDatabase(file: string): boolean {
  const seen = new Set<string>();
  const stack = [path.resolve(ROOT, file)];
  while (stack.length) {
    const next = stack.pop()!;
    if (next === DATABASE_MODULE) return true;
    if (seen.has(next)) continue;
    seen.add(next);
    stack.push(...imports(next));
  }
  return false;
}

/** The in-process test files (relative paths) that cannot open the database. */
export function testFilesWithoutDatabase(): string[] {
  return TEST_FOLDERS.flatMap((folder) =>
    readdirSync(path.join(ROOT, folder), { recursive: true, encoding: "utf8" })
      .filter((name) => /\.test\.tsx?$/.test(name))
      .map((name) => path.join(folder, name))
      .filter((file) => !reachesDatabase(file)),
  ).sort();
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
