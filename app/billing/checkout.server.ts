import { z } from "zod";

import { pageWithModal } from "~/auth/modal-url";
import { EMAIL_PATTERN } from "~/auth/validation";
import { describeSubscription } from "~/billing/subscription.server";
import { db } from "~/db/db.server";
import { accountExistsEmail } from "~/emails/billing.server";
import { paths } from "~/http/paths";
import { getT } from "~/i18n/i18next.server";
import type { FieldMessages, MessageKey } from "~/i18n/keys";
import { isLocale, localizePath, type Locale } from "~/i18n/locales";
import { hit } from "~/limits/rate-limit.server";
import { DEFAULT_REGION } from "~/phone/countries.server";
import { withSearchedNumber, type SearchedNumber } from "~/phone/number-search";
import { parseMobile } from "~/phone/numbers.server";
import { emailProvider } from "~/providers/email.server";
import { paymentProvider, sandboxPayments } from "~/providers/payments/provider.server";
import type { ProviderName } from "~/providers/payments/types";
import { config } from "~/server/config.server";
import { randomToken, sha256 } from "~/utils/hash.server";
import { messageKey, parseForm } from "~/utils/parse-form";
import { HOUR } from "~/utils/time";

import { isReturningSubscriber, planFor, RENEWAL_PLAN_SUFFIX } from "./plans.server";

// Checkout: the payment form, its limits per client address and e-mail, and the provider's checkout.

/** The payment form (modal and API). Messages are translation keys. */
export const paymentFormSchema = z.object({
  name: z.string().trim().min(1, messageKey("payments.errors.name")).max(80, messageKey("payments.errors.name")),
  surname: z.string().trim().min(1, messageKey("payments.errors.name")).max(80, messageKey("payments.errors.name")),
  email: z
    .string()
    .trim()
    .min(1, messageKey("validation.emailRequired"))
    .max(254, messageKey("loginModal.EnterValidEmail"))
    .regex(EMAIL_PATTERN, messageKey("loginModal.EnterValidEmail"))
    .transform((s) => s.toLowerCase()),
  adult: z.union([z.literal(true), z.literal("on"), z.literal("1"), z.literal("true")], {
    errorMap: () => ({ message: messageKey("payments.errors.adult") }),
  }),
  // Optional (spec sections 3 and 5); checked as a mobile number by `checkoutPhone`.
  phone: z.string().trim().max(40, messageKey("requests.errors.numberInvalid")).optional(),
});
export type PaymentForm = z.infer<typeof paymentFormSchema>;

/** A buyer's name or surname as the payment form takes it: 1 to 80 characters, not only spaces. */
function buyerName() {
  const invalid = messageKey("payments.errors.name");
  return z.string({ required_error: invalid }).min(1, invalid).max(80, invalid).regex(/\S/, invalid);
}

/**
 * POST /api/v1/auth/registerAndSign/{provider}'s body: presence, sizes and types; `startCheckout` checks
 * the values with `paymentFormSchema` and answers each field's error.
 */
export const registerAndSignSchema = z.object({
  // The bounds the payment form checks, so that the document shows them (docs/decisions/042).
  name: buyerName(),
  surname: buyerName(),
  // Checked by the payment form; a renewal of an account with access is refused (409) before.
  email: z
    .string()
    .max(320, messageKey("loginModal.EnterValidEmail"))
    .default("")
    .describe("The buyer's e-mail address: the account's, once paid (required to open a checkout)."),
  adult: z
    .literal(true, { errorMap: () => ({ message: messageKey("payments.errors.adult") }) })
    .describe("true: the buyer confirms being 18 or older (required)."),
  phone: z
    .string()
    .max(40, messageKey("requests.errors.numberInvalid"))
    .optional()
    .describe("An optional mobile number, read in the locale's country unless it starts with +."),
  locale: z
    .string()
    .optional()
    .describe("en, id or ph: the plan's currency and the e-mails' language (else Accept-Language)."),
});

