import { fileURLToPath } from "node:url";
import { vitePlugin as remix } from "@remix-run/dev";
import { defineConfig } from "vite";
import { configDefaults } from "vitest/config";
import remixConfig from "./remix.config.js";

export default defineConfig({
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  plugins: [process.env.VITEST ? null : remix(remixConfig)],
  build: { target: "es2020" },
  test: {
    include: ["app/**/*.test.{ts,tsx}", "tests/unit/**/*.test.ts", "tests/security/**/*.test.ts"],
    setupFiles: ["tests/setup/vitest.setup.ts"],
    globalSetup: ["tests/setup/vitest.global.ts"],
    pool: "forks",
    poolOptions: { forks: { maxForks: 2, minForks: 1 } },
    testTimeout: 20_000,
    // Integration tests run on SQLite always, and again on PostgreSQL with TEST_POSTGRES=1.
    // Tests of real server processes run once: the cluster test on SQLite, the two-process test on
    // PostgreSQL (without TEST_POSTGRES it stays in the sqlite project, where it says it is skipped).
    projects: [
      {
        extends: true as const,
        test: {
          name: "sqlite",
          env: { TEST_DB: "sqlite" },
          exclude: [...configDefaults.exclude, ...(process.env.TEST_POSTGRES === "1" ? ["app/server/two-processes.test.ts"] : [])],
        },
      },
      ...(process.env.TEST_POSTGRES === "1"
        ? [{ extends: true as const, test: { name: "postgres", env: { TEST_DB: "postgres" }, exclude: [...configDefaults.exclude, "app/server/cluster.test.ts"] } }]
        : []),
    ],
    hookTimeout: 60_000,
  },
});
