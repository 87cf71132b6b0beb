// Lighthouse 12 (mobile: its default emulation and throttling) driving the Chromium the browser tests
// use (tests/support/chromium-path.ts), one page after the other; signed-in pages pass their cookie
// as an extra header.
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";

import { chromiumExecutable } from "../../tests/support/chromium-path.ts";

const FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];
const METRICS = [
  "first-contentful-paint",
  "largest-contentful-paint",
  "total-blocking-time",
  "cumulative-layout-shift",
];

export type PageScores = { name: string; scores: Record<string, number | null>; metrics: Record<string, string> };

export async function lighthouseScores(
  origin: string,
  pages: [string, string, Record<string, string>][],
): Promise<PageScores[]> {
  const browser = await chromiumExecutable();
  const chrome = await chromeLauncher.launch({ chromePath: browser.path, chromeFlags: FLAGS, logLevel: "error" });
  try {
    const results: PageScores[] = [];
    for (const [name, path, headers] of pages) {
      const run = await lighthouse(origin + path, {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: CATEGORIES,
        extraHeaders: headers,
      });
      if (!run) throw new Error(`Lighthouse returned nothing for ${path}`);
      const { lhr } = run;
      if (lhr.runtimeError)
        throw new Error(`Lighthouse on ${path}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
      results.push({
        name,
        scores: Object.fromEntries(CATEGORIES.map((c) => [c, lhr.categories[c]?.score ?? null])),
        metrics: Object.fromEntries(METRICS.map((m) => [m, lhr.audits[m]?.displayValue ?? ""])),
      });
    }
    return results;
  } finally {
    chrome.kill();
  }
}
