// The names this server answers to. A request names a host (the Host header, the authority of an
// absolute-form target, or a trusted proxy's X-Forwarded-Host); the server serves only its own
// (PUBLIC_URL's, ALLOWED_HOSTS) and builds every URL from PUBLIC_URL, never from what the client wrote.

export type Host = { hostname: string; port: string | null };

// A DNS name (labels of letters, digits and hyphens), an IPv4 address or a bracketed IPv6 address,
// then an optional port: nothing else (no path, query, user information or second port).
const HOST_PATTERN =
  /^(\[[0-9a-f:.]+\]|[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*\.?)(?::(\d{1,5}))?$/i;

/** A host as a client or the configuration writes it (`example.com`, `example.com:8443`, `[::1]:3000`), or null. */
export function parseHost(value: string): Host | null {
  if (value.length > 260) return null;
  const match = HOST_PATTERN.exec(value.trim());
  if (!match) return null;
  const port = match[2] ?? null;
  if (port !== null && (Number(port) < 1 || Number(port) > 65535)) return null;
  return { hostname: match[1]!.toLowerCase().replace(/\.$/, ""), port: port === null ? null : String(Number(port)) };
}

const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"]);
const DEFAULT_PORT: Record<string, string> = { "http:": "80", "https:": "443" };

export type HostRules = {
  /** The address users reach (PUBLIC_URL). */
  publicUrl: URL;
  /** ALLOWED_HOSTS: a name without a port allows every port. */
  allowed: Host[];
  /** Loopback names on any port (development, tests and the demo). */
  loopback: boolean;
};

/** Whether a host the client named is one this server answers to. */
export function hostAllowed(host: Host, rules: HostRules): boolean {
  const own = rules.publicUrl;
  const ownPort = own.port || DEFAULT_PORT[own.protocol];
  if (host.hostname === own.hostname.toLowerCase() && (host.port ?? DEFAULT_PORT[own.protocol]) === ownPort)
    return true;
  if (rules.loopback && LOOPBACK.has(host.hostname)) return true;
  return rules.allowed.some(
    (entry) => entry.hostname === host.hostname && (entry.port === null || entry.port === host.port),
  );
}
