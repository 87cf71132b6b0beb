// The routes of the sign-up after payment (open a checkout, follow it, sign in once it is paid) and the
// payment providers' webhooks, for the OpenAPI document: see ../operations.server.ts.
import { registerAndSignSchema } from "~/billing/checkout.server";
import { CHECKOUT_ID_MAX } from "~/billing/register-query.server";

import * as shape from "../shapes.server";
import { z } from "../zod.server";
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
  UNKNOWN_TOKEN,
  withEmail,
  type Operation,
} from "./shared.server";

const BUYER = { name: "Ana", surname: "Reyes", email: "ana.reyes@example.com", adult: true, locale: "ph" };
const STRIPE_EVENT = {
  id: "evt_1QexampleCustomer",
  object: "event",
  type: "customer.created",
  created: 1795000000,
  api_version: "2026-10-28.endive",
  livemode: false,
  data: { object: { id: "cus_example", object: "customer" } },
};

export const SIGN_UP_OPERATIONS: Record<string, Operation[]> = {
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
          description:
            "The checkout is open; the answer sets the `checkout_browser` cookie. For an address that already has an account (of someone else than the token's), the answer is the same, but nothing is opened or charged and nothing of the account changes: `url` is this site's \"check your e-mail\" page and the address's owner is e-mailed (at most once an hour) where to sign in or reset the password. So the answer never says which addresses have accounts; only following `url` (or the register query of `id`, which answers `unknown`) does, as for a buyer paying (docs/decisions/050).",
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
            accountExists: {
              summary: "An address that already has an account",
              given: "account",
              request: { body: { ...BUYER, email: "{{email}}" } },
              data: {
                id: "zM4rS9tV1yB5pQ7dX0eN3fH6",
                url: "https://locator.example/ph/checkout/email",
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
            emailInvalid: {
              summary: "An address that cannot receive mail",
              request: { body: { ...BUYER, email: "ana.reyes@" } },
              message: "loginModal.EnterValidEmail",
              field: "email",
              data: { field: "email", errors: { email: "Enter valid email address" } },
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
};
