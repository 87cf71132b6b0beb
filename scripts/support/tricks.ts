// `npm run bench -- --tricks`: what each speed trick buys on the pages it serves. Two production
// servers run side by side: the product as it is, and the same build started with
// TEST_WITHOUT_TRICKS naming one trick (app/server/speed-tricks.server.ts), which then takes the
// simple path. Each page is loaded on one, then the other, then both again (A, B, A, B: a machine
// shared with other work slows both alike), after the usual warm-up; the row gives the mean of the
// two loads of each and the gain of the trick over the simple path, in requests per second and in the
// server's own CPU time per answer (from /proc: what the server spent, however busy the machine was).
import type { SpeedTrick } from "../../app/server/speed-tricks.server.ts";
import { groupCpuMs, startAppServer, type RunningServer } from "./app-server.ts";
import { log, table } from "./bench-output.ts";
import { makeFixtures, type Fixtures } from "./fixtures.ts";
import type { Measured } from "./steady-load.ts";

type Page = { name: string; target: (origin: string, f: Fixtures) => [string, Record<string, string>] };

/** The pages the bench loads, each with what its requests send. */
export const PAGES = {
  home: { name: "home `/`", target: (origin) => [`${origin}/`, {}] },
  homeRendered: {
    name: "home `/`, rendered for each request",
    target: (origin) => [`${origin}/`, { Cookie: "bench=1" }],
  },
  consent: { name: "consent page `/{code}`", target: (origin, f) => [`${origin}/${f.code}`, {}] },
  consentRendered: {
    name: "consent page `/{code}`, rendered for each request",
    target: (origin, f) => [`${origin}/${f.code}`, { Cookie: "bench=1" }],
  },
  api: {
    name: "`GET /api/v1/personnal/subscribe/info`",
    target: (origin, f) => [`${origin}/api/v1/personnal/subscribe/info`, f.apiHeaders],
  },
} satisfies Record<string, Page>;

/** Each trick and the pages whose requests run it. */
export const TRICK_PAGES: [SpeedTrick, Page[]][] = [
  ["route-subsets", [PAGES.homeRendered, PAGES.consent, PAGES.api]],
  ["raw-reads", [PAGES.consent, PAGES.api]],
  ["driver-reader", [PAGES.home, PAGES.homeRendered, PAGES.consent, PAGES.api]],
  ["packed", [PAGES.homeRendered]],
  ["reviews-cache", [PAGES.homeRendered]],
  ["direct-resources", [PAGES.api]],
  ["express-prototypes", [PAGES.home, PAGES.homeRendered, PAGES.consent, PAGES.api]],
  ["consent-slots", [PAGES.consent]],
];

export type TrickRow = { trick: SpeedTrick; page: string; on: Measured[]; off: Measured[] };

const mean = (runs: Measured[]) => runs.reduce((sum, r) => sum + r.requestsPerSecond, 0) / runs.length;
/** CPU ms per answer over all loads of one side (the server's own cost, whatever else ran on the machine). */
const cpuPerAnswer = (runs: Measured[]) =>
  runs.reduce((sum, r) => sum + (r.cpuMs ?? NaN), 0) / runs.reduce((sum, r) => sum + r.answers, 0);
const percent = (ratio: number) => `${ratio >= 1 ? "+" : ""}${((ratio - 1) * 100).toFixed(1)} %`;

export function printTricks(rows: TrickRow[]) {
  table(
    [
      "trick",
      "page",
      "with it (req/s)",
      "without (req/s)",
      "gain (req/s)",
      "CPU per answer, with / without",
      "gain (CPU)",
      "errors",
    ],
    rows.map((row) => {
      const errors = [...row.on, ...row.off].reduce((sum, r) => sum + r.errors, 0);
      const cpuOn = cpuPerAnswer(row.on);
      const cpuOff = cpuPerAnswer(row.off);
      return [
        row.trick,
        row.page,
        row.on.map((r) => Math.round(r.requestsPerSecond).toLocaleString("en")).join(" / "),
        row.off.map((r) => Math.round(r.requestsPerSecond).toLocaleString("en")).join(" / "),
        percent(mean(row.on) / mean(row.off)),
        `${cpuOn.toFixed(2)} / ${cpuOff.toFixed(2)} ms`,
        percent(cpuOff / cpuOn),
        String(errors),
      ];
    }),
    2,
  );
}

export async function runTricks(options: {
  port: number;
  only: string | undefined;
  rounds: number;
  launch: { command: string; args: string[] };
  load: (url: string, headers: Record<string, string>, cpuMs: () => number) => Promise<Measured>;
  stopAll: (() => Promise<void>)[];
}): Promise<TrickRow[]> {
  const chosen = TRICK_PAGES.filter(([trick]) => !options.only || options.only.split(",").includes(trick));
  const withTricks = await startAppServer(options.port, {}, { ...options.launch, name: "app" });
  options.stopAll.push(withTricks.stop);
  const withFixtures = await makeFixtures(withTricks.origin);
  const rows: TrickRow[] = [];
  for (const [trick, trickPages] of chosen) {
    let without: (RunningServer & { dbFile: string }) | undefined;
    try {
      without = await startAppServer(
        options.port + 1,
        { TEST_WITHOUT_TRICKS: trick },
        { ...options.launch, name: `without ${trick}` },
      );
      options.stopAll.push(without.stop);
      const withoutFixtures = await makeFixtures(without.origin);
      for (const page of trickPages) {
        const row: TrickRow = { trick, page: page.name, on: [], off: [] };
        for (let round = 0; round < options.rounds; round += 1) {
          const server = without;
          row.on.push(
            await options.load(...page.target(withTricks.origin, withFixtures), () => groupCpuMs(withTricks.pid)),
          );
          row.off.push(
            await options.load(...page.target(server.origin, withoutFixtures), () => groupCpuMs(server.pid)),
          );
        }
        rows.push(row);
        const figures = (runs: Measured[]) => runs.map((r) => Math.round(r.requestsPerSecond)).join(" / ");
        log(`  ${trick} on ${page.name}: with ${figures(row.on)}, without ${figures(row.off)} requests/s`);
      }
    } finally {
      await without?.stop();
    }
  }
  await withTricks.stop();
  return rows;
}
