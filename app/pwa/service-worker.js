// The dashboard's service worker (docs/decisions/048), served at /sw.js (app/routes/sw.js.ts) with the
// whole site as its scope. It shows request events pushed to this device and opens the request when
// one is clicked. It has no fetch handler on purpose: nothing is cached, and every page (each shows
// someone's data) comes from the server as if no worker were there.
/* global self, URL */
/// <reference lib="webworker" />

const DASHBOARD = "/dashboard/";

self.addEventListener("install", () => {
  self.skipWaiting();
});

self.addEventListener("activate", (event) => {
  event.waitUntil(self.clients.claim());
});

self.addEventListener("push", (event) => {
  let message = null;
  try {
    message = event.data ? event.data.json() : null;
  } catch {
    message = null;
  }
  if (!message || typeof message.title !== "string") return;
  event.waitUntil(
    self.registration.showNotification(message.title, {
      body: typeof message.body === "string" ? message.body : "",
      tag: typeof message.tag === "string" ? message.tag : undefined,
      icon: "/icon-192.png",
      lang: typeof message.lang === "string" ? message.lang : undefined,
      data: { url: typeof message.url === "string" ? message.url : DASHBOARD },
    }),
  );
});

/** The request's page on this site; anything that would leave the site opens the dashboard instead. */
function target(url) {
  const resolved = new URL(url || DASHBOARD, self.location.origin);
  return resolved.origin === self.location.origin ? resolved : new URL(DASHBOARD, self.location.origin);
}

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = target(event.notification.data && event.notification.data.url);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
      // An open dashboard (in any language) is brought forward and shown the request.
      const open = windows.find((client) => /^\/((id|ph)\/)?dashboard\/?$/.test(new URL(client.url).pathname));
      if (open) {
        await open.focus();
        try {
          await open.navigate(url.href);
          return;
        } catch {
          // A window this worker does not control cannot be moved: open the request beside it.
        }
      }
      await self.clients.openWindow(url.href);
    })(),
  );
});
