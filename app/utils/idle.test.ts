import { describe, expect, it } from "vitest";

import { FALLBACK_DELAY_MS, IDLE_ENOUGH_MS, IDLE_TRIES, whenLoadedAndIdle, type IdleHost } from "./idle";

/** A window whose load event, idle periods and timers the test drives by hand. */
function fakeHost(readyState: DocumentReadyState, withIdle = true) {
  const loadListeners = new Set<() => void>();
  const idleQueue = new Map<number, (deadline: IdleDeadline) => void>();
  const timers = new Map<number, { handler: () => void; ms: number }>();
  let next = 1;
  const host: IdleHost = {
    document: { readyState },
    addEventListener: (_type, listener) => void loadListeners.add(listener),
    removeEventListener: (_type, listener) => void loadListeners.delete(listener),
    setTimeout: (handler, ms) => {
      timers.set(next, { handler, ms });
      return next++;
    },
    clearTimeout: (id) => void timers.delete(id),
    ...(withIdle
      ? {
          requestIdleCallback: (callback: (deadline: IdleDeadline) => void) => {
            idleQueue.set(next, callback);
            return next++;
          },
          cancelIdleCallback: (id: number) => void idleQueue.delete(id),
        }
      : {}),
  };
  return {
    host,
    load() {
      host.document.readyState = "complete";
      for (const listener of [...loadListeners]) listener();
    },
    /** One idle period of `ms` milliseconds for every callback waiting. */
    idle(ms: number) {
      const waiting = [...idleQueue];
      idleQueue.clear();
      for (const [, callback] of waiting) callback({ didTimeout: false, timeRemaining: () => ms });
    },
    pendingIdle: () => idleQueue.size,
    timers,
    loadListeners,
  };
}

describe("whenLoadedAndIdle", () => {
  it("waits for the load event, then for an idle period long enough", () => {
    const win = fakeHost("interactive");
    let ran = 0;
    whenLoadedAndIdle(() => ran++, win.host);
    expect(win.pendingIdle()).toBe(0);
    win.load();
    expect(ran).toBe(0);
    win.idle(5); // a short gap between frames: input may be waiting
    expect(ran).toBe(0);
    win.idle(IDLE_ENOUGH_MS);
    expect(ran).toBe(1);
    expect(win.pendingIdle()).toBe(0);
  });

  it("starts at once on a page that has already loaded, and gives up waiting for a long gap in the end", () => {
    const win = fakeHost("complete");
    let ran = 0;
    whenLoadedAndIdle(() => ran++, win.host);
    for (let i = 0; i < IDLE_TRIES - 1; i++) win.idle(1);
    expect(ran).toBe(0);
    win.idle(1);
    expect(ran).toBe(1);
  });

  it("falls back to a timer after load where requestIdleCallback is missing", () => {
    const win = fakeHost("loading", false);
    let ran = 0;
    whenLoadedAndIdle(() => ran++, win.host);
    expect(win.timers.size).toBe(0);
    win.load();
    const [timer] = [...win.timers.values()];
    expect(timer?.ms).toBe(FALLBACK_DELAY_MS);
    timer?.handler();
    expect(ran).toBe(1);
  });

  it("runs nothing once cancelled, before or after the load event", () => {
    const before = fakeHost("loading");
    let ran = 0;
    whenLoadedAndIdle(() => ran++, before.host)();
    expect(before.loadListeners.size).toBe(0);
    const after = fakeHost("complete");
    const cancel = whenLoadedAndIdle(() => ran++, after.host);
    cancel();
    expect(after.pendingIdle()).toBe(0);
    after.idle(50);
    expect(ran).toBe(0);
  });
});
