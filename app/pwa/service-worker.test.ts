// The service worker (app/pwa/service-worker.js), run in a stand-in of its global scope: a pushed
// message is shown with its title, body and tag; a click brings an open dashboard (any language) to
// the request, or opens the request; an address off the site opens the dashboard instead.
import { readFileSync } from "node:fs";
import { runInNewContext } from "node:vm";

import { describe, expect, it, vi } from "vitest";

const SOURCE = readFileSync("app/pwa/service-worker.js", "utf8");
const ORIGIN = "https://familylocator.example";

type Handler = (event: Record<string, unknown>) => void;

function worker(windows: { url: string; navigate?: (url: string) => Promise<unknown> }[] = []) {
  const handlers = new Map<string, Handler>();
  const clients = windows.map((w) => ({
    url: w.url,
    focus: vi.fn(async () => undefined),
    navigate: vi.fn(w.navigate ?? (async () => undefined)),
  }));
  const self = {
    location: new URL(ORIGIN),
    addEventListener: (name: string, handler: Handler) => handlers.set(name, handler),
    skipWaiting: vi.fn(),
    registration: { showNotification: vi.fn(async () => undefined) },
    clients: {
      claim: vi.fn(async () => undefined),
      matchAll: vi.fn(async () => clients),
      openWindow: vi.fn(async () => null),
    },
  };
  runInNewContext(SOURCE, { self, URL });
  /** Dispatches an event and waits for what it handed to waitUntil. */
  const fire = async (name: string, event: Record<string, unknown>) => {
    let pending: Promise<unknown> = Promise.resolve();
    handlers.get(name)!({ ...event, waitUntil: (p: Promise<unknown>) => (pending = p) });
    await pending;
  };
  return { self, clients, fire };
}

const click = (url: unknown) => ({ notification: { data: { url }, close: vi.fn() } });

describe("the service worker", () => {
  it("shows a pushed request event", async () => {
    const { self, fire } = worker();
    const message = {
      title: "Rosa declined your request",
      body: "Open to see the request.",
      url: "/id/dashboard/?id=r1",
      tag: "request-x",
      lang: "id",
    };
    await fire("push", { data: { json: () => message } });
    expect(self.registration.showNotification).toHaveBeenCalledWith(
      "Rosa declined your request",
      expect.objectContaining({
        body: "Open to see the request.",
        tag: "request-x",
        lang: "id",
        data: { url: "/id/dashboard/?id=r1" },
      }),
    );
  });

  it("shows nothing for a message it cannot read", async () => {
    const { self, fire } = worker();
    await fire("push", {
      data: {
        json: () => {
          throw new Error("not JSON");
        },
      },
    });
    await fire("push", { data: null });
    expect(self.registration.showNotification).not.toHaveBeenCalled();
  });

  it("brings an open dashboard to the request", async () => {
    const { self, clients, fire } = worker([{ url: `${ORIGIN}/blog` }, { url: `${ORIGIN}/ph/dashboard/` }]);
    await fire("notificationclick", click("/ph/dashboard/?id=r2"));
    expect(clients[1]!.focus).toHaveBeenCalled();
    expect(clients[1]!.navigate).toHaveBeenCalledWith(`${ORIGIN}/ph/dashboard/?id=r2`);
    expect(clients[0]!.focus).not.toHaveBeenCalled();
    expect(self.clients.openWindow).not.toHaveBeenCalled();
  });

  it("opens the request when no dashboard is open, or when the open one cannot be moved", async () => {
    const none = worker([{ url: `${ORIGIN}/faqs` }]);
    await none.fire("notificationclick", click("/dashboard/?id=r3"));
    expect(none.self.clients.openWindow).toHaveBeenCalledWith(`${ORIGIN}/dashboard/?id=r3`);
    const stuck = worker([
      { url: `${ORIGIN}/dashboard`, navigate: async () => Promise.reject(new TypeError("not controlled")) },
    ]);
    await stuck.fire("notificationclick", click("/dashboard/?id=r4"));
    expect(stuck.self.clients.openWindow).toHaveBeenCalledWith(`${ORIGIN}/dashboard/?id=r4`);
  });

  it("never opens an address off the site", async () => {
    const { self, fire } = worker();
    await fire("notificationclick", click("https://attacker.example/phish"));
    await fire("notificationclick", click("//attacker.example/x"));
    expect(self.clients.openWindow.mock.calls).toEqual([[`${ORIGIN}/dashboard/`], [`${ORIGIN}/dashboard/`]]);
  });
});
