// The split of the Vitest projects cannot rot: a test file that starts a process (node:child_process
// itself, or a helper under tests/ that does, such as tests/support/app-process.ts) is one the
// `processes` projects run, and a file they run does start one. The app's own children (dbmate for a
// migration, the places file made once) do not count: every in-process test may meet those.
import path from "node:path";

import { expect, it } from "vitest";

import { PROCESS_TESTS, processTests } from "../setup/process-tests";
import { reaches, ROOT, sourceOf, testFiles } from "../setup/test-files";

const SPAWNS = /["'](node:)?child_process["']/;
const TESTS = path.join(ROOT, "tests") + path.sep;

/** True when `file` starts a process itself or through helpers under tests/ (not the app's modules). */
const startsProcesses = (file: string) =>
  reaches(
    file,
    (next) => SPAWNS.test(sourceOf(next)),
    (next) => next.startsWith(TESTS),
  );

it("lists exactly the test files that start processes", () => {
  expect(startsProcesses("tests/support/app-process.ts")).toBe(true);
  const spawning = testFiles().filter(startsProcesses);
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
