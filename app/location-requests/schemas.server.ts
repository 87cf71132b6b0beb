// What a requester sends (docs/decisions/018): one schema per form, read by New Search and by the JSON
// API alike. Messages are translation keys (New Search shows them by field); the API names the first
// field that fails a size or type check, and answers a failed number or address with its own message.
import { z } from "zod";

import { emailError } from "~/auth/validation";
import type { MessageKey } from "~/i18n/keys";
import { locales } from "~/i18n/locales";
import { parseMobile } from "~/phone/numbers.server";
import { withoutContactPoint } from "~/utils/contact-points.server";
import { cleanLine, NAME_MAX, TITLE_MAX } from "~/utils/display-text";
import { parseEmailAddress } from "~/utils/email-address.server";
import { addDomainIssue, messageKey } from "~/utils/parse-form";

export type Channel = "sms" | "email" | "link";
export const MESSAGE_TEMPLATES = ["family", "checkIn", "safety"] as const;
export type MessageTemplate = (typeof MESSAGE_TEMPLATES)[number];

/**
 * The error for a recipient's address, if any: one plain address (parseEmailAddress: no quoted local
 * part, comment or invisible character, a domain IDNA maps) that reads as the spec's pattern.
 */
export function validateEmailTarget(email: string): MessageKey | undefined {
  const trimmed = email.trim();
  if (!trimmed) return "requests.errors.emailRequired";
  const address = parseEmailAddress(trimmed);
  return address ? emailError(address) : "loginModal.EnterValidEmail";
}

/**
 * The name the recipient sees, and a link's title: one cleaned line of at most 60 characters, with no
 * web address, domain, e-mail address or phone number in it (the service sends it in its own name).
 */
const oneLine = (required: MessageKey, tooLong: MessageKey, contact: MessageKey, max: number) =>
  z
    .string()
    // The bounds the document shows are the ones kept (cleaning only shortens a line). A pipe, not a
    // transform, after them: a failed bound leaves the form's other checks running (decision 042).
    .min(1, required)
    .max(max, tooLong)
    .regex(/\S/, required)
    .pipe(
      z
        .string()
        .transform(cleanLine)
        .pipe(z.string().min(1, required).max(max, tooLong).superRefine(withoutContactPoint(contact))),
    );

const senderFields = {
  requesterName: oneLine(
    "requests.errors.nameRequired",
    "dashboard.errors.nameTooLong",
    "requests.errors.nameContact",
    NAME_MAX,
  ),
  /** The recipient's language: the message and the consent page use it. */
  locale: z.enum(locales).default("en"),
};
const template = z.enum(MESSAGE_TEMPLATES).default("family");

/**
 * `countryCode` (a region or a dial code) and `phone` as one mobile number. A refinement, so that a
 * form shows a wrong number beside the other fields' errors: zod skips transforms once a field failed.
 */
export function refineMobile(input: { countryCode: string; phone: string }, ctx: z.RefinementCtx) {
  const number = parseMobile(input.countryCode, input.phone);
  if (!number.ok) addDomainIssue(ctx, number.error, ["phone"]);
}

export const sendSmsSchema = z
  .object({
    ...senderFields,
    countryCode: z.string().max(5).default(""),
    phone: z
      .string()
      .min(1, messageKey("requests.errors.numberRequired"))
      .max(32, messageKey("requests.errors.numberInvalid")),
    template,
  })
  .superRefine(refineMobile)
  .transform(({ countryCode, phone, ...input }) => {
    const number = parseMobile(countryCode, phone);
    // Only reached when refineMobile accepted the number.
    return number.ok ? { ...input, channel: "sms" as const, target: number.e164 } : z.NEVER;
  });

export const sendEmailSchema = z
  .object({
    ...senderFields,
    email: z
      .string()
      .max(320, messageKey("loginModal.EnterValidEmail"))
      .superRefine((email, ctx) => {
        const invalid = validateEmailTarget(email);
        if (invalid) addDomainIssue(ctx, invalid);
      })
      // Sent to, and keyed on, the form mail providers read: `rosa@ｇｍａｉｌ.com` is rosa@gmail.com.
      .transform((email) => parseEmailAddress(email.trim()) ?? z.NEVER),
    template,
  })
  .transform(({ email, ...input }) => ({ ...input, channel: "email" as const, target: email }));

export const createLinkSchema = z
  .object({
    ...senderFields,
    title: oneLine(
      "dashboard.errors.titleRequired",
      "requests.errors.titleTooLong",
      "requests.errors.titleContact",
      TITLE_MAX,
    ),
  })
  .transform((input) => ({ ...input, channel: "link" as const }));
