// An idle worker's collection (app/server/process.server.ts collectGarbage) is a full one: it marks and
// compacts the old generation and gives back the young generation's grown space. Node 20's V8 reads
// `gc({ type: "major" })` as a young-generation collection only, which left an idle worker with some
// 35 MB of heap committed for nothing; V8's trace shows which collection ran.
import { spawnSync } from "node:child_process";

import { expect, it } from "vitest";

const CHILD = `
const { collectGarbage } = await import("./app/server/process.server.ts");
const kept = [];
for (let i = 0; i < 300000; i++) kept.push({ i, text: "x".repeat(i % 50) });
kept.length = 0;
console.log("<collect>");
collectGarbage();
console.log("</collect>");
`;

it("is a full collection that gives back the heap the process no longer uses", () => {
  const run = spawnSync(process.execPath, ["--trace-gc", "--import", "tsx", "--input-type=module", "-e", CHILD], {
    encoding: "utf8",
    env: { ...process.env, NODE_OPTIONS: "" },
    timeout: 60_000,
  });
  expect(run.status, run.stderr).toBe(0);
  const during = run.stdout.slice(run.stdout.indexOf("<collect>"), run.stdout.indexOf("</collect>"));
  const lines = during.split("\n").filter((line) => /: (Mark-Compact|Scavenge)/.test(line));
  expect(lines.length, run.stdout).toBeGreaterThan(0);
  // "Mark-Compact 38.8 (62.3) -> 24.4 (27.5) MB": every generation, and the committed size falls.
  const full = lines
    .map((line) => /Mark-Compact[^\d]*([\d.]+) \(([\d.]+)\) -> ([\d.]+) \(([\d.]+)\)/.exec(line))
    .find(Boolean);
  expect(full, during).toBeTruthy();
  const [, , committedBefore, usedAfter, committedAfter] = full!.map(Number);
  expect(committedAfter).toBeLessThanOrEqual(committedBefore!);
  expect(usedAfter).toBeLessThan(committedAfter!);
});
