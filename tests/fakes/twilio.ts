// A local fake of the Twilio REST API, enough for the real twilio SDK: messages (SMS), calls (voice)
// and Lookup v2. With `failWith` it answers every request with that status and Twilio's error body.
import { startFake } from "./http.ts";

/** Twilio Lookup v2's answer for a PH mobile with line type intelligence and caller name. */
export const twilioLookupAnswer = (number = "+639171234567") => ({
  calling_country_code: "63",
  country_code: "PH",
  phone_number: number,
  national_format: "0917 123 4567",
  valid: true,
  validation_errors: [],
  caller_name: { caller_name: "JUAN DELA CRUZ", caller_type: "CONSUMER", error_code: null },
  line_type_intelligence: {
    carrier_name: "Globe Telecom",
    type: "mobile",
    mobile_country_code: "515",
    mobile_network_code: "02",
    error_code: null,
  },
  sim_swap: null,
  call_forwarding: null,
  url: `https://lookups.twilio.com/v2/PhoneNumbers/${encodeURIComponent(number)}`,
});

/** The settings that point the app's SMS, voice and lookup providers at a fake listening on `origin`. */
export const twilioEnv = (origin: string) => ({
  TWILIO_ACCOUNT_SID: "AC1",
  TWILIO_AUTH_TOKEN: "t",
  TWILIO_FROM: "+15005550006",
  TEST_TWILIO_BASE_URL: origin,
});

const ERRORS: Record<number, { code: number; message: string }> = {
  404: { code: 20404, message: "Not found" },
  500: { code: 20500, message: "Internal" },
};

export async function startTwilioFake(options: { failWith?: number } = {}) {
  let seq = 0;
  return startFake((req, res) => {
    const send = (status: number, body: unknown) =>
      res.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify(body));
    if (options.failWith) {
      const status = options.failWith;
      return send(status, { ...(ERRORS[status] ?? { code: 20000 + status, message: "Error" }), status });
    }
    const path = new URL(req.url || "/", "http://x").pathname;
    const lookup = /^\/v2\/PhoneNumbers\/([^/]+)$/.exec(path);
    if (req.method === "GET" && lookup) return send(200, twilioLookupAnswer(decodeURIComponent(lookup[1]!)));
    const create = /^\/2010-04-01\/Accounts\/([^/]+)\/(Messages|Calls)\.json$/.exec(path);
    if (req.method === "POST" && create) {
      seq += 1;
      return send(201, {
        sid: `${create[2] === "Messages" ? "SM" : "CA"}${String(seq).padStart(32, "0")}`,
        account_sid: create[1],
        status: "queued",
      });
    }
    send(404, { ...ERRORS[404]!, status: 404 });
  });
}
