// The page budgets' arithmetic and HTML reading (scripts/page-budgets.ts, scripts/support/page-bytes.ts);
// the real pages are measured by `npm run bundle-size` in CI.
import { expect, it } from "vitest";

import { budgetChecks, overBudget } from "../../scripts/page-budgets";
import { inlineScripts, measure, pageFiles, type PageBytes } from "../../scripts/support/page-bytes";

const html = `<html><head><link rel="stylesheet" href="/assets/app.css"/><link rel="icon" href="/favicon.svg"/>
<link rel="modulepreload" href="/assets/shell.js"/><link rel="alternate" href="/id"/></head><body><img src="/logo.svg" alt=""/>
<script>window.__remixContext = {};</script><script type="module">import "/assets/entry.js"; import * as r from "/assets/home.js";</script>
<script src="/assets/legacy.js"></script></body></html>`;

it("finds the files a first load downloads, by kind, and the inline scripts", () => {
  expect(pageFiles(html).sort((a, b) => a.url.localeCompare(b.url))).toEqual([
    { url: "/assets/app.css", kind: "css" },
    { url: "/assets/entry.js", kind: "js" },
    { url: "/assets/home.js", kind: "js" },
    { url: "/assets/legacy.js", kind: "js" },
    { url: "/assets/shell.js", kind: "js" },
    { url: "/favicon.svg", kind: "other" },
    { url: "/logo.svg", kind: "other" },
  ]);
  expect(inlineScripts(html)).toHaveLength(2);
});

it("compresses: gzip and brotli are smaller than repetitive raw text", () => {
  const bytes = measure("abc ".repeat(1000));
  expect(bytes.raw).toBe(4000);
  expect(bytes.gzip).toBeLessThan(100);
  expect(bytes.brotli).toBeLessThan(100);
});

const kb = (gzip: number) => ({ raw: gzip * 3, gzip, brotli: gzip });
function page(path: string, parts: { js: number; inline: number; total: number }): PageBytes {
  const zero = kb(0);
  return {
    path,
    status: 200,
    html: zero,
    inline: kb(parts.inline),
    hydration: zero,
    css: zero,
    js: kb(parts.js),
    other: zero,
    total: kb(parts.total),
    hydrated: parts.js > 0,
    files: [],
  };
}

it("names the page, what is over and by how much", () => {
  const checks = budgetChecks({
    home: page("/", { js: 96_000, inline: 5_500, total: 119_000 }),
    recipient: [
      page("/abc", { js: 0, inline: 0, total: 13_000 }),
      page("/share?c=abc", { js: 0, inline: 0, total: 14_250 }),
    ],
  });
  expect(overBudget(checks)).toEqual([
    "home /: JavaScript + inline scripts (hydration data), gzip is 101.50 kB, 1.50 kB over its 100 kB budget",
    "/share?c=abc: whole first load, gzip is 14.25 kB, 0.25 kB over its 14 kB budget",
  ]);
});
