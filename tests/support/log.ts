// Reads what the server's log() wrote during part of a test. The setup file sends the log to the
// console (tests/setup/vitest.setup.ts); this takes it over until `restore()`, so that the lines a test
// expects are read here and not counted as unexpected console errors.
import { setLogSink, type Level } from "~/server/log.server";

import { consoleSink } from "./console";

export function captureLog() {
  const lines: { level: Level; line: string }[] = [];
  setLogSink((level, line) => void lines.push({ level, line }));
  return {
    /** Lines logged at info (the process's stdout). */
    out: () => lines.filter((l) => l.level === "info").map((l) => l.line),
    /** Lines logged as warnings or errors (the process's stderr). */
    err: () => lines.filter((l) => l.level !== "info").map((l) => l.line),
    restore: () => setLogSink(consoleSink),
  };
}
