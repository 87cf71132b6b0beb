import { describe, expect, it } from "vitest";

import { hit, sweepRateLimits } from "./rate-limit.server";

describe("database rate limit", () => {
  it("lets exactly `limit` of 50 parallel hits through", async () => {
    const results = await Promise.all(Array.from({ length: 50 }, () => hit("parallel", 7, 60_000)));
    expect(results.filter((r) => r.ok)).toHaveLength(7);
  });

  it("opens a new window when the old one has passed, and sweeps ended windows", async () => {
    const start = new Date("2026-01-01T00:00:00Z");
    expect((await hit("window", 1, 60_000, start)).ok).toBe(true);
    const blocked = await hit("window", 1, 60_000, new Date(start.getTime() + 30_000));
    expect(blocked).toEqual({ ok: false, retryAfterSeconds: 30 });
    expect((await hit("window", 1, 60_000, new Date(start.getTime() + 61_000))).ok).toBe(true);
    expect(await sweepRateLimits(new Date(start.getTime() + 61_000))).toBe(1);
  });
});
