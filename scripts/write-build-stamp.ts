import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";

import { sourceStamp, STAMP_FILE } from "./build-stamp.ts";

writeFileSync(STAMP_FILE, sourceStamp());

// builds/latest.json (spec section 7): the id of this client build, polled by open pages to offer a
// reload after a deployment. The id is Remix's manifest version, the one a page reads from
// `window.__remixManifest.version`, so it changes exactly when the browser code changes.
const assets = "build/client/assets";
const manifest = readdirSync(assets)
  .filter((f) => /^manifest-[\w-]+\.js$/.test(f))
  .map((f) => path.join(assets, f))
  .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)[0];
if (!manifest) throw new Error("write-build-stamp: no build/client/assets/manifest-*.js (did `remix vite:build` run?)");
const id = /"version":"([^"]+)"/.exec(readFileSync(manifest, "utf8"))?.[1];
if (!id) throw new Error(`write-build-stamp: no version in ${manifest}`);
mkdirSync("build/client/builds", { recursive: true });
writeFileSync("build/client/builds/latest.json", JSON.stringify({ id, builtAt: new Date().toISOString() }) + "\n");
