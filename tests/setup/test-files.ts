// The in-process and process test files, and what their imports reach, read from the sources: how the
// Vitest projects are split (vite.config.ts, database-tests.ts) and checked (tests/unit/process-tests.test.ts).
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = fileURLToPath(new URL("../..", import.meta.url));
/** Where the test files live; vite.config.ts includes `*.test.ts(x)` under each. */
export const TEST_FOLDERS = ["app", "tests/unit", "tests/security", "tests/faults", "tests/contract"];

const TEST_FILE = /\.test\.tsx?$/;
const SKIPPED = /(^|\/)(generated|node_modules)\//;

/** Every test file under TEST_FOLDERS, relative to the project, sorted. */
export function testFiles(): string[] {
  return TEST_FOLDERS.flatMap((folder) =>
    readdirSync(path.join(ROOT, folder), { recursive: true, encoding: "utf8" })
      .map((name) => path.join(folder, name))
      .filter((file) => TEST_FILE.test(file) && !SKIPPED.test(file)),
  ).sort();
}

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

const sources = new Map<string, string>();
const importsOf = new Map<string, string[]>();

/** The source of `file` (absolute), read once. */
export function sourceOf(file: string): string {
  let source = sources.get(file);
  if (source === undefined) sources.set(file, (source = readFileSync(file, "utf8")));
  return source;
}

/** The project files (absolute) that `file` imports. */
function imports(file: string): string[] {
  let found = importsOf.get(file);
  if (!found) {
    found = [...sourceOf(file).matchAll(IMPORT)]
      .map((match) => resolveImport(file, (match[1] ?? match[2] ?? match[3])!))
      .filter((resolved): resolved is string => resolved !== null);
    importsOf.set(file, found);
  }
  return found;
}

/**
 * True when `file` (absolute, or relative to the project), or a file its imports lead to, is one that
 * `isTarget` accepts; `follow` says which imported files are followed further (all by default).
 */
export function reaches(
  file: string,
  isTarget: (file: string) => boolean,
  follow: (file: string) => boolean = () => true,
): boolean {
  const seen = new Set<string>();
  const stack = [path.resolve(ROOT, file)];
  while (stack.length) {
    const next = stack.pop()!;
    if (isTarget(next)) return true;
    if (seen.has(next)) continue;
    seen.add(next);
    stack.push(...imports(next).filter(follow));
  }
  return false;
}
