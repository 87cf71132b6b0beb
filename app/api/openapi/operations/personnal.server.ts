// The signed-in account's routes of /api/v1 (api/v1/personnal/…: its subscription, its data, its
// deletion) for the OpenAPI document: see ../operations.server.ts.
import { deleteAccountSchema } from "~/privacy/account-deletion.server";

import * as shape from "../shapes.server";
import {
  appHeaderMissing,
  BEARER,
  invalidField,
  jsonBodyAnswers,
  keyReused,
  malformedJson,
  methodNotAllowed,
  noToken,
  throttled,
  type Operation,
} from "./shared.server";

const SUBSCRIPTION = {
  state: "Active",
  expiredStatus: 0,
  validUntil: "2026-12-22T05:38:39.571Z",
  createdAt: "2026-11-22T05:38:39.571Z",
  provider: "stripe",
  plan: "usd-30d",
  currencyCode: "USD",
  amount: 2999,
  firstDayDebitAmount: 99,
  period: 30,
  cancelAtPeriodEnd: false,
  nextDebitDay: "2026-12-22T05:38:39.571Z",
};
const EXPORT = {
  exportedAt: "2026-11-27T09:00:00.000Z",
  profile: {
    email: "ana.reyes@example.com",
    emailVerifiedAt: "2026-10-01T08:05:00.000Z",
    name: "Ana",
    surname: "Reyes",
    phone: "+639171234567",
    locale: "ph",
    notifyByEmail: true,
    createdAt: "2026-10-01T08:00:00.000Z",
    updatedAt: "2026-10-01T08:00:00.000Z",
  },
  sessions: [{ createdAt: "2026-11-20T07:12:00.000Z", expiresAt: "2026-12-20T07:12:00.000Z" }],
  subscription: {
    state: "active",
    validUntil: "2026-12-01T08:00:00.000Z",
    provider: "stripe",
    plan: "php-30d",
    currency: "PHP",
    amount: 149900,
    firstDayAmount: 4900,
    periodDays: 30,
    cancelAtPeriodEnd: false,
    nextChargeAt: "2026-12-01T08:00:00.000Z",
    createdAt: "2026-10-01T08:00:00.000Z",
  },
  payments: [
    {
      provider: "stripe",
      providerPaymentId: "in_1QxYz2AbCdEf",
      amount: 149900,
      currency: "PHP",
      status: "paid",
      paidAt: "2026-11-01T08:00:00.000Z",
      periodEnd: "2026-12-01T08:00:00.000Z",
    },
  ],
  checkouts: [],
  requests: [
    {
      id: "cmi9x0abc0001",
      channel: "sms",
      target: "+639171234567",
      title: null,
      requesterName: "Ana",
      locale: "ph",
      code: "Ab3dEf7H",
      state: "shared_precise",
      status: "gps_tracked",
      decision: null,
      delivery: "sent",
      createdAt: "2026-11-22T05:38:39.571Z",
      openedAt: "2026-11-22T05:40:02.000Z",
      locatedAt: "2026-11-22T05:41:13.000Z",
      latitude: 14.6507,
      longitude: 121.0494,
      accuracyMeters: 18,
      address: "Barangay Pinyahan, Quezon City, PH",
      liveUntil: null,
      liveEndedAt: null,
      livePositions: [],
    },
  ],
  voiceMessages: [
    {
      id: "cmi9x0abc0002",
      to: "+639171234567",
      text: "Call me when you land.",
      language: "en",
      voice: "female",
      state: "completed",
      error: null,
      createdAt: "2026-11-23T10:00:00.000Z",
    },
  ],
  pushDevices: [
    {
      device: "Chrome · Android · Pixel 8",
      endpoint: "https://fcm.googleapis.com/fcm/send/dQw4w9WgXcQ:APA91bExample",
      createdAt: "2026-11-22T08:00:00.000Z",
      lastSentAt: "2026-11-23T09:12:00.000Z",
    },
  ],
  webhookEndpoints: [
    {
      url: "https://example.com/hooks/locator",
      status: "enabled",
      disabledAt: null,
      createdAt: "2026-11-20T07:00:00.000Z",
    },
  ],
  review: {
    rating: 5,
    text: "It helps me know my father got home safely.",
    displayName: "Ana R.",
    locale: "en",
    status: "published",
    writtenAt: "2026-11-10T12:00:00.000Z",
    publishedAt: "2026-11-11T09:00:00.000Z",
  },
  refundRequests: [],
  contactMessages: [],
};

