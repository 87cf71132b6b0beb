// Playwright reporter: the slowest spec files (every attempt of every test, summed per file and
// project) after the list reporter's summary.
import path from "node:path";

import type { Reporter, TestCase, TestResult } from "@playwright/test/reporter";

import { fileTimesSummary, type FileTime } from "./file-times";

export default class FileTimesReporter implements Reporter {
  private readonly times = new Map<string, FileTime>();

  printsToStdio() {
    return false;
  }

  onTestEnd(test: TestCase, result: TestResult) {
    const file = path.relative(process.cwd(), test.location.file);
    const project = test.parent.project()?.name ?? "default";
    const key = `${project}\0${file}`;
    const time = this.times.get(key) ?? { file, project, ms: 0 };
    time.ms += result.duration;
    this.times.set(key, time);
  }

  onEnd() {
    const lines = fileTimesSummary("Playwright", [...this.times.values()]);
    if (lines.length) console.log(`\n${lines.join("\n")}`);
  }
}
