import { resetConfig } from "~/config.server";
import { allowConsoleError } from "./console";
import { startFake } from "./http-fake";

const SENDGRID_ENV = ["SENDGRID_API_KEY", "SENDGRID_BASE_URL"] as const;

/**
 * Runs `test` with the real SendGrid provider pointed at a local fake that refuses every message the
 * way SendGrid does (an `errors` array); returns how many sends reached the fake.
 */
export async function withFailingSendGrid(test: () => Promise<void>) {
  allowConsoleError();
  let calls = 0;
  const fake = await startFake((_req, res) => {
    calls += 1;
    res
      .writeHead(403, { "Content-Type": "application/json" })
      .end(JSON.stringify({ errors: [{ message: "The from address does not match a verified Sender Identity.", field: "from", help: null }] }));
  });
  Object.assign(process.env, { SENDGRID_API_KEY: "SG.test", SENDGRID_BASE_URL: fake.origin });
  resetConfig();
  try {
    await test();
  } finally {
    for (const key of SENDGRID_ENV) delete process.env[key];
    resetConfig();
    await fake.close();
  }
  return calls;
}
