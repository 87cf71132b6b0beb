// Every /api/v1 route of the route table (app/route-table.js), described for the OpenAPI document
// (./document.server.ts): its operations with the zod schema the route validates its input with (the
// same object, imported from the route's domain module), each answer it can give with the shape of
// `data`, and for every answer an example together with the request that produces it (`x-replay` in
// the document). app/api/openapi/openapi.test.ts sends each of those requests to the running app in
// the situation the example names (`given`) and checks the answer against the documented schema; a
// route of the table without an entry here fails that test.
import type { ZodTypeAny } from "zod";

import { authCodeSchema } from "~/auth/auth-code.server";
import { resetPasswordSchema, sendCodeSchema } from "~/auth/password-reset.server";
import { loginSchema } from "~/auth/sign-in.server";
import { EMAIL_MAX, EMAIL_PATTERN } from "~/auth/validation";
import { registerAndSignSchema } from "~/billing/checkout.server";
import { CHECKOUT_ID_MAX } from "~/billing/register-query.server";
import type { MessageKey } from "~/i18n/keys";
import { requestListQuery } from "~/location-requests/list.server";
import { createLinkSchema, sendEmailSchema, sendSmsSchema } from "~/location-requests/schemas.server";
import { lookupQuerySchema } from "~/phone/numbers.server";
import { deleteAccountSchema } from "~/privacy/account-deletion.server";
import { deviceReportSchema } from "~/telemetry/device-report.server";
import { sendVoiceSchema } from "~/voice-messages/messages.server";

import * as shape from "./shapes.server";
import { z } from "./zod.server";

/**
 * The situations an example's request is made in, named in the document. `{{name}}` in a request
 * stands for a value of that situation (a token, an id); app/api/openapi/openapi.test.ts prepares
 * each one before it replays the request.
 */
export const GIVEN = {
  account: "An account exists: `{{email}}`, password `{{password}}`.",
  subscriber: "`{{token}}` is the token of an account with an active subscription.",
  expired: "`{{token}}` is the token of an account whose subscription has expired.",
  signInsFailed: "Sign-ins to `{{email}}` from this address failed 5 times in a row.",
  resetCode: "`{{email}}` was e-mailed the reset code `{{code}}`.",
  codesSent: "`{{email}}` was sent 3 reset codes this hour (CODE_LIMIT_PER_ACCOUNT).",
  codeChecksUsed: "This address checked reset codes RESET_LIMIT_PER_IP times this hour.",
  emailRefused: "The e-mail provider (SendGrid) refuses every message; `{{token}}` is a subscriber's token.",
  paidCheckout:
    "`{{authCode}}` is the auth code of a paid checkout, and `{{checkoutCookie}}` the `checkout_browser` cookie of the client that started it.",
  openCheckout: "`{{checkoutId}}` is a checkout waiting for its payment.",
  paidCheckoutUnasked:
    "`{{checkoutId}}` is a paid checkout not asked for yet, and `{{checkoutCookie}}` the `checkout_browser` cookie of the client that started it.",
  checkoutsUsed: "`{{email}}` started CHECKOUT_LIMIT_PER_EMAIL checkouts this hour.",
  paymentProviderDown: "The payment provider (PayPal here) answers an error.",
  stripeRefusesCancel:
    "`{{token}}` is the token of an account with an active Stripe subscription that Stripe refuses to cancel.",
  ownRequest:
    "`{{token}}` is a subscriber's token, `{{requestId}}` one of its location requests and `{{cursor}}` the `nextCursor` of a page that ends with it.",
  smsSent: "`{{token}}` is the token of a subscriber that sent an SMS request less than three hours ago.",
  emailSent: "`{{token}}` is the token of a subscriber that sent an e-mail request less than three hours ago.",
  linkCreated: "`{{token}}` is the token of a subscriber that created a link less than three hours ago.",
  voiceSent: "`{{token}}` is the token of a subscriber that sent a voice message less than three hours ago.",
  numberOptedOut: "`{{token}}` is a subscriber's token; +63 917 123 4567 opted out of every request.",
  addressOptedOut: "`{{token}}` is a subscriber's token; rosa@example.com opted out of every request.",
  voiceOptedOut: "`{{token}}` is a subscriber's token; +63 917 123 4567 asked not to receive voice messages.",
  declinedRecently:
    "`{{token}}` is a subscriber's token; +63 917 123 4567 declined that account's last request an hour ago.",
  smsRefused:
    "`{{token}}` is a subscriber's token; the SMS and voice provider (Twilio) refuses the message for good (400, an invalid number).",
  reportsUsed: "This address sent DEVICE_REPORT_LIMIT_PER_IP device reports this hour.",
  accountWithData:
    "`{{token}}` is the token of a subscriber with password `{{password}}`, a payment, a location request that was answered, a voice message and a review.",
  stripeRefusesAccountDeletion:
    "`{{token}}` is the token of an account with password `{{password}}` and an active Stripe subscription that Stripe refuses to cancel.",
  deletionPasswordsWrong:
    "`{{token}}` is the token of an account with password `{{password}}`; a wrong password was given 5 times in a row from this address to delete it.",
  keyUsed:
    "`{{token}}` is a subscriber's token (where the route takes one); the same client sent the key `5f0c8a52-7d1e-4b0a-9a51-2f6d3c1e9b07` with another body a moment ago.",
  stripeSigned: "`{{stripeSignature}}` is a valid `Stripe-Signature` of the body, made with STRIPE_WEBHOOK_SECRET.",
} as const;
export type Given = keyof typeof GIVEN;

/**
 * What a request body's example (the one tools send as it stands) shows for a situation's value: a
 * concrete value of the right form. The example that succeeds with it is the 200 answer's, whose
 * `x-replay` names the situation.
 */
export const EXAMPLE_VALUES: Record<string, string> = {
  email: "ana@example.com",
  password: "correct horse 1",
  code: "482913",
  authCode: "xK2pQ7rT9wZ3mN5bV8cL1dF4.q8Z3cXw1Lr6TnB0vYk4Pm9Hs",
};

/** The request of an example, beyond what the operation implies (its method, path, the APP header). */
export type ExampleRequest = {
  method?: string;
  /** The path with its parameters and query, when not the operation's example path. */
  path?: string;
  headers?: Record<string, string>;
  /** A JSON body (sent with Content-Type: application/json). */
  body?: unknown;
  /** Any other body: its text, or `bytes` of it, with its content type. */
  raw?: { contentType: string; text?: string; bytes?: number };
};

