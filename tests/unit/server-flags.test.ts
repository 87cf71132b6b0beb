// `npm run serve`, `npm start` and the benchmark start the server with the same Node flags and glibc
// settings, so that the benchmark measures what production runs (scripts/support/app-server.ts,
// docs/performance.md).
import { readFileSync } from "node:fs";

import { describe, expect, it } from "vitest";

import { WORKER_MALLOC_DEFAULTS } from "~/server/process.server";

import { SERVER_ENV, SERVER_NODE_FLAGS } from "../../scripts/support/app-server";

const scripts = (JSON.parse(readFileSync("package.json", "utf8")) as { scripts: Record<string, string> }).scripts;

describe("the server's Node flags", () => {
  it.each(["serve", "start"])("npm run %s passes the benchmark's flags to Node", (name) => {
    const words = scripts[name]!.split(/\s+/);
    // Production runs the built server with node, the demo the sources with tsx.
    const runner = words.findIndex((word) => word === "node" || word === "tsx");
    expect(runner, `${name} runs node or tsx`).toBeGreaterThanOrEqual(0);
    const flags = words.slice(runner + 1).filter((word) => word.startsWith("--"));
    expect(flags).toEqual([...SERVER_NODE_FLAGS]);
  });

  // A single process (WEB_CONCURRENCY=1) has no primary to give it the workers' malloc settings.
  it.each(["serve", "start"])("npm run %s gives the process the workers' malloc settings unless set", (name) => {
    const words = scripts[name]!.split(/\s+/);
    const runner = words.findIndex((word) => word === "exec");
    const assigned = Object.fromEntries(words.slice(0, runner).map((word) => word.split("=", 2) as [string, string]));
    expect(SERVER_ENV).toEqual(WORKER_MALLOC_DEFAULTS);
    for (const [variable, value] of Object.entries(SERVER_ENV)) {
      expect(assigned[variable], `${name} sets ${variable}`).toBe(`\${${variable}:-${value}}`);
    }
  });
});
