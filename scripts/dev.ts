// `npm run dev`: the Vite development server (server.ts). With `--fakes` (or FAKES=1) it first starts
// the local fakes of the providers' APIs that the tests use (tests/fakes) and points the app's real
// providers at them: Stripe (or PayPal with `--fakes=paypal` / FAKES=paypal, or both with `--fakes=both`,
// so that the payment form offers the choice), Twilio (SMS, voice calls, number lookup) and SendGrid.
// Every request they receive stays on this machine.
import { PAYPAL_ENV, startPayPalFake } from "../tests/fakes/paypal.ts";
import { sendgridEnv, startSendGridFake } from "../tests/fakes/sendgrid.ts";
import { startStripeFake, stripeEnv } from "../tests/fakes/stripe.ts";
import { startTwilioFake, twilioEnv } from "../tests/fakes/twilio.ts";

const flag = process.argv.slice(2).find((arg) => arg === "--fakes" || arg.startsWith("--fakes="));
const choice = flag ? (flag.split("=")[1] ?? "1") : (process.env.FAKES ?? "0");
if (!["0", "1", "stripe", "paypal", "both"].includes(choice)) {
  console.error(`FAKES must be 1, stripe, paypal or both (got "${choice}")`);
  process.exit(1);
}

if (choice !== "0") {
  const stripe = choice !== "paypal";
  const paypal = choice === "paypal" || choice === "both";
  const [stripeFake, paypalFake, twilio, sendgrid] = await Promise.all([
    stripe ? startStripeFake() : null,
    paypal ? startPayPalFake() : null,
    startTwilioFake(),
    startSendGridFake(),
  ]);
  // The fakes replace whatever provider keys the environment held, so nothing can leave the machine.
  for (const key of Object.keys(process.env))
    if (/^(TEST_)?(STRIPE|PAYPAL|TWILIO|SENDGRID)_/.test(key)) delete process.env[key];
  Object.assign(
    process.env,
    stripeFake ? stripeEnv(stripeFake.origin) : {},
    paypalFake ? { ...PAYPAL_ENV, TEST_PAYPAL_API_BASE: paypalFake.origin } : {},
    twilioEnv(twilio.origin),
    sendgridEnv(sendgrid.origin),
  );
  if (stripeFake) console.log(`Fake Stripe API: ${stripeFake.origin}`);
  if (paypalFake) console.log(`Fake PayPal API: ${paypalFake.origin}`);
  console.log(`Fake Twilio API (SMS, voice calls, lookup): ${twilio.origin}`);
  console.log(`Fake SendGrid API: ${sendgrid.origin}`);
}

await import("../server.ts");
