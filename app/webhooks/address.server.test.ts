// Where a webhook may go (docs/webhooks.md, "Where the server sends"): in live mode https to public
// addresses only; loopback over http only outside live mode, for a local receiver.
import { afterEach, describe, expect, it } from "vitest";

import { resetConfig } from "~/server/config.server";
import { addressAllowed, checkWebhookUrl } from "~/webhooks/address.server";

function mode(value: "live" | "sandbox") {
  process.env.APP_MODE = value;
  resetConfig();
}

afterEach(() => {
  delete process.env.APP_MODE;
  resetConfig();
});

describe("addresses", () => {
  it("refuses private, shared, link-local, multicast and reserved ranges, in IPv4 and IPv6", () => {
    mode("live");
    for (const address of [
      "10.0.0.1",
      "172.16.5.4",
      "192.168.1.1",
      "100.64.0.1",
      "169.254.169.254",
      "127.0.0.1",
      "0.0.0.0",
      "224.0.0.1",
      "255.255.255.255",
      "::1",
      "::",
      "fe80::1",
      "fd00::1",
      "ff02::1",
      "::ffff:127.0.0.1",
      "::ffff:a9fe:a9fe",
      "64:ff9b::a00:1",
    ])
      expect(addressAllowed(address), address).toBe(false);
    for (const address of ["93.184.216.34", "8.8.8.8", "2606:4700:4700::1111"])
      expect(addressAllowed(address), address).toBe(true);
  });

  it("allows loopback only outside live mode", () => {
    mode("sandbox");
    expect(addressAllowed("127.0.0.1")).toBe(true);
    expect(addressAllowed("::1")).toBe(true);
    expect(addressAllowed("10.0.0.1")).toBe(false);
  });
});

describe("a URL as registered", () => {
  it("in live mode: https to a public address only", async () => {
    mode("live");
    const refused = {
      "http://93.184.216.34/hook": "scheme",
      "http://127.0.0.1:8080/hook": "scheme",
      "ftp://93.184.216.34/": "scheme",
      "https://user:pass@93.184.216.34/": "credentials",
      "https://127.0.0.1/hook": "private",
      "https://localhost/hook": "private",
      "https://[::1]/hook": "private",
      "https://[::ffff:10.0.0.1]/hook": "private",
      "https://169.254.169.254/latest/meta-data": "private",
      "https://10.1.2.3/": "private",
      "https://0x7f000001/": "private",
      "https://2130706433/": "private",
      "not a url": "invalid",
      [`https://93.184.216.34/${"a".repeat(2100)}`]: "invalid",
    };
    for (const [url, reason] of Object.entries(refused))
      expect(await checkWebhookUrl(url), url).toEqual({ ok: false, reason });
    expect(await checkWebhookUrl("https://93.184.216.34/hook")).toMatchObject({ ok: true });
  });

  it("outside live mode: also http to loopback, for a local receiver", async () => {
    mode("sandbox");
    expect(await checkWebhookUrl("http://127.0.0.1:4000/hook")).toMatchObject({ ok: true });
    expect(await checkWebhookUrl("http://localhost:4000/hook")).toMatchObject({ ok: true });
    expect(await checkWebhookUrl("http://93.184.216.34/hook")).toEqual({ ok: false, reason: "scheme" });
    expect(await checkWebhookUrl("https://192.168.0.10/hook")).toEqual({ ok: false, reason: "private" });
  });

  it("a host that does not resolve is refused", async () => {
    mode("live");
    expect(await checkWebhookUrl("https://nowhere.invalid/hook")).toEqual({ ok: false, reason: "unresolved" });
  });
});
