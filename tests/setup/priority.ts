// The in-process test files' workers yield the cores to the process tests that run beside them
// (vite.config.ts): those start servers whose answers they time, the in-process files only compute.
import { readdirSync } from "node:fs";
import { setPriority } from "node:os";
import { isMainThread } from "node:worker_threads";

/** The lowest scheduling priority (the niceness `nice -n 19` gives). */
export const LOWEST = 19;

/**
 * Lowers every thread of this process to `priority` (Linux sets it per thread: the main thread alone
 * would leave V8's and libuv's helpers at the old one); elsewhere, the process. Threads started later
 * take it from the thread that starts them.
 */
export function lowerPriority(priority = LOWEST): number[] {
  // In a worker thread, the process is Vitest's own, and the process tests' pool with it.
  if (!isMainThread) throw new Error("lowerPriority() lowers a whole process: call it in a fork, not a thread");
  let threads: number[];
  try {
    threads = readdirSync("/proc/self/task").map(Number);
  } catch {
    threads = [0];
  }
  return threads.filter((thread) => {
    try {
      setPriority(thread, priority);
      return true;
    } catch {
      // A helper thread that ended since the list was read.
      return false;
    }
  });
}
