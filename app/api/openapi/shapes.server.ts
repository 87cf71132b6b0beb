// What the JSON API answers, as schemas for the OpenAPI document (./document.server.ts): the envelope
// every route wraps its answer in, and each route's `data`. The routes answer with what their domain
// functions return; `fieldsOf` holds each shape to the field names of that domain type when the app
// is type-checked, and app/api/openapi/replay.test.ts checks every documented answer of the running
// app against these shapes (objects are closed: a field the document does not name fails it).
// The account's export and deletion are in ./shapes/account.server.ts, a live share's trail in
// ./shapes/live.server.ts, the pieces shapes share in ./shapes/primitives.server.ts.
import type { UserCacheInfo as UserCacheInfoType } from "~/auth/sign-in.server";
import type { paidAmount, SubscriptionDetails } from "~/billing/subscription.server";
import { locales } from "~/i18n/locales";
import type { getRequest } from "~/location-requests/list.server";
import type { LookupAnswer } from "~/phone/lookup.server";
import type { voiceMessagePage } from "~/voice-messages/list.server";
import { VOICE_LANGUAGES, VOICES } from "~/voice-messages/messages";
import { CALL_STATES } from "~/voice-messages/messages.server";

import { ERROR_CODE_LIST, ERROR_CODES } from "../error-codes";
import { DELIVERIES, fieldsOf, id, minor, orNull, REQUEST_STATES, time } from "./shapes/primitives.server";
import { z } from "./zod.server";

export { AccountDeleted, AccountExport } from "./shapes/account.server";
export { TrailPage } from "./shapes/live.server";

