// The benchmark's figures (scripts/support/steady-load.ts): only answers inside the measured window
// count towards requests per second and latency; percentiles are nearest-rank.
import { describe, expect, it } from "vitest";

import { percentile, windowFigures, type Answer } from "../../scripts/support/steady-load";

describe("the benchmark's measured window", () => {
  it("takes nearest-rank percentiles", () => {
    const values = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(values, 0.5)).toBe(50);
    expect(percentile(values, 0.99)).toBe(99);
    expect(percentile([7], 0.99)).toBe(7);
    expect(percentile([], 0.5)).toBeNaN();
  });

  it("counts only the answers that arrived inside the window, whatever came before or after", () => {
    const answers: Answer[] = [
      // The warm-up, with its slow first answers.
      ...Array.from({ length: 50 }, (_, i) => ({ at: i * 10, ms: 900 })),
      // Two seconds measured: 400 answers of 10 ms and 6 of 100 ms (1.5 %).
      ...Array.from({ length: 400 }, (_, i) => ({ at: 1000 + i * 5, ms: 10 })),
      ...Array.from({ length: 6 }, (_, i) => ({ at: 1500 + i, ms: 100 })),
      // The tail, while the load generator stops.
      ...Array.from({ length: 30 }, (_, i) => ({ at: 3000 + i, ms: 500 })),
    ];
    const figures = windowFigures(answers, 1000, 3000, 2);
    expect(figures).toEqual({ requestsPerSecond: 203, p50: 10, p99: 100, errors: 2, answers: 406 });
    const all = windowFigures(answers, 0, 4000, 0);
    expect(all.p99).toBe(900);
  });
});
