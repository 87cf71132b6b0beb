// Vitest reporter: the slowest test files (collect, set-up and tests) after the run's own summary.
import path from "node:path";

import type { Reporter, TestModule } from "vitest/node";

import { fileTimesSummary } from "./file-times";

export default class FileTimesReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>) {
    const times = modules.map((module) => {
      const diagnostic = module.diagnostic();
      return {
        file: path.relative(process.cwd(), module.moduleId),
        project: module.project.name || "default",
        ms: diagnostic.collectDuration + diagnostic.setupDuration + diagnostic.duration,
      };
    });
    const lines = fileTimesSummary("Vitest", times);
    if (lines.length) console.log(`\n${lines.join("\n")}`);
  }
}