export type Example = {
  summary: string;
  given?: Given;
  request?: ExampleRequest;
  /** The answer's message (English), with its values; webhooks answer a plain body instead. */
  message?: MessageKey | [MessageKey, Record<string, string | number>];
  data?: unknown;
  /** A failure's `field` (an `api.invalidField` message names its own). */
  field?: string;
  /** For answers that are not envelopes (the webhooks): the whole body. */
  body?: unknown;
};

export type Answer = {
  description: string;
  /** Not an envelope: the body is `data` itself (the document, and the providers' webhooks). */
  raw?: true;
  /** The shape of `data` (null when the answer carries none). */
  data?: ZodTypeAny;
  headers?: ("Retry-After" | "Allow" | "Set-Cookie")[];
  examples: Record<string, Example>;
};

export type Operation = {
  method: "get" | "post" | "delete";
  operationId: string;
  tag:
    "Auth" | "Account" | "Sign-up after payment" | "Location requests" | "Lookup" | "Voice" | "Providers" | "Contract";
  summary: string;
  description?: string;
  /** The APP header is checked (all but the document itself). */
  appHeader?: boolean;
  token?: "required" | "optional";
  /** Reads the `checkout_browser` cookie. */
  checkoutCookie?: boolean;
  /** Honours `Idempotency-Key` (app/api/idempotency.server.ts). */
  idempotent?: true;
  body?: ZodTypeAny;
  query?: z.AnyZodObject;
  /** Path parameters with the value the examples use. */
  params?: Record<string, { schema: ZodTypeAny; example: string }>;
  responses: Record<number, Answer>;
};

/**
 * A body whose `email` the domain checks as an address after the schema's size check (trimmed, at most
 * EMAIL_MAX characters, EMAIL_PATTERN: app/auth/validation.ts), documented as such. The route
 * validates with the schema itself; the annotation only tells clients what the domain then refuses.
 */
const withEmail = <S extends z.AnyZodObject>(schema: S) =>
  schema.extend({
    email: (schema.shape.email as ZodTypeAny).openapi({
      format: "email",
      maxLength: EMAIL_MAX,
      pattern: EMAIL_PATTERN.source,
    }),
  });

const SMS = { requesterName: "Ana", countryCode: "+63", phone: "9171234567", locale: "ph" };
const EMAIL = { requesterName: "Ana", email: "rosa@example.com", locale: "id", template: "checkIn" };
const LINK = { requesterName: "Ana", title: "Dad's phone", locale: "en" };
const VOICE = { senderName: "Ana", countryCode: "+63", phone: "9171234567", message: "Call me when you land." };
const LIMITED = { nextAllowedAt: "2026-11-22T05:38:39.571Z", retryAfterSeconds: 10799 };
const LIMITED_TIME = { time: "Nov 22, 2026, 5:38 AM UTC" };
const CREATED = { id: "cmi9x0abc0001", code: "Ab3dEf7H", link: "http://localhost:3000/id/Ab3dEf7H" };
const BEARER = { Authorization: "Bearer {{token}}" };
const UNKNOWN_TOKEN = "5x3eWbQ0tGm7yV2kLr9Pq4sHnZ8dA1fC6uJoXiKe";
const IDEMPOTENCY_KEY = "5f0c8a52-7d1e-4b0a-9a51-2f6d3c1e9b07";

// --- Answers every route of a kind gives -----------------------------------------------------------

const appHeaderMissing = (request: ExampleRequest = {}): Example => ({
  summary: "No APP header",
  request: { ...request, headers: { ...request.headers, APP: "" } },
  message: "api.appHeaderMissing",
});
/** A GET route answers HEAD too (app/http/route-methods.ts): `Allow` names both. */
const allowOf = (method: "GET" | "POST" | "DELETE") => (method === "GET" ? "GET, HEAD" : method);
const methodNotAllowed = (allow: "GET" | "POST" | "DELETE", request: ExampleRequest = {}): Answer => ({
  description: `Another method than ${allow}; \`Allow\` names the methods the route answers.`,
  headers: ["Allow"],
  examples: {
    otherMethod: {
      summary: `${allow === "GET" ? "POST" : "GET"} instead of ${allow}`,
      request: { ...request, method: allow === "GET" ? "POST" : "GET" },
      message: ["api.methodNotAllowed", { allow: allowOf(allow) }],
    },
  },
});
const jsonBodyAnswers = (request: ExampleRequest = {}, given?: Given): Record<number, Answer> => ({
  413: {
    description:
      "The body is larger than 64 KB: refused while it streams, with `Connection: close` (a declared `Content-Length` is refused before a byte is read).",
    examples: {
      tooLarge: {
        summary: "A body of 64 KB and one byte (refused by its Content-Length)",
        ...(given ? { given } : {}),
        request: { ...request, raw: { contentType: "application/json", bytes: 64 * 1024 + 1 } },
        message: ["api.bodyTooLarge", { limit: "64 KB" }],
      },
    },
  },
  415: {
    description: "The body is not JSON (`Content-Type` is not application/json).",
    examples: {
      notJson: {
        summary: "A form body",
        ...(given ? { given } : {}),
        request: { ...request, raw: { contentType: "application/x-www-form-urlencoded", text: "a=1" } },
        message: "api.jsonRequired",
      },
    },
  },
});
const malformedJson = (request: ExampleRequest = {}, given?: Given): Example => ({
  summary: "Malformed JSON",
  ...(given ? { given } : {}),
  request: { ...request, raw: { contentType: "application/json", text: '{"email":' } },
  message: "api.malformedJson",
});
const invalidField = (field: string, body: unknown, request: ExampleRequest = {}, given?: Given): Example => ({
  summary: `\`${field}\` of the wrong type`,
  ...(given ? { given } : {}),
  request: { ...request, body },
  message: ["api.invalidField", { field }],
});
const noToken = (request: ExampleRequest = {}): Answer => ({
  description: "The token is missing, expired or revoked (signed out): sign in again.",
  examples: {
    noToken: { summary: "No Authorization header", request, message: "errors.loginExpired" },
    unknownToken: {
      summary: "A token that is not (or no longer) valid",
      request: { ...request, headers: { ...request.headers, Authorization: `Bearer ${UNKNOWN_TOKEN}` } },
      message: "errors.loginExpired",
    },
  },
});
const subscriptionExpired = (request: ExampleRequest): Answer => ({
  description:
    "The subscription gives no access (expired, or never bought): a web client opens /dashboard/?s=-1&at=10.",
  examples: {
    expired: { summary: "An expired subscription", given: "expired", request, message: "errors.subscriptionExpired" },
  },
});
/** The 422 of a write that honours `Idempotency-Key`: the key was used with another request. */
const keyReused = (request: ExampleRequest): Record<number, Answer> => ({
  422: {
    description:
      "The `Idempotency-Key` was used in the last 24 hours with another request (another body or route). Use a new key for a new request.",
    examples: {
      keyReused: {
        summary: "The key of an earlier request with another body",
        given: "keyUsed",
        request: { ...request, headers: { ...request.headers, "Idempotency-Key": IDEMPOTENCY_KEY } },
        message: "api.idempotencyKeyReused",
        field: "Idempotency-Key",
      },
    },
  },
});
const throttled = (example: Example): Answer => ({
  description: "Past a limit: `Retry-After` says in how many seconds to try again, the message says it for people.",
  headers: ["Retry-After"],
  examples: { throttled: example },
});

