import { spawn } from "node:child_process";
import path from "node:path";

import { describe, expect, it } from "vitest";

const TSX = path.resolve("node_modules/.bin/tsx");
/** Settings that configure every real provider (the values are never used: the server stops early or is stopped). */
const REAL_PROVIDERS = {
  STRIPE_SECRET_KEY: "sk_test_x",
  STRIPE_WEBHOOK_SECRET: "whsec_x",
  TWILIO_ACCOUNT_SID: "AC1",
  TWILIO_AUTH_TOKEN: "t",
  TWILIO_FROM: "+15005550006",
  SENDGRID_API_KEY: "SG.x",
};
const PROVIDER_KEYS = [
  ...Object.keys(REAL_PROVIDERS),
  "PAYPAL_CLIENT_ID",
  "PAYPAL_CLIENT_SECRET",
  "TWILIO_MESSAGING_SERVICE_SID",
  "APP_MODE",
  "OUTBOX_PUBLIC",
];

/**
 * Starts `server.ts` as `npm run serve` / `npm start` would, and collects its output until it exits
 * or prints `until` (then it is stopped). Bounded by `timeoutMs`.
 */
function startServer(env: Record<string, string>, until: RegExp | null, timeoutMs = 60_000) {
  const base = { ...process.env };
  for (const key of PROVIDER_KEYS) delete base[key];
  const child = spawn(TSX, ["server.ts"], {
    env: { ...base, PORT: "3321", NODE_ENV: "production", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  return new Promise<{ code: number | null; output: string; stopped: boolean }>((resolve) => {
    let stopped = false;
    const stop = () => {
      stopped = true;
      child.kill("SIGTERM");
    };
    const timer = setTimeout(stop, timeoutMs);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (until && until.test(output) && !stopped) stop();
    };
    child.stdout.on("data", read);
    child.stderr.on("data", read);
    child.on("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, output, stopped });
    });
  });
}

describe("production fails closed", () => {
  it("npm run serve with no provider keys refuses to start and names every missing setting", async () => {
    const { code, output, stopped } = await startServer({}, null);
    expect(stopped).toBe(false);
    expect(code).toBe(78);
    expect(output).toContain("Refusing to start in production");
    for (const setting of [
      "STRIPE_SECRET_KEY",
      "PAYPAL_CLIENT_ID",
      "TWILIO_ACCOUNT_SID",
      "TWILIO_FROM",
      "SENDGRID_API_KEY",
      "APP_MODE=sandbox",
    ]) {
      expect(output).toContain(setting);
    }
    expect(output).not.toContain("listening");
  }, 70_000);

  it("names only what is missing: e-mail alone", async () => {
    const { SENDGRID_API_KEY: _omitted, ...others } = REAL_PROVIDERS;
    const { code, output } = await startServer(others, null);
    expect(code).toBe(78);
    expect(output).toContain("e-mail (SENDGRID_API_KEY)");
    expect(output).not.toMatch(/payments \(|SMS \(|voice calls \(/);
  }, 70_000);

  it("APP_MODE=sandbox starts on purpose and warns", async () => {
    const { output, stopped } = await startServer({ APP_MODE: "sandbox" }, /APP_MODE=sandbox\): running in production/);
    expect(stopped).toBe(true);
    expect(output).not.toContain("Refusing to start");
    expect(output).toMatch(/embedded providers for payments .*SMS .*e-mail/);
  }, 70_000);

  it("npm start (APP_MODE=demo) starts and says that it is the demo", async () => {
    const { output, stopped } = await startServer({ APP_MODE: "demo" }, /DEMO MODE/);
    expect(stopped).toBe(true);
    expect(output).not.toContain("Refusing to start");
    expect(output).toContain("DEMO MODE (APP_MODE=demo): embedded providers");
  }, 70_000);

  it("a setting that APP_MODE replaced is refused by name, not ignored", async () => {
    const { code, output } = await startServer({ ...REAL_PROVIDERS, DEMO_MODE: "1" }, null);
    expect(code).toBe(1);
    expect(output).toContain("DEMO_MODE: replaced by APP_MODE (live, sandbox or demo)");
  }, 70_000);
});
