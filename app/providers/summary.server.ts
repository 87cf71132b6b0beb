import { emailProvider } from "~/providers/email.server";
import { activePaymentProviderName } from "~/providers/payments.server";
import { phoneLookupProvider } from "~/providers/phone-lookup.server";
import { reverseGeocoder } from "~/providers/reverse-geocoding.server";
import { smsProvider } from "~/providers/sms.server";
import { voiceProvider } from "~/providers/voice.server";

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
  const payments = activePaymentProviderName();
  return [
    `E-mail: ${email}${email === "outbox" ? stays : ""}`,
    `SMS: ${sms}${sms === "outbox" ? stays : ""}`,
    `Voice calls: ${voice}${voice === "outbox" ? " (embedded: calls are only stored in the outbox)" : ""}`,
    `Number lookup: ${lookup}${lookup === "offline" ? " (embedded: numbering data only, no carrier)" : ""}`,
    `Reverse geocoding: ${geocoder}${geocoder === "offline" ? " (embedded: nearest city from the packaged list)" : ""}`,
    "IP location: offline (the packaged city database)",
    `Payments: ${payments}${payments === "sandbox" ? " (embedded: test checkout at /checkout/sandbox, no money moves; renews by itself at each period end; npm run sandbox -- renew|fail <email>)" : ""}`,
  ];
}
