// The server's log: one JSON object per line (LOG_FORMAT=json, the default in production) or a short
// readable line (text, the default in development). Lines written while a request is handled carry
// its request id, so an error can be found next to the request that caused it.
import { AsyncLocalStorage } from "node:async_hooks";
import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import { format as formatArgs } from "node:util";

export type Level = "info" | "warn" | "error";
type Fields = Record<string, unknown>;

/** What is known about the request being handled (request-log.server.ts fills it in). */
export type RequestScope = {
  id: string;
  dbMs: number;
  dbQueries: number;
  dbUnavailable?: boolean;
  /** The route the request matched (the edge sets it): its share of the PostgreSQL pool (db-pool-share.server.ts). */
  route?: string;
  /** Why the request was refused as a client's mistake: said on its one request line (request-log.server.ts). */
  clientError?: string;
};

/**
 * The log's state, one per process. The server (build/server.js) and the Remix build each carry a
 * copy of this module: kept on `globalThis`, both copies share one request scope (a query made in a
 * loader counts for the request the server opened; an error logged there carries its id), one
 * format and one process id.
 */
/** Where a finished line goes: the process's stdout (info) or stderr (warn, error), unless replaced. */
export type LogSink = (level: Level, line: string) => void;
const standardStreams: LogSink = (level, line) =>
  void (level === "info" ? process.stdout : process.stderr).write(`${line}\n`);

const shared = ((
  globalThis as {
    __log?: { scope: AsyncLocalStorage<RequestScope>; json: boolean; processId: string; sink: LogSink };
  }
).__log ??= {
  scope: new AsyncLocalStorage<RequestScope>(),
  json: process.env.NODE_ENV === "production",
  processId: `${hostname()}:${process.pid}:${randomBytes(3).toString("hex")}`,
  sink: standardStreams,
});
export const requestScope = shared.scope;

/** This process among all processes of all machines: the maintenance lease names its holder with it. */
export const processId = shared.processId;

/**
 * Characters that would break or disguise a log line once written: C0 and C1 controls, DEL, the line
 * and paragraph separators (which some log viewers treat as a new line), and bidirectional overrides.
 * A request's path or a header can carry any of them; they are written as `\uXXXX`.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
export const escapeForLog = (text: string) =>
  text.replace(UNSAFE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);

export function log(level: Level, msg: string, fields: Fields = {}) {
  const requestId = requestScope.getStore()?.id;
  const all = requestId && !("id" in fields) ? { requestId, ...fields } : fields;
  if (shared.json) {
    // JSON.stringify escapes C0 controls itself; the rest are escaped the same way, inside the strings.
    const line = JSON.stringify({ time: new Date().toISOString(), level, msg, pid: process.pid, ...all }, errorsAsText);
    shared.sink(level, escapeForLog(line));
  } else {
    const rest = Object.entries(all).map(
      ([k, v]) => `${k}=${typeof v === "string" ? escapeForLog(v) : JSON.stringify(v, errorsAsText)}`,
    );
    shared.sink(level, `${level === "info" ? "" : `${level}: `}${escapeForLog(msg)} ${rest.join(" ")}`.trimEnd());
  }
}

/**
 * Sends the log's lines elsewhere (null: back to stdout and stderr). The tests send them to the
 * console, where Vitest keeps a passing test's lines to itself and an unexpected error fails the test.
 */
export function setLogSink(sink: LogSink | null) {
  shared.sink = sink ?? standardStreams;
}

function errorsAsText(_key: string, value: unknown) {
  return value instanceof Error ? (value.stack ?? value.message) : typeof value === "bigint" ? Number(value) : value;
}

export function setupLog(format: "json" | "text") {
  shared.json = format === "json";
}

/**
 * In JSON mode, sends console output through log(), so that every line a serving process writes (the
 * domain modules' warnings and errors included) is one JSON object. Called once the process listens:
 * what is said while starting (the summary, a failed start) stays plain sentences for whoever starts it.
 */
export function consoleAsLog() {
  if (!shared.json) return;
  console.log = (...args: unknown[]) => log("info", formatArgs(...args));
  console.warn = (...args: unknown[]) => log("warn", formatArgs(...args));
  console.error = (...args: unknown[]) => log("error", formatArgs(...args));
}
