// The split of the Vitest projects cannot rot: a test file that starts a process (node:child_process
// itself, or a helper under tests/ that does, such as tests/support/app-process.ts) is one the
// `processes` projects run, and a file they run does start one. The app's own children (dbmate for a
// migration, the places file made once) do not count: every in-process test may meet those.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

import { expect, it } from "vitest";

import { PROCESS_TESTS, processTests } from "../setup/process-tests";

/** Where the projects' test files live (vite.config.ts `include`). */
const TEST_DIRS = ["app", "tests/unit", "tests/security", "tests/faults", "tests/contract"];

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === "generated" || name === "node_modules" ? [] : filesUnder(full);
    return /\.tsx?$/.test(name) ? [full] : [];
  });
}

const isTest = (file: string) => /\.test\.tsx?$/.test(file);
const SPAWNS = /["'](node:)?child_process["']/;

/** The files under tests/ that `file` imports by a relative path. */
function localImports(file: string, source: string) {
  return [...source.matchAll(/(?:from|import)\s*\(?\s*["'](\.{1,2}\/[^"']+)["']/g)].map((match) => {
    const target = path.join(path.dirname(file), match[1]!);
    return /\.tsx?$/.test(target) ? target : `${target}.ts`;
  });
}

/** The helpers under tests/ that start a process, themselves or through another helper. */
function spawningHelpers() {
  const sources = new Map(
    filesUnder("tests")
      .filter((file) => !isTest(file))
      .map((file) => [file, readFileSync(file, "utf8")]),
  );
  const spawning = new Set([...sources].filter(([, source]) => SPAWNS.test(source)).map(([file]) => file));
  for (let grew = true; grew;) {
    grew = false;
    for (const [file, source] of sources)
      if (!spawning.has(file) && localImports(file, source).some((target) => spawning.has(target))) {
        spawning.add(file);
        grew = true;
      }
  }
  return spawning;
}

it("lists exactly the test files that start processes", () => {
  const helpers = spawningHelpers();
  expect(helpers).toContain("tests/support/app-process.ts");
  const spawning = TEST_DIRS.flatMap((dir) => filesUnder(dir))
    .filter(isTest)
    .filter((file) => {
      const source = readFileSync(file, "utf8");
      return SPAWNS.test(source) || localImports(file, source).some((target) => helpers.has(target));
    })
    .sort();
  expect(spawning, "tests/setup/process-tests.ts lists these files").toEqual(Object.keys(PROCESS_TESTS).sort());
});

it("runs each process test once per engine it names, and PostgreSQL-only ones on SQLite without PostgreSQL", () => {
  const all = Object.keys(PROCESS_TESTS);
  expect(processTests("sqlite", false).sort()).toEqual(all.sort());
  const onBoth = [...processTests("sqlite", true), ...processTests("postgres", true)];
  expect(onBoth.length).toBe(Object.values(PROCESS_TESTS).flat().length);
  for (const [file, engines] of Object.entries(PROCESS_TESTS)) {
    expect(engines.length, file).toBeGreaterThan(0);
    expect(processTests("postgres", true).includes(file), file).toBe(engines.includes("postgres"));
  }
});
