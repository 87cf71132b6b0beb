import { sweepSignInThrottles } from "~/auth/sign-in-throttle.server";
import { db } from "~/db.server";
import { purgeOldDeviceReports } from "~/device-report.server";
import { purgeOldPositions } from "~/location-requests.server";
import { runPaymentJobs } from "~/payment-jobs.server";
import { renewSandboxSubscriptions, sendRenewalReminders } from "~/payments.server";
import { sweepPhoneLookups } from "~/phone-lookup.server";
import { sweepRateLimits } from "~/rate-limit.server";
import { sweepDeclines } from "~/recipient-controls.server";

const DAY = 24 * 3600 * 1000;

/**
 * Removes what has expired: sessions, one-time codes, rate-limit windows, cached number lookups, and
 * device reports and shared positions past their retention periods, declines past their cooldown,
 * sends due renewal reminders, charges the embedded sandbox's due renewals and retries payment side
 * effects that have not happened yet (payment-jobs.server.ts).
 * Idempotent, so any number of processes may run it.
 */
export async function runMaintenance(now = new Date()) {
  const [
    sessions,
    codes,
    authCodes,
    rateLimits,
    positions,
    renewalReminders,
    phoneLookups,
    deviceReports,
    declines,
    sandboxRenewals,
    signInThrottles,
    checkoutBrowsers,
    paymentJobs,
  ] = await Promise.all([
    db().session.deleteMany({ where: { expiresAt: { lt: now } } }),
    db().verificationCode.deleteMany({ where: { expiresAt: { lt: new Date(now.getTime() - DAY) } } }),
    db().authCode.deleteMany({ where: { expiresAt: { lt: new Date(now.getTime() - DAY) } } }),
    sweepRateLimits(now),
    purgeOldPositions(now),
    sendRenewalReminders(now),
    sweepPhoneLookups(now),
    purgeOldDeviceReports(now),
    sweepDeclines(now),
    renewSandboxSubscriptions(now),
    sweepSignInThrottles(now.getTime()),
    // The automatic sign-in after payment is long over by then (the cookie itself lasts a week).
    db().checkoutBrowser.deleteMany({ where: { createdAt: { lt: new Date(now.getTime() - 7 * DAY) } } }),
    runPaymentJobs(now),
  ]);
  return {
    sessions: sessions.count,
    codes: codes.count,
    authCodes: authCodes.count,
    rateLimits,
    positions,
    renewalReminders,
    phoneLookups,
    deviceReports,
    declines,
    sandboxRenewals,
    signInThrottles,
    checkoutBrowsers: checkoutBrowsers.count,
    paymentJobs,
  };
}

/** Runs the sweep in the server process every `intervalMs`; errors are logged, never fatal. */
export function startMaintenance(intervalMs = 10 * 60_000) {
  const tick = () => runMaintenance().catch((error) => console.error("Maintenance failed", error));
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  void tick();
  return () => clearInterval(timer);
}
