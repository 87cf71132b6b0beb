import { resetConfig } from "~/config.server";
import { startFake } from "./http-fake";

/** Twilio Lookup v2's answer for a PH mobile with line type intelligence and caller name. */
export const twilioLookupAnswer = (number = "+639171234567") => ({
  calling_country_code: "63",
  country_code: "PH",
  phone_number: number,
  national_format: "0917 123 4567",
  valid: true,
  validation_errors: [],
  caller_name: { caller_name: "JUAN DELA CRUZ", caller_type: "CONSUMER", error_code: null },
  line_type_intelligence: { carrier_name: "Globe Telecom", type: "mobile", mobile_country_code: "515", mobile_network_code: "02", error_code: null },
  sim_swap: null,
  call_forwarding: null,
  url: `https://lookups.twilio.com/v2/PhoneNumbers/${encodeURIComponent(number)}`,
});

const TWILIO_ENV = ["TWILIO_ACCOUNT_SID", "TWILIO_AUTH_TOKEN", "TWILIO_BASE_URL"] as const;

/**
 * Configures the real Twilio Lookup provider against a local fake that answers `status` (the PH answer
 * above on 200). Call `stopTwilioLookupFake` after each test.
 */
export async function startTwilioLookupFake(status = 200) {
  const fake = await startFake((req, res) => {
    const number = decodeURIComponent(new URL(req.url ?? "/", "http://x").pathname.split("/").pop()!);
    const body = status === 200 ? twilioLookupAnswer(number) : { code: 20404, message: "Not found", status };
    res.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify(body));
  });
  Object.assign(process.env, { TWILIO_ACCOUNT_SID: "AC1", TWILIO_AUTH_TOKEN: "t", TWILIO_BASE_URL: fake.origin });
  resetConfig();
  return fake;
}

export async function stopTwilioLookupFake(fake: { close(): Promise<unknown> } | undefined) {
  for (const key of TWILIO_ENV) delete process.env[key];
  resetConfig();
  await fake?.close();
}
