// What `npm run bench` prints: its tables (Markdown, as docs/performance.md keeps them).
import type { Bytes, PageBytes } from "./page-bytes.ts";
import type { Measured } from "./steady-load.ts";

export function log(line = "") {
  console.log(line);
}

export function table(head: string[], body: string[][], alignLeft = 1) {
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    `| ${cells.map((c, i) => (i < alignLeft ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(" | ")} |`;
  log(line(head));
  log(`|${widths.map((w, i) => (i < alignLeft ? "-".repeat(w + 2) : `${"-".repeat(w + 1)}:`)).join("|")}|`);
  for (const row of body) log(line(row));
}

export type Row = { name: string; result: Measured };

export function printThroughput(rows: Row[]) {
  // The bare Remix app is loaded before and after the app's rows: each ratio is against the mean of
  // its loads, since one load of it alone moved by a quarter or more between runs on a shared machine.
  const bares = rows.filter((r) => r.name.startsWith("bare Remix")).map((r) => r.result.requestsPerSecond);
  const bare = bares.reduce((sum, value) => sum + value, 0) / bares.length;
  log(
    "Throughput (answers that arrived in the measured seconds, per second, and their latency in ms; errors over the whole run):\n",
  );
  table(
    ["", "requests/s", "share of bare Remix", "p50", "p99", "p99 / p50", "errors"],
    rows.map(({ name, result }) => [
      name,
      Math.round(result.requestsPerSecond).toLocaleString("en-US"),
      name.startsWith("bare `node") ? "" : (result.requestsPerSecond / bare).toFixed(2),
      `${Math.round(result.p50)} ms`,
      `${Math.round(result.p99)} ms`,
      `${(result.p99 / result.p50).toFixed(1)}×`,
      String(result.errors),
    ]),
  );
  if (bares.length > 1)
    log(
      `(share of bare Remix: against the mean of its ${bares.length} loads, ${bares.map((b) => Math.round(b).toLocaleString("en-US")).join(" and ")} requests/s)`,
    );
}

const kb = (bytes: number) => (bytes / 1000).toFixed(1);
const triple = (b: Bytes) => `${kb(b.raw)} / ${kb(b.gzip)} / ${kb(b.brotli)}`;

export function printBytes(measured: [string, PageBytes][]) {
  log("\nBytes per page type (kB, raw / gzip / brotli; 1 kB = 1000 bytes; the HTML includes its inline scripts):\n");
  table(
    ["page", "HTML", "of which hydration data", "CSS", "JS at start", "whole first load", "hydrated"],
    measured.map(([name, page]) => [
      `${name}${page.status === 200 ? "" : ` (HTTP ${page.status})`}`,
      triple(page.html),
      page.hydration.raw ? triple(page.hydration) : "none",
      page.css.raw ? triple(page.css) : "inline only",
      page.js.raw ? triple(page.js) : "none",
      triple(page.total),
      page.hydrated ? "yes" : "no",
    ]),
  );
}

export function printLighthouse(
  scores: { name: string; scores: Record<string, number | null>; metrics: Record<string, string> }[],
) {
  log("\nLighthouse 12, mobile (default emulation and throttling), scores 0-100:\n");
  const categories = ["performance", "accessibility", "best-practices", "seo"];
  table(
    ["page", ...categories, "FCP", "LCP", "TBT", "CLS"],
    scores.map((s) => [
      s.name,
      ...categories.map((c) =>
        s.scores[c] === null || s.scores[c] === undefined ? "n/a" : String(Math.round(s.scores[c]! * 100)),
      ),
      s.metrics["first-contentful-paint"] ?? "",
      s.metrics["largest-contentful-paint"] ?? "",
      s.metrics["total-blocking-time"] ?? "",
      s.metrics["cumulative-layout-shift"] ?? "",
    ]),
  );
}