/** The stable codes of failures (app/api/error-codes.ts), one component the failures share. */
export const ErrorCode = z
  .enum(ERROR_CODE_LIST)
  .describe(
    `What went wrong, for programs: stable, never translated, the same for the same mistake on every route.\n\n${Object.entries(
      ERROR_CODES,
    )
      .map(([code, meaning]) => `- \`${code}\`: ${meaning}`)
      .join("\n")}`,
  )
  .openapi("ErrorCode");

/**
 * The envelope (spec section 3): the HTTP status equals `status`; `error` repeats a failure's
 * message, and a failure adds its `code` and the `field` it concerns.
 */
export function envelope(status: number, data: z.ZodTypeAny) {
  const fields = {
    status: z.literal(status),
    message: z.string().describe("For people, in the Accept-Language language: `success`, or what went wrong."),
    error: status < 300 ? z.null() : z.string().describe("The same text as `message`."),
    data,
  };
  if (status < 400) return z.object(fields).strict();
  return z
    .object({
      ...fields,
      code: ErrorCode,
      field: z
        .string()
        .nullable()
        .describe("The input the failure concerns (a body field, query or path parameter), or null."),
    })
    .strict();
}

export const UserCacheInfo = fieldsOf<UserCacheInfoType>()(
  z.object({ id, email: z.string(), name: z.string().nullable(), locale: z.string() }).strict(),
).openapi("UserCacheInfo");

export const SignedIn = z
  .object({
    token: z.string().describe("Send it as `Authorization: Bearer <token>` (or raw)."),
    user: z.object({ userCacheInfo: UserCacheInfo }).strict(),
  })
  .strict()
  .openapi("SignedIn");

export const PublicKey = z
  .object({
    publicKey: z.string().describe("PEM (SPKI) of the 2048-bit RSA key."),
    algorithm: z.literal("RSA-OAEP"),
    hash: z.literal("SHA-1"),
    encoding: z.literal("base64"),
  })
  .strict()
  .openapi("PublicKey");

export const Done = z
  .object({ success: z.literal(true) })
  .strict()
  .openapi("Done");

/** A form's errors by field, as message keys (`validation.emailRequired`). */
export const FieldKeys = z
  .object({ fields: z.record(z.string()) })
  .strict()
  .openapi("FieldKeys", {
    deprecated: true,
    description: "Kept for clients written before `code` and `field`: read those instead.",
  });

type SubscriptionInfoFields = Omit<SubscriptionDetails, "access">;
export const SubscriptionInfo = fieldsOf<SubscriptionInfoFields>()(
  z
    .object({
      state: z.enum(["Active", "Cancelled", "Unsubscribed", "Expired"]),
      expiredStatus: z.union([z.literal(0), z.literal(1)]).describe("1: no access (spec section 3)."),
      validUntil: time.nullable(),
      createdAt: time.nullable(),
      provider: orNull(z.enum(["stripe", "paypal", "sandbox"])),
      plan: z.string().nullable().openapi({ example: "usd-30d" }),
      currencyCode: z.string().nullable().openapi({ example: "USD" }),
      amount: minor.nullable(),
      firstDayDebitAmount: minor.nullable(),
      period: z.number().int().nullable().describe("Days between charges."),
      cancelAtPeriodEnd: z.boolean(),
      nextDebitDay: time.nullable().describe("The next charge; null once cancelled or without access."),
    })
    .strict(),
).openapi("SubscriptionInfo");

type PaidAmount = Awaited<ReturnType<typeof paidAmount>>;
export const PaidAmount = fieldsOf<PaidAmount>()(
  z
    .object({
      totals: z.array(z.object({ currencyCode: z.string(), amount: minor }).strict()),
      payments: z.array(
        fieldsOf<PaidAmount["payments"][number]>()(
          z
            .object({
              id,
              amount: minor,
              currencyCode: z.string(),
              status: z.enum(["paid", "failed", "refunded"]),
              paidAt: time,
              periodEnd: time.nullable(),
            })
            .strict(),
        ),
      ),
    })
    .strict(),
).openapi("PaidAmount");

export const RegisterStatus = z
  .object({
    status: z.enum(["pending", "success", "failed", "unsubscribed", "unknown"]),
    authCode: z
      .string()
      .nullable()
      .describe(
        "Only in the first `success` asked with the checkout's `checkout_browser` cookie; single use, 5 minutes.",
      ),
  })
  .strict()
  .openapi("RegisterStatus");

export const CheckoutOpened = z
  .object({
    id: z.string().describe("The checkout's id, for GET /api/v1/personnal/registerQuery/{id}."),
    url: z.string().url().describe("Where the buyer pays."),
    provider: z.enum(["stripe", "paypal", "sandbox"]),
  })
  .strict()
  .openapi("CheckoutOpened");

export const CheckoutInvalid = z
  .object({
    field: z.string().describe("The first field that failed."),
    errors: z.record(z.string()).describe("Every failed field with its message."),
  })
  .strict()
  .openapi("CheckoutInvalid", {
    deprecated: true,
    description: "Kept for clients written before `code` and `field`: read those instead.",
  });

export const RequestCreated = z
  .object({ id, code: z.string().openapi({ example: "Ab3dEf7H" }), link: z.string().url() })
  .strict()
  .openapi("RequestCreated");

export const RequestNotAccepted = z
  .object({ id, delivery: z.literal("not_accepted") })
  .strict()
  .openapi("RequestNotAccepted");

export const Limited = z
  .object({
    nextAllowedAt: time,
    retryAfterSeconds: z.number().int().min(1).describe("The same as the Retry-After header."),
  })
  .strict()
  .openapi("Limited");

export const LocationRequest = fieldsOf<NonNullable<Awaited<ReturnType<typeof getRequest>>>>()(
  z
    .object({
      id,
      channel: z.enum(["sms", "email", "link"]),
      target: z
        .string()
        .nullable()
        .describe(
          "The number (E.164) or address asked; null for a link, after REQUEST_DATA_DAYS, and once the recipient erased their data.",
        ),
      title: z.string().nullable().describe("A link's title (null after REQUEST_DATA_DAYS or an erasure)."),
      code: z.string(),
      link: z.string().url().nullable().describe("The recipient's link; null when the request was not delivered."),
      state: z.enum(REQUEST_STATES).describe("The request's one state (docs/api.md, \"A request's life\")."),
      expired: z.boolean().describe("Unanswered and older than REQUEST_TTL_DAYS: the link shares nothing."),
      status: z.enum(["pending", "ip_located", "gps_tracked"]),
      decision: orNull(z.enum(["declined", "revoked", "erased"])),
      delivery: z.enum(DELIVERIES),
      openedAt: time.nullable(),
      locatedAt: time.nullable(),
      latitude: z.number().nullable(),
      longitude: z.number().nullable(),
      accuracyMeters: z.number().nullable().describe("An approximate (ip_located) position is an area of this radius."),
      address: z.string().nullable(),
      locale: z.enum(locales),
      createdAt: time,
      liveUntil: time
        .nullable()
        .describe(
          "A live share runs until this time (latitude and longitude are then its newest position, its trail is GET /api/v1/locate/requests/{id}/trail); null for a one-off share.",
        ),
      liveEndedAt: time
        .nullable()
        .describe("When a live share ended before liveUntil (the recipient stopped it or closed the page)."),
    })
    .strict(),
).openapi("LocationRequest");

export const RequestPage = z
  .object({
    total: z
      .number()
      .int()
      .min(0)
      .max(1000)
      .describe("How many requests match, counted up to 1,000 (`totalCapped`: there are more)."),
    totalCapped: z.boolean().describe("true: more than 1,000 requests match; `total` is then 1000."),
    page: z.number().int().min(1).describe("The page number asked for; 1 when a `cursor` was given."),
    pageSize: z.number().int().min(1).max(100),
    nextCursor: z.string().nullable().describe("Pass as `cursor` for the next (older) page; null on the oldest page."),
    prevCursor: z
      .string()
      .nullable()
      .describe("Pass as `cursor` for the previous (newer) page; null on the newest page."),
    items: z.array(LocationRequest),
  })
  .strict()
  .openapi("RequestPage");

export const Saved = z.object({ id }).strict().openapi("Saved");

export const Lookup = fieldsOf<LookupAnswer>()(
  z
    .object({
      number: z.string().openapi({ example: "+639171234567" }),
      valid: z.boolean(),
      country: z.string().nullable().describe("ISO 3166 region; null when the number does not tell."),
      callingCode: z.string(),
      nationalFormat: z.string(),
      internationalFormat: z.string(),
      numberType: orNull(
        z.enum([
          "MOBILE",
          "FIXED_LINE",
          "FIXED_LINE_OR_MOBILE",
          "VOIP",
          "TOLL_FREE",
          "PREMIUM_RATE",
          "SHARED_COST",
          "PERSONAL_NUMBER",
          "PAGER",
          "UAN",
          "VOICEMAIL",
        ]),
      ),
      timeZones: z.array(z.string()),
      provider: z.enum(["offline", "twilio"]),
      providerState: z.enum(["unconfigured", "subscribersOnly", "failed", "limited", "invalidNumber", "ok"]),
      details: z
        .object({ carrier: z.string().nullable(), lineType: z.string().nullable(), callerName: z.string().nullable() })
        .strict()
        .nullable(),
      fetchedAt: time.nullable(),
    })
    .strict(),
).openapi("Lookup");

export const VoiceSent = z
  .object({ id, state: z.enum(CALL_STATES) })
  .strict()
  .openapi("VoiceSent");

type VoicePage = Awaited<ReturnType<typeof voiceMessagePage>>;
type VoiceItem = VoicePage["items"][number];
export const VoiceMessages = fieldsOf<VoicePage>()(
  z.object({
    items: z.array(
      fieldsOf<VoiceItem>()(
        z
          .object({
            id,
            to: z.string(),
            text: z.string(),
            language: z.enum(VOICE_LANGUAGES),
            voice: z.enum(VOICES),
            state: z.enum(CALL_STATES),
            createdAt: time,
          })
          .strict(),
      ),
    ),
    nextCursor: z.string().nullable().describe("Pass as `cursor` for the next (older) page; null on the oldest page."),
  }),
)
  .strict()
  .openapi("VoiceMessages");

/** What a provider's webhook delivery is answered (not an envelope: the provider reads only the status). */
export const WebhookAnswer = z
  .union([
    z.object({ received: z.literal(true), status: z.enum(["applied", "duplicate", "ignored"]) }).strict(),
    z.object({ error: z.string() }).strict(),
  ])
  .openapi("WebhookAnswer");
