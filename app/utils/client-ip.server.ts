import { isIPv6 } from "node:net";

/**
 * The edge (app/http/edge.server.ts) writes the client's address into `x-client-ip`, replacing
 * whatever the client sent: the socket's address, or the one a trusted proxy (TRUST_PROXY) names.
 */
export function clientAddress(request: Request) {
  return request.headers.get("x-client-ip") ?? "unknown";
}

/**
 * The site name the visitor used (`www.example.com`, or PUBLIC_URL's): the edge writes it into
 * `x-request-host` once it has judged it one the server answers to (ALLOWED_HOSTS). Outside the edge
 * (tests calling a route directly) the URL's host.
 */
export function requestHost(request: Request) {
  return request.headers.get("x-request-host") ?? new URL(request.url).host;
}

/**
 * The address every per-client limit is keyed by: an IPv4 address as it is, an IPv6 address as its
 * /64 network (one subscriber line gets a whole /64, so per-address limits would be per-request).
 * Locating the client (the recipient's approximate position) uses clientAddress instead.
 */
export function clientIp(request: Request) {
  return limitKeyAddress(clientAddress(request));
}

export function limitKeyAddress(address: string) {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (!isIPv6(address)) return address;
  const [head = "", tail = ""] = address.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  // An embedded IPv4 tail counts as two groups; only the first four groups matter here.
  const rightGroups = right.flatMap((g) => (g.includes(".") ? ["0", "0"] : [g]));
  const groups = address.includes("::")
    ? [...left, ...Array(8 - left.length - rightGroups.length).fill("0"), ...rightGroups]
    : left;
  return `${groups
    .slice(0, 4)
    .map((g) => parseInt(g || "0", 16).toString(16))
    .join(":")}::/64`;
}

/**
 * The headers by which a proxy, load balancer or CDN names the client or itself. Any of them on a
 * request means someone in between may have sent it: a reverse proxy on this machine would make every
 * request look local. The list (exact names, then prefixes) is the one docs/security.md gives.
 */
export const PROXY_HEADERS = [
  "forwarded",
  "via",
  "x-real-ip",
  "x-client-ip",
  "client-ip",
  "true-client-ip",
  "x-cluster-client-ip",
  "x-original-forwarded-for",
  "x-originating-ip",
  "x-remote-ip",
  "x-remote-addr",
  "x-proxyuser-ip",
  "x-appengine-user-ip",
  "x-nf-client-connection-ip",
  "fly-client-ip",
  "cdn-loop",
  "akamai-origin-hop",
];
/** Families of proxy headers: X-Forwarded-For/-Host/-Proto/…, Cloudflare's, Fastly's, Envoy's, Azure's, Vercel's. */
export const PROXY_HEADER_PREFIXES = ["x-forwarded", "cf-", "fastly-", "x-envoy-", "x-azure-", "x-vercel-"];

/** Whether any of `names` (header names, any case) is a proxy header. */
export function hasProxyHeader(names: Iterable<string>) {
  for (const name of names) {
    const lower = name.toLowerCase();
    if (PROXY_HEADERS.includes(lower) || PROXY_HEADER_PREFIXES.some((prefix) => lower.startsWith(prefix))) return true;
  }
  return false;
}

/**
 * Set by the edge (app/http/edge.server.ts) when the request arrived with a proxy header, any
 * client-sent value replaced: the edge rewrites `x-client-ip`, so a route can no longer see whether
 * the client sent one.
 */
export const PROXIED_HEADER = "x-edge-proxied";

/**
 * A request from this machine: a loopback client address, and no proxy header of any kind (a reverse
 * proxy on this machine makes every request look local; its forwarded requests do not count as local).
 */
export function isLoopbackRequest(request: Request) {
  if (request.headers.has(PROXIED_HEADER)) return false;
  // `x-client-ip` here is the edge's (the client's address), not a proxy's.
  if (hasProxyHeader([...request.headers.keys()].filter((name) => name !== "x-client-ip"))) return false;
  const ip = clientAddress(request).replace(/^::ffff:/, "");
  return ip === "::1" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(ip);
}
