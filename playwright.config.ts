// Browser tests: every spec runs twice, with JavaScript ("js"; the live-sharing specs in "js-live")
// and without ("nojs"), in Chromium (Debian's, or the one inside the @sparticuz/chromium dev
// dependency) against the production build (`npm run test:e2e` builds first) on a fresh SQLite file.
import { defineConfig, devices } from "@playwright/test";

import { BASE_URL, DB_FILE, PORT } from "./tests/e2e/support/env.ts";
import { chromiumExecutable } from "./tests/support/chromium-path.ts";

const browser = await chromiumExecutable();
// Printed once by the main process (workers load this file too).
if (!process.env.TEST_WORKER_INDEX) console.log(`Browser tests use Chromium from ${browser.source}: ${browser.path}`);

const chromium = {
  executablePath: browser.path,
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
  ],
};

// Limits raised so that parallel tests from one address do not throttle each other.
const serverEnv = {
  NODE_ENV: "production",
  PORT: String(PORT),
  DATABASE_URL: `file:${DB_FILE}`,
  PUBLIC_URL: BASE_URL,
  APP_MODE: "demo",
  LOGIN_LIMIT_PER_IP: "10000",
  LOGIN_LIMIT_PER_ACCOUNT: "10000",
  CODE_LIMIT_PER_IP: "10000",
  CODE_LIMIT_PER_ACCOUNT: "10000",
  RESET_LIMIT_PER_IP: "10000",
  CHECKOUT_LIMIT_PER_IP: "10000",
  CHECKOUT_LIMIT_PER_EMAIL: "10000",
  // Every page load of every test sends a device report from the same address.
  DEVICE_REPORT_LIMIT_PER_IP: "100000",
  // The recipient tests send X-Forwarded-For to be located somewhere else than localhost: with one
  // trusted hop, the right-most value is the client's address.
  TRUST_PROXY: "1",
  // Street tiles, as a deployment that configured them has (the specs answer them locally or block
  // them); the map without them is shown by tests/e2e/map-outlines.spec.ts.
  MAP_TILE_URL: "https://tile.openstreetmap.org/{z}/{x}/{y}.png",
};

/** The specs of live sharing: their tests with JavaScript run in the "js-live" project. */
const LIVE_SPECS = /\/e2e\/live-[\w-]+\.spec\.ts$/;

export default defineConfig({
  // The browser tests, and the security suite's browser checks (tests/security/*.spec.ts).
  testDir: "tests",
  testMatch: ["e2e/**/*.spec.ts", "security/**/*.spec.ts"],
  fullyParallel: true,
  workers: 2,
  // A failing test runs once more, recording a trace (below); it still fails the run, flaky or not,
  // locally and in CI alike.
  retries: 1,
  failOnFlakyTests: true,
  forbidOnly: !!process.env.CI,
  reporter: [["list"], ["./tests/support/reporters/playwright-file-times.ts"]],
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: {
    ...devices["Desktop Chrome"],
    baseURL: BASE_URL,
    viewport: { width: 1280, height: 800 },
    launchOptions: chromium,
    locale: "en-US",
    // A trace records every action of a test: recording every test and throwing the traces of the
    // passing ones away cost a third of the suite's time. Only the retry of a failed test records one
    // (`npx playwright show-trace …` on the path it prints), or every test with `--trace on`.
    trace: "on-first-retry",
  },
  projects: [
    // Live sharing with JavaScript waits on the product's own intervals (a phone's next position, the
    // requester's page following it): about 100 s of tests that leave the cores idle. In a project of
    // their own, one at a time, they run beside the other tests instead of meeting each other while
    // the cores wait.
    { name: "js-live", testMatch: LIVE_SPECS, use: { javaScriptEnabled: true }, workers: 1 },
    { name: "js", testIgnore: LIVE_SPECS, use: { javaScriptEnabled: true } },
    { name: "nojs", use: { javaScriptEnabled: false } },
  ],
  webServer: {
    // A fresh database per run: the server migrates it and seeds the demo account on start.
    command: `rm -f "${DB_FILE}" "${DB_FILE}-wal" "${DB_FILE}-shm" "${DB_FILE}-journal" && exec npx tsx server.ts`,
    url: `${BASE_URL}/healthz`,
    env: serverEnv,
    reuseExistingServer: false,
    timeout: 120_000,
    // The server logs every request on stdout; its warnings and errors (stderr) are shown.
    stdout: "ignore",
    stderr: "pipe",
  },
});
