import { spawnSync } from "node:child_process";
import path from "node:path";

import { describe, expect, it } from "vitest";

import { startCheckout } from "~/billing/checkout.server";
import { runBillingJobs } from "~/billing/payment-jobs.server";
import { sandboxPay } from "~/billing/sandbox.server";
import { db } from "~/db/db.server";
import { settleStartedJobs, UNANSWERED } from "~/jobs/jobs.server";
import { resetConfig } from "~/server/config.server";

import { allowConsoleError } from "../../tests/support/console";
import { uniqueEmail } from "../../tests/support/factories";
import { withHeldSendGrid } from "../../tests/support/provider-fakes";

const CHILD = path.resolve("tests/support/payment-crash-child.ts");
const TSX = path.resolve("node_modules/.bin/tsx");
/** The child's exit code when it stops right after the payment's commit. */
const CRASHED = 86;

function child(...args: string[]) {
  return spawnSync(TSX, [CHILD, ...args], { env: { ...process.env }, encoding: "utf8", timeout: 60_000 });
}

const credentialMails = (email: string) =>
  db().outboxMessage.count({ where: { to: email, subject: "Akun Family Locator Anda" } });

describe("durable payment side effects", () => {
  it("a process killed between the payment's commit and its e-mail sends the credentials after restart, exactly once", async () => {
    const email = uniqueEmail("crash");
    const paid = child("pay", email);
    expect(paid.status, paid.stderr).toBe(CRASHED);

    // Committed: the account exists and the job waits; nothing was sent.
    const user = await db().user.findUniqueOrThrow({ where: { email }, include: { subscription: true } });
    expect(user.subscription).toMatchObject({ state: "trial", provider: "sandbox" });
    const job = await db().job.findFirstOrThrow({
      where: { kind: "sendCredentials", payload: { contains: email } },
    });
    expect(job).toMatchObject({ doneAt: null, attempts: 0 });
    expect(await credentialMails(email)).toBe(0);

    // A restarted process's job worker performs it.
    const restarted = child("maintain");
    expect(restarted.status, restarted.stderr).toBe(0);
    expect(JSON.parse(restarted.stdout.trim().split("\n").at(-1)!)).toMatchObject({
      jobs: { done: 1, failed: 0 },
    });
    expect(await credentialMails(email)).toBe(1);
    const done = await db().job.findUniqueOrThrow({ where: { id: job.id } });
    expect(done.doneAt).not.toBeNull();
    expect(JSON.parse(done.payload)).not.toHaveProperty("password");

    // Done once: later runs, here and in another process, send nothing more.
    expect(await runBillingJobs(new Date(Date.now() + 24 * 3600_000))).toEqual({ done: 0, failed: 0 });
    expect(child("maintain").status).toBe(0);
    expect(await credentialMails(email)).toBe(1);
  }, 120_000);

  it("the buyer's payment is answered while the credentials e-mail still waits on the provider; it goes out once", async () => {
    const email = uniqueEmail("held");
    const sent = await withHeldSendGrid(async (release) => {
      const started = await startCheckout(
        { name: "Rina", surname: "Wijaya", email, adult: "on" },
        { locale: "id", ip: "203.0.113.5" },
      );
      if (!started.ok) throw new Error(started.error);
      // Were the e-mail sent inside the payment's answer, this would wait for `release` for ever.
      await sandboxPay(started.checkoutId);
      const user = await db().user.findUniqueOrThrow({ where: { email }, include: { subscription: true } });
      expect(user.subscription).toMatchObject({ state: "trial", provider: "sandbox" });
      const job = () => db().job.findFirstOrThrow({ where: { kind: "sendCredentials", payload: { contains: email } } });
      expect((await job()).doneAt).toBeNull();

      release();
      await settleStartedJobs();
      expect((await job()).doneAt).not.toBeNull();
    });
    expect(sent.filter((r) => r.url === "/v3/mail/send" && r.body.includes(email))).toHaveLength(1);
  });

  it("the account's e-mail whose send got no answer in time is never sent again, though the provider answers later", async () => {
    const email = uniqueEmail("late");
    allowConsoleError(); // the provider's "SendGrid send failed" line
    process.env.PROVIDER_TIMEOUT_MS = "300";
    resetConfig();
    try {
      const sent = await withHeldSendGrid(async (release) => {
        const started = await startCheckout(
          { name: "Rina", surname: "Wijaya", email, adult: "on" },
          { locale: "id", ip: "203.0.113.6" },
        );
        if (!started.ok) throw new Error(started.error);
        await sandboxPay(started.checkoutId);
        // SendGrid answers (202: it sent the e-mail) only after the app stopped waiting for it.
        await settleStartedJobs();
        release();
        const job = await db().job.findFirstOrThrow({
          where: { kind: "sendCredentials", payload: { contains: email } },
        });
        expect(job.doneAt).not.toBeNull();
        expect(job.attempts).toBe(1);
        expect(job.lastError).toMatch(new RegExp(`^${UNANSWERED}: `));
        // Nothing is due later either (the payment kinds otherwise retry after a minute, for ever).
        expect(await runBillingJobs(new Date(Date.now() + 24 * 3600_000))).toEqual({ done: 0, failed: 0 });
      });
      expect(sent.filter((r) => r.url === "/v3/mail/send" && r.body.includes(email))).toHaveLength(1);
    } finally {
      delete process.env.PROVIDER_TIMEOUT_MS;
      resetConfig();
    }
  });
});
