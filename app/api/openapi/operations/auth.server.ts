// The sign-in routes of /api/v1 (api/v1/auth/…) for the OpenAPI document: see ../operations.server.ts.
import { authCodeSchema } from "~/auth/auth-code.server";
import { resetPasswordSchema, sendCodeSchema } from "~/auth/password-reset.server";
import { loginSchema } from "~/auth/sign-in.server";

import * as shape from "../shapes.server";
import { z } from "../zod.server";
import {
  appHeaderMissing,
  invalidField,
  jsonBodyAnswers,
  malformedJson,
  methodNotAllowed,
  throttled,
  withEmail,
  type Operation,
} from "./shared.server";

const LOGIN = { email: "{{email}}", password: "{{password}}", encrypted: false };
const SIGNED_IN = {
  token: "5x3eWbQ0tGm7yV2kLr9Pq4sHnZ8dA1fC6uJoXiKe",
  user: { userCacheInfo: { id: "cmi9x0user001", email: "ana@example.com", name: "Ana", locale: "en" } },
};

export const AUTH_OPERATIONS: Record<string, Operation[]> = {
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
};
