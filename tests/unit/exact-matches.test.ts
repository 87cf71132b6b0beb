// Deletion, erasure and export find rows by exact values only (docs/decisions/038): an e-mail address
// may hold `%` and `_`, so a pattern built from it (Prisma's `contains`/`startsWith`/`endsWith`, SQL's
// LIKE) matches other people's rows. Where a value sits inside a larger one (a throttle's key, a job's
// payload), it gets its own column or an exactly built key instead. This reads the app's query code
// and fails on any pattern operator; ALLOWED names each exception with its reason (none today).
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

import { expect, it } from "vitest";

const APP = path.resolve("app");
/** `file: pattern` pairs allowed to stay, each with why (none: keep it that way, or justify the entry). */
const ALLOWED: Record<string, string> = {};

const PATTERNS = [/\bcontains\s*:/, /\bstartsWith\s*:/, /\bendsWith\s*:/, /\bI?LIKE\b/, /\bGLOB\b/, /\bSIMILAR\s+TO\b/];

function sources(dir = APP): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === "generated" ? [] : sources(full);
    return /\.(tsx?|js)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

it("reads the app's sources (a guard against a walk that finds nothing)", () => {
  const files = sources().map((f) => path.relative(APP, f));
  expect(files).toContain("privacy/account-deletion.server.ts");
  expect(files).toContain("privacy/export.server.ts");
  expect(files.some((f) => f.startsWith("generated/"))).toBe(false);
});

it("builds no pattern match in any query: no contains/startsWith/endsWith, no LIKE", () => {
  const found: string[] = [];
  for (const file of sources()) {
    const relative = path.relative(APP, file);
    readFileSync(file, "utf8")
      .split("\n")
      .forEach((line, index) => {
        for (const pattern of PATTERNS) {
          const key = `${relative}: ${pattern.source}`;
          if (pattern.test(line) && !ALLOWED[key]) found.push(`${relative}:${index + 1}: ${line.trim()}`);
        }
      });
  }
  expect(found).toEqual([]);
});

it("the check sees what it forbids", () => {
  const hits = [
    "where: { key: { endsWith: `|${email}` } }",
    "payload: { contains: email }",
    "name: { startsWith: x }",
    'SELECT * FROM "User" WHERE "email" LIKE ${x}',
  ].filter((line) => PATTERNS.some((p) => p.test(line)));
  expect(hits).toHaveLength(4);
});
