// `npm run bench -- --flood`: the health check's latency alone, beside a flood of ordinary pages and
// beside a flood of hostile requests, all in one run.
import autocannon from "autocannon";

import { log, table } from "./bench-output.ts";
import { steadyLoad } from "./steady-load.ts";

type FloodRequest = { path: string; method?: string };

/** Seconds of each flood beside the health check (issue 28 measured 20 s at 20 connections). */
const FLOOD_SECONDS = 20;

/**
 * `/healthz` alone, then during a flood of ordinary pages and during a flood of paths that once cost
 * seconds of CPU each (600 segments; lazy route discovery of unreadable, empty-segment or too many
 * paths; `/%ff`; TRACE, a PUT to sign-in), 20 connections each, all in this one run: the edge refuses the
 * hostile ones in milliseconds, so the health check's p99 during them should stay within 2× of its
 * p99 during the ordinary pages (issue 28).
 */
export async function healthUnderHostilePaths(origin: string, homeHtml: string, aloneSeconds: number) {
  const version = /"version":\s*"([^"]+)"/.exec(homeHtml)?.[1] ?? "";
  const deep = `/${"a/".repeat(600)}a`;
  const sixteen = "a/b/c/d/e/f/g/h/i/j/k/l/m/n/o";
  const discovery = (path: (i: number) => string) =>
    `/__manifest?${Array.from({ length: 100 }, (_, i) => `p=${path(i)}`).join("&")}&version=${version}`;
  const hostile: FloodRequest[] = [
    { path: deep },
    { path: `/__manifest?p=${encodeURIComponent(deep)}&version=${version}` },
    { path: discovery((i) => `/%25q${i}/${sixteen}`) },
    { path: discovery((i) => `/q${i}//${sixteen.slice(2)}`) },
    { path: discovery((i) => `/q${i}/${sixteen}`) },
    { path: "/%ff" },
    { method: "TRACE", path: "/" },
    { method: "PUT", path: "/api/v1/auth/login" },
  ];
  const ordinary: FloodRequest[] = [{ path: "/" }, { path: "/blog" }, { path: "/id/faqs" }];
  const health = (seconds: number) =>
    steadyLoad({ url: `${origin}/healthz`, connections: 10, warmupSeconds: 2, durationSeconds: seconds });
  /** The health check's figures while 20 connections send `requests`, and how many were answered. */
  const beside = async (requests: FloodRequest[]) => {
    const flood = autocannon({ url: origin, connections: 20, duration: FLOOD_SECONDS + 6, requests }, () => undefined);
    let answered = 0;
    flood.on("response", () => (answered += 1));
    const measured = await health(FLOOD_SECONDS);
    flood.stop();
    return { ...measured, answered };
  };
  const alone = await health(aloneSeconds);
  const pages = await beside(ordinary);
  const attack = await beside(hostile);
  log("\nThe health check while hostile paths arrive (10 connections on /healthz; ms):\n");
  table(
    ["", "p50", "p99", "flood requests answered"],
    [
      ["`/healthz` alone", `${alone.p50.toFixed(1)} ms`, `${alone.p99.toFixed(1)} ms`, ""],
      [
        `\`/healthz\` beside 20 connections of ordinary pages (${FLOOD_SECONDS} s)`,
        `${pages.p50.toFixed(1)} ms`,
        `${pages.p99.toFixed(1)} ms`,
        pages.answered.toLocaleString("en-US"),
      ],
      [
        `\`/healthz\` beside 20 connections of hostile paths, manifests and methods (${FLOOD_SECONDS} s)`,
        `${attack.p50.toFixed(1)} ms`,
        `${attack.p99.toFixed(1)} ms`,
        attack.answered.toLocaleString("en-US"),
      ],
    ],
  );
  log(`(p99 beside hostile paths / beside ordinary pages: ${(attack.p99 / pages.p99).toFixed(2)}; target at most 2)\n`);
}
