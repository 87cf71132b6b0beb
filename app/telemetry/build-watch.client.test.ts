// The new-deployment watch with a stand-in document (hidden flag, visibilitychange) and fetch: it
// polls only while the tab is visible, checks at once when the tab comes back, and reports a
// different build once.
import { afterEach, beforeEach, expect, it, vi } from "vitest";

import { RELOAD_GUARD_MS, watchBuild } from "./build-watch.client";

let hidden = false;
let served = "build-1";
const listeners = new Set<() => void>();
const fetches: string[] = [];
const storage = new Map<string, string>();

function setHidden(value: boolean) {
  hidden = value;
  for (const listener of listeners) listener();
}

beforeEach(() => {
  vi.useFakeTimers();
  hidden = false;
  served = "build-1";
  listeners.clear();
  fetches.length = 0;
  storage.clear();
  vi.stubGlobal("window", { __remixManifest: { version: "build-1" } });
  vi.stubGlobal("document", {
    get hidden() {
      return hidden;
    },
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
  });
  vi.stubGlobal("sessionStorage", {
    getItem: (k: string) => storage.get(k) ?? null,
    setItem: (k: string, v: string) => storage.set(k, v),
  });
  vi.stubGlobal("fetch", async (url: string) => {
    fetches.push(url);
    return new Response(JSON.stringify({ id: served }), { headers: { "Content-Type": "application/json" } });
  });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

it("polls every interval while visible and reports a new build once", async () => {
  const seen: string[] = [];
  watchBuild(60, (id) => seen.push(id));
  await vi.advanceTimersByTimeAsync(59_000);
  expect(fetches).toEqual([]);
  await vi.advanceTimersByTimeAsync(1_000);
  expect(fetches).toEqual(["/builds/latest.json"]);
  expect(seen).toEqual([]);

  served = "build-2";
  await vi.advanceTimersByTimeAsync(60_000);
  expect(seen).toEqual(["build-2"]);
  // Reported once: polling has stopped.
  await vi.advanceTimersByTimeAsync(600_000);
  expect(fetches).toHaveLength(2);
  expect(seen).toEqual(["build-2"]);
});

it("does not poll while the tab is hidden, and checks at once when it is shown again", async () => {
  watchBuild(60, () => undefined);
  setHidden(true);
  await vi.advanceTimersByTimeAsync(10 * 60_000);
  expect(fetches).toEqual([]);

  setHidden(false);
  await vi.advanceTimersByTimeAsync(0);
  expect(fetches).toHaveLength(1);
  await vi.advanceTimersByTimeAsync(60_000);
  expect(fetches).toHaveLength(2);
});

it("offers nothing within the reload guard, and again after it", async () => {
  storage.set("buildReloadAt", String(Date.now()));
  served = "build-2";
  const seen: string[] = [];
  watchBuild(1, (id) => seen.push(id));
  await vi.advanceTimersByTimeAsync(RELOAD_GUARD_MS - 2_000);
  expect(fetches.length).toBeGreaterThan(0);
  expect(seen).toEqual([]);
  await vi.advanceTimersByTimeAsync(3_000);
  expect(seen).toEqual(["build-2"]);
});

it("stops when its cleanup runs", async () => {
  const stop = watchBuild(60, () => undefined);
  stop();
  await vi.advanceTimersByTimeAsync(10 * 60_000);
  expect(fetches).toEqual([]);
  expect(listeners.size).toBe(0);
});
