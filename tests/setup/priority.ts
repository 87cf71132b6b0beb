// The in-process test files' workers yield the cores to the process tests that run beside them
// (vite.config.ts): those start servers whose answers they time, the in-process files only compute.
import { readdirSync } from "node:fs";
import { setPriority } from "node:os";
import { isMainThread } from "node:worker_threads";

/**
 * The in-process workers' niceness: a tenth of a core's time against a busy process at the default
 * (0), so that the servers come first; never none, since some in-process tests count real seconds
 * (a query not repeated within 5 s failed once with the workers in SCHED_IDLE, starved while the
 * process tests' servers were under load).
 */
export const BACKGROUND = 10;

/**
 * Lowers every thread of this process to BACKGROUND: Linux keeps a niceness per thread, and the main
 * thread alone would leave V8's and libuv's helpers at the old one. Threads started later take it from
 * the thread that starts them.
 */
export function lowerPriority() {
  // In a worker thread, the process is Vitest's own, and the process tests' pool with it.
  if (!isMainThread) throw new Error("lowerPriority() lowers a whole process: call it in a fork, not a thread");
  let threads: number[];
  try {
    threads = readdirSync("/proc/self/task").map(Number);
  } catch {
    threads = [0];
  }
  for (const thread of threads) {
    try {
      setPriority(thread, BACKGROUND);
    } catch {
      // A helper thread that ended since the list was read.
    }
  }
}
