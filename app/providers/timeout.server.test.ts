// Every outside call gives up after PROVIDER_TIMEOUT_MS, tried against a local server that accepts the
// connection and never answers (a hung provider), with the real SDKs.
import type { ServerResponse } from "node:http";

import { afterEach, beforeEach, expect, it } from "vitest";

import { resetConfig } from "~/server/config.server";

import { startFake } from "../../tests/fakes/http";
import { allowConsoleError } from "../../tests/support/console";
import { sendgridEmailProvider } from "./email.server";
import { paypalPaymentProvider } from "./payments/paypal.server";
import { stripePaymentProvider } from "./payments/stripe.server";
import { twilioLookupProvider } from "./phone-lookup.server";
import { twilioSmsProvider } from "./sms.server";
import { withinProviderTime } from "./timeout.server";
import { twilioVoiceProvider } from "./voice.server";

const LIMIT_MS = 300;
let fake: Awaited<ReturnType<typeof startFake>>;
const hanging: ServerResponse[] = [];

beforeEach(async () => {
  allowConsoleError();
  process.env.PROVIDER_TIMEOUT_MS = String(LIMIT_MS);
  resetConfig();
  // Takes the request and never answers.
  fake = await startFake((_req, res) => void hanging.push(res));
});

afterEach(async () => {
  delete process.env.PROVIDER_TIMEOUT_MS;
  resetConfig();
  for (const res of hanging.splice(0)) res.destroy();
  await fake.close();
});

/** Runs `call` and returns its answer and how long it took. */
async function timed<T>(call: () => Promise<T>) {
  const started = Date.now();
  const result = await call();
  return { result, ms: Date.now() - started };
}

const twilioOptions = () => ({ accountSid: "AC123", authToken: "secret", baseUrl: fake.origin });

it("SendGrid: gives up after the limit; the outcome is unknown (it may have been sent)", async () => {
  const { result, ms } = await timed(() =>
    sendgridEmailProvider("SG.key", "no-reply@example.com", fake.origin).send({
      to: "ana@example.com",
      subject: "Hi",
      text: "Hi",
      html: "<p>Hi</p>",
    }),
  );
  expect(result).toMatchObject({ ok: false, unknown: true });
  expect(ms).toBeGreaterThanOrEqual(LIMIT_MS - 20);
  expect(ms).toBeLessThan(LIMIT_MS + 1500);
  expect(fake.requests).toHaveLength(1);
});

it("Twilio SMS: gives up after the limit instead of Twilio's 30 s; the outcome is unknown", async () => {
  const { result, ms } = await timed(() =>
    twilioSmsProvider({ ...twilioOptions(), from: "+15550001111" }).send({ to: "+639171234567", body: "Hi" }),
  );
  expect(result).toMatchObject({ ok: false, unknown: true });
  expect(ms).toBeLessThan(LIMIT_MS + 1500);
  expect(fake.requests).toHaveLength(1);
});

it("Twilio voice: gives up after the limit; the outcome is unknown", async () => {
  const { result, ms } = await timed(() =>
    twilioVoiceProvider({ ...twilioOptions(), from: "+15550001111" }).call({
      to: "+639171234567",
      twiml: "<Response/>",
      statusCallback: "http://localhost:3000/webhooks/twilio/voice",
    }),
  );
  expect(result).toMatchObject({ ok: false, unknown: true });
  expect(ms).toBeLessThan(LIMIT_MS + 1500);
});

it("Twilio Lookup: gives up after the limit", async () => {
  const { result, ms } = await timed(() => twilioLookupProvider(twilioOptions()).lookup("+639171234567"));
  expect(result.ok).toBe(false);
  expect(ms).toBeLessThan(LIMIT_MS + 1500);
});

it("Stripe: a status query gives up after the limit", async () => {
  const { port } = new URL(fake.origin);
  const provider = stripePaymentProvider({
    secretKey: "sk_test_x",
    host: "127.0.0.1",
    port: Number(port),
    protocol: "http",
  });
  const { result, ms } = await timed(() => provider.checkoutStatus("cs_test_1", "checkout-1"));
  expect(result.state).toBe("error");
  expect(ms).toBeLessThan(LIMIT_MS + 1500);
});

it("PayPal: a status query gives up after the limit", async () => {
  const provider = paypalPaymentProvider({
    clientId: "id",
    clientSecret: "secret",
    environment: "sandbox",
    apiBase: fake.origin,
  });
  const { result, ms } = await timed(() => provider.checkoutStatus("I-SUB1", "checkout-1"));
  expect(result.state).toBe("error");
  // The OAuth token request and the query each have the limit; either hangs here.
  expect(ms).toBeLessThan(2 * LIMIT_MS + 1500);
});

it("withinProviderTime bounds a call whatever the SDK does", async () => {
  const never = new Promise<never>(() => {});
  await expect(withinProviderTime("a call", never, 50)).rejects.toThrow("a call: no answer within 50 ms");
});
