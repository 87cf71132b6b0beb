// The in-process test files run beside the process tests (vite.config.ts) at a lower priority
// (tests/setup/priority.ts): every thread of this worker, not only the one running the tests.
import { readdirSync, readFileSync } from "node:fs";
import { getPriority } from "node:os";

import { describe, expect, it } from "vitest";

import { BACKGROUND } from "../setup/priority";

/** Each thread's niceness, read from the kernel (/proc/self/task/TID/stat). */
function niceness() {
  return readdirSync("/proc/self/task").map((thread) => {
    const stat = readFileSync(`/proc/self/task/${thread}/stat`, "utf8");
    // Fields from the third on (the command name, field 2, may hold spaces): niceness is the 19th.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return { thread, nice: Number(fields[19 - 3]) };
  });
}

describe.runIf(process.platform === "linux")("the in-process workers' priority", () => {
  it("is lowered for every thread of the worker, those started since included", async () => {
    expect(process.env.TEST_LOW_PRIORITY).toBe("1");
    expect(BACKGROUND).toBeGreaterThan(0);
    expect(getPriority()).toBe(BACKGROUND);
    // A thread of libuv's pool, started now, takes it from the thread that starts it.
    const { pbkdf2 } = await import("node:crypto");
    await new Promise((done) => pbkdf2("x", "y", 1000, 8, "sha256", done));
    const threads = niceness();
    expect(threads.length).toBeGreaterThan(1);
    expect(threads.filter((t) => t.nice !== BACKGROUND)).toEqual([]);
  });
});
