// The account's answers: everything held about it (GET /api/v1/personnal/account/export) and its
// deletion. Part of the answers' shapes: see ../shapes.server.ts.
import type { AccountExport as AccountExportType } from "~/privacy/export.server";
import { VOICE_LANGUAGES, VOICES } from "~/voice-messages/messages";
import { CALL_STATES } from "~/voice-messages/messages.server";

import { z } from "../zod.server";
import { DELIVERIES, fieldsOf, id, locale, minor, orNull, provider, REQUEST_STATES, time } from "./primitives.server";

type Export = AccountExportType;
type Item<K extends keyof Export> = NonNullable<Export[K]> extends (infer T)[] ? T : NonNullable<Export[K]>;
const text = z.string();
const maybe = z.string().nullable();

/** GET /api/v1/personnal/account/export (docs/api.md, "Your data"): everything held about the account. */
export const AccountExport = fieldsOf<Export>()(
  z
    .object({
      exportedAt: time.describe("When the document was made."),
      profile: fieldsOf<Item<"profile">>()(
        z
          .object({
            email: text,
            emailVerifiedAt: time
              .nullable()
              .describe(
                "When the owner proved the address (the e-mailed link or a reset by code); until then rows keyed only by the address are not included.",
              ),
            name: maybe,
            surname: maybe,
            phone: maybe.describe("E.164, given in the payment form."),
            locale,
            notifyByEmail: z
              .boolean()
              .describe("Whether the owner is e-mailed when a request is answered or expires unanswered."),
            createdAt: time,
            updatedAt: time,
          })
          .strict(),
      ),
      sessions: z.array(fieldsOf<Item<"sessions">>()(z.object({ createdAt: time, expiresAt: time }).strict())),
      subscription: fieldsOf<Item<"subscription">>()(
        z
          .object({
            state: z.enum(["trial", "active", "cancelled", "unsubscribed", "expired"]),
            validUntil: time,
            provider: orNull(provider),
            plan: maybe,
            currency: maybe,
            amount: minor.nullable(),
            firstDayAmount: minor.nullable(),
            periodDays: z.number().int().nullable(),
            cancelAtPeriodEnd: z.boolean(),
            nextChargeAt: time.nullable(),
            createdAt: time,
          })
          .strict(),
      ).nullable(),
      payments: z.array(
        fieldsOf<Item<"payments">>()(
          z
            .object({
              provider,
              providerPaymentId: text.describe("The provider's invoice, capture or charge id."),
              amount: minor,
              currency: text,
              status: z.enum(["paid", "failed", "refunded"]),
              paidAt: time,
              periodEnd: time.nullable(),
            })
            .strict(),
        ),
      ),
      checkouts: z.array(
        fieldsOf<Item<"checkouts">>()(
          z
            .object({
              provider,
              email: text,
              name: text,
              surname: text,
              phone: maybe,
              locale,
              plan: text,
              currency: text,
              amount: minor,
              firstDayAmount: minor,
              status: z.enum(["pending", "paid", "failed", "unsubscribed"]),
              createdAt: time,
            })
            .strict(),
        ),
      ),
      requests: z.array(
        fieldsOf<Item<"requests">>()(
          z
            .object({
              id,
              channel: z.enum(["sms", "email", "link"]),
              target: maybe.describe("Null for a link, after REQUEST_DATA_DAYS, or once the recipient erased it."),
              title: maybe,
              requesterName: text,
              locale,
              code: text,
              state: z.enum(REQUEST_STATES).describe("The request's one state (docs/api.md, \"A request's life\")."),
              status: z.enum(["pending", "ip_located", "gps_tracked"]),
              decision: orNull(z.enum(["declined", "revoked", "erased"])),
              delivery: z.enum(DELIVERIES),
              createdAt: time,
              openedAt: time.nullable(),
              locatedAt: time.nullable(),
              latitude: z.number().nullable(),
              longitude: z.number().nullable(),
              accuracyMeters: z.number().nullable(),
              address: maybe,
              liveUntil: time
                .nullable()
                .describe("The end the recipient chose for a live share; null for a one-off share."),
              liveEndedAt: time.nullable().describe("When a live share was stopped before liveUntil."),
              livePositions: z
                .array(
                  z
                    .object({
                      latitude: z.number(),
                      longitude: z.number(),
                      accuracyMeters: z.number().nullable(),
                      recordedAt: time,
                    })
                    .strict(),
                )
                .describe("A live share's recent positions, oldest first (the newest is latitude/longitude)."),
            })
            .strict(),
        ),
      ),
      voiceMessages: z.array(
        fieldsOf<Item<"voiceMessages">>()(
          z
            .object({
              id,
              to: text,
              text,
              language: z.enum(VOICE_LANGUAGES),
              voice: z.enum(VOICES),
              state: z.enum(CALL_STATES),
              error: maybe,
              createdAt: time,
            })
            .strict(),
        ),
      ),
      pushDevices: z.array(
        fieldsOf<Item<"pushDevices">>()(
          z.object({ device: text, endpoint: text, createdAt: time, lastSentAt: time.nullable() }).strict(),
        ),
      ),
      review: fieldsOf<Item<"review">>()(
        z
          .object({
            rating: z.number().int().min(1).max(5),
            text,
            displayName: text,
            locale,
            status: z.enum(["pending", "published", "hidden"]),
            writtenAt: time,
            publishedAt: time.nullable(),
          })
          .strict(),
      ).nullable(),
      refundRequests: z.array(
        fieldsOf<Item<"refundRequests">>()(
          z
            .object({
              email: text,
              reason: text,
              locale,
              status: z.enum(["unconfirmed", "open", "closed"]),
              createdAt: time,
              confirmedAt: time.nullable(),
            })
            .strict(),
        ),
      ),
      webhookEndpoints: z.array(
        fieldsOf<Item<"webhookEndpoints">>()(
          z
            .object({
              url: text,
              status: z.enum(["enabled", "disabled"]),
              disabledAt: time.nullable(),
              createdAt: time,
            })
            .strict(),
        ),
      ),
      contactMessages: z.array(
        fieldsOf<Item<"contactMessages">>()(
          z.object({ name: text, email: text, message: text, locale, createdAt: time }).strict(),
        ),
      ),
    })
    .strict(),
).openapi("AccountExport");

export const AccountDeleted = z
  .object({ deleted: z.literal(true).describe("The account and everything of it are deleted.") })
  .strict()
  .openapi("AccountDeleted");
