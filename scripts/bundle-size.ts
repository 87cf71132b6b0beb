// The JavaScript budget of the home page: everything the browser must download before the page is
// interactive (entry client + root + the route + their static imports; dynamic imports such as the
// toast library load later and do not count), gzip-compressed as the server sends it.
// Usage, after `npm run build`: `npm run bundle-size [-- <route id>]` (default "en:index").
// Then, when no route id is given, the whole-page budgets (scripts/page-budgets.ts: the home page's
// JavaScript plus hydration data and whole first load, the recipient's pages), measured on the
// production server started on port BUDGET_PORT (default 3219).
// Exits 1 when a total is over budget or the build is missing.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

import { runPageBudgets } from "./page-budgets.ts";

/** Gzip bytes; 1 kB = 1000 bytes, as Vite's build report counts. A bare Remix + React page is ~83 kB. */
const BUDGET_KB = 100;
const ROUTE_ID = process.argv[2] ?? "en:index";

const CLIENT = path.resolve("build/client");
const ASSETS = path.join(CLIENT, "assets");
const VITE_MANIFEST = path.join(CLIENT, ".vite/manifest.json");

type RemixManifestEntry = { module: string; imports?: string[] };
type RemixManifest = { entry: RemixManifestEntry; routes: Record<string, RemixManifestEntry & { parentId?: string }> };
type ViteChunk = { file: string; imports?: string[]; isEntry?: boolean; src?: string };

function fail(message: string): never {
  console.error(`bundle-size: ${message}`);
  process.exit(1);
}

if (!existsSync(ASSETS)) fail("build/client/assets is missing: run `npm run build` first.");

/** Remix's own manifest (`window.__remixManifest={...}`); the newest one if several are left over. */
function readRemixManifest(): RemixManifest {
  const files = readdirSync(ASSETS)
    .filter((f) => /^manifest-[\w-]+\.js$/.test(f))
    .map((f) => path.join(ASSETS, f))
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);
  if (!files[0]) fail("no build/client/assets/manifest-*.js: is this a Remix Vite build?");
  const source = readFileSync(files[0], "utf8");
  const json = source.slice(source.indexOf("{"), source.lastIndexOf("}") + 1);
  return JSON.parse(json) as RemixManifest;
}

/** Public URL (`/assets/x.js`) → file in build/client. */
const fileOf = (url: string) => path.join(CLIENT, url.replace(/^\//, ""));

/** The route and its ancestors up to root, root first (Remix loads all matched route modules). */
function routeChain(manifest: RemixManifest, id: string) {
  const chain: (RemixManifestEntry & { id: string })[] = [];
  for (let current: string | undefined = id; current; current = manifest.routes[current]?.parentId) {
    const route = manifest.routes[current];
    if (!route)
      fail(
        `route "${current}" is not in the manifest (known: ${Object.keys(manifest.routes).slice(0, 8).join(", ")}, …)`,
      );
    chain.unshift({ ...route, id: current });
  }
  return chain;
}

/**
 * Static imports of a built chunk (`import{a}from"./x.js"`, `import"./x.js"`, `export*from"./x.js"`);
 * `import("./x.js")` is dynamic and does not match. The manifests already list transitive imports;
 * this closes the set in case a chunk imports one they leave out.
 */
function staticImports(file: string) {
  const code = readFileSync(file, "utf8");
  const found: string[] = [];
  const pattern = /(?:^|[^\w$.])(?:import|export)\s*(?:[^"'();]*?\bfrom\s*)?["'](\.{1,2}\/[^"']+\.js)["']/g;
  for (const match of code.matchAll(pattern)) found.push(path.resolve(path.dirname(file), match[1]!));
  return found;
}

function startFiles(): { files: string[]; source: string } {
  const remix = readRemixManifest();
  const chain = routeChain(remix, ROUTE_ID);
  const urls = [
    remix.entry.module,
    ...(remix.entry.imports ?? []),
    ...chain.flatMap((r) => [r.module, ...(r.imports ?? [])]),
  ];
  const files = urls.map(fileOf);
  // With Vite's own manifest (build.manifest) the chunk graph is also available: add what it lists.
  if (existsSync(VITE_MANIFEST)) {
    const vite = JSON.parse(readFileSync(VITE_MANIFEST, "utf8")) as Record<string, ViteChunk>;
    const byFile = new Map(Object.entries(vite).map(([key, chunk]) => [path.join(CLIENT, chunk.file), key]));
    const queue = [...files];
    while (queue.length) {
      const key = byFile.get(queue.pop()!);
      for (const dep of (key && vite[key]?.imports) || []) {
        const file = path.join(CLIENT, vite[dep]?.file ?? "");
        if (!vite[dep] || files.includes(file)) continue;
        files.push(file);
        queue.push(file);
      }
    }
    return { files, source: "Remix manifest + .vite/manifest.json" };
  }
  return { files, source: "Remix manifest (build/client/assets/manifest-*.js)" };
}

const { files: initial, source } = startFiles();
const all = new Set<string>();
const queue = [...initial];
while (queue.length) {
  const file = queue.shift()!;
  if (all.has(file)) continue;
  if (!existsSync(file)) fail(`${path.relative(CLIENT, file)} is listed but missing: rebuild.`);
  all.add(file);
  queue.push(...staticImports(file));
}

const rows = [...all].map((file) => {
  const raw = readFileSync(file);
  return { file: path.relative(CLIENT, file), raw: raw.length, gzip: gzipSync(raw).length };
});
rows.sort((a, b) => b.gzip - a.gzip);
const kb = (bytes: number) => (bytes / 1000).toFixed(2);
const total = rows.reduce((sum, r) => sum + r.gzip, 0);
const totalRaw = rows.reduce((sum, r) => sum + r.raw, 0);
const width = Math.max(...rows.map((r) => r.file.length), 5);

console.log(`JavaScript loaded at start by route "${ROUTE_ID}" (from ${source}):\n`);
console.log(`${"file".padEnd(width)}  ${"raw kB".padStart(9)}  ${"gzip kB".padStart(9)}`);
for (const r of rows) console.log(`${r.file.padEnd(width)}  ${kb(r.raw).padStart(9)}  ${kb(r.gzip).padStart(9)}`);
console.log(`${"-".repeat(width)}  ${"-".repeat(9)}  ${"-".repeat(9)}`);
console.log(`${"total".padEnd(width)}  ${kb(totalRaw).padStart(9)}  ${kb(total).padStart(9)}`);
console.log(
  `\nBudget: ${BUDGET_KB} kB gzip. ${total <= BUDGET_KB * 1000 ? "Within budget" : "OVER BUDGET"} (${kb(BUDGET_KB * 1000 - total)} kB left).`,
);
const failures =
  total > BUDGET_KB * 1000
    ? [
        `route "${ROUTE_ID}": its JavaScript is ${kb(total)} kB, ${kb(total - BUDGET_KB * 1000)} kB over the ${BUDGET_KB} kB budget`,
      ]
    : [];
if (process.argv[2] === undefined) failures.push(...(await runPageBudgets()));
for (const failure of failures) console.error(`bundle-size: ${failure}`);
process.exit(failures.length ? 1 : 0);
