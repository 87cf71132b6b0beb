import { hashPassword } from "~/auth/password.server";
import { passwordKey } from "~/auth/rsa.server";
import { config } from "~/config.server";
import { db } from "~/db.server";
import { migrate } from "~/migrate.server";
import { embeddedFallbacks } from "~/providers/summary.server";

export const DEMO_EMAIL = "demo@example.com";
export const DEMO_PASSWORD = "demo1234";

/** Adds the demo account (active for a year) to an empty database; never used by `npm run serve`. */
export async function seedDemo() {
  if ((await db().user.count()) > 0) return false;
  await db().user.create({
    data: {
      email: DEMO_EMAIL,
      passwordHash: await hashPassword(DEMO_PASSWORD),
      name: "Demo",
      subscription: { create: { state: "active", validUntil: new Date(Date.now() + 365 * 24 * 3600 * 1000) } },
    },
  });
  return true;
}

/** Everything a process needs before it answers: schema, password key, optional demo data. */
export async function prepare() {
  const c = config();
  migrate(c.DATABASE_URL);
  await passwordKey();
  const seeded = c.demo ? await seedDemo() : false;
  return { seeded };
}

export type StartupCheck = { refuse: string | null; warnings: string[] };

/**
 * Production fails closed: `npm run serve` (NODE_ENV=production without DEMO_MODE=1) must not take
 * payments through the sandbox or mark messages sent that never leave the machine. The demo
 * (`npm start`) says what it is instead.
 */
export function startupCheck(): StartupCheck {
  const c = config();
  if (c.demo) {
    return {
      refuse: null,
      warnings: [
        "DEMO MODE (DEMO_MODE=1): embedded providers. E-mail, SMS and calls are kept in the outbox, not sent; payments go through the test checkout, no money moves. Not for real users: use `npm run serve` with the providers' keys.",
      ],
    };
  }
  if (c.NODE_ENV !== "production") return { refuse: null, warnings: [] };
  const missing = embeddedFallbacks();
  if (missing.length === 0) return { refuse: null, warnings: [] };
  if (c.EMBEDDED_PROVIDERS === "1") {
    return { refuse: null, warnings: [`EMBEDDED_PROVIDERS=1: running in production on embedded providers for ${missing.join("; ")}. Nothing is sent or charged for these.`] };
  }
  return {
    refuse: [
      "Refusing to start in production: these services would fall back to an embedded provider (messages marked sent that never leave the machine, subscriptions without payment):",
      ...missing.map((line) => `  - ${line}`),
      "Set those settings, or set EMBEDDED_PROVIDERS=1 to run on the embedded providers on purpose.",
    ].join("\n"),
    warnings: [],
  };
}
