import { parsePhoneNumberFromString, type NumberType } from "libphonenumber-js/max";
import { z } from "zod";

import { config } from "~/server/config.server";
import { log } from "~/server/log.server";

import { providerTimeoutMs, withinProviderTime } from "./timeout.server";
import { twilioClient, twilioErrorMessage } from "./twilio.server";

/** What the number itself tells, from libphonenumber-js metadata: no network, no cost. */
export type OfflineLookup = {
  number: string;
  valid: boolean;
  /** ISO 3166 region, e.g. "PH"; null when the calling code is shared and the number does not tell. */
  country: string | null;
  callingCode: string;
  nationalFormat: string;
  internationalFormat: string;
  /** libphonenumber-js's number type (MOBILE, FIXED_LINE, VOIP, TOLL_FREE, ...); null when unknown. */
  numberType: NumberType | null;
  /** The country's IANA time zones from the runtime's ICU data (Intl.Locale), empty when unknown. */
  timeZones: string[];
};

/** What a paid provider adds; each field is null when the provider does not know it. */
export type ProviderFields = { carrier: string | null; lineType: string | null; callerName: string | null };

export type ProviderLookupResult = { ok: true; fields: ProviderFields } | { ok: false; error: string };

export interface PhoneLookupProvider {
  readonly name: "offline" | "twilio";
  lookup(e164: string): Promise<ProviderLookupResult>;
}

/** The IANA zones of a region, from ICU (`Intl.Locale#getTimeZones`, `timeZones` before Node 22). */
export function timeZonesOf(region: string): string[] {
  const locale = new Intl.Locale(`und-${region}`) as Intl.Locale & {
    getTimeZones?: () => string[];
    timeZones?: string[];
  };
  return [...(locale.getTimeZones?.() ?? locale.timeZones ?? [])];
}

/** The offline answer for an E.164 number (or any number with its + prefix); null when it cannot be parsed. */
export function offlineLookup(e164: string): OfflineLookup | null {
  const parsed = parsePhoneNumberFromString(e164);
  if (!parsed) return null;
  const country = parsed.country ?? null;
  return {
    number: parsed.number,
    valid: parsed.isValid(),
    country,
    callingCode: parsed.countryCallingCode,
    nationalFormat: parsed.formatNational(),
    internationalFormat: parsed.formatInternational(),
    numberType: parsed.getType() ?? null,
    timeZones: country ? timeZonesOf(country) : [],
  };
}

/** Embedded default: nothing beyond the offline fields (callers check `name` and never ask it). */
export function offlineLookupProvider(): PhoneLookupProvider {
  return { name: "offline", lookup: async () => ({ ok: false, error: "No lookup provider is configured" }) };
}

// Twilio Lookup v2 as the SDK returns it (camelCase, nested parts too); every part may be null.
const twilioAnswer = z.object({
  phoneNumber: z.string(),
  lineTypeIntelligence: z
    .object({ carrierName: z.string().nullish(), type: z.string().nullish() })
    .passthrough()
    .nullish(),
  callerName: z.object({ callerName: z.string().nullish(), callerType: z.string().nullish() }).passthrough().nullish(),
});

export function twilioLookupProvider(options: {
  accountSid: string;
  authToken: string;
  baseUrl?: string;
  timeoutMs?: number;
}): PhoneLookupProvider {
  const timeoutMs = options.timeoutMs ?? providerTimeoutMs();
  const client = twilioClient(options.accountSid, options.authToken, options.baseUrl, timeoutMs);
  return {
    name: "twilio",
    async lookup(e164) {
      try {
        const twilio = await client();
        const answer = await withinProviderTime(
          "Twilio Lookup",
          twilio.lookups.v2.phoneNumbers(e164).fetch({ fields: "line_type_intelligence,caller_name" }),
          timeoutMs,
        );
        const parsed = twilioAnswer.safeParse(answer.toJSON());
        if (!parsed.success) throw new Error(`Unexpected Lookup answer: ${parsed.error.issues[0]?.message}`);
        const { lineTypeIntelligence: line, callerName: caller } = parsed.data;
        return {
          ok: true,
          fields: {
            carrier: line?.carrierName ?? null,
            lineType: line?.type ?? null,
            callerName: caller?.callerName ?? null,
          },
        };
      } catch (error) {
        log("error", "Twilio Lookup failed", { error: twilioErrorMessage(error) });
        return { ok: false, error: twilioErrorMessage(error) };
      }
    },
  };
}

// Chosen once per configuration (tests reset the configuration to switch providers).
let chosen: { for: object; provider: PhoneLookupProvider } | undefined;
export function phoneLookupProvider(): PhoneLookupProvider {
  const c = config();
  if (chosen?.for !== c) {
    const provider =
      c.TWILIO_ACCOUNT_SID && c.TWILIO_AUTH_TOKEN
        ? twilioLookupProvider({
            accountSid: c.TWILIO_ACCOUNT_SID,
            authToken: c.TWILIO_AUTH_TOKEN,
            baseUrl: c.TEST_TWILIO_BASE_URL,
          })
        : offlineLookupProvider();
    chosen = { for: c, provider };
  }
  return chosen.provider;
}
