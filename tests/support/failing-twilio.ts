import { resetConfig } from "~/config.server";
import { allowConsoleError } from "./console";
import { startFake } from "./http-fake";

const TWILIO_ENV = ["TWILIO_ACCOUNT_SID", "TWILIO_AUTH_TOKEN", "TWILIO_FROM", "TWILIO_BASE_URL"] as const;

/** Runs `test` with the real Twilio SMS provider pointed at a local fake that answers 500 to everything. */
export async function withFailingTwilio(test: () => Promise<void>) {
  allowConsoleError();
  const fake = await startFake((_req, res) => {
    res.writeHead(500, { "Content-Type": "application/json" }).end(JSON.stringify({ code: 20500, message: "Internal", status: 500 }));
  });
  Object.assign(process.env, { TWILIO_ACCOUNT_SID: "AC1", TWILIO_AUTH_TOKEN: "t", TWILIO_FROM: "+15005550006", TWILIO_BASE_URL: fake.origin });
  resetConfig();
  try {
    await test();
  } finally {
    for (const key of TWILIO_ENV) delete process.env[key];
    resetConfig();
    await fake.close();
  }
}