/** What creating a location request answers beyond success (the three channels alike). */
function locateAnswers(
  channel: "sms" | "email" | "link",
  body: Record<string, unknown>,
  sentRecently: Given,
  failedKey: MessageKey,
): Record<number, Answer> {
  const request = { headers: BEARER, body };
  const refusals: Record<number, Answer> = {
    409: {
      description:
        "Not delivered: the number or address opted out of every request, blocked this account, or had RECIPIENT_DAILY_LIMIT requests today. The same answer for the three reasons, on purpose; the request is stored with `delivery: not_accepted` and no link, and the three-hour limit is given back.",
      data: shape.RequestNotAccepted,
      examples: {
        optedOut: {
          summary: "The recipient opted out",
          given: channel === "email" ? "addressOptedOut" : "numberOptedOut",
          request,
          message: "requests.errors.notAccepted",
          data: { id: "cmi9x0abc0002", delivery: "not_accepted" },
        },
      },
    },
    502: {
      description:
        "The SMS or e-mail provider refused the message for good (a 4xx answer such as an invalid number), or every try failed: the request is kept with `delivery: failed` and returned as on success, and the limit is given back, so the caller may try again at once or share `link` another way. A provider that is down (5xx, no connection) is not this: the answer is the success one, the request reads `delivery: queued`, and the message is tried again (docs/api.md).",
      data: shape.RequestCreated,
      examples: {
        providerFailed: {
          summary: "The provider refused the message",
          given: channel === "email" ? "emailRefused" : "smsRefused",
          request,
          message: failedKey,
          data: CREATED,
        },
      },
    },
  };
  const limited: Example = {
    summary: "One per three hours",
    given: sentRecently,
    request,
    message: ["requests.errors.limited", LIMITED_TIME],
    data: LIMITED,
  };
  return {
    ...(channel === "link" ? {} : refusals),
    429: {
      description:
        channel === "sms"
          ? "One SMS per three hours per account; or the recipient declined this account's last request less than DECLINE_COOLDOWN_HOURS ago (nothing is stored or sent, no limit used). `Retry-After` and `data` say when."
          : `One ${channel === "email" ? "e-mail" : "link"} per three hours per account. \`Retry-After\` and \`data\` say when.`,
      data: shape.Limited,
      headers: ["Retry-After"],
      examples: {
        limited,
        ...(channel === "sms"
          ? {
              declinedRecently: {
                summary: "The recipient declined the last request",
                given: "declinedRecently",
                request,
                message: ["requests.errors.declinedRecently", LIMITED_TIME],
                data: LIMITED,
              },
            }
          : {}),
      },
    },
  };
}

function locate(
  channel: "sms" | "email" | "link",
  schema: ZodTypeAny,
  body: Record<string, unknown>,
  options: { operationId: string; summary: string; description: string; sentRecently: Given; failedKey: MessageKey },
): Operation {
  const request = { headers: BEARER, body };
  return {
    method: "post",
    operationId: options.operationId,
    tag: "Location requests",
    summary: options.summary,
    description: options.description,
    token: "required",
    idempotent: true,
    body: schema,
    responses: {
      200: {
        description: "Stored and sent (or, for a link, created): `link` is the recipient's consent page.",
        data: shape.RequestCreated,
        examples: { created: { summary: "Sent", given: "subscriber", request, data: CREATED } },
      },
      400: {
        description:
          "A missing or malformed APP header, malformed JSON, a field of the wrong type or size (named), or a value the domain refuses (its own message).",
        examples: {
          appHeader: appHeaderMissing({ body }),
          malformed: malformedJson({ headers: BEARER }, "subscriber"),
          wrongType: invalidField("requesterName", { ...body, requesterName: 7 }, { headers: BEARER }, "subscriber"),
          ...(channel === "sms"
            ? {
                invalidNumber: {
                  summary: "Not a mobile number (in Indonesian: Accept-Language: id)",
                  given: "subscriber",
                  request: { headers: { ...BEARER, "Accept-Language": "id" }, body: { ...body, phone: "12" } },
                  message: "requests.errors.numberInvalid",
                  field: "phone",
                },
              }
            : channel === "email"
              ? {
                  invalidAddress: {
                    summary: "Not an e-mail address",
                    given: "subscriber",
                    request: { headers: BEARER, body: { ...body, email: "rosa@" } },
                    message: "loginModal.EnterValidEmail",
                    field: "email",
                  },
                }
              : {
                  titleTooLong: {
                    summary: "A title over 60 characters",
                    given: "subscriber",
                    request: { headers: BEARER, body: { ...body, title: "x".repeat(61) } },
                    message: "requests.errors.titleTooLong",
                    field: "title",
                  },
                }),
        },
      },
      401: noToken({ body }),
      403: subscriptionExpired(request),
      405: methodNotAllowed("POST"),
      ...jsonBodyAnswers({ headers: BEARER }, "subscriber"),
      ...locateAnswers(channel, body, options.sentRecently, options.failedKey),
      ...keyReused(request),
    },
  };
}

