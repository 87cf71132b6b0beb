import { describe, expect, it } from "vitest";

import { fileTimesSummary } from "../support/reporters/file-times";

describe("the slowest files summary", () => {
  const times = [
    { file: "a.test.ts", project: "sqlite", ms: 1000 },
    { file: "b.test.ts", project: "sqlite", ms: 6000 },
    { file: "b.test.ts", project: "postgres", ms: 2000 },
    { file: "c.test.ts", project: "sqlite", ms: 1000 },
  ];

  it("sums each project, then lists the slowest files first, each with its time and share of the whole", () => {
    const lines = fileTimesSummary("Vitest", times, 2);
    expect(lines[0]).toBe("Vitest: the 2 slowest of 4 files (10.0 s summed over all files)");
    expect(lines[1]).toBe("  by project: sqlite 8.0 s (3 files), postgres 2.0 s (1 file)");
    expect(lines.slice(2).map((line) => line.trim().split(/\s+/))).toEqual([
      ["b.test.ts", "[sqlite]", "6.0", "s", "60", "%"],
      ["b.test.ts", "[postgres]", "2.0", "s", "20", "%"],
    ]);
  });

  it("prints nothing for a run without files", () => {
    expect(fileTimesSummary("Vitest", [])).toEqual([]);
  });
});
