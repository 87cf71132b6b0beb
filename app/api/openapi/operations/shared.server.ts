// What the operations of every route group share (./<group>.server.ts, assembled by
// ../operations.server.ts): the situations an example's request is made in, the types of an
// operation and its answers, and the answers every route of a kind gives (a missing APP header,
// another method, a body too large, no token, …).
import type { ZodTypeAny } from "zod";

import { EMAIL_MAX, EMAIL_PATTERN } from "~/auth/validation";
import type { MessageKey } from "~/i18n/keys";

import { z } from "../zod.server";

/**
 * The situations an example's request is made in, named in the document. `{{name}}` in a request
 * stands for a value of that situation (a token, an id); tests/support/openapi-givens.ts prepares
 * each one before app/api/openapi/replay.test.ts replays the request.
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
  liveShare:
    "`{{token}}` is a subscriber's token, `{{requestId}}` one of its requests shared live (three positions so far) and `{{after}}` the key of its first position.",
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
  webhookEndpoint:
    "`{{token}}` is a subscriber's token and `{{endpointId}}` one of its webhook endpoints, with one delivered event.",
  endpointsFull: "`{{token}}` is the token of a subscriber with 5 webhook endpoints.",
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
    | "Auth"
    | "Account"
    | "Webhooks"
    | "Sign-up after payment"
    | "Location requests"
    | "Lookup"
    | "Voice"
    | "Providers"
    | "Contract";
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
export function withEmail(schema: z.AnyZodObject | z.ZodEffects<z.AnyZodObject>) {
  // A refined object (a check across fields) is documented as its object: the generator shows no more.
  const object = schema instanceof z.ZodEffects ? schema.innerType() : schema;
  return object.extend({
    email: (object.shape.email as ZodTypeAny).openapi({
      format: "email",
      maxLength: EMAIL_MAX,
      pattern: EMAIL_PATTERN.source,
    }),
  });
}
export const LIMITED = { nextAllowedAt: "2026-11-22T05:38:39.571Z", retryAfterSeconds: 10799 };
export const LIMITED_TIME = { time: "Nov 22, 2026, 5:38 AM UTC" };
export const BEARER = { Authorization: "Bearer {{token}}" };
export const UNKNOWN_TOKEN = "5x3eWbQ0tGm7yV2kLr9Pq4sHnZ8dA1fC6uJoXiKe";
const IDEMPOTENCY_KEY = "5f0c8a52-7d1e-4b0a-9a51-2f6d3c1e9b07";

// --- Answers every route of a kind gives -----------------------------------------------------------

export const appHeaderMissing = (request: ExampleRequest = {}): Example => ({
  summary: "No APP header",
  request: { ...request, headers: { ...request.headers, APP: "" } },
  message: "api.appHeaderMissing",
});
/** A GET route answers HEAD too (app/http/route-methods.ts): `Allow` names both. */
export const allowOf = (method: "GET" | "POST" | "DELETE") => (method === "GET" ? "GET, HEAD" : method);
export const methodNotAllowed = (allow: "GET" | "POST" | "DELETE", request: ExampleRequest = {}): Answer => ({
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
export const jsonBodyAnswers = (request: ExampleRequest = {}, given?: Given): Record<number, Answer> => ({
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
export const malformedJson = (request: ExampleRequest = {}, given?: Given): Example => ({
  summary: "Malformed JSON",
  ...(given ? { given } : {}),
  request: { ...request, raw: { contentType: "application/json", text: '{"email":' } },
  message: "api.malformedJson",
});
export const invalidField = (field: string, body: unknown, request: ExampleRequest = {}, given?: Given): Example => ({
  summary: `\`${field}\` of the wrong type`,
  ...(given ? { given } : {}),
  request: { ...request, body },
  message: ["api.invalidField", { field }],
});
export const noToken = (request: ExampleRequest = {}): Answer => ({
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
export const subscriptionExpired = (request: ExampleRequest): Answer => ({
  description:
    "The subscription gives no access (expired, or never bought): a web client opens /dashboard/?s=-1&at=10.",
  examples: {
    expired: { summary: "An expired subscription", given: "expired", request, message: "errors.subscriptionExpired" },
  },
});
/** The 422 of a write that honours `Idempotency-Key`: the key was used with another request. */
export const keyReused = (request: ExampleRequest): Record<number, Answer> => ({
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
export const throttled = (example: Example): Answer => ({
  description: "Past a limit: `Retry-After` says in how many seconds to try again, the message says it for people.",
  headers: ["Retry-After"],
  examples: { throttled: example },
});
