// Where a webhook may be sent (docs/decisions/047, docs/security.md): an integrator's server on the
// public internet, never this server's own network. A URL is checked when it is registered, and its
// host's addresses again at every delivery, after the DNS answer and on the very address the
// connection then uses (a name that pointed outside at registration may point inside since). Loopback
// (http://127.0.0.1) is allowed only outside APP_MODE live: the tests' and a developer's own receiver.
import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import { BlockList, isIP } from "node:net";

import { config } from "~/server/config.server";

export const MAX_URL_LENGTH = 2048;

/** Why a URL or an address is refused (each has its message: `webhooks.errors.<reason>`). */
export type AddressRefusal = "invalid" | "scheme" | "credentials" | "private" | "unresolved";

const loopback = new BlockList();
loopback.addSubnet("127.0.0.0", 8, "ipv4");
loopback.addAddress("::1", "ipv6");

/** Every range that is not the public internet: private, shared, link-local, multicast, reserved, documentation. */
const internal = new BlockList();
for (const [net, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.88.99.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const)
  internal.addSubnet(net, prefix, "ipv4");
for (const [net, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["64:ff9b::", 96],
  ["100::", 64],
  ["2001::", 23],
  ["2001:db8::", 32],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
] as const)
  internal.addSubnet(net, prefix, "ipv6");

/** An IPv6 address that carries an IPv4 one (::ffff:10.0.0.1, ::ffff:a00:1): judged by that one. */
function embeddedIpv4(address: string) {
  const match = /^::ffff:(?:(\d+\.\d+\.\d+\.\d+)|([0-9a-f]{1,4}):([0-9a-f]{1,4}))$/i.exec(address);
  if (!match) return null;
  if (match[1]) return match[1];
  const high = parseInt(match[2]!, 16);
  const low = parseInt(match[3]!, 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join(".");
}

/** Whether a webhook may connect to this address (loopback only outside live mode). */
export function addressAllowed(address: string) {
  const family = isIP(address);
  if (family === 0) return false;
  const v4 = family === 6 ? embeddedIpv4(address) : address;
  const [ip, type] = v4 ? ([v4, "ipv4"] as const) : ([address, "ipv6"] as const);
  if (loopback.check(ip, type)) return config().mode !== "live";
  return !internal.check(ip, type);
}

const isLoopbackName = (host: string) => host === "localhost" || host === "127.0.0.1" || host === "[::1]";

/** The URL's form: https (http only to loopback, outside live mode), no user or password. */
export function checkUrlForm(value: string): { ok: true; url: URL } | { ok: false; reason: AddressRefusal } {
  if (value.length > MAX_URL_LENGTH || !URL.canParse(value)) return { ok: false, reason: "invalid" };
  const url = new URL(value);
  const plainAllowed = url.protocol === "http:" && config().mode !== "live" && isLoopbackName(url.hostname);
  if (url.protocol !== "https:" && !plainAllowed) return { ok: false, reason: "scheme" };
  if (url.username || url.password) return { ok: false, reason: "credentials" };
  if (!url.hostname) return { ok: false, reason: "invalid" };
  return { ok: true, url };
}

const bareHost = (hostname: string) => hostname.replace(/^\[(.*)\]$/, "$1");

/** Every address the host has now (an address literal is its own answer). */
function resolve(hostname: string): Promise<LookupAddress[]> {
  const host = bareHost(hostname);
  const family = isIP(host);
  if (family) return Promise.resolve([{ address: host, family }]);
  return new Promise((done, fail) =>
    dnsLookup(host, { all: true, verbatim: true }, (error, addresses) => (error ? fail(error) : done(addresses))),
  );
}

/** A URL as registered: its form, then every address its host resolves to now. */
export async function checkWebhookUrl(
  value: string,
): Promise<{ ok: true; url: URL } | { ok: false; reason: AddressRefusal }> {
  const form = checkUrlForm(value);
  if (!form.ok) return form;
  const addresses = await resolve(form.url.hostname).catch(() => null);
  if (!addresses || addresses.length === 0) return { ok: false, reason: "unresolved" };
  if (!addresses.every((entry) => addressAllowed(entry.address))) return { ok: false, reason: "private" };
  return form;
}

/** The refusal a delivery's connection fails with: an error whose message says so, in the delivery log. */
export class RefusedAddress extends Error {}

/**
 * The connection's own name lookup (node's `lookup` option): the host's addresses, refused when any
 * of them is not allowed, so that the address connected to is the one that was checked.
 */
export function checkedLookup(
  hostname: string,
  options: { all?: boolean },
  callback: (error: Error | null, address: string | LookupAddress[], family?: number) => void,
) {
  resolve(hostname).then(
    (addresses) => {
      const refused = addresses.find((entry) => !addressAllowed(entry.address));
      if (refused || addresses.length === 0) {
        callback(new RefusedAddress(`refused address ${refused?.address ?? "(none)"} for ${hostname}`), "");
        return;
      }
      if (options.all) callback(null, addresses);
      else callback(null, addresses[0]!.address, addresses[0]!.family);
    },
    (error: Error) => callback(error, ""),
  );
}
