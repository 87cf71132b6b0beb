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

/**
 * A provider's fake for a whole test file (or describe block): started and pointed at (`envOf`) before
 * its tests, cleared (`clear`) before each, stopped after. The returned object stands for the fake
 * started in `beforeAll` (read its fields inside tests).
 */
function fakeForTests<F extends { close(): Promise<unknown> }>(
  start: () => Promise<F>,
  envOf: (fake: F) => Record<string, string>,
  clear: (fake: F) => void,
): F {
  let fake: F | undefined;
  let env: Record<string, string> = {};
  beforeAll(async () => {
    fake = await start();
    env = envOf(fake);
    Object.assign(process.env, env);
    resetConfig();
  });
  afterAll(async () => {
    for (const name of Object.keys(env)) delete process.env[name];
    resetConfig();
    await fake?.close();
  });
  beforeEach(() => clear(fake!));
  return new Proxy({} as F, { get: (_target, key) => Reflect.get(fake!, key) });
}

/**
 * The Stripe fake for a test file: its recorded requests and failures cleared before each test.
 * `withoutWebhookSecret`: the app is given no STRIPE_WEBHOOK_SECRET.
 */
export function stripeFakeForTests(options: { withoutWebhookSecret?: boolean } = {}) {
  return fakeForTests(
    startStripeFake,
    (fake) => {
      const { STRIPE_WEBHOOK_SECRET, ...rest } = stripeEnv(fake.origin);
      return options.withoutWebhookSecret ? rest : { ...rest, STRIPE_WEBHOOK_SECRET };
    },
    (fake) => {
      fake.requests.length = 0;
      fake.control.cancelFailures = 0;
    },
  );
}

/** The PayPal fake for a test file (PAYPAL_ENV): its recorded requests and forced failure cleared before each test. */
export function paypalFakeForTests() {
  return fakeForTests(
    startPayPalFake,
    (fake) => ({ ...PAYPAL_ENV, TEST_PAYPAL_API_BASE: fake.origin }),
    (fake) => {
      fake.requests.length = 0;
      fake.control.failNext = null;
    },
  );
}
