// Work the visitor did not ask for (the device report's fingerprint, the new-build check) waits until
// the page has loaded and the browser is idle, so that it never competes with the first paint, the
// hydration or a tap (issue: Lighthouse counted 1.3 s of fingerprinting as blocking time on a phone).

/** The parts of `window` the scheduler uses (a test passes its own). */
export type IdleHost = {
  document: { readyState: DocumentReadyState };
  addEventListener(type: "load", listener: () => void, options?: { once?: boolean }): void;
  removeEventListener(type: "load", listener: () => void): void;
  setTimeout(handler: () => void, ms: number): number;
  clearTimeout(id: number): void;
  requestIdleCallback?: (callback: (deadline: IdleDeadline) => void, options?: IdleRequestOptions) => number;
  cancelIdleCallback?: (id: number) => void;
};

/** An idle period at least this long (the browser gives up to 50 ms) means nothing else is waiting. */
export const IDLE_ENOUGH_MS = 25;
/** After this many short idle periods (a page that keeps animating) the task takes the next one. */
export const IDLE_TRIES = 20;
/** Without requestIdleCallback: this long after the load event. */
export const FALLBACK_DELAY_MS = 2000;

/**
 * Runs `task` once after the load event, in an idle period long enough that input is not waiting
 * (requestIdleCallback, without a timeout that would force it into a busy moment; a timer where the
 * browser has no requestIdleCallback). Returns a function that cancels it.
 */
export function whenLoadedAndIdle(task: () => void, host: IdleHost = window as unknown as IdleHost): () => void {
  let cancelled = false;
  let cancelStep = () => {};
  const idle = (tries: number) => {
    if (cancelled) return;
    const request = host.requestIdleCallback;
    if (typeof request !== "function") {
      const id = host.setTimeout(() => !cancelled && task(), FALLBACK_DELAY_MS);
      cancelStep = () => host.clearTimeout(id);
      return;
    }
    const id = request((deadline) => {
      if (cancelled) return;
      if (deadline.timeRemaining() >= IDLE_ENOUGH_MS || tries + 1 >= IDLE_TRIES) task();
      else idle(tries + 1);
    });
    cancelStep = () => host.cancelIdleCallback?.(id);
  };
  if (host.document.readyState === "complete") {
    idle(0);
  } else {
    const onLoad = () => idle(0);
    host.addEventListener("load", onLoad, { once: true });
    cancelStep = () => host.removeEventListener("load", onLoad);
  }
  return () => {
    cancelled = true;
    cancelStep();
  };
}

/** `whenLoadedAndIdle` as a promise: the steps of a long task each wait for their own idle period. */
export function loadedAndIdle(host?: IdleHost) {
  return new Promise<void>((resolve) => void whenLoadedAndIdle(resolve, host));
}
