/** Raw cookies (no encoding of the value), for values that clients and integrators read as they are. */
export function readCookie(header: string | null, name: string): string | null {
  for (const part of (header ?? "").split(/;\s*/)) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq) === name) {
      const raw = part.slice(eq + 1);
      try {
        return decodeURIComponent(raw);
      } catch {
        // A damaged value is still a value: the caller treats it as invalid rather than absent.
        return raw;
      }
    }
  }
  return null;
}

export type CookieOptions = { maxAge: number; httpOnly?: boolean; secure?: boolean; path?: string };

export function serializeCookie(name: string, value: string, options: CookieOptions) {
  const parts = [
    `${name}=${encodeURIComponent(value)}`,
    `Max-Age=${options.maxAge}`,
    `Path=${options.path ?? "/"}`,
    "SameSite=Lax",
  ];
  if (options.maxAge === 0) parts.push("Expires=Thu, 01 Jan 1970 00:00:00 GMT");
  if (options.httpOnly) parts.push("HttpOnly");
  if (options.secure) parts.push("Secure");
  return parts.join("; ");
}
