// The lookup page's server side: one lookup answer for the loader (GET with ?number=) and the action
// (the form's POST).
import { subscriptionFor } from "~/billing/subscription.server";
import type { MessageKey } from "~/i18n/keys";
import type { Locale } from "~/i18n/locales";
import { lookupPhoneNumber, lookupView, type LookupView } from "~/phone/lookup.server";
import { parseLookupNumber } from "~/phone/numbers.server";

export type LookupReply = {
  values: { country: string; number: string };
  /** A translation key for the number field. */
  error?: MessageKey;
  result?: LookupView;
};

/** Null when no account with an active subscription is signed in. */
async function subscriberId(user: { id: string } | null) {
  if (!user) return null;
  return (await subscriptionFor(user.id)).access ? user.id : null;
}

/** `user`: who is signed in (the page's guard read it), or null. */
export async function answerLookup(
  request: Request,
  locale: Locale,
  values: LookupReply["values"],
  user: { id: string } | null,
): Promise<LookupReply> {
  const parsed = parseLookupNumber(values.country, values.number);
  if (!parsed.ok) return { values, error: parsed.error };
  const answer = await lookupPhoneNumber(parsed.e164, await subscriberId(user));
  if (!answer) return { values, error: "requests.errors.numberInvalid" };
  return { values, result: lookupView(answer, locale) };
}
