// What a first visit to a page downloads, in bytes: the HTML (and, inside it, the inline scripts that
// carry the hydration data), the stylesheets, the JavaScript loaded at start (module scripts and
// modulepreloads; code imported later on demand does not count) and the icons and images the HTML
// names. Each file is measured raw and compressed as a server sends it: gzip (level 6, the default of
// the `compression` middleware) and brotli (quality 11). Sums are sums of per-file sizes.
import { brotliCompressSync, gzipSync } from "node:zlib";

export type Bytes = { raw: number; gzip: number; brotli: number };
export type PageFile = { url: string; kind: "css" | "js" | "other"; bytes: Bytes };
export type PageBytes = {
  path: string;
  status: number;
  html: Bytes;
  /** All inline scripts together (Remix's hydration data, route imports, scroll restoration). */
  inline: Bytes;
  /** The part of `inline` that is loader data (`__remixContext` and its stream). */
  hydration: Bytes;
  css: Bytes;
  js: Bytes;
  other: Bytes;
  /** HTML + CSS + JS + other: the whole first load. */
  total: Bytes;
  /** Whether the page loads React (module scripts or Remix's context). */
  hydrated: boolean;
  files: PageFile[];
};

const zero = (): Bytes => ({ raw: 0, gzip: 0, brotli: 0 });
const add = (a: Bytes, b: Bytes): Bytes => ({ raw: a.raw + b.raw, gzip: a.gzip + b.gzip, brotli: a.brotli + b.brotli });

export function measure(content: string | Buffer): Bytes {
  const buffer = typeof content === "string" ? Buffer.from(content) : content;
  if (buffer.length === 0) return zero();
  return { raw: buffer.length, gzip: gzipSync(buffer, { level: 6 }).length, brotli: brotliCompressSync(buffer).length };
}

/** The first-load files an HTML document names, by kind. */
export function pageFiles(html: string): { url: string; kind: PageFile["kind"] }[] {
  const found = new Map<string, PageFile["kind"]>();
  for (const tag of html.match(/<link\b[^>]*>/g) ?? []) {
    const rel = /\brel="([^"]+)"/.exec(tag)?.[1] ?? "";
    const href = /\bhref="([^"]+)"/.exec(tag)?.[1];
    if (!href) continue;
    if (rel === "stylesheet") found.set(href, "css");
    else if (rel === "modulepreload") found.set(href, "js");
    else if (/\bicon\b/.test(rel)) found.set(href, "other");
  }
  for (const tag of html.match(/<script\b[^>]*\bsrc="[^"]+"[^>]*>/g) ?? [])
    found.set(/\bsrc="([^"]+)"/.exec(tag)![1]!, "js");
  // Module imports in inline scripts (Remix imports the route modules it also preloads).
  for (const match of html.matchAll(/\bimport\s*(?:[^"';]*?\bfrom\s*)?"(\/[^"]+\.js)"/g)) found.set(match[1]!, "js");
  for (const tag of html.match(/<img\b[^>]*>/g) ?? []) {
    const src = /\bsrc="([^"]+)"/.exec(tag)?.[1];
    if (src && !src.startsWith("data:")) found.set(src, "other");
  }
  return [...found].map(([url, kind]) => ({ url, kind }));
}

export function inlineScripts(html: string) {
  return [...html.matchAll(/<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
}

/** Fetches a page as a first visit (optionally signed in) and measures everything it loads. */
export async function pageBytes(
  origin: string,
  path: string,
  headers: Record<string, string> = {},
): Promise<PageBytes> {
  const response = await fetch(origin + path, {
    headers: { "Accept-Encoding": "identity", ...headers },
    redirect: "manual",
  });
  const html = await response.text();
  const scripts = inlineScripts(html);
  const files: PageFile[] = [];
  for (const { url, kind } of pageFiles(html)) {
    const asset = await fetch(new URL(url, origin), { headers: { "Accept-Encoding": "identity" } });
    if (!asset.ok) throw new Error(`${path}: ${url} answered ${asset.status}`);
    files.push({ url, kind, bytes: measure(Buffer.from(await asset.arrayBuffer())) });
  }
  const sum = (kind: PageFile["kind"]) =>
    files.filter((f) => f.kind === kind).reduce((total, f) => add(total, f.bytes), zero());
  const htmlBytes = measure(html);
  const css = sum("css");
  const js = sum("js");
  const other = sum("other");
  return {
    path,
    status: response.status,
    html: htmlBytes,
    inline: measure(scripts.join("\n")),
    hydration: measure(scripts.filter((s) => s.includes("__remixContext")).join("\n")),
    css,
    js,
    other,
    total: [htmlBytes, css, js, other].reduce(add),
    hydrated: js.raw > 0 || scripts.some((s) => s.includes("__remixContext")),
    files,
  };
}
