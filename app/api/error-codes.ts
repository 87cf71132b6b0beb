// The JSON API's machine-readable error codes (docs/decisions/042): every failure of /api/v1 carries
// `code` beside the spec's `message` and `error`, which are for people and follow Accept-Language. A
// code names the mistake, not the status, so a client can branch on it in any language; the same
// mistake has the same code on every route (an invalid e-mail address is `email_invalid` on sign-in,
// sendCode, resetPassword and registerAndSign alike). Codes are never renamed: a new mistake gets a
// new code. The list is the document's enum (ApiErrorCode) and docs/api.md's table.
import type { MessageKey } from "~/i18n/keys";

/** Each code, with what it means for an integrator (the document's description of the enum). */
export const ERROR_CODES = {
  // The request itself
  app_header_missing: "The APP header is missing or malformed.",
  app_unknown: "The APP header names an application this server does not accept (API_APP_IDS).",
  bad_request: "The request target or Host header is malformed.",
  cross_site: "A POST from another site's page without an APP header.",
  wrong_host: "The Host is not one this server answers to.",
  not_found: "No such path under /api/v1.",
  method_not_allowed: "The route does not answer this method; `Allow` names those it does.",
  uri_too_long: "The path is longer than any address of the site.",
  body_too_large: "The body is larger than the route accepts (64 KB for JSON).",
  json_required: "The body is not `application/json`.",
  json_malformed: "The body is not valid JSON.",
  field_invalid: "A field (named in `field`) is missing, of the wrong type, or outside its documented size.",
  idempotency_key_invalid: "The Idempotency-Key header is empty or longer than 255 characters.",
  idempotency_key_reused: "The Idempotency-Key was used in the last 24 hours with another request.",
  idempotency_in_progress: "A request with this Idempotency-Key is still being answered; retry shortly.",
  // Who is calling
  token_invalid: "The token is missing, expired or revoked: sign in again.",
  subscription_expired: "The account's subscription gives no access.",
  credentials_invalid: "The e-mail address or password is wrong.",
  auth_code_invalid: "The auth code is unknown, used, expired, or not this client's.",
  password_wrong: "The account's password, asked again to confirm, is wrong.",
  // Values the domain refuses (with `field`)
  email_required: "No e-mail address.",
  email_invalid: "Not an e-mail address that can receive mail.",
  password_required: "No password.",
  password_too_short: "The new password is too short.",
  code_required: "No verification code.",
  code_invalid: "The verification code is wrong, used or expired.",
  name_required: "No name.",
  name_invalid: "The buyer's name or surname is empty or too long.",
  name_too_long: "The name is too long.",
  name_has_contact: "The name holds a web address, e-mail address or phone number.",
  title_required: "No title.",
  title_too_long: "The title is too long.",
  title_has_contact: "The title holds a web address, e-mail address or phone number.",
  message_required: "No message text.",
  message_too_long: "The message is too long.",
  message_has_contact: "The message holds a web address, e-mail address or phone number.",
  phone_required: "No phone number.",
  phone_invalid: "Not a valid (mobile) number for the country.",
  adult_required: "The buyer did not confirm being 18 or older.",
  invalid_value: "A value the domain refuses, named in `field`; the message says why.",
  // The state of the account or recipient
  rate_limited: "Too many attempts: wait `Retry-After` seconds.",
  limit_reached: "One per three hours: `data.nextAllowedAt` says when the next is allowed.",
  recipient_declined_recently: "The recipient declined this account's last request a short while ago.",
  recipient_not_accepting: "The recipient opted out, blocked this account, or had enough requests today.",
  recipient_opted_out: "The number asked not to receive voice messages.",
  subscription_active: "The account has a subscription with access left: no second one is opened.",
  nothing_to_cancel: "The account has no subscription to cancel.",
  request_not_found: "No location request of this account has this id.",
  url_required: "No webhook endpoint URL.",
  url_invalid: "The webhook endpoint URL is not a URL (or longer than 2048 characters).",
  url_refused:
    "The webhook endpoint URL is not https, carries a user name or password, or its host does not resolve or resolves to a loopback, private, link-local or multicast address.",
  endpoint_limit_reached: "The account has the most webhook endpoints allowed (5): remove one first.",
  endpoint_not_found: "No webhook endpoint of this account has this id.",
  cursor_invalid: "The `cursor` is not one a page of this list gave.",
  // Providers and the server
  provider_unsupported: "The payment provider in the path is not available.",
  provider_failed: "The payment provider refused or failed.",
  delivery_failed: "The SMS, e-mail or voice provider refused the message for good.",
  email_send_failed: "The verification e-mail could not be sent.",
  unavailable: "The database is out for a moment: retry after `Retry-After` seconds.",
  internal_error: "An unexpected failure (the server logged it).",
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;
export const ERROR_CODE_LIST = Object.keys(ERROR_CODES) as [ErrorCode, ...ErrorCode[]];

/** The code of each message the API answers a failure with. */
const CODE_OF_KEY: Partial<Record<MessageKey, ErrorCode>> = {
  "api.appHeaderMissing": "app_header_missing",
  "api.appHeaderUnknown": "app_unknown",
  "api.authCodeInvalid": "auth_code_invalid",
  "api.bodyTooLarge": "body_too_large",
  "api.crossSite": "cross_site",
  "api.invalidField": "field_invalid",
  "api.jsonRequired": "json_required",
  "api.malformedJson": "json_malformed",
  "api.methodNotAllowed": "method_not_allowed",
  "api.notFound": "not_found",
  "api.requestNotFound": "request_not_found",
  "api.cursorInvalid": "cursor_invalid",
  "api.idempotencyKeyInvalid": "idempotency_key_invalid",
  "api.idempotencyKeyReused": "idempotency_key_reused",
  "api.idempotencyInProgress": "idempotency_in_progress",
  "errors.badRequest": "bad_request",
  "errors.addressTooLong": "uri_too_long",
  "errors.wrongHost": "wrong_host",
  "errors.unavailable": "unavailable",
  "errors.unexpected": "internal_error",
  "errors.loginExpired": "token_invalid",
  "errors.subscriptionExpired": "subscription_expired",
  "errors.tooManyAttempts": "rate_limited",
  "errors.tryAgainIn": "rate_limited",
  "loginModal.invalidCredentials": "credentials_invalid",
  "loginModal.EnterValidEmail": "email_invalid",
  "validation.emailRequired": "email_required",
  "requests.errors.emailRequired": "email_required",
  "validation.passwordRequired": "password_required",
  "validation.newPasswordRequired": "password_required",
  "validation.passwordLength": "password_too_short",
  "validation.codeRequired": "code_required",
  "validation.codeInvalid": "code_invalid",
  "resetPwdModal.codeInvalid": "code_invalid",
  "resetPwdModal.SendCodeFailed": "email_send_failed",
  "account.delete.wrongPassword": "password_wrong",
  "account.delete.providerFailed": "provider_failed",
  "payments.errors.adult": "adult_required",
  "payments.errors.name": "name_invalid",
  "payments.errors.provider": "provider_failed",
  "payments.errors.subscribed": "subscription_active",
  "payments.errors.subscribedCancelled": "subscription_active",
  "payments.api.providerUnsupported": "provider_unsupported",
  "payments.cancel.nothing": "nothing_to_cancel",
  "requests.errors.limited": "limit_reached",
  "requests.errors.declinedRecently": "recipient_declined_recently",
  "requests.errors.notAccepted": "recipient_not_accepting",
  "requests.errors.nameRequired": "name_required",
  "requests.errors.nameContact": "name_has_contact",
  "dashboard.errors.nameTooLong": "name_too_long",
  "voice.errors.nameTooLong": "name_too_long",
  "dashboard.errors.titleRequired": "title_required",
  "requests.errors.titleTooLong": "title_too_long",
  "requests.errors.titleContact": "title_has_contact",
  "voice.errors.messageRequired": "message_required",
  "voice.errors.messageTooLong": "message_too_long",
  "voice.errors.messageContact": "message_has_contact",
  "requests.errors.numberRequired": "phone_required",
  "requests.errors.numberInvalid": "phone_invalid",
  "voice.errors.optedOut": "recipient_opted_out",
  "voice.errors.sendFailed": "delivery_failed",
  "requests.toast.smsFailed": "delivery_failed",
  "requests.toast.emailFailed": "delivery_failed",
  "requests.toast.copyFailed": "delivery_failed",
  "webhooks.errors.urlRequired": "url_required",
  "webhooks.errors.invalid": "url_invalid",
  "webhooks.errors.scheme": "url_refused",
  "webhooks.errors.credentials": "url_refused",
  "webhooks.errors.private": "url_refused",
  "webhooks.errors.unresolved": "url_refused",
  "webhooks.errors.limit": "endpoint_limit_reached",
  "webhooks.errors.notFound": "endpoint_not_found",
};

/**
 * A failure's code: the one of its message, else the general one of its status (a domain check's
 * message not listed above is `invalid_value`, still with its `field`).
 */
export function errorCodeOf(key: MessageKey | undefined, status: number): ErrorCode {
  const known = key ? CODE_OF_KEY[key] : undefined;
  if (known) return known;
  if (status === 401) return "token_invalid";
  if (status === 429) return "rate_limited";
  if (status >= 500) return "internal_error";
  return "invalid_value";
}

/** Whether a message has a code of its own (the tests hold every documented failure to one). */
export const hasOwnCode = (key: MessageKey) => CODE_OF_KEY[key] !== undefined;
