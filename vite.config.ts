import { fileURLToPath } from "node:url";

import { vitePlugin as remix } from "@remix-run/dev";
import { defineConfig, transformWithEsbuild, type Plugin } from "vite";
import { configDefaults } from "vitest/config";

import remixConfig from "./remix.config.js";
import { testFilesWithoutDatabase } from "./tests/setup/database-tests";
import { PROCESS_TESTS, processTests, type Engine } from "./tests/setup/process-tests";
import { TEST_FOLDERS } from "./tests/setup/test-files";

/**
 * The browser's code in few files: the framework and the components every page's shell uses in one
 * chunk (`shell`), so a first visit downloads and decompresses fewer, better-compressed files.
 * Route modules and code loaded on demand (`*.client`, the map, the dialogs) keep their own.
 */
function manualChunks(id: string) {
  if (id.includes("/node_modules/")) {
    return /\/node_modules\/(react|react-dom|scheduler|@remix-run|react-router|react-router-dom|turbo-stream|cookie)\//.test(
      id,
    )
      ? "shell"
      : undefined;
  }
  const app = id.split("/app/")[1];
  if (
    !app ||
    app.startsWith("routes/") ||
    app === "root.tsx" ||
    app.includes(".client") ||
    app.startsWith("components/dashboard/") ||
    // The map's outlines load with the map, never with the shell.
    app.startsWith("geo/")
  )
    return undefined;
  // The dialogs load when opened (root.tsx), the cookie banner where tags are configured, the
  // telemetry (device report, new-version notice, tags) once the page has hydrated.
  if (
    [
      "components/telemetry.tsx",
      "components/home-search-modal.tsx",
      "components/home-reviews.tsx",
      "telemetry/tags.ts",
      "components/auth-modals.tsx",
      "components/payment-modal.tsx",
      "components/consent.tsx",
      "auth/validation.ts",
    ].includes(app)
  )
    return undefined;
  // The route table (where tags may run) loads with the tags; the text pages' parts with those pages.
  // The recipient's pages never hydrate: their components and script stay out of the shell too.
  const withTheirPages = [
    "route-table.js",
    "http/policy.ts",
    "components/text-page.tsx",
    "components/refund-form.tsx",
    "components/form-reply.ts",
    // Used only by code that loads later (the telemetry, the dashboard, the search answer, voice).
    "utils/idle.ts",
    "utils/distance.ts",
    "utils/live-times.ts",
    // The dialog frame: the dialogs (loaded when opened) and the dashboard's pages only.
    "components/modal.tsx",
    // The formatting of times (dashboard, voice, outbox); the shell keeps only the zone's cookie.
    "utils/time-zone.ts",
    "phone/zones.ts",
    "voice-messages/messages.ts",
    // The new password's field: the payment success dialog and the e-mailed link's page only.
    "components/new-password-field.tsx",
    // The limits and the normaliser of names and titles: New Search and the voice page only.
    "utils/display-text.ts",
    // Settings' push devices and the installable dashboard: the dashboard and Settings only.
    "components/push-devices.tsx",
  ];
  if (
    withTheirPages.includes(app) ||
    app.startsWith("pwa/") ||
    // The recipient's modules (their pages never hydrate): what the shell itself imports (bare.ts)
    // follows it there; a module listed by name here once was missed (the live panel, 0.9 kB gzip).
    app.startsWith("recipient/")
  )
    return undefined;
  return "shell";
}

const withPostgres = process.env.TEST_POSTGRES === "1";
const TEST_FILES = TEST_FOLDERS.map((folder) => `${folder}/**/*.test.{ts,tsx}`);

/**
 * The test files that run inside their Vitest worker, on `engine`: on PostgreSQL, only those whose
 * imports reach the database (tests/setup/database-tests.ts); the others test nothing that differs.
 */