export type StartCheckoutResult =
  | { ok: true; checkoutId: string; url: string; provider: ProviderName }
  | { ok: false; error: "validation"; fields: FieldMessages }
  | { ok: false; error: "provider" }
  /** The provider asked for is not configured (the sandbox stands in for any only when none is). */
  | { ok: false; error: "unavailable" }
  | { ok: false; error: "throttled"; retryAfterSeconds: number }
  | { ok: false; error: "subscribed"; validUntil: string; cancelled: boolean };

/**
 * The payment form's optional mobile number: empty is fine; anything else must be a valid mobile
 * number, read in the page language's country unless it starts with +.
 */
function checkoutPhone(
  raw: string | undefined,
  locale: Locale,
): { ok: true; e164: string | null } | { ok: false; error: MessageKey } {
  if (!raw) return { ok: true, e164: null };
  const parsed = parseMobile(DEFAULT_REGION[locale], raw);
  return parsed.ok ? { ok: true, e164: parsed.e164 } : parsed;
}

/**
 * Validates the buyer, records a pending Checkout and opens a checkout at the provider. A signed-in
 * `userId` renews that account (with its own address); otherwise the account is created after
 * payment. `provider` is the buyer's choice when Stripe and PayPal are both configured (the first
 * configured one without it); the sandbox stands in for either only when neither is.
 * `browserSecret` binds the checkout to the browser that started it (only its hash is stored): the
 * automatic sign-in after payment happens only there.
 *
 * An address that belongs to another account opens nothing and changes nothing: the answer has the
 * same shape as a checkout's (an id made the same way, the provider asked for), with `url` the
 * "check your e-mail" page, and the address's owner is told by e-mail (docs/decisions/050). The
 * answer never says "already in use", so the form cannot tell a stranger which addresses have accounts.
 *
 * Each well-formed attempt counts against CHECKOUT_LIMIT_PER_IP (per client address) and
 * CHECKOUT_LIMIT_PER_EMAIL per hour, before the e-mail is looked up: neither the provider's API nor
 * the owner's mailbox can be reached in bulk.
 */
