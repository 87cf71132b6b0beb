const BASE = "http://same-origin.invalid";
/** C0 controls and DEL, which browsers strip from a URL before reading it. */
const hasControl = (text: string) => [...text].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);

/**
 * Only same-origin paths are followed; anything else falls back. The value is parsed the way a
 * browser reads a Location header (`new URL` against this site): backslashes, tabs and newlines,
 * encoded or not, cannot turn `/path` into `//elsewhere`. Returns the path, query and hash as parsed.
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (!to || typeof to !== "string") return fallback;
  // A browser strips these before parsing; a path that needs them is not one this site links to.
  if (hasControl(to) || to.includes("\\") || !to.startsWith("/") || to.startsWith("//")) return fallback;
  let url: URL;
  try {
    url = new URL(to, BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== BASE) return fallback;
  const target = url.pathname + url.search + url.hash;
  // A path whose decoded form starts with two slashes (`/%2F%2Fevil`) is refused as well: a server or
  // proxy that decodes it before redirecting would leave the site.
  let decoded = target;
  try {
    decoded = decodeURIComponent(url.pathname);
  } catch {
    return fallback;
  }
  if (decoded.startsWith("//") || decoded.includes("\\") || hasControl(decoded)) return fallback;
  return target;
}
