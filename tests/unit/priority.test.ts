// The in-process test files run at the lowest priority beside the process tests (vite.config.ts,
// tests/setup/priority.ts): every thread of this worker, not only the one running the tests.
import { readdirSync, readFileSync } from "node:fs";
import { getPriority } from "node:os";

import { describe, expect, it } from "vitest";

import { LOWEST } from "../setup/priority";

/** Each thread's niceness, read from the kernel (field 19 of /proc/self/task/TID/stat). */
function niceness() {
  return readdirSync("/proc/self/task").map((thread) => {
    const stat = readFileSync(`/proc/self/task/${thread}/stat`, "utf8");
    // The command name (field 2) may hold spaces: count from the parenthesis that closes it.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return { thread, nice: Number(fields[16]) };
  });
}

describe.runIf(process.platform === "linux")("the in-process workers' priority", () => {
  it("is the lowest for every thread of the worker, those started since included", async () => {
    expect(process.env.TEST_LOW_PRIORITY).toBe("1");
    expect(getPriority()).toBe(LOWEST);
    // A thread of libuv's pool, started now, takes it from the thread that starts it.
    await import("node:crypto").then(({ pbkdf2Sync, pbkdf2 }) => {
      pbkdf2Sync("x", "y", 1, 8, "sha256");
      return new Promise((done) => pbkdf2("x", "y", 1000, 8, "sha256", done));
    });
    const threads = niceness();
    expect(threads.length).toBeGreaterThan(1);
    expect(threads.filter((t) => t.nice !== LOWEST)).toEqual([]);
  });
});
