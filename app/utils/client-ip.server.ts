/**
 * server.ts writes the client's address into `x-client-ip` (replacing whatever the client sent), so
 * loaders, actions and strategies can read it from the Request alone.
 */
export function clientIp(request: Request) {
  return request.headers.get("x-client-ip") ?? "unknown";
}
