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
 * A request from this machine: a loopback client address, and no proxy header (a reverse proxy on
 * this machine makes every request look local; its forwarded requests do not count as local).
 */
export function isLoopbackRequest(request: Request) {
  if (request.headers.has("x-forwarded-for") || request.headers.has("forwarded")) return false;
  const ip = clientAddress(request).replace(/^::ffff:/, "");
  return ip === "::1" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(ip);
}
