import { describe, expect, it, vi } from "vitest";

import { requestTimeZone } from "./request-time-zone.server";

/** A request as the edge passes it on: the client's address in `x-client-ip`. */
function pageRequest(path: string, address: string, cookie?: string) {
  const headers = new Headers({ "x-client-ip": address });
  if (cookie) headers.set("Cookie", cookie);
  return new Request(`http://localhost:3000${path}`, { headers });
}

describe("the zone of server-rendered times", () => {
  it("is the browser's own once it has said it (the tz cookie), whatever the language and address", async () => {
    expect(await requestTimeZone(pageRequest("/id/dashboard/", "112.198.0.1", "tz=America%2FNew_York"))).toBe(
      "America/New_York",
    );
    expect(await requestTimeZone(pageRequest("/dashboard/", "36.66.0.1", "tz=Europe%2FLondon"))).toBe("Europe/London");
  });

  it("is the language's country's on Indonesian and Filipino pages before that", async () => {
    expect(await requestTimeZone(pageRequest("/id/dashboard/", "112.198.0.1"))).toBe("Asia/Jakarta");
    expect(await requestTimeZone(pageRequest("/ph/dashboard/", "36.66.0.1"))).toBe("Asia/Manila");
  });

  it("is where the client's address is on a fresh worker's first English page (not UTC)", async () => {
    vi.resetModules();
    const fresh = await import("./request-time-zone.server");
    expect(await fresh.requestTimeZone(pageRequest("/dashboard/", "112.198.0.1"))).toBe("Asia/Manila");
  });

  it("is where the client's address is on English pages, which have no one country", async () => {
    expect(await requestTimeZone(pageRequest("/dashboard/", "112.198.0.1"))).toBe("Asia/Manila");
    expect(await requestTimeZone(pageRequest("/dashboard/", "36.66.0.1"))).toBe("Asia/Jakarta");
    expect(await requestTimeZone(pageRequest("/dashboard/", "8.8.8.8"))).toBe("America/Los_Angeles");
    expect(await requestTimeZone(pageRequest("/", "2001:4860:4860::8888"))).toBe("America/Toronto");
  });

  it("falls back to UTC on English pages when the address cannot be placed, or the cookie names no zone", async () => {
    expect(await requestTimeZone(pageRequest("/dashboard/", "127.0.0.1"))).toBe("UTC");
    expect(await requestTimeZone(pageRequest("/dashboard/", "unknown"))).toBe("UTC");
    expect(await requestTimeZone(pageRequest("/dashboard/", "10.0.0.1", "tz=Mars%2FOlympus"))).toBe("UTC");
    expect(await requestTimeZone(pageRequest("/dashboard/", "112.198.0.1", "tz=Mars%2FOlympus"))).toBe("Asia/Manila");
  });
});