function inProcess(engine: Engine) {
  return {
    extends: true as const,
    test: {
      name: engine,
      // Their workers run at a lower priority (niceness 10, tests/setup/priority.ts): the process tests
      // beside them come first, and they take what those leave of the cores.
      env: { TEST_DB: engine, TEST_LOW_PRIORITY: "1" },
      include: TEST_FILES,
      exclude: [
        ...configDefaults.exclude,
        ...Object.keys(PROCESS_TESTS),
        ...(engine === "postgres" ? testFilesWithoutDatabase() : []),
      ],
    },
  };
}

/** The test files that start processes, on `engine`: `processes`, `processes-postgres`. */
function processes(engine: Engine) {
  return {
    extends: true as const,
    test: {
      name: engine === "sqlite" ? "processes" : "processes-postgres",
      env: { TEST_DB: engine },
      include: processTests(engine, withPostgres),
      // One file at a time, in a thread of Vitest's own process (a pool of its own, so that they run
      // beside the in-process files' forks instead of after them): each starts servers that need a
      // core, and their timing checks (a retry's wait, which worker answers, a latency ratio) failed
      // when two ran side by side. The in-process files beside them run at a lower priority.
      pool: "threads" as const,
      poolOptions: { threads: { singleThread: true } },
    },
  };
}

/**
 * The server build's chunks in ASCII (other characters written as escapes, the same values at run
 * time): V8 keeps a module's source for as long as the process lives, and one character beyond
 * Latin-1 (the translations' Arabic-script names, typographic quotes) makes the whole 1.3 MB source a
 * two-byte string: 1.3 MB more in every process. esbuild escapes strings, templates and names; what
 * it leaves (comments, regular expressions) takes `\uXXXX`, which a regular expression reads as the
 * character (a pair of them as one astral character under the `u` flag too).
 */
function asciiServerChunks(): Plugin {
  let ssr = false;
  return {
    name: "ascii-server-chunks",
    apply: "build",
    enforce: "post",
    configResolved(config) {
      // The server's only (no Node process holds the browser's); a build with source maps is left
      // as it is, its maps right.
      ssr = !!config.build.ssr && !config.build.sourcemap;
    },
    // After every plugin's renderChunk: Vite's own esbuild pass (the build target) writes escapes
    // back as the characters.
    async generateBundle(_, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (!ssr || chunk.type !== "chunk" || !/[^\p{ASCII}]/u.test(chunk.code)) continue;
        const out = await transformWithEsbuild(chunk.code, chunk.fileName, { charset: "ascii", loader: "js" });
        chunk.code = out.code.replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
      }
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  plugins: [process.env.VITEST ? null : remix(remixConfig), asciiServerChunks()],
  build: {
    target: "es2020",
    sourcemap: !!process.env.MAPS,
    rollupOptions: isSsrBuild ? {} : { output: { manualChunks } },
  },
  test: {
    setupFiles: ["tests/setup/vitest.setup.ts"],
    // The run's summary, then its slowest files (tests/support/reporters/).
    reporters: ["default", "./tests/support/reporters/vitest-file-times.ts"],
    // What a passing test logs (expected provider failures, retries) stays out of the output.
    silent: "passed-only",
    globalSetup: ["tests/setup/vitest.global.ts"],
    pool: "forks",
    // The in-process files: two forks, one per core of the machines the suite is measured on.
    poolOptions: { forks: { maxForks: 2, minForks: 1 } },
    testTimeout: 20_000,
    hookTimeout: 60_000,
    // In-process tests run on SQLite always, and again on PostgreSQL with TEST_POSTGRES=1. Test files
    // that start processes (tests/setup/process-tests.ts) run at the same time, one after the other on
    // the engines they name; their servers wait on timers, locks and each other, and the in-process
    // tests (at a lower priority) fill the cores they leave idle.
    projects: [
      inProcess("sqlite"),
      ...(withPostgres ? [inProcess("postgres")] : []),
      processes("sqlite"),
      ...(withPostgres ? [processes("postgres")] : []),
    ],
  },
}));
