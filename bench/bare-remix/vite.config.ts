// The bare Remix 2 app the benchmark compares against: one route rendering a 20-item list, built with
// the product's node_modules (same Remix, React and Vite). `npm run bench` builds it into ./build.
import { fileURLToPath } from "node:url";

import { vitePlugin as remix } from "@remix-run/dev";
import { defineConfig } from "vite";

const root = fileURLToPath(new URL(".", import.meta.url));

export default defineConfig({
  root,
  plugins: [
    remix({
      appDirectory: `${root}app`,
      buildDirectory: `${root}build`,
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_singleFetch: true,
        v3_lazyRouteDiscovery: true,
      },
    }),
  ],
  build: { target: "es2020" },
});
