/**
 * server.ts writes the client's address into `x-client-ip` (replacing whatever the client sent), so
 * loaders, actions and strategies can read it from the Request alone.
 */
export function clientIp(request: Request) {
  return request.headers.get("x-client-ip") ?? "unknown";
}

/**
 * A request from this machine: a loopback client address, and no proxy header (a reverse proxy on
 * this machine makes every request look local; its forwarded requests do not count as local).
 */
export function isLoopbackRequest(request: Request) {
  if (request.headers.has("x-forwarded-for") || request.headers.has("forwarded")) return false;
  const ip = clientIp(request).replace(/^::ffff:/, "");
  return ip === "::1" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(ip);
}