export const PERSONNAL_OPERATIONS: Record<string, Operation[]> = {
  "api/v1/personnal/subscribe/info": [
    {
      method: "get",
      operationId: "subscriptionInfo",
      tag: "Account",
      summary: "The account's subscription",
      token: "required",
      responses: {
        200: {
          description:
            "Its state (Active, Cancelled, Unsubscribed or Expired), dates and plan; amounts in minor units.",
          data: shape.SubscriptionInfo,
          examples: {
            active: { summary: "Active", given: "subscriber", request: { headers: BEARER }, data: SUBSCRIPTION },
          },
        },
        400: { description: "A missing or malformed APP header.", examples: { appHeader: appHeaderMissing() } },
        401: noToken(),
        405: methodNotAllowed("GET", { body: {} }),
      },
    },
  ],

  "api/v1/personnal/subscribe/cancel": [
    {
      method: "post",
      operationId: "cancelSubscription",
      tag: "Account",
      summary: "Cancel at period end",
      description:
        "At the subscription's own provider first (Stripe: cancel_at_period_end; PayPal: the subscription is cancelled); access runs to `validUntil` anyway. No body.",
      token: "required",
      idempotent: true,
      responses: {
        200: {
          description: "Cancelled: the subscription as subscribe/info shows it.",
          data: shape.SubscriptionInfo,
          examples: {
            cancelled: {
              summary: "Cancelled",
              given: "subscriber",
              request: { headers: BEARER },
              data: { ...SUBSCRIPTION, state: "Cancelled", cancelAtPeriodEnd: true, nextDebitDay: null },
            },
          },
        },
        400: {
          description: "A missing or malformed APP header.",
          examples: { appHeader: appHeaderMissing() },
        },
        401: noToken(),
        405: methodNotAllowed("POST"),
        409: {
          description: "There is no subscription with access to cancel.",
          examples: {
            nothing: {
              summary: "Expired",
              given: "expired",
              request: { headers: BEARER },
              message: "payments.cancel.nothing",
            },
          },
        },
        502: {
          description: "The provider refused; nothing changed.",
          examples: {
            refused: {
              summary: "Stripe refused",
              given: "stripeRefusesCancel",
              request: { headers: BEARER },
              message: "payments.errors.provider",
            },
          },
        },
        ...keyReused({ headers: BEARER }),
      },
    },
  ],

  "api/v1/personnal/account": [
    {
      method: "delete",
      operationId: "deleteAccount",
      tag: "Account",
      summary: "Delete the account",
      description:
        "The password again (as sign-in sends it). An active provider subscription is cancelled first; a provider error deletes nothing (502). Then, in one transaction, the account, its sessions, requests with their positions, voice messages and review are deleted; payments are kept for the accounting records (amount, date, provider reference) linked to nobody. A confirmation e-mail follows. Wrong passwords count as failed sign-ins (429 past the limit). docs/privacy.md.",
      token: "required",
      body: deleteAccountSchema,
      responses: {
        200: {
          description: "Deleted: the token is no longer valid.",
          data: shape.AccountDeleted,
          examples: {
            deleted: {
              summary: "Deleted",
              given: "accountWithData",
              request: { headers: BEARER, body: { password: "{{password}}", encrypted: false } },
              data: { deleted: true },
            },
          },
        },
        400: {
          description: "A missing or malformed APP header, malformed JSON or a field of the wrong type.",
          examples: {
            appHeader: appHeaderMissing({ body: { password: "x", encrypted: false } }),
            malformed: malformedJson({ headers: BEARER }, "subscriber"),
            invalid: invalidField("password", { password: 1 }, { headers: BEARER }, "subscriber"),
          },
        },
        401: noToken({ body: { password: "x", encrypted: false } }),
        403: {
          description: "The password is not the account's: nothing was deleted.",
          examples: {
            wrongPassword: {
              summary: "Wrong password",
              given: "subscriber",
              request: { headers: BEARER, body: { password: "not the password", encrypted: false } },
              message: "account.delete.wrongPassword",
            },
          },
        },
        405: methodNotAllowed("DELETE"),
        ...jsonBodyAnswers({ headers: BEARER }, "subscriber"),
        429: throttled({
          summary: "After 5 wrong passwords from one address, even the right one waits",
          given: "deletionPasswordsWrong",
          request: { headers: BEARER, body: { password: "{{password}}", encrypted: false } },
          message: ["errors.tryAgainIn", { minutes: 1 }],
        }),
        502: {
          description: "The payment provider refused to cancel the subscription: nothing was deleted.",
          examples: {
            refused: {
              summary: "Stripe refused",
              given: "stripeRefusesAccountDeletion",
              request: { headers: BEARER, body: { password: "{{password}}", encrypted: false } },
              message: "account.delete.providerFailed",
            },
          },
        },
      },
    },
  ],

  "api/v1/personnal/account/export": [
    {
      method: "get",
      operationId: "exportAccount",
      tag: "Account",
      summary: "Download the account's data",
      description:
        "Everything held about the token's account, field by field in docs/api.md (\"Your data\"): profile, sign-ins, subscription, payments, purchases started, every request with its target, answer and position, voice messages, review, refund requests and messages to support. Only the account's own data.",
      token: "required",
      responses: {
        200: {
          description: "The account's data.",
          data: shape.AccountExport,
          examples: {
            export: {
              summary: "An account with data",
              given: "accountWithData",
              request: { headers: BEARER },
              data: EXPORT,
            },
          },
        },
        400: { description: "A missing or malformed APP header.", examples: { appHeader: appHeaderMissing() } },
        401: noToken(),
        405: methodNotAllowed("GET", { body: {} }),
      },
    },
  ],
};