export async function startCheckout(
  raw: unknown,
  options: {
    locale: Locale;
    ip: string;
    browserSecret?: string;
    userId?: string;
    now?: Date;
    searched?: SearchedNumber | null;
    provider?: string | null;
  },
): Promise<StartCheckoutResult> {
  const provider = await paymentProvider(sandboxPayments() ? null : (options.provider ?? null));
  if (!provider) return { ok: false, error: "unavailable" };
  // An account with access must not pay twice: a second provider subscription would replace the
  // stored one while the first keeps charging. A cancelled one renews once its paid period is over
  // (the expired notice offers it), so nothing is charged for days already paid.
  if (options.userId) {
    const sub = await db().subscription.findUnique({ where: { userId: options.userId } });
    if (sub && describeSubscription(sub, options.now ?? new Date()).access) {
      return {
        ok: false,
        error: "subscribed",
        validUntil: sub.validUntil.toISOString(),
        cancelled: sub.state === "cancelled",
      };
    }
  }
  const parsed = parseForm(paymentFormSchema, raw);
  if (!parsed.ok) return { ok: false, error: "validation", fields: parsed.errors };
  const form = parsed.data;
  const phone = checkoutPhone(form.phone, options.locale);
  if (!phone.ok) return { ok: false, error: "validation", fields: { phone: phone.error } };
  for (const [key, limit] of [
    [`checkout:ip:${options.ip}`, config().CHECKOUT_LIMIT_PER_IP],
    [`checkout:email:${form.email}`, config().CHECKOUT_LIMIT_PER_EMAIL],
  ] as const) {
    const slot = await hit(key, limit, HOUR, options.now);
    if (!slot.ok) return { ok: false, error: "throttled", retryAfterSeconds: slot.retryAfterSeconds };
  }
  const owner = await db().user.findUnique({
    where: { email: form.email },
    select: { id: true, name: true, locale: true },
  });
  if (owner && owner.id !== options.userId) {
    await tellOwner({ ...owner, email: form.email }, options.locale, options.now);
    return {
      ok: true,
      checkoutId: randomToken(18),
      url: new URL(localizePath(paths.checkEmail, options.locale), config().publicUrl).toString(),
      provider: provider.name,
    };
  }
  const plan = planFor(options.locale, provider.name);
  const renewal = await isReturningSubscriber(options.userId);
  const checkoutId = randomToken(18);
  await db().checkout.create({
    data: {
      id: checkoutId,
      provider: provider.name,
      email: form.email,
      name: form.name,
      surname: form.surname,
      locale: options.locale,
      plan: renewal ? `${plan.plan}${RENEWAL_PLAN_SUFFIX}` : plan.plan,
      currency: plan.currency,
      amount: plan.amount,
      // Nothing is charged for a first day on a renewal.
      firstDayAmount: renewal ? 0 : plan.firstDayAmount,
      periodDays: plan.periodDays,
      userId: options.userId ?? null,
      ...(phone.e164 ? { phone: { create: { phone: phone.e164 } } } : {}),
    },
  });
  if (options.browserSecret) {
    await db().checkoutBrowser.create({ data: { checkoutId, secretHash: sha256(options.browserSecret) } });
  }
  const t = await getT(options.locale);
  const origin = config().publicUrl;
  const created = await provider.createCheckout({
    checkoutId,
    email: form.email,
    name: form.name,
    surname: form.surname,
    locale: options.locale,
    currency: plan.currency,
    amount: plan.amount,
    firstDayAmount: plan.firstDayAmount,
    periodDays: plan.periodDays,
    trial: !renewal,
    successUrl: new URL(
      localizePath(withSearchedNumber(`/register?id=${checkoutId}`, options.searched ?? null), options.locale),
      origin,
    ).toString(),
    cancelUrl: new URL(
      localizePath(withSearchedNumber(paths.buy, options.searched ?? null), options.locale),
      origin,
    ).toString(),
    productName: t("payments.productName", { period: plan.periodDays }),
    firstDayName: t("payments.firstDayName"),
  });
  if (!created.ok) {
    await db().checkout.update({ where: { id: checkoutId }, data: { status: "failed" } });
    return { ok: false, error: "provider" };
  }
  await db().checkout.update({ where: { id: checkoutId }, data: { providerSessionId: created.sessionId } });
  return { ok: true, checkoutId, url: created.url, provider: provider.name };
}

/** The owner hears of attempts with their address at most this often per hour. */
export const ACCOUNT_EXISTS_MAIL_LIMIT = 1;

/**
 * Tells an account's owner that someone tried to open an account with their address: where to sign
 * in, where to reset the password, and to ignore it otherwise. At most one such e-mail per address
 * an hour (ACCOUNT_EXISTS_MAIL_LIMIT), so the form cannot flood an inbox; a failed send (the
 * provider answers it, never throws) is not answered differently either: the answer must not depend
 * on the address.
 */
async function tellOwner(owner: { email: string; name: string | null; locale: string }, locale: Locale, now?: Date) {
  const { email } = owner;
  const slot = await hit(`checkout:owner-mail:${email}`, ACCOUNT_EXISTS_MAIL_LIMIT, HOUR, now);
  if (!slot.ok) return;
  // The owner's own language, as every e-mail to an account (the visitor's when it has none set).
  const language = isLocale(owner.locale) ? owner.locale : locale;
  const link = (modal: "login" | "reset") =>
    new URL(localizePath(pageWithModal(paths.home, { modal, email }), language), config().publicUrl).toString();
  const message = accountExistsEmail(await getT(language), {
    name: owner.name,
    signInUrl: link("login"),
    resetUrl: link("reset"),
  });
  await emailProvider().send({ to: email, ...message });
}
