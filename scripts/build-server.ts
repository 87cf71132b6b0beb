// The server entry (server.ts and the app modules it imports) compiled to one JavaScript file,
// build/server.js, so that `npm run serve` runs `node` itself: signals reach the server, and
// production runs no TypeScript compiler. Packages stay in node_modules and are imported at run
// time, except those whose entry is a JSON file (Node would want an import attribute for them).
// What the app imports dynamically (the Stripe and PayPal providers) stays a file of its own in
// build/server-chunks, loaded on first use as in the Remix build: bundled into one file, their SDKs
// would be loaded at every start (docs/decisions/037).
import { rmSync } from "node:fs";
import { createRequire } from "node:module";

import { build, type Plugin } from "esbuild";

const require = createRequire(import.meta.url);

const packagesExternal: Plugin = {
  name: "packages-external",
  setup(b) {
    b.onResolve({ filter: /^[^./~]/ }, (args) => {
      if (args.path.startsWith("node:")) return { external: true };
      let entry = "";
      try {
        entry = require.resolve(args.path);
      } catch {
        // Only importable as ESM (no require entry): it stays a package import.
      }
      return entry.endsWith(".json") ? undefined : { external: true };
    });
  },
};

rmSync("build/server-chunks", { recursive: true, force: true });
await build({
  entryPoints: ["server.ts"],
  outdir: "build",
  entryNames: "[name]",
  chunkNames: "server-chunks/[name]-[hash]",
  splitting: true,
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  plugins: [packagesExternal],
  sourcemap: "linked",
  logLevel: "warning",
});
