import { SERVICE_WORKER_PATH } from "./manifest";

/**
 * Registers the service worker (app/pwa/service-worker.js) for the whole site, once per page load; a
 * browser without service workers, or one that refuses it (a private window), keeps working as before.
 */
export function registerServiceWorker() {
  if (typeof navigator === "undefined" || !("serviceWorker" in navigator)) return null;
  return navigator.serviceWorker.register(SERVICE_WORKER_PATH, { scope: "/" }).catch(() => null);
}
