import { emailProvider } from "~/providers/email.server";
import { paymentProviderNames, sandboxPayments } from "~/providers/payments/provider.server";
import { phoneLookupProvider } from "~/providers/phone-lookup.server";
import { pushProvider } from "~/providers/push.server";
import { reverseGeocoder } from "~/providers/reverse-geocoding.server";
import { smsProvider } from "~/providers/sms.server";
import { voiceProvider } from "~/providers/voice.server";
import { config } from "~/server/config.server";

/**
 * The services that would run on an embedded provider (nothing sent, nothing charged), each with the
 * settings that configure the real one. `npm run serve` refuses to start while any is listed, unless
 * APP_MODE=sandbox (startup.server.ts).
 */
export function embeddedFallbacks(): string[] {
  const missing: string[] = [];
  if (sandboxPayments()) {
    missing.push(
      "payments (STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET, or PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET, PAYPAL_WEBHOOK_ID and PAYPAL_PRODUCT_ID)",
    );
  }
  if (smsProvider().name === "outbox")
    missing.push("SMS (TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM or TWILIO_MESSAGING_SERVICE_SID)");
  if (voiceProvider().name === "outbox")
    missing.push("voice calls (TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM)");
  if (emailProvider().name === "outbox") missing.push("e-mail (SENDGRID_API_KEY)");
  return missing;
}

/**
 * One line per third-party service, naming the provider in use, for the startup log: an operator
 * sees at a glance which services really leave the machine and which run on the embedded default.
 */
export function providerSummary(): string[] {
  const stays = " (embedded: messages stay on this machine)";
  const email = emailProvider().name;
  const sms = smsProvider().name;
  const voice = voiceProvider().name;
  const lookup = phoneLookupProvider().name;
  const geocoder = reverseGeocoder().name;
  const payments = paymentProviderNames();
  return [
    `E-mail: ${email}${email === "outbox" ? stays : ""}${email === "sendgrid" ? emailReports() : ""}`,
    `SMS: ${sms}${sms === "outbox" ? stays : ""}`,
    `Push notifications: ${pushProvider().name}${pushProvider().name === "outbox" ? stays : " (VAPID keys from the settings or the database)"}`,
    `Voice calls: ${voice}${voice === "outbox" ? " (embedded: calls are only stored in the outbox)" : ""}`,
    `Number lookup: ${lookup}${lookup === "offline" ? " (embedded: numbering data only, no carrier)" : ""}`,
    `Reverse geocoding: ${geocoder}${geocoder === "offline" ? " (embedded: nearest city from the packaged list)" : ""}`,
    "IP location: offline (the packaged city database)",
    `Payments: ${payments.join(" and ")}${payments.length > 1 ? " (the buyer chooses)" : ""}${payments[0] === "sandbox" ? " (embedded: test checkout at /checkout/sandbox, no money moves; renews by itself at each period end; npm run sandbox -- renew|fail <email>)" : ""}`,
  ];
}

/** Whether SendGrid's signed delivery events are taken (docs/deploy.md, "Delivery reports from the providers"). */
function emailReports() {
  return config().SENDGRID_WEBHOOK_PUBLIC_KEY
    ? ` (delivery reports at ${config().publicUrl.origin}/email/events)`
    : " (no delivery reports: SENDGRID_WEBHOOK_PUBLIC_KEY is not set)";
}
