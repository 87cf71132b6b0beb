import { db } from "~/db.server";
import { purgeOldPositions } from "~/location-requests.server";
import { sendRenewalReminders } from "~/payments.server";
import { sweepRateLimits } from "~/rate-limit.server";

const DAY = 24 * 3600 * 1000;

/**
 * Removes what has expired: sessions, one-time codes, rate-limit windows, and shared positions past
 * the retention period. Idempotent, so any number of processes may run it.
 */
export async function runMaintenance(now = new Date()) {
  const [sessions, codes, authCodes, rateLimits, positions, renewalReminders] = await Promise.all([
    db().session.deleteMany({ where: { expiresAt: { lt: now } } }),
    db().verificationCode.deleteMany({ where: { expiresAt: { lt: new Date(now.getTime() - DAY) } } }),
    db().authCode.deleteMany({ where: { expiresAt: { lt: new Date(now.getTime() - DAY) } } }),
    sweepRateLimits(now),
    purgeOldPositions(now),
    sendRenewalReminders(now),
  ]);
  return { sessions: sessions.count, codes: codes.count, authCodes: authCodes.count, rateLimits, positions, renewalReminders };
}

/** Runs the sweep in the server process every `intervalMs`; errors are logged, never fatal. */
export function startMaintenance(intervalMs = 10 * 60_000) {
  const tick = () => runMaintenance().catch((error) => console.error("Maintenance failed", error));
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  void tick();
  return () => clearInterval(timer);
}
