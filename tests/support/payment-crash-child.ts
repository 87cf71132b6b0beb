// A separate app process for the durable payment side-effect test (app/billing/payment-jobs.server.test.ts):
// `pay` starts a sandbox checkout and pays it, exiting right after the payment's commit (before its
// side effects run), as a crash would; `maintain` runs each maintenance job and the job worker
// once, as a restarted process does, and prints their results by name. Reads DATABASE_URL from the
// environment.
import { startCheckout } from "~/billing/checkout.server";
import { setAfterPaymentCommit } from "~/billing/payment-events.server";
import { sandboxPay } from "~/billing/sandbox.server";
import { runJobs } from "~/jobs/jobs.server";
import { MAINTENANCE_JOBS } from "~/jobs/maintenance.server";

const CRASH_EXIT_CODE = 86;

const [mode, email] = process.argv.slice(2);
if (mode === "pay" && email) {
  const started = await startCheckout(
    { name: "Rina", surname: "Wijaya", email, adult: "on" },
    { locale: "id", ip: "203.0.113.5" },
  );
  if (!started.ok) throw new Error(`checkout failed: ${started.error}`);
  setAfterPaymentCommit(() => process.exit(CRASH_EXIT_CODE));
  await sandboxPay(started.checkoutId);
  console.log("not reached: the process should have stopped after the commit");
  process.exit(1);
} else if (mode === "maintain") {
  const results: Record<string, unknown> = {};
  for (const job of MAINTENANCE_JOBS) results[job.name] = await job.run();
  // And one look of the job worker (app/jobs/jobs.server.ts), as a restarted process's worker makes.
  results.jobs = await runJobs();
  console.log(JSON.stringify(results));
  process.exit(0);
} else {
  console.error("usage: payment-crash-child.ts pay EMAIL | maintain");
  process.exit(2);
}
