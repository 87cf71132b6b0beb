import { hashPassword } from "~/auth/password.server";
import { passwordKey } from "~/auth/rsa.server";
import { db, isPostgresUrl } from "~/db/db.server";
import { embeddedFallbacks } from "~/providers/summary.server";
import { config } from "~/server/config.server";
import { migrateOnce } from "~/server/migrate.server";
import { DAY } from "~/utils/time";

export const DEMO_EMAIL = "demo@example.com";
export const DEMO_PASSWORD = "demo1234";

/** Adds the demo account (active for a year) to an empty database; never used by `npm run serve`. */
export async function seedDemo() {
  if ((await db().user.count()) > 0) return false;
  try {
    await db().user.create({
      data: {
        email: DEMO_EMAIL,
        passwordHash: await hashPassword(DEMO_PASSWORD),
        name: "Demo",
        subscription: { create: { state: "active", validUntil: new Date(Date.now() + 365 * DAY) } },
      },
    });
  } catch (error) {
    // Another instance starting at the same time created it first.
    if ((error as { code?: string }).code === "P2002") return false;
    throw error;
  }
  return true;
}

/** Everything a process needs before it answers: schema, password key, optional demo data. */
export async function prepare() {
  const c = config();
  try {
    await migrateOnce(c.DATABASE_URL);
  } catch (error) {
    throw migrationFailure(error, c.DATABASE_URL);
  }
  await passwordKey();
  const seeded = c.demo ? await seedDemo() : false;
  return { seeded };
}

// ---------------------------------------------------------------------------------------------
// Start-up failures: one sentence that names the cause, then exit code 1 (no stack trace).
// ---------------------------------------------------------------------------------------------

/** A start-up problem whose message already names the cause. */
export class StartupFailure extends Error {}

/** The address without its password, to name the database in a message. */
function redactedUrl(url: string) {
  if (!isPostgresUrl(url)) return url;
  try {
    const u = new URL(url);
    if (u.password) u.password = "***";
    return u.toString();
  } catch {
    return url;
  }
}

/** dbmate says what went wrong on its last "Error: ..." line. */
function migrationFailure(error: unknown, url: string) {
  const { stderr, message } = error as { stderr?: Buffer | string; message?: string };
  const lines = String(stderr ?? message ?? "")
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);
  const detail = (lines.findLast((line) => line.startsWith("Error:")) ?? lines.at(-1) ?? "no details").replace(
    /^Error:\s*/,
    "",
  );
  const unreachable = /^unable to connect to database:?\s*(.*)$/i.exec(detail);
  if (unreachable) {
    const verb = isPostgresUrl(url) ? "cannot be reached" : "cannot be opened";
    return new StartupFailure(
      `the database in DATABASE_URL (${redactedUrl(url)}) ${verb}: ${unreachable[1] || "no answer"}`,
    );
  }
  return new StartupFailure(`applying the database migrations to ${redactedUrl(url)} failed: ${detail}`);
}

/** The one sentence a failed start prints. */
export function startupFailureMessage(error: unknown) {
  const e = (error ?? {}) as { code?: string; syscall?: string; port?: number; message?: string };
  const message = String(e.message ?? error);
  let reason: string;
  if (error instanceof StartupFailure) reason = message;
  else if (e.code === "EADDRINUSE")
    reason = `port ${e.port} is already in use: stop the program that listens there or set PORT to a free port`;
  else if (e.code === "EACCES" && e.syscall === "listen")
    reason = `port ${e.port} may not be opened by this user: set PORT to a port above 1023`;
  else if (message.startsWith("Invalid configuration: "))
    reason = `the configuration is invalid (${message.slice("Invalid configuration: ".length)})`;
  else if (e.code === "ERR_MODULE_NOT_FOUND" && /build[\\/]server/.test(message))
    reason = "there is no server build: run npm run build first";
  else if (/prisma/i.test(String((error as Error)?.name)) || /database/i.test(message))
    reason = `the database in DATABASE_URL cannot be used: ${message
      .split("\n")
      .findLast((l) => l.trim())
      ?.trim()}`;
  else reason = message.split("\n")[0]!.trim();
  return `Family Locator could not start: ${reason.replace(/[.\s]+$/, "")}.`;
}

/** Prints the cause of a failed start and ends the process (exit code 1). */
export function failStartup(error: unknown): never {
  console.error(startupFailureMessage(error));
  process.exit(1);
}

/** Runs one start-up step; a failure ends the process with one sentence naming its cause. */
export async function startupStep<T>(step: () => T | Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    failStartup(error);
  }
}

export type StartupCheck = { refuse: string | null; warnings: string[] };

/**
 * Production fails closed: `npm run serve` (APP_MODE=live, its default) must not take
 * payments through the sandbox or mark messages sent that never leave the machine. The demo
 * (`npm start`) says what it is instead.
 */
export function startupCheck(): StartupCheck {
  const c = config();
  if (c.demo) {
    return {
      refuse: null,
      warnings: [
        "DEMO MODE (APP_MODE=demo): embedded providers. E-mail, SMS and calls are kept in the outbox, not sent; payments go through the test checkout, no money moves. Not for real users: use `npm run serve` with the providers' keys.",
      ],
    };
  }
  const missing = embeddedFallbacks();
  if (missing.length === 0) return { refuse: null, warnings: [] };
  if (c.mode === "sandbox") {
    if (c.NODE_ENV !== "production") return { refuse: null, warnings: [] };
    return {
      refuse: null,
      warnings: [
        `SANDBOX (APP_MODE=sandbox): running in production on embedded providers for ${missing.join("; ")}. Nothing is sent or charged for these.`,
      ],
    };
  }
  return {
    refuse: [
      "Refusing to start in production: these services would fall back to an embedded provider (messages marked sent that never leave the machine, subscriptions without payment):",
      ...missing.map((line) => `  - ${line}`),
      "Set those settings, or set APP_MODE=sandbox to run on the embedded providers on purpose.",
    ].join("\n"),
    warnings: [],
  };
}
