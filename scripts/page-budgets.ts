// The byte budgets of whole pages, checked against the production build served for real (a fresh
// SQLite file, the demo account): deterministic sizes, never timings. `npm run bundle-size` runs it
// after the JavaScript table; alone: `npx tsx scripts/page-budgets.ts` (after `npm run build`).
// 1 kB = 1000 bytes; "compressed" is gzip at level 6 (what the server's compression middleware sends).
//   - home: JavaScript + inline scripts (hydration data) at most 100 kB; the whole first load at most 120 kB;
//   - the recipient's pages (consent, share, location-failed, enter-link): no hydration, at most 14 kB in all.
// Exits 1 naming each page over its budget and by how much.
import { pathToFileURL } from "node:url";

import { startAppServer } from "./support/app-server.ts";
import { makeFixtures } from "./support/fixtures.ts";
import { pageBytes, type PageBytes } from "./support/page-bytes.ts";

export const BUDGETS = { homeScriptsKb: 100, homeFirstLoadKb: 120, recipientPageKb: 14 };

const kb = (bytes: number) => (bytes / 1000).toFixed(2);

export type Check = { page: string; what: string; bytes: number; budgetKb: number };

export function budgetChecks(pages: { home: PageBytes; recipient: PageBytes[] }): Check[] {
  const { home, recipient } = pages;
  return [
    {
      page: "home /",
      what: "JavaScript + inline scripts (hydration data), gzip",
      bytes: home.js.gzip + home.inline.gzip,
      budgetKb: BUDGETS.homeScriptsKb,
    },
    {
      page: "home /",
      what: "whole first load (HTML, CSS, JS, icons), gzip",
      bytes: home.total.gzip,
      budgetKb: BUDGETS.homeFirstLoadKb,
    },
    ...recipient.map((page) => ({
      page: page.path,
      what: "whole first load, gzip",
      bytes: page.total.gzip,
      budgetKb: BUDGETS.recipientPageKb,
    })),
  ];
}

/** The message for each check over its budget: the page, what was measured, and the excess. */
export function overBudget(checks: Check[]): string[] {
  return checks
    .filter((check) => check.bytes > check.budgetKb * 1000)
    .map(
      (check) =>
        `${check.page}: ${check.what} is ${kb(check.bytes)} kB, ${kb(check.bytes - check.budgetKb * 1000)} kB over its ${check.budgetKb} kB budget`,
    );
}

/** Measures the budgeted pages on a running server; returns the messages of the budgets exceeded. */
export async function checkPageBudgets(origin: string, code: string): Promise<string[]> {
  const home = await pageBytes(origin, "/");
  const recipientPaths = [`/${code}`, `/share?c=${code}`, `/location-failed?c=${code}`, "/enter-link"];
  const recipient = await Promise.all(recipientPaths.map((path) => pageBytes(origin, path)));
  const failures: string[] = [];
  for (const page of [home, ...recipient]) {
    if (page.status !== 200) failures.push(`${page.path} answered ${page.status}, not 200`);
  }
  for (const page of recipient) {
    if (page.hydrated)
      failures.push(
        `${page.path} is a recipient page but loads JavaScript or hydration data (${kb(page.js.gzip + page.hydration.gzip)} kB gzip)`,
      );
  }
  console.log("\nPage budgets (gzip kB):\n");
  const checks = budgetChecks({ home, recipient });
  const width = Math.max(...checks.map((c) => `${c.page}  ${c.what}`.length));
  for (const check of checks) {
    const over = check.bytes - check.budgetKb * 1000;
    console.log(
      `${`${check.page}  ${check.what}`.padEnd(width)}  ${kb(check.bytes).padStart(7)} / ${String(check.budgetKb).padStart(3)}  ${over > 0 ? "OVER" : "ok"}`,
    );
  }
  return [...failures, ...overBudget(checks)];
}

/** Starts the production server on a throw-away database, checks the budgets, stops it. */
export async function runPageBudgets(port = Number(process.env.BUDGET_PORT ?? 3219)): Promise<string[]> {
  const server = await startAppServer(port);
  try {
    const { code } = await makeFixtures(server.origin);
    return await checkPageBudgets(server.origin, code);
  } finally {
    await server.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const failures = await runPageBudgets();
  for (const failure of failures) console.error(`page budget: ${failure}`);
  process.exit(failures.length ? 1 : 0);
}
