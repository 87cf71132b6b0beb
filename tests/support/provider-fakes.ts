// Runs the app's real Twilio, SendGrid, Stripe and PayPal providers against the local fakes in
// tests/fakes, for tests of what the app does when a provider answers or fails.
import { afterAll, beforeAll, beforeEach } from "vitest";

import { resetConfig } from "~/server/config.server";

import { PAYPAL_ENV, startPayPalFake } from "../fakes/paypal";
import { sendgridEnv, startSendGridFake } from "../fakes/sendgrid";
import { startStripeFake, stripeEnv } from "../fakes/stripe";
import { startTwilioFake, twilioEnv } from "../fakes/twilio";
import { allowConsoleError } from "./console";

async function withEnv(env: Record<string, string>, test: () => Promise<void>) {
  Object.assign(process.env, env);
  resetConfig();
  try {
    await test();
  } finally {
    for (const key of Object.keys(env)) delete process.env[key];
    resetConfig();
  }
}

/**
 * Runs `test` with the real Twilio SMS provider pointed at a fake that refuses everything for good
 * (400): such a send is not tried again (a 5xx would be: app/location-requests/delivery.server.ts).
 */
export async function withFailingTwilio(test: () => Promise<void>) {
  allowConsoleError();
  const fake = await startTwilioFake({ failWith: 400 });
  await withEnv(twilioEnv(fake.origin), test).finally(fake.close);
}

/**
 * Runs `test` with the real SendGrid provider pointed at a fake that refuses every message; returns
 * how many sends reached the fake.
 */
export async function withFailingSendGrid(test: () => Promise<void>) {
  allowConsoleError();
  const fake = await startSendGridFake({ refuse: true });
  await withEnv(sendgridEnv(fake.origin), test).finally(fake.close);
  return fake.requests.length;
}

/**
 * Runs `test` with the real SendGrid provider pointed at a fake that holds every answer until the
 * test calls `release`; returns the requests the fake received.
 */
export async function withHeldSendGrid(test: (release: () => void) => Promise<void>) {
  let release!: () => void;
  const until = new Promise<void>((resolve) => (release = resolve));
  const fake = await startSendGridFake({ until });
  await withEnv(sendgridEnv(fake.origin), () => test(release)).finally(() => {
    release();
    return fake.close();
  });
  return fake.requests;
}

const { TWILIO_FROM: _from, ...lookupEnv } = twilioEnv("");

/**
 * Configures the real Twilio Lookup provider against a fake that answers `status` (the PH answer of
 * twilioLookupAnswer on 200). Call `stopTwilioLookupFake` after each test.
 */
export async function startTwilioLookupFake(status = 200) {
  const fake = await startTwilioFake(status === 200 ? {} : { failWith: status });
  Object.assign(process.env, { ...lookupEnv, TEST_TWILIO_BASE_URL: fake.origin });
  resetConfig();
  return fake;
}

export async function stopTwilioLookupFake(fake: { close(): Promise<unknown> } | undefined) {
  for (const key of Object.keys(lookupEnv)) delete process.env[key];
  resetConfig();
  await fake?.close();
}

type StripeFake = Awaited<ReturnType<typeof startStripeFake>>;

/**
 * The Stripe fake for a whole test file (or describe block): started and pointed at before its tests,
 * its recorded requests and failures cleared before each, stopped after. The returned object stands
 * for the fake started in `beforeAll` (read its fields inside tests). `withoutWebhookSecret`: the app
 * is given no STRIPE_WEBHOOK_SECRET.
 */
export function stripeFakeForTests(options: { withoutWebhookSecret?: boolean } = {}): StripeFake {
  let fake: StripeFake | undefined;
  let env: Record<string, string> = {};
  beforeAll(async () => {
    fake = await startStripeFake();
    const { STRIPE_WEBHOOK_SECRET, ...rest } = stripeEnv(fake.origin);
    env = options.withoutWebhookSecret ? rest : { ...rest, STRIPE_WEBHOOK_SECRET };
    Object.assign(process.env, env);
    resetConfig();
  });
  afterAll(async () => {
    for (const name of Object.keys(env)) delete process.env[name];
    resetConfig();
    await fake?.close();
  });
  beforeEach(() => {
    fake!.requests.length = 0;
    fake!.control.cancelFailures = 0;
  });
  return new Proxy({} as StripeFake, { get: (_target, key) => Reflect.get(fake!, key) });
}

type PayPalFake = Awaited<ReturnType<typeof startPayPalFake>>;

/**
 * The PayPal fake for a whole test file, as stripeFakeForTests: started and pointed at before its
 * tests (PAYPAL_ENV), its recorded requests and forced failure cleared before each, stopped after.
 */
export function paypalFakeForTests(): PayPalFake {
  let fake: PayPalFake | undefined;
  const env: Record<string, string> = { ...PAYPAL_ENV };
  beforeAll(async () => {
    fake = await startPayPalFake();
    env.TEST_PAYPAL_API_BASE = fake.origin;
    Object.assign(process.env, env);
    resetConfig();
  });
  afterAll(async () => {
    for (const name of Object.keys(env)) delete process.env[name];
    resetConfig();
    await fake?.close();
  });
  beforeEach(() => {
    fake!.requests.length = 0;
    fake!.control.failNext = null;
  });
  return new Proxy({} as PayPalFake, { get: (_target, key) => Reflect.get(fake!, key) });
}
