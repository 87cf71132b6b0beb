// `npm run serve`, `npm start` and the benchmark start the server with the same Node flags, so that
// the benchmark measures what production runs (scripts/support/app-server.ts, docs/performance.md).
import { readFileSync } from "node:fs";

import { describe, expect, it } from "vitest";

import { SERVER_NODE_FLAGS } from "../../scripts/support/app-server";

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
});
