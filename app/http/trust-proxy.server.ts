import { isIP } from "node:net";

/** Express `trust proxy`: off, a hop count, or the proxies' addresses (never "trust every hop"). */
export type TrustProxy = false | number | string[];

const NAMES = ["loopback", "linklocal", "uniquelocal"];

function validEntry(entry: string) {
  if (NAMES.includes(entry)) return true;
  const [address, bits, extra] = entry.split("/");
  if (extra !== undefined || !address) return false;
  const family = isIP(address);
  if (!family) return false;
  if (bits === undefined) return true;
  if (!/^\d{1,3}$/.test(bits)) return false;
  return Number(bits) <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: unset or `0` → off (the socket's address is the client); a number of proxy hops in
 * front of the server (`1`: the right-most X-Forwarded-For value, written by the one proxy, is the
 * client); or a comma-separated list of the proxies' addresses or CIDR ranges (and the names
 * loopback, linklocal, uniquelocal). `true`, which would trust every hop and so let any client name its
 * own address, is refused. Returns an error message for anything else.
 */
export function parseTrustProxy(
  value: string | undefined,
): { ok: true; value: TrustProxy } | { ok: false; error: string } {
  const text = (value ?? "").trim();
  if (text === "" || text === "0" || text === "false") return { ok: true, value: false };
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops > 10) return { ok: false, error: "a hop count from 0 to 10" };
    return { ok: true, value: hops };
  }
  if (text === "true")
    return { ok: false, error: "`true` would trust every hop; give the number of proxies or their addresses" };
  const entries = text
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  const bad = entries.filter((entry) => !validEntry(entry));
  if (bad.length || !entries.length)
    return { ok: false, error: `not an address or CIDR range: ${bad.join(", ") || text}` };
  return { ok: true, value: entries };
}