const LOGIN = { email: "{{email}}", password: "{{password}}", encrypted: false };
const SIGNED_IN = {
  token: "5x3eWbQ0tGm7yV2kLr9Pq4sHnZ8dA1fC6uJoXiKe",
  user: { userCacheInfo: { id: "cmi9x0user001", email: "ana@example.com", name: "Ana", locale: "en" } },
};
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
const REQUEST = {
  id: "cmi9x0abc0001",
  channel: "sms",
  target: "+639171234567",
  title: null,
  code: "Ab3dEf7H",
  link: "http://localhost:3000/ph/Ab3dEf7H",
  state: "shared_precise",
  expired: false,
  status: "gps_tracked",
  decision: null,
  delivery: "sent",
  openedAt: "2026-11-22T05:40:02.000Z",
  locatedAt: "2026-11-22T05:41:13.000Z",
  latitude: 14.6507,
  longitude: 121.0494,
  accuracyMeters: 18,
  address: "Barangay Pinyahan, Quezon City, PH",
  locale: "ph",
  createdAt: "2026-11-22T05:38:39.571Z",
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
const BUYER = { name: "Ana", surname: "Reyes", email: "ana.reyes@example.com", adult: true, locale: "ph" };
const DEVICE_REPORT = {
  visitorId: "3f2a9c1e5b7d40a8b6c2e9f1a0d4c7b3",
  userAgent: "Mozilla/5.0 (Linux; Android 14)",
  osName: "Android",
  osVersion: "14",
  browserName: "Chrome",
  browserVersion: "131.0.0.0",
  deviceType: "mobile",
  deviceBrand: "Samsung",
  deviceModel: "SM-A546E",
  pageUrl: "https://example.com/?source=fb",
  referrerUrl: "",
  source: "fb",
  visitTime: "2026-11-22T01:00:00.000Z",
};
const LOOKUP = {
  number: "+639171234567",
  valid: true,
  country: "PH",
  callingCode: "63",
  nationalFormat: "0917 123 4567",
  internationalFormat: "+63 917 123 4567",
  numberType: "MOBILE",
  timeZones: ["Asia/Manila"],
  provider: "twilio",
  providerState: "ok",
  details: { carrier: "Globe Telecom", lineType: "mobile", callerName: "JUAN DELA CRUZ" },
  fetchedAt: "2026-11-22T05:38:39.571Z",
};
const STRIPE_EVENT = {
  id: "evt_1QexampleCustomer",
  object: "event",
  type: "customer.created",
  created: 1795000000,
  api_version: "2026-10-28.endive",
  livemode: false,
  data: { object: { id: "cus_example", object: "customer" } },
};

/** The table's /api/v1 routes (path without the leading slash) and what each answers. */
export const API_OPERATIONS: Record<string, Operation[]> = {
  "api/v1/openapi.json": [
    {
      method: "get",
      operationId: "openApiDocument",
      tag: "Contract",
      summary: "This document",
      description:
        "The OpenAPI 3.1 description of every /api/v1 route, generated from the schemas the routes validate their input with. No APP header needed.",
      appHeader: false,
      responses: {
        200: {
          description: "The document.",
          raw: true,
          data: z.object({ openapi: z.literal("3.1.0") }).passthrough(),
          examples: { document: { summary: "The document", body: { openapi: "3.1.0", info: {}, paths: {} } } },
        },
        405: {
          description: "Another method than GET; `Allow` names the methods the route answers.",
          headers: ["Allow"],
          examples: {
            otherMethod: {
              summary: "POST instead of GET",
              request: { method: "POST", headers: { APP: "" }, body: {} },
              message: ["api.methodNotAllowed", { allow: allowOf("GET") }],
            },
          },
        },
      },
    },
  ],

  "api/v1/auth/login": [
    {
      method: "post",
      operationId: "login",
      tag: "Auth",
      summary: "Sign in",
      description:
        "Send the password RSA-encrypted (RSA-OAEP, SHA-1, base64) under GET /api/v1/auth/publicKey's key; a client that cannot encrypt sends `encrypted: false` with the plain password, over TLS only. Only failed sign-ins count against the limits (docs/api.md).",
      body: withEmail(loginSchema),
      responses: {
        200: {
          description: "Signed in: keep `token` for the calls that need it.",
          data: shape.SignedIn,
          examples: { signedIn: { summary: "Signed in", given: "account", request: { body: LOGIN }, data: SIGNED_IN } },
        },
        400: {
          description:
            "A missing or malformed APP header, malformed JSON, a field of the wrong type, or an e-mail address or password the form rules refuse (`data.fields` names them by message key).",
          data: z.union([z.null(), shape.FieldKeys]),
          examples: {
            appHeader: appHeaderMissing({ body: { email: "ana@example.com", password: "secret12", encrypted: false } }),
            malformed: malformedJson(),
            wrongType: invalidField("password", { email: "ana@example.com", password: 1234 }),
            invalidEmail: {
              summary: "Not an e-mail address",
              request: { body: { email: "ana@", password: "secret12", encrypted: false } },
              message: "loginModal.EnterValidEmail",
              field: "email",
              data: { fields: { email: "loginModal.EnterValidEmail" } },
            },
          },
        },
        401: {
          description: "Wrong e-mail address or password (or a password that does not decrypt).",
          examples: {
            wrongPassword: {
              summary: "A wrong password",
              given: "account",
              request: { body: { ...LOGIN, password: "not the password" } },
              message: "loginModal.invalidCredentials",
            },
          },
        },
        405: methodNotAllowed("POST"),
        ...jsonBodyAnswers(),
        429: throttled({
          summary: "After 5 failures on one account from one address",
          given: "signInsFailed",
          request: { body: { ...LOGIN, password: "still not it" } },
          message: ["errors.tryAgainIn", { minutes: 1 }],
        }),
      },
    },
  ],

  "api/v1/auth/sendCode": [
    {
      method: "post",
      operationId: "sendCode",
      tag: "Auth",
      summary: "E-mail a password-reset code",
      description:
        "A 6-digit code valid for 15 minutes (single use, 5 wrong tries at most). An address without an account gets a note instead, and the answer is the same, so the API does not tell who has an account.",
      body: withEmail(sendCodeSchema),
      responses: {
        200: {
          description: "Sent (or the note, for an address without an account).",
          data: shape.Done,
          examples: {
            sent: {
              summary: "Sent",
              given: "account",
              request: { body: { email: "{{email}}", type: 1 } },
              message: "resetPwdModal.SendCodeSuccess",
              data: { success: true },
            },
          },
        },
        400: {
          description: "A missing or malformed APP header, malformed JSON, a wrong `type`, or an invalid address.",
          examples: {
            appHeader: appHeaderMissing({ body: { email: "ana@example.com", type: 1 } }),
            malformed: malformedJson(),
            wrongType: invalidField("type", { email: "ana@example.com", type: 2 }),
            invalidEmail: {
              summary: "Not an e-mail address",
              request: { body: { email: "ana@", type: 1 } },
              message: "loginModal.EnterValidEmail",
              field: "email",
            },
          },
        },
        405: methodNotAllowed("POST"),
        ...jsonBodyAnswers(),
        429: throttled({
          summary: "A fourth code within the hour",
          given: "codesSent",
          request: { body: { email: "{{email}}", type: 1 } },
          message: ["errors.tryAgainIn", { minutes: 60 }],
        }),
        502: {
          description: "The e-mail provider failed.",
          examples: {
            providerFailed: {
              summary: "The e-mail provider refused the message",
              given: "emailRefused",
              request: { body: { email: "someone@example.com", type: 1 } },
              message: "resetPwdModal.SendCodeFailed",
            },
          },
        },
      },
    },
  ],

  "api/v1/auth/resetPassword": [
    {
      method: "post",
      operationId: "resetPassword",
      tag: "Auth",
      summary: "Set a new password with the e-mailed code",
      description: "Every session of the account is signed out. Each code allows 5 checks, even in parallel.",
      body: withEmail(resetPasswordSchema),
      responses: {
        200: {
          description: "The password is changed.",
          data: shape.Done,
          examples: {
            reset: {
              summary: "Reset",
              given: "resetCode",
              request: {
                body: {
                  email: "{{email}}",
                  password: "new password 1",
                  verificationCode: "{{code}}",
                  encrypted: false,
                },
              },
              message: "resetPwdModal.ResetPasswordSuccess",
              data: { success: true },
            },
          },
        },
        400: {
          description:
            "A missing or malformed APP header, malformed JSON, a field of the wrong type, a value the form rules refuse, or a code that is wrong, used or expired.",
          examples: {
            appHeader: appHeaderMissing({
              body: { email: "ana@example.com", password: "x", verificationCode: "123456" },
            }),
            malformed: malformedJson(),
            wrongType: invalidField("verificationCode", {
              email: "ana@example.com",
              password: "x",
              verificationCode: 1,
            }),
            wrongCode: {
              summary: "A wrong code",
              given: "account",
              request: {
                body: { email: "{{email}}", password: "new password 1", verificationCode: "000000", encrypted: false },
              },
              message: "resetPwdModal.codeInvalid",
            },
          },
        },
        405: methodNotAllowed("POST"),
        ...jsonBodyAnswers(),
        429: throttled({
          summary: "Past RESET_LIMIT_PER_IP checks from one address in an hour",
          given: "codeChecksUsed",
          request: {
            body: {
              email: "ana@example.com",
              password: "new password 1",
              verificationCode: "000000",
              encrypted: false,
            },
          },
          message: ["errors.tryAgainIn", { minutes: 60 }],
        }),
      },
    },
  ],

  "api/v1/auth/loginByAuthCode": [
    {
      method: "post",
      operationId: "loginByAuthCode",
      tag: "Sign-up after payment",
      summary: "Sign in with the auth code of a paid checkout",
      description:
        "The automatic sign-in after payment: the register query's first `success` carries `authCode` (single use, 5 minutes), which works only with the `checkout_browser` cookie that registerAndSign set for that checkout.",
      checkoutCookie: true,
      body: authCodeSchema,
      responses: {
        200: {
          description: "Signed in, as POST /api/v1/auth/login answers.",
          data: shape.SignedIn,
          examples: {
            signedIn: {
              summary: "Signed in",
              given: "paidCheckout",
              request: {
                headers: { Cookie: "checkout_browser={{checkoutCookie}}" },
                body: { authCode: "{{authCode}}" },
              },
              data: SIGNED_IN,
            },
          },
        },
        400: {
          description: "A missing or malformed APP header, malformed JSON or an `authCode` of the wrong type.",
          examples: {
            appHeader: appHeaderMissing({ body: { authCode: "x" } }),
            malformed: malformedJson(),
            wrongType: invalidField("authCode", { authCode: 42 }),
          },
        },
        401: {
          description: "The code is wrong, used or expired, or sent without the checkout's cookie.",
          examples: {
            withoutCookie: {
              summary: "A valid code without the checkout's cookie",
              given: "paidCheckout",
              request: { body: { authCode: "{{authCode}}" } },
              message: "api.authCodeInvalid",
            },
          },
        },
        405: methodNotAllowed("POST"),
        ...jsonBodyAnswers(),
      },
    },
  ],

  "api/v1/auth/publicKey": [
    {
      method: "get",
      operationId: "publicKey",
      tag: "Auth",
      summary: "The key passwords are encrypted with",
      responses: {
        200: {
          description: "The PEM and how to use it.",
          data: shape.PublicKey,
          examples: {
            key: {
              summary: "The key",
              data: {
                publicKey:
                  "-----BEGIN PUBLIC KEY-----\nMIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA…\n-----END PUBLIC KEY-----\n",
                algorithm: "RSA-OAEP",
                hash: "SHA-1",
                encoding: "base64",
              },
            },
          },
        },
        400: { description: "A missing or malformed APP header.", examples: { appHeader: appHeaderMissing() } },
        405: methodNotAllowed("GET", { body: {} }),
      },
    },
  ],

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

  "api/v1/personnal/getPaidAmount": [
    {
      method: "post",
      operationId: "paidAmount",
      tag: "Account",
      summary: "Payment history and totals",
      description: "Newest first (at most 100), amounts in minor units. No body.",
      token: "required",
      responses: {
        200: {
          description: "Totals per currency and the payments.",
          data: shape.PaidAmount,
          examples: {
            history: {
              summary: "One payment",
              given: "subscriber",
              request: { headers: BEARER },
              data: {
                totals: [{ currencyCode: "USD", amount: 99 }],
                payments: [
                  {
                    id: "cmi9x0pay0001",
                    amount: 99,
                    currencyCode: "USD",
                    status: "paid",
                    paidAt: "2026-11-22T05:38:39.571Z",
                    periodEnd: "2026-11-23T05:38:39.571Z",
                  },
                ],
              },
            },
          },
        },
        400: {
          description: "A missing or malformed APP header.",
          examples: { appHeader: appHeaderMissing() },
        },
        401: noToken(),
        405: methodNotAllowed("POST"),
      },
    },
  ],

  "api/v1/personnal/registerQuery/:id": [
    {
      method: "get",
      operationId: "registerQuery",
      tag: "Sign-up after payment",
      summary: "The payment and sign-up result of a checkout",
      description:
        "Poll every few seconds while `pending`. The result comes from the provider's webhook, or from asking the provider (at most once every 5 seconds per checkout) while it is late. The first `success` asked with the checkout's `checkout_browser` cookie carries `authCode` for POST /api/v1/auth/loginByAuthCode; later answers, and any answer without that cookie, carry null.",
      checkoutCookie: true,
      params: {
        id: {
          schema: z.string().min(1).max(CHECKOUT_ID_MAX).describe("The checkout's id from registerAndSign."),
          example: "chk_none",
        },
      },
      responses: {
        200: {
          description: "The status; `unknown` for an id that names no checkout.",
          data: shape.RegisterStatus,
          examples: {
            pending: {
              summary: "Waiting for the payment",
              given: "openCheckout",
              request: { path: "/api/v1/personnal/registerQuery/{{checkoutId}}" },
              data: { status: "pending", authCode: null },
            },
            success: {
              summary: "Paid, asked by the client that started the checkout",
              given: "paidCheckoutUnasked",
              request: {
                path: "/api/v1/personnal/registerQuery/{{checkoutId}}",
                headers: { Cookie: "checkout_browser={{checkoutCookie}}" },
              },
              data: { status: "success", authCode: "q8Z3cXw1Lr6TnB0vYk4Pm9Hs" },
            },
            unknown: { summary: "No such checkout", data: { status: "unknown", authCode: null } },
          },
        },
        400: {
          description: "A missing or malformed APP header, or an id longer than a checkout's.",
          examples: {
            appHeader: appHeaderMissing(),
            idTooLong: {
              summary: `An id of ${CHECKOUT_ID_MAX + 1} characters`,
              request: { path: `/api/v1/personnal/registerQuery/${"x".repeat(CHECKOUT_ID_MAX + 1)}` },
              message: ["api.invalidField", { field: "id" }],
            },
          },
        },
        405: methodNotAllowed("GET", { body: {} }),
      },
    },
  ],

  "api/v1/auth/registerAndSign/:provider": [
    {
      method: "post",
      operationId: "registerAndSign",
      tag: "Sign-up after payment",
      summary: "Open a checkout (sign-up, or a renewal with a token)",
      description:
        "Send the buyer to `url` and keep `id` for the register query, and the `checkout_browser` cookie the answer sets (a browser keeps it; other clients use a cookie jar) for the register query and loginByAuthCode. The provider in the path must be configured: Stripe and PayPal may both be (the buyer's choice), and with neither the embedded sandbox stands in for both. With a token, the signed-in account renews instead, once it has no access. More in docs/api.md: the sign-up sequence.",
      token: "optional",
      idempotent: true,
      body: withEmail(registerAndSignSchema),
      params: {
        provider: {
          schema: z.enum(["stripe", "paypal", "v5pay"]).describe("v5pay is always answered 501."),
          example: "stripe",
        },
      },
      responses: {
        200: {
          description: "The checkout is open; the answer sets the `checkout_browser` cookie.",
          data: shape.CheckoutOpened,
          headers: ["Set-Cookie"],
          examples: {
            opened: {
              summary: "A checkout at Stripe",
              request: { body: BUYER },
              data: {
                id: "xK2pQ7rT9wZ3mN5bV8cL1dF4",
                url: "https://checkout.stripe.com/c/pay/cs_test_a1",
                provider: "stripe",
              },
            },
            paypal: {
              summary: "A checkout at PayPal",
              request: { path: "/api/v1/auth/registerAndSign/paypal", body: { ...BUYER, email: "juan@example.com" } },
              data: {
                id: "yL3qR8sU0xA4nO6cW9dM2eG5",
                url: "https://www.paypal.com/webapps/billing/subscriptions?ba_token=BA-1",
                provider: "paypal",
              },
            },
          },
        },
        400: {
          description:
            "A missing or malformed APP header, malformed JSON, a field of the wrong type (`data` null), or a value the payment form refuses: `data.field` names the first, `data.errors` every one with its message.",
          data: z.union([z.null(), shape.CheckoutInvalid]),
          examples: {
            appHeader: appHeaderMissing({ body: BUYER }),
            malformed: malformedJson(),
            wrongType: invalidField("name", { ...BUYER, name: 7 }),
            emailInUse: {
              summary: "The address has an account",
              given: "account",
              request: { body: { ...BUYER, email: "{{email}}" } },
              message: "payments.errors.emailInUse",
              field: "email",
              data: { field: "email", errors: { email: "This email address is already in use" } },
            },
          },
        },
        405: methodNotAllowed("POST"),
        401: {
          description:
            "A token was sent and is expired or revoked: sign in again (without a token, the checkout is a sign-up).",
          examples: {
            unknownToken: {
              summary: "A token that is not (or no longer) valid",
              request: { headers: { Authorization: `Bearer ${UNKNOWN_TOKEN}` }, body: BUYER },
              message: "errors.loginExpired",
            },
          },
        },
        409: {
          description:
            "With a token of an account that still has access (active, or cancelled with paid days left): nothing is opened, so an account never pays two subscriptions.",
          examples: {
            subscribed: {
              summary: "Already subscribed",
              given: "subscriber",
              request: { headers: BEARER, body: BUYER },
              message: ["payments.errors.subscribed", { date: "Dec 22, 2026" }],
            },
          },
        },
        ...jsonBodyAnswers(),
        429: throttled({
          summary: "Past CHECKOUT_LIMIT_PER_EMAIL checkouts for one address in an hour",
          given: "checkoutsUsed",
          request: { body: { ...BUYER, email: "{{email}}" } },
          message: ["errors.tryAgainIn", { minutes: 60 }],
        }),
        501: {
          description: "The provider in the path is not configured; always for v5pay.",
          examples: {
            v5pay: {
              summary: "v5pay",
              request: { path: "/api/v1/auth/registerAndSign/v5pay", body: BUYER },
              message: ["payments.api.providerUnsupported", { provider: "v5pay" }],
            },
          },
        },
        502: {
          description: "The provider failed to open the checkout.",
          examples: {
            providerFailed: {
              summary: "PayPal answered an error",
              given: "paymentProviderDown",
              request: { path: "/api/v1/auth/registerAndSign/paypal", body: { ...BUYER, email: "pat@example.com" } },
              message: "payments.errors.provider",
            },
          },
        },
        ...keyReused({ body: { ...BUYER, email: "lea@example.com" } }),
      },
    },
  ],

  "api/v1/webhooks/:provider": [
    {
      method: "post",
      operationId: "paymentWebhook",
      tag: "Providers",
      summary: "A payment provider's webhook (for Stripe and PayPal, not for clients)",
      description:
        "Each configured provider delivers to its own path. Stripe's deliveries are checked against STRIPE_WEBHOOK_SECRET (`Stripe-Signature`), PayPal's through PayPal's verify-webhook-signature with PAYPAL_WEBHOOK_ID. Each event is applied once; a processing failure answers 500, and PayPal's verification service not answering 503 (with Retry-After), so that the provider delivers again. Bodies up to 1 MB.",
      appHeader: false,
      body: z.record(z.unknown()).describe("The provider's event, as it sends it."),
      params: { provider: { schema: z.enum(["stripe", "paypal"]), example: "stripe" } },
      responses: {
        200: {
          description: "Verified; `status` says whether it changed anything (`duplicate`: delivered before).",
          raw: true,
          data: shape.WebhookAnswer,
          examples: {
            received: {
              summary: "An event the app does not act on",
              given: "stripeSigned",
              request: { headers: { "Stripe-Signature": "{{stripeSignature}}" }, body: STRIPE_EVENT },
              body: { received: true, status: "ignored" },
            },
          },
        },
        400: {
          description: "The signature does not verify: nothing changes.",
          raw: true,
          data: shape.WebhookAnswer,
          examples: {
            badSignature: {
              summary: "A forged delivery",
              request: { headers: { "Stripe-Signature": "t=1795000000,v1=00ff" }, body: STRIPE_EVENT },
              body: { error: "signature" },
            },
          },
        },
        404: {
          description: "No such provider is configured.",
          raw: true,
          data: shape.WebhookAnswer,
          examples: {
            notConfigured: {
              summary: "Another provider",
              request: { path: "/api/v1/webhooks/square", body: {} },
              body: { error: "webhook not configured" },
            },
          },
        },
        405: methodNotAllowed("POST"),
      },
    },
  ],

  "api/v1/locate/sendSms": [
    locate("sms", sendSmsSchema, SMS, {
      operationId: "sendSms",
      summary: "Ask for a location by SMS",
      description:
        "Needs an active subscription. One SMS per three hours per account. The recipient's own protections may refuse it (409, or 429 after a decline).",
      sentRecently: "smsSent",
      failedKey: "requests.toast.smsFailed",
    }),
  ],
  "api/v1/locate/sendEmail": [
    locate("email", sendEmailSchema, EMAIL, {
      operationId: "sendEmail",
      summary: "Ask for a location by e-mail",
      description:
        "Needs an active subscription. One e-mail per three hours per account. The address is stored trimmed and in lower case; the recipient gets an HTML and text e-mail in `locale`.",
      sentRecently: "emailSent",
      failedKey: "requests.toast.emailFailed",
    }),
  ],
  "api/v1/locate/createLink": [
    locate("link", createLinkSchema, LINK, {
      operationId: "createLink",
      summary: "Create a link to send yourself",
      description: "Needs an active subscription. One link per three hours per account; nothing is sent.",
      sentRecently: "linkCreated",
      failedKey: "requests.toast.copyFailed",
    }),
  ],

  "api/v1/locate/requests": [
    {
      method: "get",
      operationId: "listRequests",
      tag: "Location requests",
      summary: "The account's location requests",
      description:
        "Newest first, only the caller's own. Page with `cursor` (each page gives `nextCursor` for older requests and `prevCursor` for newer ones): it costs the same however deep the page. `page` still works, and costs more the deeper it goes.",
      token: "required",
      // `page` is kept for existing clients: documented as deprecated, `cursor` replaces it.
      query: requestListQuery.extend({ page: requestListQuery.shape.page.openapi({ param: { deprecated: true } }) }),
      responses: {
        200: {
          description: "One page.",
          data: shape.RequestPage,
          examples: {
            page: {
              summary: "SMS requests, first page",
              given: "ownRequest",
              request: { path: "/api/v1/locate/requests?channel=sms&page=1&pageSize=20", headers: BEARER },
              data: {
                total: 1,
                totalCapped: false,
                page: 1,
                pageSize: 20,
                nextCursor: null,
                prevCursor: null,
                items: [REQUEST],
              },
            },
            cursor: {
              summary: "The page after a cursor",
              given: "ownRequest",
              request: { path: "/api/v1/locate/requests?pageSize=20&cursor={{cursor}}", headers: BEARER },
              data: {
                total: 1,
                totalCapped: false,
                page: 1,
                pageSize: 20,
                nextCursor: null,
                prevCursor: null,
                items: [],
              },
            },
          },
        },
        400: {
          description: "A missing or malformed APP header, or a query value out of range (named).",
          examples: {
            appHeader: appHeaderMissing(),
            pageSize: {
              summary: "pageSize over 100",
              given: "subscriber",
              request: { path: "/api/v1/locate/requests?pageSize=500", headers: BEARER },
              message: ["api.invalidField", { field: "pageSize" }],
            },
            cursor: {
              summary: "A cursor this API did not give",
              given: "subscriber",
              request: { path: "/api/v1/locate/requests?cursor=not-a-cursor", headers: BEARER },
              message: ["api.invalidField", { field: "cursor" }],
            },
          },
        },
        401: noToken(),
        405: methodNotAllowed("GET", { body: {} }),
      },
    },
  ],

  "api/v1/locate/requests/:id": [
    {
      method: "get",
      operationId: "getRequest",
      tag: "Location requests",
      summary: "One of the account's location requests",
      token: "required",
      params: { id: { schema: z.string(), example: "cmi9x0abc0001" } },
      responses: {
        200: {
          description:
            "The request. An approximate (`ip_located`) position is an area: use `accuracyMeters` as its radius, never a pin.",
          data: shape.LocationRequest,
          examples: {
            found: {
              summary: "Located",
              given: "ownRequest",
              request: { path: "/api/v1/locate/requests/{{requestId}}", headers: BEARER },
              data: REQUEST,
            },
          },
        },
        400: {
          description: "A missing or malformed APP header.",
          examples: { appHeader: appHeaderMissing() },
        },
        401: noToken(),
        404: {
          description: "No such request in this account (another account's id answers the same).",
          examples: {
            missing: {
              summary: "Not this account's",
              given: "subscriber",
              request: { headers: BEARER },
              message: "api.requestNotFound",
            },
          },
        },
        405: methodNotAllowed("GET", { body: {} }),
      },
    },
  ],

  "api/v1/locate/userAgent": [
    {
      method: "post",
      operationId: "deviceReport",
      tag: "Location requests",
      summary: "The visitor device report (spec section 7)",
      description:
        "No token. Sent by the web client once per visitor and host. Unknown fields are refused; the client's address is used for the limit only and never stored.",
      body: deviceReportSchema,
      responses: {
        200: {
          description: "Stored.",
          data: shape.Saved,
          examples: { saved: { summary: "Stored", request: { body: DEVICE_REPORT }, data: { id: "cmi9x0rep0001" } } },
        },
        400: {
          description: "A missing or malformed APP header, malformed JSON, or a missing, unknown or bad field (named).",
          examples: {
            appHeader: appHeaderMissing({ body: DEVICE_REPORT }),
            malformed: malformedJson(),
            badField: invalidField("deviceType", { ...DEVICE_REPORT, deviceType: "watch" }),
          },
        },
        405: methodNotAllowed("POST"),
        ...jsonBodyAnswers(),
        429: throttled({
          summary: "Past DEVICE_REPORT_LIMIT_PER_IP reports from one address in an hour",
          given: "reportsUsed",
          request: { body: DEVICE_REPORT },
          message: "errors.tooManyAttempts",
        }),
      },
    },
  ],

  "api/v1/lookup": [
    {
      method: "get",
      operationId: "lookup",
      tag: "Lookup",
      summary: "Reverse phone number lookup",
      description:
        "The token is optional. Without one (or without an active subscription) `data` holds what the number itself tells; a subscriber's token and a configured provider add `details` (carrier, line type, caller name). `providerState` says why `details` is missing.",
      token: "optional",
      query: lookupQuerySchema,
      responses: {
        200: {
          description: "What is known of the number.",
          data: shape.Lookup,
          examples: {
            subscriber: {
              summary: "A subscriber, with the provider's fields",
              given: "subscriber",
              request: { path: "/api/v1/lookup?number=%2B639171234567", headers: BEARER },
              data: LOOKUP,
            },
            visitor: {
              summary: "Without a token: the number's own data",
              request: { path: "/api/v1/lookup?country=PH&number=09171234567" },
              data: { ...LOOKUP, provider: "twilio", providerState: "subscribersOnly", details: null, fetchedAt: null },
            },
          },
        },
        400: {
          description: "A missing or malformed APP header, no number, or one that is not valid.",
          examples: {
            appHeader: appHeaderMissing({ path: "/api/v1/lookup?number=%2B639171234567" }),
            noNumber: {
              summary: "No number",
              request: { path: "/api/v1/lookup" },
              message: "requests.errors.numberRequired",
              field: "number",
            },
            invalid: {
              summary: "Not a number",
              request: { path: "/api/v1/lookup?number=12" },
              message: "requests.errors.numberInvalid",
              field: "number",
            },
          },
        },
        401: {
          description: "A token that is expired or revoked (without one, the caller is a visitor).",
          examples: {
            unknownToken: {
              summary: "A token that is not (or no longer) valid",
              request: {
                path: "/api/v1/lookup?number=%2B639171234567",
                headers: { Authorization: `Bearer ${UNKNOWN_TOKEN}` },
              },
              message: "errors.loginExpired",
            },
          },
        },
        405: methodNotAllowed("GET", { path: "/api/v1/lookup?number=%2B639171234567", body: {} }),
      },
    },
  ],

  "api/v1/voice/send": [
    {
      method: "post",
      operationId: "sendVoiceMessage",
      tag: "Voice",
      summary: "Call a number and speak a message",
      description:
        "Needs an active subscription. The call says who sent it through Family Locator, speaks the message in the chosen language and voice, and offers 'press 9' to stop such calls. One per three hours per account (a failed call gives it back).",
      token: "required",
      idempotent: true,
      body: sendVoiceSchema,
      responses: {
        200: {
          description: "The call is placed; `state` follows the provider's call status.",
          data: shape.VoiceSent,
          examples: {
            queued: {
              summary: "Queued",
              given: "subscriber",
              request: { headers: BEARER, body: VOICE },
              data: { id: "cmi9x0voc0001", state: "queued" },
            },
          },
        },
        400: {
          description:
            "A missing or malformed APP header, malformed JSON, a field of the wrong type, or a value the domain refuses.",
          examples: {
            appHeader: appHeaderMissing({ body: VOICE }),
            malformed: malformedJson({ headers: BEARER }, "subscriber"),
            wrongType: invalidField("message", { ...VOICE, message: 3 }, { headers: BEARER }, "subscriber"),
            invalidNumber: {
              summary: "Not a mobile number",
              given: "subscriber",
              request: { headers: BEARER, body: { ...VOICE, phone: "12" } },
              message: "requests.errors.numberInvalid",
              field: "phone",
            },
          },
        },
        401: noToken({ body: VOICE }),
        403: subscriptionExpired({ headers: BEARER, body: VOICE }),
        405: methodNotAllowed("POST"),
        409: {
          description:
            "The number's owner asked not to receive voice messages. Told only to a sender whose three-hour limit is free, and it uses that limit like a call: a sender who must wait is answered 429 for this number as for any other.",
          examples: {
            optedOut: {
              summary: "Opted out",
              given: "voiceOptedOut",
              request: { headers: BEARER, body: VOICE },
              message: "voice.errors.optedOut",
            },
          },
        },
        ...jsonBodyAnswers({ headers: BEARER }, "subscriber"),
        429: {
          description: "One voice message per three hours per account; `Retry-After` and `data` say when.",
          data: shape.Limited,
          headers: ["Retry-After"],
          examples: {
            limited: {
              summary: "One per three hours",
              given: "voiceSent",
              request: { headers: BEARER, body: VOICE },
              message: ["requests.errors.limited", LIMITED_TIME],
              data: LIMITED,
            },
          },
        },
        502: {
          description: "The call could not be placed (the limit is given back).",
          examples: {
            providerFailed: {
              summary: "The provider answered an error",
              given: "smsRefused",
              request: { headers: BEARER, body: VOICE },
              message: "voice.errors.sendFailed",
            },
          },
        },
        ...keyReused({ headers: BEARER, body: VOICE }),
      },
    },
  ],

  "api/v1/voice/messages": [
    {
      method: "get",
      operationId: "listVoiceMessages",
      tag: "Voice",
      summary: "The account's voice messages",
      description: "Newest first (50), with their call state, updated by the provider's status callbacks.",
      token: "required",
      responses: {
        200: {
          description: "The messages.",
          data: shape.VoiceMessages,
          examples: {
            list: {
              summary: "One message",
              given: "voiceSent",
              request: { headers: BEARER },
              data: {
                items: [
                  {
                    id: "cmi9x0voc0001",
                    to: "+639171234567",
                    text: "Call me when you land.",
                    language: "en",
                    voice: "female",
                    state: "completed",
                    createdAt: "2026-11-22T05:38:39.571Z",
                  },
                ],
              },
            },
          },
        },
        400: {
          description: "A missing or malformed APP header.",
          examples: { appHeader: appHeaderMissing() },
        },
        401: noToken(),
        405: methodNotAllowed("GET", { body: {} }),
      },
    },
  ],
};

/**
 * The catch-all of the table (`api/v1/*`): any other path under /api/v1 answers this, whatever the
 * method. OpenAPI has no path for "anything else", so the document names it as a shared response.
 */
export const NOT_FOUND: Answer = {
  description: "Any other path under /api/v1, whatever the method.",
  examples: {
    unknownPath: {
      summary: "No such endpoint",
      request: { method: "GET", path: "/api/v1/nothing-here" },
      message: "api.notFound",
    },
  },
};
