// The lookup page's server side: one lookup answer for the loader (GET with ?number=) and the action
// (the form's POST).
import { subscriptionFor } from "~/billing/subscription.server";
import type { Locale } from "~/i18n/locales";
import { lookupPhoneNumber, lookupView, type LookupView } from "~/phone/lookup.server";
import { parseLookupNumber } from "~/phone/numbers.server";
import { refusal, type FormReply } from "~/utils/parse-form";

export type LookupValues = { country: string; number: string };
/** A refused number (the shared reply shape, its error on `number`), or the lookup's answer. */
export type LookupReply = FormReply<never, LookupValues> | { ok: true; values: LookupValues; result: LookupView };

/** Null when no account with an active subscription is signed in. */
async function subscriberId(user: { id: string } | null) {
  if (!user) return null;
  return (await subscriptionFor(user.id)).access ? user.id : null;
}

/** `user`: who is signed in (the page's guard read it), or null. */
export async function answerLookup(
  request: Request,
  locale: Locale,
  values: LookupValues,
  user: { id: string } | null,
): Promise<LookupReply> {
  const parsed = parseLookupNumber(values.country, values.number);
  if (!parsed.ok) return refusal(parsed.error, { values, field: "number" });
  const answer = await lookupPhoneNumber(parsed.e164, await subscriberId(user));
  if (!answer) return refusal("requests.errors.numberInvalid", { values, field: "number" });
  return { ok: true, values, result: lookupView(answer, locale) };
}
