// New-deployment detection (spec section 7): `npm run build` writes /builds/latest.json with the id of
// the client build (Remix's manifest version). The page compares it with the build it runs; loaded
// lazily, after the page is interactive.

/** Spec section 9: after a reload for a new build, no new offer for 10 s (stops reload loops). */
export const RELOAD_GUARD_MS = 10_000;
const GUARD_KEY = "buildReloadAt";

/** The client build this page runs: Remix's manifest version, which changes with any client asset. */
export function runningBuildId(): string | undefined {
  return (window as { __remixManifest?: { version?: string } }).__remixManifest?.version;
}

function reloadedRecently(now = Date.now()) {
  try {
    const at = Number(sessionStorage.getItem(GUARD_KEY) ?? 0);
    return now - at >= 0 && now - at < RELOAD_GUARD_MS;
  } catch {
    return false;
  }
}

/**
 * Polls every `intervalSeconds` while the tab is visible; a hidden tab stops polling and checks at
 * once when it becomes visible again. Calls `onNewBuild` (once) when the served build differs.
 */
export function watchBuild(intervalSeconds: number, onNewBuild: (id: string) => void): () => void {
  const running = runningBuildId();
  let timer: ReturnType<typeof setInterval> | undefined;
  let done = false;

  const check = async () => {
    if (done || document.hidden) return;
    try {
      const response = await fetch("/builds/latest.json", { cache: "no-store" });
      if (!response.ok) return;
      const { id } = (await response.json()) as { id?: unknown };
      if (done || typeof id !== "string" || !id || id === running || reloadedRecently()) return;
      stop();
      onNewBuild(id);
    } catch {
      // Offline or a deployment in progress: the next tick tries again.
    }
  };
  const start = () => {
    clearInterval(timer);
    timer = setInterval(() => void check(), intervalSeconds * 1000);
  };
  const onVisibility = () => {
    if (document.hidden) return clearInterval(timer);
    void check();
    start();
  };
  function stop() {
    done = true;
    clearInterval(timer);
    document.removeEventListener("visibilitychange", onVisibility);
  }

  // A page built without a manifest (development server) has nothing to compare.
  if (!running) return () => {};
  document.addEventListener("visibilitychange", onVisibility);
  if (!document.hidden) start();
  return stop;
}

/** The notice's Reload button: remembers when, so the reloaded page does not offer it again at once. */
export function reloadForNewBuild() {
  try {
    sessionStorage.setItem(GUARD_KEY, String(Date.now()));
  } catch {
    // Without session storage there is no guard; the reload is still what the visitor asked for.
  }
  location.reload();
}
