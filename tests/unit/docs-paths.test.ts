// The paths the project names stay true: every `app/…`, `tests/…`, `scripts/…`, `docs/…` (and the other
// top-level folders) written in a comment, a doc or the README exists, and the decisions index lists
// every decision record and only those. A file moved without updating what points at it fails here.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

import { describe, expect, it } from "vitest";

import { SETTING_NAMES } from "~/config.server";

const SCANNED = ["app", "scripts", "tests", "docs", "prisma", "bench", ".ci", "README.md", "server.ts"];
const SKIPPED_DIRS = new Set(["node_modules", "generated", ".tmp", "test-results", "build"]);
// Outputs that exist only after a build or a run.
const GENERATED = /(^|\/)(build|\.tmp|test-results|playwright-report)(\/|$)/;
const DECISIONS = "docs/decisions";

function sources(entry: string): string[] {
  if (!existsSync(entry)) return [];
  if (!statSync(entry).isDirectory()) return /\.(tsx?|m?js|md|sh)$|^\.ci\/run$/.test(entry) ? [entry] : [];
  return readdirSync(entry)
    .filter((name) => !SKIPPED_DIRS.has(name))
    .flatMap((name) => sources(path.posix.join(entry, name)));
}

/** Repository paths in `text`: a known top folder, then a path; not part of a package name (`@prisma/…`). */
export function namedPaths(text: string): { path: string; line: number }[] {
  const pattern = /(?<![\w./@-])((?:app|scripts|tests|docs|prisma|bench|locales|public)\/[\w./\-$]*\w)/g;
  return (
    [...text.matchAll(pattern)]
      // A pattern (`app/routes/dashboard*.tsx`, `{en,id,ph}`) names files, not one path.
      .filter((match) => !/[*{}<>]/.test(match[1]!) && !/^\.?[*{<]/.test(text.slice(match.index + match[1]!.length)))
      .map((match) => ({ path: match[1]!, line: text.slice(0, match.index).split("\n").length }))
  );
}

function exists(named: string): boolean {
  if (GENERATED.test(named)) return true;
  const decision = /^docs\/decisions\/(\d{3})$/.exec(named);
  if (decision) return readdirSync(DECISIONS).some((name) => name.startsWith(`${decision[1]}-`));
  return existsSync(named);
}

describe("paths named in comments and docs", () => {
  it("finds paths the way a reader reads them", () => {
    expect(namedPaths("see app/http/edge.server.ts, and @prisma/adapter-pg.\nalso `docs/decisions/035`")).toEqual([
      { path: "app/http/edge.server.ts", line: 1 },
      { path: "docs/decisions/035", line: 2 },
    ]);
    expect(exists("app/no-such-module.ts")).toBe(false);
    expect(exists("docs/decisions/999")).toBe(false);
  });

  it("every one exists", () => {
    // This file names missing paths on purpose, as examples.
    const scanned = SCANNED.flatMap(sources).filter((file) => file !== "tests/unit/docs-paths.test.ts");
    const missing = scanned.flatMap((file) =>
      namedPaths(readFileSync(file, "utf8"))
        .filter((named) => !exists(named.path))
        .map((named) => `${file}:${named.line}: ${named.path}`),
    );
    expect(missing).toEqual([]);
  });
});

describe("the decisions index", () => {
  it("lists every decision record, each linked to its own file", () => {
    const index = readFileSync(`${DECISIONS}/README.md`, "utf8");
    const records = readdirSync(DECISIONS).filter((name) => /^\d{3}-.*\.md$/.test(name));
    expect(records.length).toBeGreaterThan(30);
    const linked = [...index.matchAll(/\]\(\.?\/?(\d{3}-[^)]+\.md)\)/g)].map((match) => match[1]);
    expect([...new Set(linked)].sort()).toEqual(records.sort());
  });
});

describe("the settings", () => {
  it("are each documented in docs/configuration.md, which names no setting the server does not read", () => {
    const doc = readFileSync("docs/configuration.md", "utf8");
    const documented = new Set(
      doc
        .split("\n")
        .filter((line) => line.startsWith("| `"))
        .flatMap((line) => [...line.split(" | ")[0]!.matchAll(/`([A-Z_]+)`/g)].map((match) => match[1]!)),
    );
    expect(SETTING_NAMES.length).toBeGreaterThan(50);
    expect(SETTING_NAMES.filter((name) => !documented.has(name))).toEqual([]);
    // MALLOC_* are glibc's, read by the C library in the workers, not by the server's schema.
    expect([...documented].filter((name) => !SETTING_NAMES.includes(name) && !name.startsWith("MALLOC_"))).toEqual([]);
  });
});
