import type { LogSink } from "~/server/log.server";

/** Lets a test declare that it expects console.error (the setup file fails the test otherwise). */
export const consoleState = { allowed: false };
export function allowConsoleError() {
  consoleState.allowed = true;
}

/**
 * Where the server's log goes during tests: the console, where Vitest shows a test's lines only when
 * it fails, and where a line logged as an error counts as a console.error.
 */
export const consoleSink: LogSink = (level, line) =>
  (level === "info" ? console.log : level === "warn" ? console.warn : console.error)(line);
