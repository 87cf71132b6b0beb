import { afterEach, expect, it } from "vitest";

import { resetConfig } from "~/server/config.server";

import { providerSummary } from "./summary.server";

const TWILIO = { TWILIO_ACCOUNT_SID: "AC1", TWILIO_AUTH_TOKEN: "t", TWILIO_FROM: "+15005550006" };
afterEach(() => {
  for (const key of Object.keys(TWILIO)) delete process.env[key];
  resetConfig();
});

it("names every provider, the embedded defaults included", () => {
  const lines = providerSummary();
  expect(lines.map((line) => line.split(":")[0])).toEqual([
    "E-mail",
    "SMS",
    "Push notifications",
    "Voice calls",
    "Number lookup",
    "Reverse geocoding",
    "IP location",
    "Payments",
  ]);
  expect(lines).toContain("SMS: outbox (embedded: messages stay on this machine)");
  expect(lines).toContain("Push notifications: outbox (embedded: messages stay on this machine)");
  expect(lines.find((line) => line.startsWith("Reverse geocoding"))).toMatch(/^Reverse geocoding: offline/);
});

it("names Twilio for SMS, calls and lookups once it is configured", () => {
  Object.assign(process.env, TWILIO);
  resetConfig();
  const lines = providerSummary();
  expect(lines).toContain("SMS: twilio");
  expect(lines).toContain("Voice calls: twilio");
  expect(lines).toContain("Number lookup: twilio");
});

it("names both payment providers when Stripe and PayPal are configured: the buyer chooses", () => {
  const both = { STRIPE_SECRET_KEY: "sk_test_x", PAYPAL_CLIENT_ID: "id", PAYPAL_CLIENT_SECRET: "secret" };
  Object.assign(process.env, both);
  resetConfig();
  try {
    expect(providerSummary()).toContain("Payments: stripe and paypal (the buyer chooses)");
  } finally {
    for (const key of Object.keys(both)) delete process.env[key];
    resetConfig();
  }
  expect(providerSummary().find((line) => line.startsWith("Payments"))).toMatch(/^Payments: sandbox \(embedded/);
});

it("says whether SendGrid's delivery reports are taken", () => {
  process.env.SENDGRID_API_KEY = "SG.x";
  resetConfig();
  try {
    expect(providerSummary()).toContain(
      "E-mail: sendgrid (no delivery reports: SENDGRID_WEBHOOK_PUBLIC_KEY is not set)",
    );
    process.env.SENDGRID_WEBHOOK_PUBLIC_KEY = "MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE";
    resetConfig();
    expect(providerSummary().find((line) => line.startsWith("E-mail"))).toMatch(
      /^E-mail: sendgrid \(delivery reports at http.*\/email\/events\)$/,
    );
  } finally {
    delete process.env.SENDGRID_API_KEY;
    delete process.env.SENDGRID_WEBHOOK_PUBLIC_KEY;
    resetConfig();
  }
});
