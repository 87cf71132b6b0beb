// The types of the Family Locator JSON API (/api/v1), generated from GET /api/v1/openapi.json by
// `npm run api:types` (openapi-typescript). Do not edit: change the routes' schemas or
// app/api/openapi, then run the script again.
export interface paths {
  "/api/v1/openapi.json": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * This document
     * @description The OpenAPI 3.1 description of every /api/v1 route, generated from the schemas the routes validate their input with. No APP header needed.
     */
    get: operations["openApiDocument"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/v1/auth/login": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Sign in
     * @description Send the password RSA-encrypted (RSA-OAEP, SHA-1, base64) under GET /api/v1/auth/publicKey's key; a client that cannot encrypt sends `encrypted: false` with the plain password, over TLS only. Only failed sign-ins count against the limits (docs/api.md).
     */
    post: operations["login"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/v1/auth/sendCode": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * E-mail a password-reset code
     * @description A 6-digit code valid for 15 minutes (single use, 5 wrong tries at most). An address without an account gets a note instead, and the answer is the same, so the API does not tell who has an account.
     */
    post: operations["sendCode"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/v1/auth/resetPassword": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Set a new password with the e-mailed code
     * @description Every session of the account is signed out. Each code allows 5 checks, even in parallel.
     */
    post: operations["resetPassword"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/v1/auth/loginByAuthCode": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Sign in with the auth code of a paid checkout
     * @description The automatic sign-in after payment: the register query's first `success` carries `authCode` (single use, 5 minutes), which works only with the `checkout_browser` cookie that registerAndSign set for that checkout.
     */
    post: operations["loginByAuthCode"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/v1/auth/publicKey": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The key passwords are encrypted with */
    get: operations["publicKey"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/v1/personnal/subscribe/info": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The account's subscription */
    get: operations["subscriptionInfo"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/v1/personnal/subscribe/cancel": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Cancel at period end
     * @description At the subscription's own provider first (Stripe: cancel_at_period_end; PayPal: the subscription is cancelled); access runs to `validUntil` anyway. No body.
     */
    post: operations["cancelSubscription"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/v1/personnal/account": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /**
     * Delete the account
     * @description The password again (as sign-in sends it). An active provider subscription is cancelled first; a provider error deletes nothing (502). Then, in one transaction, the account, its sessions, requests with their positions, voice messages and review are deleted; payments are kept for the accounting records (amount, date, provider reference) linked to nobody. A confirmation e-mail follows. Wrong passwords count as failed sign-ins (429 past the limit). docs/privacy.md.
     */
    delete: operations["deleteAccount"];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/v1/personnal/account/export": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Download the account's data
     * @description Everything held about the token's account, field by field in docs/api.md ("Your data"): profile, sign-ins, subscription, payments, purchases started, every request with its target, answer and position, voice messages, review, refund requests and messages to support. Only the account's own data.
     */
    get: operations["exportAccount"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/v1/personnal/webhookEndpoints": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The account's webhook endpoints
     * @description Oldest first, each with its signing secret. docs/webhooks.md.
     */
    get: operations["listWebhookEndpoints"];
    put?: never;
    /**
     * Add a webhook endpoint
     * @description An https address on the public internet (in APP_MODE live: no loopback, private, link-local or multicast address, checked again at every delivery; no user name or password). Answers the endpoint with its new signing secret. At most 5 per account.
     */
    post: operations["addWebhookEndpoint"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/v1/personnal/webhookEndpoints/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** One webhook endpoint */
    get: operations["getWebhookEndpoint"];
    put?: never;
    post?: never;
    /**
     * Remove a webhook endpoint
     * @description With its delivery log; deliveries still waiting are not sent.
     */
    delete: operations["removeWebhookEndpoint"];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/v1/personnal/webhookEndpoints/{id}/deliveries": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * An endpoint's delivery log
     * @description Its newest 50 deliveries of the last 30 days, newest first.
     */
    get: operations["listWebhookDeliveries"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/v1/personnal/webhookEndpoints/{id}/rollSecret": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Make a new signing secret
     * @description The old secret stops at once: deliveries still waiting are signed with the new one. No body.
     */
    post: operations["rollWebhookSecret"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/v1/personnal/webhookEndpoints/{id}/enable": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Turn a disabled endpoint on again
     * @description Its run of failures starts from nothing. Events from while it was off are not sent. No body.
     */
    post: operations["enableWebhookEndpoint"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/v1/personnal/getPaidAmount": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Payment history and totals
     * @description Newest first (at most 100), amounts in minor units. No body.
     */
    post: operations["paidAmount"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/v1/personnal/registerQuery/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The payment and sign-up result of a checkout
     * @description Poll every few seconds while `pending`. The result comes from the provider's webhook, or from asking the provider (at most once every 5 seconds per checkout) while it is late. The first `success` asked with the checkout's `checkout_browser` cookie carries `authCode` for POST /api/v1/auth/loginByAuthCode; later answers, and any answer without that cookie, carry null.
     */
    get: operations["registerQuery"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/v1/auth/registerAndSign/{provider}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Open a checkout (sign-up, or a renewal with a token)
     * @description Send the buyer to `url` and keep `id` for the register query, and the `checkout_browser` cookie the answer sets (a browser keeps it; other clients use a cookie jar) for the register query and loginByAuthCode. The provider in the path must be configured: Stripe and PayPal may both be (the buyer's choice), and with neither the embedded sandbox stands in for both. With a token, the signed-in account renews instead, once it has no access. More in docs/api.md: the sign-up sequence.
     */
    post: operations["registerAndSign"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/v1/webhooks/{provider}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * A payment provider's webhook (for Stripe and PayPal, not for clients)
     * @description Each configured provider delivers to its own path. Stripe's deliveries are checked against STRIPE_WEBHOOK_SECRET (`Stripe-Signature`), PayPal's through PayPal's verify-webhook-signature with PAYPAL_WEBHOOK_ID. Each event is applied once; a processing failure answers 500, and PayPal's verification service not answering 503 (with Retry-After), so that the provider delivers again. Bodies up to 1 MB.
     */
    post: operations["paymentWebhook"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/v1/locate/sendSms": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Ask for a location by SMS
     * @description Needs an active subscription. One SMS per three hours per account. The recipient's own protections may refuse it (409, or 429 after a decline).
     */
    post: operations["sendSms"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/v1/locate/sendEmail": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Ask for a location by e-mail
     * @description Needs an active subscription. One e-mail per three hours per account. The address is stored trimmed and in lower case; the recipient gets an HTML and text e-mail in `locale`.
     */
    post: operations["sendEmail"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/v1/locate/createLink": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Create a link to send yourself
     * @description Needs an active subscription. One link per three hours per account; nothing is sent.
     */
    post: operations["createLink"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/v1/locate/requests": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The account's location requests
     * @description Newest first, only the caller's own. Page with `cursor` (each page gives `nextCursor` for older requests and `prevCursor` for newer ones): it costs the same however deep the page. `page` still works, and costs more the deeper it goes.
     */
    get: operations["listRequests"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/v1/locate/requests/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** One of the account's location requests */
    get: operations["getRequest"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/v1/locate/userAgent": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * The visitor device report (spec section 7)
     * @description No token. Sent by the web client once per visitor and host. Unknown fields are refused; the client's address is used for the limit only and never stored.
     */
    post: operations["deviceReport"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/v1/locate/requests/{id}/trail": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * A live share's trail
     * @description The positions of a live share, oldest first, paged by key: ask with `after` = the `nextAfter` of the page already read to get only what is new (each page costs the same however long the trail). The request's own `latitude` and `longitude` are the newest position. Only the newest 100 positions are kept, and they are deleted with the request's position (docs/privacy.md).
     */
    get: operations["getRequestTrail"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/v1/lookup": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Reverse phone number lookup
     * @description The token is optional. Without one (or without an active subscription) `data` holds what the number itself tells; a subscriber's token and a configured provider add `details` (carrier, line type, caller name). `providerState` says why `details` is missing.
     */
    get: operations["lookup"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/v1/voice/send": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Call a number and speak a message
     * @description Needs an active subscription. The call says who sent it through Family Locator, speaks the message in the chosen language and voice, and offers 'press 9' to stop such calls. One per three hours per account (a failed call gives it back).
     */
    post: operations["sendVoiceMessage"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/v1/voice/messages": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The account's voice messages
     * @description Newest first, with their call state, updated by the provider's status callbacks. `pageSize` at a time (50 unless asked); page with `cursor`: each page gives `nextCursor` for older messages (null on the oldest page), and it costs the same however deep the page.
     */
    get: operations["listVoiceMessages"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
}
export interface webhooks {
  "location_request.shared": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * location_request.shared, POSTed to each enabled endpoint of the account
     * @description Signed with the endpoint's secret: verify `Locator-Signature` on the raw body before trusting it (docs/webhooks.md has a Node snippet). At least once: de-duplicate by `id`. Answer any 2xx within PROVIDER_TIMEOUT_MS (8 s); anything else, a redirect included, is tried again after 1 min, then twice as long each time (14 tries over about 3½ days); 3 days of failed attempts disable the endpoint and e-mail its owner.
     */
    post: operations["locationRequestShared"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "location_request.declined": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * location_request.declined, POSTed to each enabled endpoint of the account
     * @description Signed with the endpoint's secret: verify `Locator-Signature` on the raw body before trusting it (docs/webhooks.md has a Node snippet). At least once: de-duplicate by `id`. Answer any 2xx within PROVIDER_TIMEOUT_MS (8 s); anything else, a redirect included, is tried again after 1 min, then twice as long each time (14 tries over about 3½ days); 3 days of failed attempts disable the endpoint and e-mail its owner.
     */
    post: operations["locationRequestDeclined"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "location_request.expired": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * location_request.expired, POSTed to each enabled endpoint of the account
     * @description Signed with the endpoint's secret: verify `Locator-Signature` on the raw body before trusting it (docs/webhooks.md has a Node snippet). At least once: de-duplicate by `id`. Answer any 2xx within PROVIDER_TIMEOUT_MS (8 s); anything else, a redirect included, is tried again after 1 min, then twice as long each time (14 tries over about 3½ days); 3 days of failed attempts disable the endpoint and e-mail its owner.
     */
    post: operations["locationRequestExpired"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "location_request.live_started": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * location_request.live_started, POSTed to each enabled endpoint of the account
     * @description Signed with the endpoint's secret: verify `Locator-Signature` on the raw body before trusting it (docs/webhooks.md has a Node snippet). At least once: de-duplicate by `id`. Answer any 2xx within PROVIDER_TIMEOUT_MS (8 s); anything else, a redirect included, is tried again after 1 min, then twice as long each time (14 tries over about 3½ days); 3 days of failed attempts disable the endpoint and e-mail its owner.
     */
    post: operations["locationRequestLiveStarted"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "location_request.live_ended": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * location_request.live_ended, POSTed to each enabled endpoint of the account
     * @description Signed with the endpoint's secret: verify `Locator-Signature` on the raw body before trusting it (docs/webhooks.md has a Node snippet). At least once: de-duplicate by `id`. Answer any 2xx within PROVIDER_TIMEOUT_MS (8 s); anything else, a redirect included, is tried again after 1 min, then twice as long each time (14 tries over about 3½ days); 3 days of failed attempts disable the endpoint and e-mail its owner.
     */
    post: operations["locationRequestLiveEnded"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
}
export interface components {
  schemas: {
    /**
     * @description What went wrong, for programs: stable, never translated, the same for the same mistake on every route.
     *
     *     - `app_header_missing`: The APP header is missing or malformed.
     *     - `app_unknown`: The APP header names an application this server does not accept (API_APP_IDS).
     *     - `bad_request`: The request target or Host header is malformed.
     *     - `cross_site`: A POST from another site's page without an APP header.
     *     - `wrong_host`: The Host is not one this server answers to.
     *     - `not_found`: No such path under /api/v1.
     *     - `method_not_allowed`: The route does not answer this method; `Allow` names those it does.
     *     - `uri_too_long`: The path is longer than any address of the site.
     *     - `body_too_large`: The body is larger than the route accepts (64 KB for JSON).
     *     - `json_required`: The body is not `application/json`.
     *     - `json_malformed`: The body is not valid JSON.
     *     - `field_invalid`: A field (named in `field`) is missing, of the wrong type, or outside its documented size.
     *     - `idempotency_key_invalid`: The Idempotency-Key header is empty or longer than 255 characters.
     *     - `idempotency_key_reused`: The Idempotency-Key was used in the last 24 hours with another request.
     *     - `idempotency_in_progress`: A request with this Idempotency-Key is still being answered; retry shortly.
     *     - `token_invalid`: The token is missing, expired or revoked: sign in again.
     *     - `subscription_expired`: The account's subscription gives no access.
     *     - `credentials_invalid`: The e-mail address or password is wrong.
     *     - `auth_code_invalid`: The auth code is unknown, used, expired, or not this client's.
     *     - `password_wrong`: The account's password, asked again to confirm, is wrong.
     *     - `email_required`: No e-mail address.
     *     - `email_invalid`: Not an e-mail address that can receive mail.
     *     - `password_required`: No password.
     *     - `password_too_short`: The new password is too short.
     *     - `code_required`: No verification code.
     *     - `code_invalid`: The verification code is wrong, used or expired.
     *     - `name_required`: No name.
     *     - `name_invalid`: The buyer's name or surname is empty or too long.
     *     - `name_too_long`: The name is too long.
     *     - `name_has_contact`: The name holds a web address, e-mail address or phone number.
     *     - `title_required`: No title.
     *     - `title_too_long`: The title is too long.
     *     - `title_has_contact`: The title holds a web address, e-mail address or phone number.
     *     - `message_required`: No message text.
     *     - `message_too_long`: The message is too long.
     *     - `message_has_contact`: The message holds a web address, e-mail address or phone number.
     *     - `phone_required`: No phone number.
     *     - `phone_invalid`: Not a valid (mobile) number for the country.
     *     - `adult_required`: The buyer did not confirm being 18 or older.
     *     - `invalid_value`: A value the domain refuses, named in `field`; the message says why.
     *     - `rate_limited`: Too many attempts: wait `Retry-After` seconds.
     *     - `limit_reached`: One per three hours: `data.nextAllowedAt` says when the next is allowed.
     *     - `recipient_declined_recently`: The recipient declined this account's last request a short while ago.
     *     - `recipient_not_accepting`: The recipient opted out, blocked this account, or had enough requests today.
     *     - `recipient_opted_out`: The number asked not to receive voice messages.
     *     - `subscription_active`: The account has a subscription with access left: no second one is opened.
     *     - `nothing_to_cancel`: The account has no subscription to cancel.
     *     - `request_not_found`: No location request of this account has this id.
     *     - `url_required`: No webhook endpoint URL.
     *     - `url_invalid`: The webhook endpoint URL is not a URL (or longer than 2048 characters).
     *     - `url_refused`: The webhook endpoint URL is not https, carries a user name or password, or its host does not resolve or resolves to a loopback, private, link-local or multicast address.
     *     - `endpoint_limit_reached`: The account has the most webhook endpoints allowed (5): remove one first.
     *     - `endpoint_not_found`: No webhook endpoint of this account has this id.
     *     - `cursor_invalid`: The `cursor` is not one a page of this list gave.
     *     - `provider_unsupported`: The payment provider in the path is not available.
     *     - `provider_failed`: The payment provider refused or failed.
     *     - `delivery_failed`: The SMS, e-mail or voice provider refused the message for good.
     *     - `email_send_failed`: The verification e-mail could not be sent.
     *     - `unavailable`: The database is out for a moment: retry after `Retry-After` seconds.
     *     - `internal_error`: An unexpected failure (the server logged it).
     * @enum {string}
     */
    ErrorCode:
      | "app_header_missing"
      | "app_unknown"
      | "bad_request"
      | "cross_site"
      | "wrong_host"
      | "not_found"
      | "method_not_allowed"
      | "uri_too_long"
      | "body_too_large"
      | "json_required"
      | "json_malformed"
      | "field_invalid"
      | "idempotency_key_invalid"
      | "idempotency_key_reused"
      | "idempotency_in_progress"
      | "token_invalid"
      | "subscription_expired"
      | "credentials_invalid"
      | "auth_code_invalid"
      | "password_wrong"
      | "email_required"
      | "email_invalid"
      | "password_required"
      | "password_too_short"
      | "code_required"
      | "code_invalid"
      | "name_required"
      | "name_invalid"
      | "name_too_long"
      | "name_has_contact"
      | "title_required"
      | "title_too_long"
      | "title_has_contact"
      | "message_required"
      | "message_too_long"
      | "message_has_contact"
      | "phone_required"
      | "phone_invalid"
      | "adult_required"
      | "invalid_value"
      | "rate_limited"
      | "limit_reached"
      | "recipient_declined_recently"
      | "recipient_not_accepting"
      | "recipient_opted_out"
      | "subscription_active"
      | "nothing_to_cancel"
      | "request_not_found"
      | "url_required"
      | "url_invalid"
      | "url_refused"
      | "endpoint_limit_reached"
      | "endpoint_not_found"
      | "cursor_invalid"
      | "provider_unsupported"
      | "provider_failed"
      | "delivery_failed"
      | "email_send_failed"
      | "unavailable"
      | "internal_error";
    Failure405: {
      /** @enum {number} */
      status: 405;
      /** @description For people, in the Accept-Language language: `success`, or what went wrong. */
      message: string;
      /** @description The same text as `message`. */
      error: string;
      data: null;
      code: components["schemas"]["ErrorCode"];
      /** @description The input the failure concerns (a body field, query or path parameter), or null. */
      field: string | null;
    };
    Failure401: {
      /** @enum {number} */
      status: 401;
      /** @description For people, in the Accept-Language language: `success`, or what went wrong. */
      message: string;
      /** @description The same text as `message`. */
      error: string;
      data: null;
      code: components["schemas"]["ErrorCode"];
      /** @description The input the failure concerns (a body field, query or path parameter), or null. */
      field: string | null;
    };
    Failure413: {
      /** @enum {number} */
      status: 413;
      /** @description For people, in the Accept-Language language: `success`, or what went wrong. */
      message: string;
      /** @description The same text as `message`. */
      error: string;
      data: null;
      code: components["schemas"]["ErrorCode"];
      /** @description The input the failure concerns (a body field, query or path parameter), or null. */
      field: string | null;
    };
    Failure415: {
      /** @enum {number} */
      status: 415;
      /** @description For people, in the Accept-Language language: `success`, or what went wrong. */
      message: string;
      /** @description The same text as `message`. */
      error: string;
      data: null;
      code: components["schemas"]["ErrorCode"];
      /** @description The input the failure concerns (a body field, query or path parameter), or null. */
      field: string | null;
    };
    Failure429: {
      /** @enum {number} */
      status: 429;
      /** @description For people, in the Accept-Language language: `success`, or what went wrong. */
      message: string;
      /** @description The same text as `message`. */
      error: string;
      data: null;
      code: components["schemas"]["ErrorCode"];
      /** @description The input the failure concerns (a body field, query or path parameter), or null. */
      field: string | null;
    };
    Failure400: {
      /** @enum {number} */
      status: 400;
      /** @description For people, in the Accept-Language language: `success`, or what went wrong. */
      message: string;
      /** @description The same text as `message`. */
      error: string;
      data: null;
      code: components["schemas"]["ErrorCode"];
      /** @description The input the failure concerns (a body field, query or path parameter), or null. */
      field: string | null;
    };
    Failure502: {
      /** @enum {number} */
      status: 502;
      /** @description For people, in the Accept-Language language: `success`, or what went wrong. */
      message: string;
      /** @description The same text as `message`. */
      error: string;
      data: null;
      code: components["schemas"]["ErrorCode"];
      /** @description The input the failure concerns (a body field, query or path parameter), or null. */
      field: string | null;
    };
    Failure409: {
      /** @enum {number} */
      status: 409;
      /** @description For people, in the Accept-Language language: `success`, or what went wrong. */
      message: string;
      /** @description The same text as `message`. */
      error: string;
      data: null;
      code: components["schemas"]["ErrorCode"];
      /** @description The input the failure concerns (a body field, query or path parameter), or null. */
      field: string | null;
    };
    Failure422: {
      /** @enum {number} */
      status: 422;
      /** @description For people, in the Accept-Language language: `success`, or what went wrong. */
      message: string;
      /** @description The same text as `message`. */
      error: string;
      data: null;
      code: components["schemas"]["ErrorCode"];
      /** @description The input the failure concerns (a body field, query or path parameter), or null. */
      field: string | null;
    };
    Failure403: {
      /** @enum {number} */
      status: 403;
      /** @description For people, in the Accept-Language language: `success`, or what went wrong. */
      message: string;
      /** @description The same text as `message`. */
      error: string;
      data: null;
      code: components["schemas"]["ErrorCode"];
      /** @description The input the failure concerns (a body field, query or path parameter), or null. */
      field: string | null;
    };
    Failure404: {
      /** @enum {number} */
      status: 404;
      /** @description For people, in the Accept-Language language: `success`, or what went wrong. */
      message: string;
      /** @description The same text as `message`. */
      error: string;
      data: null;
      code: components["schemas"]["ErrorCode"];
      /** @description The input the failure concerns (a body field, query or path parameter), or null. */
      field: string | null;
    };
    Failure501: {
      /** @enum {number} */
      status: 501;
      /** @description For people, in the Accept-Language language: `success`, or what went wrong. */
      message: string;
      /** @description The same text as `message`. */
      error: string;
      data: null;
      code: components["schemas"]["ErrorCode"];
      /** @description The input the failure concerns (a body field, query or path parameter), or null. */
      field: string | null;
    };
    WebhookEvent: {
      /** @description The event's id: the same in every attempt and to every endpoint. De-duplicate by it. */
      id: string;
      /** @enum {string} */
      object: "event";
      /**
       * @description What happened to the request. Ignore types you do not know.
       * @enum {string}
       */
      type:
        | "location_request.shared"
        | "location_request.declined"
        | "location_request.expired"
        | "location_request.live_started"
        | "location_request.live_ended";
      /** @description When it happened, in Unix seconds. */
      created: number;
      data: {
        /**
         * @description The location request: GET /api/v1/locate/requests/{id} with the account's token.
         * @example cmi9x0abc0001
         */
        requestId: string;
        /**
         * @description The request's state when the event was sent.
         * @enum {string}
         */
        status:
          | "not_delivered"
          | "pending"
          | "expired"
          | "shared_precise"
          | "shared_approximate"
          | "declined"
          | "stopped"
          | "erased";
        /**
         * @description For `location_request.shared`: what the recipient chose.
         * @enum {string|null}
         */
        precision?: "precise" | "approximate" | null;
      };
    };
    UserCacheInfo: {
      /** @example cmi9x0abc0001 */
      id: string;
      email: string;
      name: string | null;
      locale: string;
    };
    SignedIn: {
      /** @description Send it as `Authorization: Bearer <token>` (or raw). */
      token: string;
      user: {
        userCacheInfo: components["schemas"]["UserCacheInfo"];
      };
    };
    /**
     * @deprecated
     * @description Kept for clients written before `code` and `field`: read those instead.
     */
    FieldKeys: {
      fields: {
        [key: string]: string;
      };
    };
    Done: {
      /** @enum {boolean} */
      success: true;
    };
    PublicKey: {
      /** @description PEM (SPKI) of the 2048-bit RSA key. */
      publicKey: string;
      /** @enum {string} */
      algorithm: "RSA-OAEP";
      /** @enum {string} */
      hash: "SHA-1";
      /** @enum {string} */
      encoding: "base64";
    };
    SubscriptionInfo: {
      /** @enum {string} */
      state: "Active" | "Cancelled" | "Unsubscribed" | "Expired";
      /** @description 1: no access (spec section 3). */
      expiredStatus: 0 | 1;
      /**
       * Format: date-time
       * @example 2026-11-22T05:38:39.571Z
       */
      validUntil: string | null;
      /**
       * Format: date-time
       * @example 2026-11-22T05:38:39.571Z
       */
      createdAt: string | null;
      /** @enum {string|null} */
      provider: "stripe" | "paypal" | "sandbox" | null;
      /** @example usd-30d */
      plan: string | null;
      /** @example USD */
      currencyCode: string | null;
      amount: number | null;
      firstDayDebitAmount: number | null;
      /** @description Days between charges. */
      period: number | null;
      cancelAtPeriodEnd: boolean;
      /**
       * Format: date-time
       * @description The next charge; null once cancelled or without access.
       * @example 2026-11-22T05:38:39.571Z
       */
      nextDebitDay: string | null;
    };
    AccountDeleted: {
      /**
       * @description The account and everything of it are deleted.
       * @enum {boolean}
       */
      deleted: true;
    };
    AccountExport: {
      /**
       * Format: date-time
       * @description When the document was made.
       * @example 2026-11-22T05:38:39.571Z
       */
      exportedAt: string;
      profile: {
        email: string;
        /**
         * Format: date-time
         * @description When the owner proved the address (the e-mailed link or a reset by code); until then rows keyed only by the address are not included.
         * @example 2026-11-22T05:38:39.571Z
         */
        emailVerifiedAt: string | null;
        name: string | null;
        surname: string | null;
        /** @description E.164, given in the payment form. */
        phone: string | null;
        /** @enum {string} */
        locale: "en" | "id" | "ph";
        /** @description Whether the owner is e-mailed when a request is answered or expires unanswered. */
        notifyByEmail: boolean;
        /**
         * Format: date-time
         * @example 2026-11-22T05:38:39.571Z
         */
        createdAt: string;
        /**
         * Format: date-time
         * @example 2026-11-22T05:38:39.571Z
         */
        updatedAt: string;
      };
      sessions: {
        /**
         * Format: date-time
         * @example 2026-11-22T05:38:39.571Z
         */
        createdAt: string;
        /**
         * Format: date-time
         * @example 2026-11-22T05:38:39.571Z
         */
        expiresAt: string;
      }[];
      subscription: {
        /** @enum {string} */
        state: "trial" | "active" | "cancelled" | "unsubscribed" | "expired";
        /**
         * Format: date-time
         * @example 2026-11-22T05:38:39.571Z
         */
        validUntil: string;
        /** @enum {string|null} */
        provider: "sandbox" | "stripe" | "paypal" | null;
        plan: string | null;
        currency: string | null;
        amount: number | null;
        firstDayAmount: number | null;
        periodDays: number | null;
        cancelAtPeriodEnd: boolean;
        /**
         * Format: date-time
         * @example 2026-11-22T05:38:39.571Z
         */
        nextChargeAt: string | null;
        /**
         * Format: date-time
         * @example 2026-11-22T05:38:39.571Z
         */
        createdAt: string;
      } | null;
      payments: {
        /** @enum {string} */
        provider: "sandbox" | "stripe" | "paypal";
        /** @description The provider's invoice, capture or charge id. */
        providerPaymentId: string;
        amount: number;
        currency: string;
        /** @enum {string} */
        status: "paid" | "failed" | "refunded";
        /**
         * Format: date-time
         * @example 2026-11-22T05:38:39.571Z
         */
        paidAt: string;
        /**
         * Format: date-time
         * @example 2026-11-22T05:38:39.571Z
         */
        periodEnd: string | null;
      }[];
      checkouts: {
        /** @enum {string} */
        provider: "sandbox" | "stripe" | "paypal";
        email: string;
        name: string;
        surname: string;
        phone: string | null;
        /** @enum {string} */
        locale: "en" | "id" | "ph";
        plan: string;
        currency: string;
        amount: number;
        firstDayAmount: number;
        /** @enum {string} */
        status: "pending" | "paid" | "failed" | "unsubscribed";
        /**
         * Format: date-time
         * @example 2026-11-22T05:38:39.571Z
         */
        createdAt: string;
      }[];
      requests: {
        /** @example cmi9x0abc0001 */
        id: string;
        /** @enum {string} */
        channel: "sms" | "email" | "link";
        /** @description Null for a link, after REQUEST_DATA_DAYS, or once the recipient erased it. */
        target: string | null;
        title: string | null;
        requesterName: string;
        /** @enum {string} */
        locale: "en" | "id" | "ph";
        code: string;
        /**
         * @description The request's one state (docs/api.md, "A request's life").
         * @enum {string}
         */
        state:
          | "not_delivered"
          | "pending"
          | "expired"
          | "shared_precise"
          | "shared_approximate"
          | "declined"
          | "stopped"
          | "erased";
        /** @enum {string} */
        status: "pending" | "ip_located" | "gps_tracked";
        /** @enum {string|null} */
        decision: "declined" | "revoked" | "erased" | null;
        /** @enum {string} */
        delivery: "queued" | "sending" | "sent" | "delivered" | "unknown" | "failed" | "not_accepted" | "link";
        /**
         * Format: date-time
         * @example 2026-11-22T05:38:39.571Z
         */
        createdAt: string;
        /**
         * Format: date-time
         * @example 2026-11-22T05:38:39.571Z
         */
        openedAt: string | null;
        /**
         * Format: date-time
         * @example 2026-11-22T05:38:39.571Z
         */
        locatedAt: string | null;
        latitude: number | null;
        longitude: number | null;
        accuracyMeters: number | null;
        address: string | null;
        /**
         * Format: date-time
         * @description The end the recipient chose for a live share; null for a one-off share.
         * @example 2026-11-22T05:38:39.571Z
         */
        liveUntil: string | null;
        /**
         * Format: date-time
         * @description When a live share was stopped before liveUntil.
         * @example 2026-11-22T05:38:39.571Z
         */
        liveEndedAt: string | null;
        /** @description A live share's recent positions, oldest first (the newest is latitude/longitude). */
        livePositions: {
          latitude: number;
          longitude: number;
          accuracyMeters: number | null;
          /**
           * Format: date-time
           * @example 2026-11-22T05:38:39.571Z
           */
          recordedAt: string;
        }[];
      }[];
      voiceMessages: {
        /** @example cmi9x0abc0001 */
        id: string;
        to: string;
        text: string;
        /** @enum {string} */
        language: "en" | "id" | "fil";
        /** @enum {string} */
        voice: "female" | "male";
        /** @enum {string} */
        state:
          | "sending"
          | "unknown"
          | "queued"
          | "initiated"
          | "ringing"
          | "in-progress"
          | "completed"
          | "busy"
          | "no-answer"
          | "failed"
          | "canceled";
        error: string | null;
        /**
         * Format: date-time
         * @example 2026-11-22T05:38:39.571Z
         */
        createdAt: string;
      }[];
      pushDevices: {
        device: string;
        endpoint: string;
        /**
         * Format: date-time
         * @example 2026-11-22T05:38:39.571Z
         */
        createdAt: string;
        /**
         * Format: date-time
         * @example 2026-11-22T05:38:39.571Z
         */
        lastSentAt: string | null;
      }[];
      review: {
        rating: number;
        text: string;
        displayName: string;
        /** @enum {string} */
        locale: "en" | "id" | "ph";
        /** @enum {string} */
        status: "pending" | "published" | "hidden";
        /**
         * Format: date-time
         * @example 2026-11-22T05:38:39.571Z
         */
        writtenAt: string;
        /**
         * Format: date-time
         * @example 2026-11-22T05:38:39.571Z
         */
        publishedAt: string | null;
      } | null;
      refundRequests: {
        email: string;
        reason: string;
        /** @enum {string} */
        locale: "en" | "id" | "ph";
        /** @enum {string} */
        status: "unconfirmed" | "open" | "closed";
        /**
         * Format: date-time
         * @example 2026-11-22T05:38:39.571Z
         */
        createdAt: string;
        /**
         * Format: date-time
         * @example 2026-11-22T05:38:39.571Z
         */
        confirmedAt: string | null;
      }[];
      webhookEndpoints: {
        url: string;
        /** @enum {string} */
        status: "enabled" | "disabled";
        /**
         * Format: date-time
         * @example 2026-11-22T05:38:39.571Z
         */
        disabledAt: string | null;
        /**
         * Format: date-time
         * @example 2026-11-22T05:38:39.571Z
         */
        createdAt: string;
      }[];
      contactMessages: {
        name: string;
        email: string;
        message: string;
        /** @enum {string} */
        locale: "en" | "id" | "ph";
        /**
         * Format: date-time
         * @example 2026-11-22T05:38:39.571Z
         */
        createdAt: string;
      }[];
    };
    WebhookEndpoint: {
      /** @example cmi9x0abc0001 */
      id: string;
      /**
       * Format: uri
       * @description Where the events are POSTed (https; loopback http only outside live mode).
       */
      url: string;
      /** @description The signing secret: the HMAC-SHA-256 key of `Locator-Signature`. Keep it on your server only. */
      secret: string;
      /** @enum {string} */
      status: "enabled" | "disabled";
      /**
       * Format: date-time
       * @description When 3 days of failed attempts turned it off; null while enabled.
       * @example 2026-11-22T05:38:39.571Z
       */
      disabledAt: string | null;
      /** @description Failed attempts since the last successful one. */
      consecutiveFailures: number;
      /**
       * Format: date-time
       * @description The first failed attempt since the last successful one.
       * @example 2026-11-22T05:38:39.571Z
       */
      failingSince: string | null;
      /**
       * Format: date-time
       * @example 2026-11-22T05:38:39.571Z
       */
      createdAt: string;
    };
    WebhookDelivery: {
      /** @example cmi9x0abc0001 */
      id: string;
      /** @example cmi9x0abc0001 */
      endpointId: string;
      eventId: string;
      /** @enum {string} */
      type:
        | "location_request.shared"
        | "location_request.declined"
        | "location_request.expired"
        | "location_request.live_started"
        | "location_request.live_ended";
      /**
       * @description `pending` while tries remain, `delivered` on a 2xx, `failed` once given up.
       * @enum {string}
       */
      status: "pending" | "delivered" | "failed";
      attempts: number;
      /** @description The last attempt's HTTP status; null without an answer. */
      lastStatusCode: number | null;
      /** @description Why the last attempt failed (`HTTP 500`, `no answer in time`, …). */
      lastError: string | null;
      /**
       * Format: date-time
       * @example 2026-11-22T05:38:39.571Z
       */
      lastAttemptAt: string | null;
      /**
       * Format: date-time
       * @example 2026-11-22T05:38:39.571Z
       */
      deliveredAt: string | null;
      /**
       * Format: date-time
       * @example 2026-11-22T05:38:39.571Z
       */
      createdAt: string;
    };
    PaidAmount: {
      totals: {
        currencyCode: string;
        amount: number;
      }[];
      payments: {
        /** @example cmi9x0abc0001 */
        id: string;
        amount: number;
        currencyCode: string;
        /** @enum {string} */
        status: "paid" | "failed" | "refunded";
        /**
         * Format: date-time
         * @example 2026-11-22T05:38:39.571Z
         */
        paidAt: string;
        /**
         * Format: date-time
         * @example 2026-11-22T05:38:39.571Z
         */
        periodEnd: string | null;
      }[];
    };
    RegisterStatus: {
      /** @enum {string} */
      status: "pending" | "success" | "failed" | "unsubscribed" | "unknown";
      /** @description Only in the first `success` asked with the checkout's `checkout_browser` cookie; single use, 5 minutes. */
      authCode: string | null;
    };
    CheckoutOpened: {
      /** @description The checkout's id, for GET /api/v1/personnal/registerQuery/{id}. */
      id: string;
      /**
       * Format: uri
       * @description Where the buyer pays.
       */
      url: string;
      /** @enum {string} */
      provider: "stripe" | "paypal" | "sandbox";
    };
    /**
     * @deprecated
     * @description Kept for clients written before `code` and `field`: read those instead.
     */
    CheckoutInvalid: {
      /** @description The first field that failed. */
      field: string;
      /** @description Every failed field with its message. */
      errors: {
        [key: string]: string;
      };
    };
    WebhookAnswer:
      | {
          /** @enum {boolean} */
          received: true;
          /** @enum {string} */
          status: "applied" | "duplicate" | "ignored";
        }
      | {
          error: string;
        };
    RequestCreated: {
      /** @example cmi9x0abc0001 */
      id: string;
      /** @example Ab3dEf7H */
      code: string;
      /** Format: uri */
      link: string;
    };
    RequestNotAccepted: {
      /** @example cmi9x0abc0001 */
      id: string;
      /** @enum {string} */
      delivery: "not_accepted";
    };
    Limited: {
      /**
       * Format: date-time
       * @example 2026-11-22T05:38:39.571Z
       */
      nextAllowedAt: string;
      /** @description The same as the Retry-After header. */
      retryAfterSeconds: number;
    };
    LocationRequest: {
      /** @example cmi9x0abc0001 */
      id: string;
      /** @enum {string} */
      channel: "sms" | "email" | "link";
      /** @description The number (E.164) or address asked; null for a link, after REQUEST_DATA_DAYS, and once the recipient erased their data. */
      target: string | null;
      /** @description A link's title (null after REQUEST_DATA_DAYS or an erasure). */
      title: string | null;
      code: string;
      /**
       * Format: uri
       * @description The recipient's link; null when the request was not delivered.
       */
      link: string | null;
      /**
       * @description The request's one state (docs/api.md, "A request's life").
       * @enum {string}
       */
      state:
        | "not_delivered"
        | "pending"
        | "expired"
        | "shared_precise"
        | "shared_approximate"
        | "declined"
        | "stopped"
        | "erased";
      /** @description Unanswered and older than REQUEST_TTL_DAYS: the link shares nothing. */
      expired: boolean;
      /** @enum {string} */
      status: "pending" | "ip_located" | "gps_tracked";
      /** @enum {string|null} */
      decision: "declined" | "revoked" | "erased" | null;
      /** @enum {string} */
      delivery: "queued" | "sending" | "sent" | "delivered" | "unknown" | "failed" | "not_accepted" | "link";
      /**
       * Format: date-time
       * @example 2026-11-22T05:38:39.571Z
       */
      openedAt: string | null;
      /**
       * Format: date-time
       * @example 2026-11-22T05:38:39.571Z
       */
      locatedAt: string | null;
      latitude: number | null;
      longitude: number | null;
      /** @description An approximate (ip_located) position is an area of this radius. */
      accuracyMeters: number | null;
      address: string | null;
      /** @enum {string} */
      locale: "en" | "id" | "ph";
      /**
       * Format: date-time
       * @example 2026-11-22T05:38:39.571Z
       */
      createdAt: string;
      /**
       * Format: date-time
       * @description A live share runs until this time (latitude and longitude are then its newest position, its trail is GET /api/v1/locate/requests/{id}/trail); null for a one-off share.
       * @example 2026-11-22T05:38:39.571Z
       */
      liveUntil: string | null;
      /**
       * Format: date-time
       * @description When a live share ended before liveUntil (the recipient stopped it or closed the page).
       * @example 2026-11-22T05:38:39.571Z
       */
      liveEndedAt: string | null;
    };
    RequestPage: {
      /** @description How many requests match, counted up to 1,000 (`totalCapped`: there are more). */
      total: number;
      /** @description true: more than 1,000 requests match; `total` is then 1000. */
      totalCapped: boolean;
      /** @description The page number asked for; 1 when a `cursor` was given. */
      page: number;
      pageSize: number;
      /** @description Pass as `cursor` for the next (older) page; null on the oldest page. */
      nextCursor: string | null;
      /** @description Pass as `cursor` for the previous (newer) page; null on the newest page. */
      prevCursor: string | null;
      items: components["schemas"]["LocationRequest"][];
    };
    Saved: {
      /** @example cmi9x0abc0001 */
      id: string;
    };
    TrailPosition: {
      /** @description The position's key: increasing; pass the last one read as `after`. */
      id: number;
      latitude: number;
      longitude: number;
      accuracyMeters: number | null;
      /**
       * Format: date-time
       * @example 2026-11-22T05:38:39.571Z
       */
      recordedAt: string;
    };
    TrailPage: {
      /**
       * @description `live` while the share runs, `ended` once it stopped or ran out; null for a one-off share.
       * @enum {string|null}
       */
      live: "live" | "ended" | null;
      /**
       * Format: date-time
       * @example 2026-11-22T05:38:39.571Z
       */
      liveUntil: string | null;
      /**
       * Format: date-time
       * @example 2026-11-22T05:38:39.571Z
       */
      liveEndedAt: string | null;
      /** @description Positions after `after`, oldest first (at most `limit`). The newest 100 are kept per request; an approximate share has none. */
      items: components["schemas"]["TrailPosition"][];
      /** @description true: more positions follow; ask again with `after=nextAfter`. */
      more: boolean;
      /** @description The key to ask with next: the last position given, or `after` again when nothing was new. */
      nextAfter: number;
    };
    Lookup: {
      /** @example +639171234567 */
      number: string;
      valid: boolean;
      /** @description ISO 3166 region; null when the number does not tell. */
      country: string | null;
      callingCode: string;
      nationalFormat: string;
      internationalFormat: string;
      /** @enum {string|null} */
      numberType:
        | "MOBILE"
        | "FIXED_LINE"
        | "FIXED_LINE_OR_MOBILE"
        | "VOIP"
        | "TOLL_FREE"
        | "PREMIUM_RATE"
        | "SHARED_COST"
        | "PERSONAL_NUMBER"
        | "PAGER"
        | "UAN"
        | "VOICEMAIL"
        | null;
      timeZones: string[];
      /** @enum {string} */
      provider: "offline" | "twilio";
      /** @enum {string} */
      providerState: "unconfigured" | "subscribersOnly" | "failed" | "limited" | "invalidNumber" | "ok";
      details: {
        carrier: string | null;
        lineType: string | null;
        callerName: string | null;
      } | null;
      /**
       * Format: date-time
       * @example 2026-11-22T05:38:39.571Z
       */
      fetchedAt: string | null;
    };
    VoiceSent: {
      /** @example cmi9x0abc0001 */
      id: string;
      /** @enum {string} */
      state:
        | "sending"
        | "unknown"
        | "queued"
        | "initiated"
        | "ringing"
        | "in-progress"
        | "completed"
        | "busy"
        | "no-answer"
        | "failed"
        | "canceled";
    };
    VoiceMessages: {
      items: {
        /** @example cmi9x0abc0001 */
        id: string;
        to: string;
        text: string;
        /** @enum {string} */
        language: "en" | "id" | "fil";
        /** @enum {string} */
        voice: "female" | "male";
        /** @enum {string} */
        state:
          | "sending"
          | "unknown"
          | "queued"
          | "initiated"
          | "ringing"
          | "in-progress"
          | "completed"
          | "busy"
          | "no-answer"
          | "failed"
          | "canceled";
        /**
         * Format: date-time
         * @example 2026-11-22T05:38:39.571Z
         */
        createdAt: string;
      }[];
      /** @description Pass as `cursor` for the next (older) page; null on the oldest page. */
      nextCursor: string | null;
    };
  };
  responses: never;
  parameters: never;
  requestBodies: never;
  headers: never;
  pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
  openApiDocument: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The document. */
      200: {
        headers: {
          /** @description The request's id, as the server's log names it (a trusted proxy's own when it sent a well-formed one): quote it when reporting a problem. */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {string} */
            openapi: "3.1.0";
          } & {
            [key: string]: unknown;
          };
        };
      };
      /** @description Another method than GET; `Allow` names the methods the route answers. */
      405: {
        headers: {
          /** @description The methods this path answers. */
          Allow: string;
          /** @description The request's id, as the server's log names it (a trusted proxy's own when it sent a well-formed one): quote it when reporting a problem. */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Failure405"];
        };
      };
    };
  };
  login: {
    parameters: {
      query?: never;
      header: {
        /** @description Your application id (the `app` security scheme). */
        APP: string;
        /** @description The messages' language: en, id or fil (ph); English otherwise. */
        "Accept-Language"?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "email": "ana@example.com",
         *       "password": "correct horse 1",
         *       "encrypted": false
         *     }
         */
        "application/json": {
          /**
           * Format: email
           * @description The account's e-mail address (trimmed, any case).
           */
          email: string;
          /** @description RSA-OAEP (SHA-1) ciphertext in base64 under GET /api/v1/auth/publicKey's key; plain with `encrypted: false`. */
          password: string;
          /**
           * @description false: `password` is the plain password (over TLS only).
           * @default true
           */
          encrypted?: boolean;
        };
      };
    };
    responses: {
      /** @description Signed in: keep `token` for the calls that need it. */
      200: {
        headers: {
          /** @description The request's id, as the server's log names it (a trusted proxy's own when it sent a well-formed one): quote it when reporting a problem. */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            status: 200;
            /** @description For people, in the Accept-Language language: `success`, or what went wrong. */
            message: string;
            error: null;
            data: components["schemas"]["SignedIn"];
          };
        };
      };
      /** @description A missing or malformed APP header, malformed JSON, a field of the wrong type, or an e-mail address or password the form rules refuse (`data.fields` names them by message key). */
      400: {
        headers: {
          /** @description The request's id, as the server's log names it (a trusted proxy's own when it sent a well-formed one): quote it when reporting a problem. */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            status: 400;
            /** @description For people, in the Accept-Language language: `success`, or what went wrong. */
            message: string;
            /** @description The same text as `message`. */
            error: string;
            data: null | components["schemas"]["FieldKeys"];
            code: components["schemas"]["ErrorCode"];
            /** @description The input the failure concerns (a body field, query or path parameter), or null. */
            field: string | null;
          };
        };
      };
      /** @description Wrong e-mail address or password (or a password that does not decrypt). */
      401: {
        headers: {
          /** @description The request's id, as the server's log names it (a trusted proxy's own when it sent a well-formed one): quote it when reporting a problem. */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Failure401"];
        };
      };
      /** @description Another method than POST; `Allow` names the methods the route answers. */
      405: {
        headers: {
          /** @description The methods this path answers. */
          Allow: string;
          /** @description The request's id, as the server's log names it (a trusted proxy's own when it sent a well-formed one): quote it when reporting a problem. */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Failure405"];
        };
      };
      /** @description The body is larger than 64 KB: refused while it streams, with `Connection: close` (a declared `Content-Length` is refused before a byte is read). */
      413: {
        headers: {
          /** @description The request's id, as the server's log names it (a trusted proxy's own when it sent a well-formed one): quote it when reporting a problem. */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Failure413"];
        };
      };
      /** @description The body is not JSON (`Content-Type` is not application/json). */
      415: {
        headers: {
          /** @description The request's id, as the server's log names it (a trusted proxy's own when it sent a well-formed one): quote it when reporting a problem. */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Failure415"];
        };
      };
      /** @description Past a limit: `Retry-After` says in how many seconds to try again, the message says it for people. */
      429: {
        headers: {
          /** @description Seconds to wait before trying again. */
          "Retry-After": number;
          /** @description The request's id, as the server's log names it (a trusted proxy's own when it sent a well-formed one): quote it when reporting a problem. */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Failure429"];
        };
      };
    };
  };
  sendCode: {
    parameters: {
      query?: never;
      header: {
        /** @description Your application id (the `app` security scheme). */
        APP: string;
        /** @description The messages' language: en, id or fil (ph); English otherwise. */
        "Accept-Language"?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "email": "ana@example.com",
         *       "type": 1
         *     }
         */
        "application/json": {
          /**
           * Format: email
           * @description The account's e-mail address.
           */
          email: string;
          /**
           * @description 1: a password-reset code.
           * @enum {number}
           */
          type: 1;
        };
      };
    };
    responses: {
      /** @description Sent (or the note, for an address without an account). */
      200: {
        headers: {
          /** @description The request's id, as the server's log names it (a trusted proxy's own when it sent a well-formed one): quote it when reporting a problem. */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            status: 200;
            /** @description For people, in the Accept-Language language: `success`, or what went wrong. */
            message: string;
            error: null;
            data: components["schemas"]["Done"];
          };
        };
      };
      /** @description A missing or malformed APP header, malformed JSON, a wrong `type`, or an invalid address. */
      400: {
        headers: {
          /** @description The request's id, as the server's log names it (a trusted proxy's own when it sent a well-formed one): quote it when reporting a problem. */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Failure400"];
        };
      };
      /** @description Another method than POST; `Allow` names the methods the route answers. */
      405: {
        headers: {
          /** @description The methods this path answers. */
          Allow: string;
          /** @description The request's id, as the server's log names it (a trusted proxy's own when it sent a well-formed one): quote it when reporting a problem. */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Failure405"];
        };
      };
      /** @description The body is larger than 64 KB: refused while it streams, with `Connection: close` (a declared `Content-Length` is refused before a byte is read). */
      413: {
        headers: {
          /** @description The request's id, as the server's log names it (a trusted proxy's own when it sent a well-formed one): quote it when reporting a problem. */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Failure413"];
        };
      };
      /** @description The body is not JSON (`Content-Type` is not application/json). */
      415: {
        headers: {
          /** @description The request's id, as the server's log names it (a trusted proxy's own when it sent a well-formed one): quote it when reporting a problem. */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Failure415"];
        };
      };
      /** @description Past a limit: `Retry-After` says in how many seconds to try again, the message says it for people. */
      429: {
        headers: {
          /** @description Seconds to wait before trying again. */
          "Retry-After": number;
          /** @description The request's id, as the server's log names it (a trusted proxy's own when it sent a well-formed one): quote it when reporting a problem. */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Failure429"];
        };
      };
      /** @description The e-mail provider failed. */
      502: {
        headers: {
          /** @description The request's id, as the server's log names it (a trusted proxy's own when it sent a well-formed one): quote it when reporting a problem. */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Failure502"];
        };
      };
    };
  };
  resetPassword: {
    parameters: {
      query?: never;
      header: {
        /** @description Your application id (the `app` security scheme). */
        APP: string;
        /** @description The messages' language: en, id or fil (ph); English otherwise. */
        "Accept-Language"?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "email": "ana@example.com",
         *       "password": "new password 1",
         *       "verificationCode": "482913",
         *       "encrypted": false
         *     }
         */
        "application/json": {
          /** Format: email */
          email: string;
          /** @description The new password, encrypted like the sign-in's (plain with `encrypted: false`). */
          password: string;
          /** @description The 6-digit code from the e-mail. */
          verificationCode: string;
          /** @default true */
          encrypted?: boolean;
        };
      };
    };
    responses: {
      /** @description The password is changed. */
      200: {
        headers: {
          /** @description The request's id, as the server's log names it (a trusted proxy's own when it sent a well-formed one): quote it when reporting a problem. */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            status: 200;
            /** @description For people, in the Accept-Language language: `success`, or what went wrong. */
            message: string;
            error: null;
            data: components["schemas"]["Done"];
          };
        };
      };
      /** @description A missing or malformed APP header, malformed JSON, a field of the wrong type, a value the form rules refuse, or a code that is wrong, used or expired. */
      400: {
        headers: {
          /** @description The request's id, as the server's log names it (a trusted proxy's own when it sent a well-formed one): quote it when reporting a problem. */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Failure400"];
        };
      };
      /** @description Another method than POST; `Allow` names the methods the route answers. */
      405: {
        headers: {
          /** @description The methods this path answers. */
          Allow: string;
          /** @description The request's id, as the server's log names it (a trusted proxy's own when it sent a well-formed one): quote it when reporting a problem. */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Failure405"];
        };
      };
      /** @description The body is larger than 64 KB: refused while it streams, with `Connection: close` (a declared `Content-Length` is refused before a byte is read). */
      413: {
        headers: {
          /** @description The request's id, as the server's log names it (a trusted proxy's own when it sent a well-formed one): quote it when reporting a problem. */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Failure413"];
        };
      };
      /** @description The body is not JSON (`Content-Type` is not application/json). */
      415: {
        headers: {
          /** @description The request's id, as the server's log names it (a trusted proxy's own when it sent a well-formed one): quote it when reporting a problem. */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Failure415"];
        };
      };
      /** @description Past a limit: `Retry-After` says in how many seconds to try again, the message says it for people. */
      429: {
        headers: {
          /** @description Seconds to wait before trying again. */
          "Retry-After": number;
          /** @description The request's id, as the server's log names it (a trusted proxy's own when it sent a well-formed one): quote it when reporting a problem. */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Failure429"];
        };
      };
    };
  };
  loginByAuthCode: {
    parameters: {
      query?: never;
      header: {
        /** @description Your application id (the `app` security scheme). */
        APP: string;
        /** @description The messages' language: en, id or fil (ph); English otherwise. */
        "Accept-Language"?: string;
      };
      path?: never;
      cookie?: {
        /** @description Set by registerAndSign: the automatic sign-in after payment happens only with it. */
        checkout_browser?: string;
      };
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "authCode": "xK2pQ7rT9wZ3mN5bV8cL1dF4.q8Z3cXw1Lr6TnB0vYk4Pm9Hs"
         *     }
         */
        "application/json": {
          /** @description The `authCode` of the register query's first success. */
          authCode: string;
        };
      };
    };
    responses: {
      /** @description Signed in, as POST /api/v1/auth/login answers. */
      200: {
        headers: {
          /** @description The request's id, as the server's log names it (a trusted proxy's own when it sent a well-formed one): quote it when reporting a problem. */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            status: 200;
            /** @description For people, in the Accept-Language language: `success`, or what went wrong. */
            message: string;
            error: null;
            data: components["schemas"]["SignedIn"];
          };
        };
      };
      /** @description A missing or malformed APP header, malformed JSON or an `authCode` of the wrong type. */
      400: {
        headers: {
          /** @description The request's id, as the server's log names it (a trusted proxy's own when it sent a well-formed one): quote it when reporting a problem. */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Failure400"];
        };
      };
      /** @description The code is wrong, used or expired, or sent without the checkout's cookie. */
      401: {
        headers: {
          /** @description The request's id, as the server's log names it (a trusted proxy's own when it sent a well-formed one): quote it when reporting a problem. */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Failure401"];
        };
      };
      /** @description Another method than POST; `Allow` names the methods the route answers. */
      405: {
        headers: {
          /** @description The methods this path answers. */
          Allow: string;
          /** @description The request's id, as the server's log names it (a trusted proxy's own when it sent a well-formed one): quote it when reporting a problem. */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Failure405"];
        };
      };
      /** @description The body is larger than 64 KB: refused while it streams, with `Connection: close` (a declared `Content-Length` is refused before a byte is read). */
      413: {
        headers: {
          /** @description The request's id, as the server's log names it (a trusted proxy's own when it sent a well-formed one): quote it when reporting a problem. */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Failure413"];
        };
      };
      /** @description The body is not JSON (`Content-Type` is not application/json). */
      415: {
        headers: {
          /** @description The request's id, as the server's log names it (a trusted proxy's own when it sent a well-formed one): quote it when reporting a problem. */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Failure415"];
        };
      };
    };
  };
  publicKey: {
    parameters: {
      query?: never;
      header: {
        /** @description Your application id (the `app` security scheme). */
        APP: string;
        /** @description The messages' language: en, id or fil (ph); English otherwise. */
        "Accept-Language"?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The PEM and how to use it. */
      200: {
        headers: {
          /** @description The request's id, as the server's log names it (a trusted proxy's own when it sent a well-formed one): quote it when reporting a problem. */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            status: 200;
            /** @description For people, in the Accept-Language language: `success`, or what went wrong. */
            message: string;
            error: null;
            data: components["schemas"]["PublicKey"];
          };
        };
      };
      /** @description A missing or malformed APP header. */
      400: {
        headers: {
          /** @description The request's id, as the server's log names it (a trusted proxy's own when it sent a well-formed one): quote it when reporting a problem. */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Failure400"];
        };
      };
      /** @description Another method than GET; `Allow` names the methods the route answers. */
      405: {
        headers: {
          /** @description The methods this path answers. */
          Allow: string;
          /** @description The request's id, as the server's log names it (a trusted proxy's own when it sent a well-formed one): quote it when reporting a problem. */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Failure405"];
        };
      };
    };
  };
  subscriptionInfo: {
    parameters: {
      query?: never;
      header: {
        /** @description Your application id (the `app` security scheme). */
        APP: string;
        /** @description `Bearer <token>` from sign-in (the `token` security scheme). */
        Authorization: string;
        /** @description The messages' language: en, id or fil (ph); English otherwise. */
        "Accept-Language"?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Its state (Active, Cancelled, Unsubscribed or Expired), dates and plan; amounts in minor units. */
      200: {
        headers: {
          /** @description The request's id, as the server's log names it (a trusted proxy's own when it sent a well-formed one): quote it when reporting a problem. */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            status: 200;
            /** @description For people, in the Accept-Language language: `success`, or what went wrong. */
            message: string;
            error: null;
            data: components["schemas"]["SubscriptionInfo"];
          };
        };
      };
      /** @description A missing or malformed APP header. */
      400: {
        headers: {
          /** @description The request's id, as the server's log names it (a trusted proxy's own when it sent a well-formed one): quote it when reporting a problem. */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Failure400"];
        };
      };
      /** @description The token is missing, expired or revoked (signed out): sign in again. */
      401: {
        headers: {
          /** @description The request's id, as the server's log names it (a trusted proxy's own when it sent a well-formed one): quote it when reporting a problem. */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Failure401"];
        };
      };
      /** @description Another method than GET; `Allow` names the methods the route answers. */
      405: {
        headers: {
          /** @description The methods this path answers. */
          Allow: string;
          /** @description The request's id, as the server's log names it (a trusted proxy's own when it sent a well-formed one): quote it when reporting a problem. */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Failure405"];
        };
      };
    };
  };
  cancelSubscription: {
    parameters: {
      query?: never;
      header: {
        /** @description Your application id (the `app` security scheme). */
        APP: string;
        /** @description `Bearer <token>` from sign-in (the `token` security scheme). */
        Authorization: string;
        /** @description The messages' language: en, id or fil (ph); English otherwise. */
        "Accept-Language"?: string;
        /** @description Any unique value of yours (a UUID) to retry this write safely: a repeat with the same key and the same request within 24 hours answers the first answer again (status and body, with `Idempotency-Replayed: true`) without doing the work twice; a repeat while the first still runs waits for it. The same key with another request: 422 `idempotency_key_reused`. Keys are the account's (without a token: the client address's). */
        "Idempotency-Key"?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Cancelled: the subscription as subscribe/info shows it. */
      200: {
        headers: {
          /** @description `true` when this is the kept answer to an earlier request with the same `Idempotency-Key`. */
          "Idempotency-Replayed"?: "true";
          /** @description The request's id, as the server's log names it (a trusted proxy's own when it sent a well-formed one): quote it when reporting a problem. */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            status: 200;
            /** @description For people, in the Accept-Language language: `success`, or what went wrong. */
            message: string;
            error: null;
            data: components["schemas"]["SubscriptionInfo"];
          };
        };
      };
      /** @description A missing or malformed APP header. */
      400: {
        headers: {
          /** @description `true` when this is the kept answer to an earlier request with the same `Idempotency-Key`. */
          "Idempotency-Replayed"?: "true";
          /** @description The request's id, as the server's log names it (a trusted proxy's own when it sent a well-formed one): quote it when reporting a problem. */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Failure400"];
        };
      };
      /** @description The token is missing, expired or revoked (signed out): sign in again. */
      401: {
        headers: {
          /** @description `true` when this is the kept answer to an earlier request with the same `Idempotency-Key`. */
          "Idempotency-Replayed"?: "true";
          /** @description The request's id, as the server's log names it (a trusted proxy's own when it sent a well-formed one): quote it when reporting a problem. */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Failure401"];
        };
      };
      /** @description Another method than POST; `Allow` names the methods the route answers. */
      405: {
        headers: {
          /** @description The methods this path answers. */
          Allow: string;
          /** @description `true` when this is the kept answer to an earlier request with the same `Idempotency-Key`. */
          "Idempotency-Replayed"?: "true";
          /** @description The request's id, as the server's log names it (a trusted proxy's own when it sent a well-formed one): quote it when reporting a problem. */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Failure405"];
        };
      };
      /** @description There is no subscription with access to cancel. */
      409: {
        headers: {
          /** @description `true` when this is the kept answer to an earlier request with the same `Idempotency-Key`. */
          "Idempotency-Replayed"?: "true";
          /** @description The request's id, as the server's log names it (a trusted proxy's own when it sent a well-formed one): quote it when reporting a problem. */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Failure409"];
        };
      };
      /** @description The `Idempotency-Key` was used in the last 24 hours with another request (another body or route). Use a new key for a new request. */
      422: {
        headers: {
          /** @description `true` when this is the kept answer to an earlier request with the same `Idempotency-Key`. */
          "Idempotency-Replayed"?: "true";
          /** @description The request's id, as the server's log names it (a trusted proxy's own when it sent a well-formed one): quote it when reporting a problem. */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Failure422"];
        };
      };
      /** @description The provider refused; nothing changed. */
      502: {
        headers: {
          /** @description `true` when this is the kept answer to an earlier request with the same `Idempotency-Key`. */
          "Idempotency-Replayed"?: "true";
          /** @description The request's id, as the server's log names it (a trusted proxy's own when it sent a well-formed one): quote it when reporting a problem. */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Failure502"];
        };
      };
    };
  };
  deleteAccount: {
    parameters: {
      query?: never;
      header: {
        /** @description Your application id (the `app` security scheme). */
        APP: string;
        /** @description `Bearer <token>` from sign-in (the `token` security scheme). */
        Authorization: string;
        /** @description The messages' language: en, id or fil (ph); English otherwise. */
        "Accept-Language"?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "password": "correct horse 1",
         *       "encrypted": false
         *     }
         */
        "application/json": {
          /** @description The account's password: RSA-OAEP (SHA-1) ciphertext in base64 under GET /api/v1/auth/publicKey's key; plain with `encrypted: false`. */
          password: string;
          /**
           * @description false: `password` is the plain password (over TLS only).
           * @default true
           */
          encrypted?: boolean;
        };
      };
    };
    responses: {
      /** @description Deleted: the token is no longer valid. */
      200: {
        headers: {
          /** @description The request's id, as the server's log names it (a trusted proxy's own when it sent a well-formed one): quote it when reporting a problem. */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            status: 200;
            /** @description For people, in the Accept-Language language: `success`, or what went wrong. */
            message: string;
            error: null;
            data: components["schemas"]["AccountDeleted"];
          };
        };
      };
      /** @description A missing or malformed APP header, malformed JSON or a field of the wrong type. */
      400: {
        headers: {
          /** @description The request's id, as the server's log names it (a trusted proxy's own when it sent a well-formed one): quote it when reporting a problem. */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Failure400"];
        };
      };
      /** @description The token is missing, expired or revoked (signed out): sign in again. */
      401: {
        headers: {
          /** @description The request's id, as the server's log names it (a trusted proxy's own when it sent a well-formed one): quote it when reporting a problem. */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Failure401"];
        };
      };
      /** @description The password is not the account's: nothing was deleted. */
      403: {
        headers: {
          /** @description The request's id, as the server's log names it (a trusted proxy's own when it sent a well-formed one): quote it when reporting a problem. */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Failure403"];
        };
      };
      /** @description Another method than DELETE; `Allow` names the methods the route answers. */
      405: {
        headers: {
          /** @description The methods this path answers. */
          Allow: string;
          /** @description The request's id, as the server's log names it (a trusted proxy's own when it sent a well-formed one): quote it when reporting a problem. */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Failure405"];
        };
      };
      /** @description The body is larger than 64 KB: refused while it streams, with `Connection: close` (a declared `Content-Length` is refused before a byte is read). */
      413: {
        headers: {
          /** @description The request's id, as the server's log names it (a trusted proxy's own when it sent a well-formed one): quote it when reporting a problem. */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Failure413"];
        };
      };
      /** @description The body is not JSON (`Content-Type` is not application/json). */
      415: {
        headers: {
          /** @description The request's id, as the server's log names it (a trusted proxy's own when it sent a well-formed one): quote it when reporting a problem. */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Failure415"];
        };
      };
      /** @description Past a limit: `Retry-After` says in how many seconds to try again, the message says it for people. */
      429: {
        headers: {
          /** @description Seconds to wait before trying again. */
          "Retry-After": number;
          /** @description The request's id, as the server's log names it (a trusted proxy's own when it sent a well-formed one): quote it when reporting a problem. */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Failure429"];
        };
      };
      /** @description The payment provider refused to cancel the subscription: nothing was deleted. */
      502: {
        headers: {
          /** @description The request's id, as the server's log names it (a trusted proxy's own when it sent a well-formed one): quote it when reporting a problem. */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Failure502"];
        };
      };
    };
  };
  exportAccount: {
    parameters: {
      query?: never;
      header: {
        /** @description Your application id (the `app` security scheme). */
        APP: string;
        /** @description `Bearer <token>` from sign-in (the `token` security scheme). */
        Authorization: string;
        /** @description The messages' language: en, id or fil (ph); English otherwise. */
        "Accept-Language"?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The account's data. */
      200: {
        headers: {
          /** @description The request's id, as the server's log names it (a trusted proxy's own when it sent a well-formed one): quote it when reporting a problem. */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            status: 200;
            /** @description For people, in the Accept-Language language: `success`, or what went wrong. */
            message: string;
            error: null;
            data: components["schemas"]["AccountExport"];
          };
        };
      };
      /** @description A missing or malformed APP header. */
      400: {
        headers: {
          /** @description The request's id, as the server's log names it (a trusted proxy's own when it sent a well-formed one): quote it when reporting a problem. */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Failure400"];
        };
      };
      /** @description The token is missing, expired or revoked (signed out): sign in again. */
      401: {
        headers: {
          /** @description The request's id, as the server's log names it (a trusted proxy's own when it sent a well-formed one): quote it when reporting a problem. */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Failure401"];
        };
      };
      /** @description Another method than GET; `Allow` names the methods the route answers. */
      405: {
        headers: {
          /** @description The methods this path answers. */
          Allow: string;
          /** @description The request's id, as the server's log names it (a trusted proxy's own when it sent a well-formed one): quote it when reporting a problem. */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Failure405"];
        };
      };
    };
  };
  listWebhookEndpoints: {
    parameters: {
      query?: never;
      header: {
        /** @description Your application id (the `app` security scheme). */
        APP: string;
        /** @description `Bearer <token>` from sign-in (the `token` security scheme). */
        Authorization: string;
        /** @description The messages' language: en, id or fil (ph); English otherwise. */
        "Accept-Language"?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The endpoints (at most 5). */
      200: {
        headers: {
          /** @description The request's id, as the server's log names it (a trusted proxy's own when it sent a well-formed one): quote it when reporting a problem. */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            status: 200;
            /** @description For people, in the Accept-Language language: `success`, or what went wrong. */
            message: string;
            error: null;
            data: {
              endpoints: components["schemas"]["WebhookEndpoint"][];
            };
          };
        };
      };
      /** @description A missing or malformed APP header. */
      400: {
        headers: {
          /** @description The request's id, as the server's log names it (a trusted proxy's own when it sent a well-formed one): quote it when reporting a problem. */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Failure400"];
        };
      };
      /** @description The token is missing, expired or revoked (signed out): sign in again. */
      401: {
        headers: {
          /** @description The request's id, as the server's log names it (a trusted proxy's own when it sent a well-formed one): quote it when reporting a problem. */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Failure401"];
        };
      };
      /** @description Another method; `Allow` names the methods the route answers. */
      405: {
        headers: {
          /** @description The methods this path answers. */
          Allow: string;
          /** @description The request's id, as the server's log names it (a trusted proxy's own when it sent a well-formed one): quote it when reporting a problem. */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Failure405"];
        };
      };
    };
  };
  addWebhookEndpoint: {
    parameters: {
      query?: never;
      header: {
        /** @description Your application id (the `app` security scheme). */
        APP: string;
        /** @description `Bearer <token>` from sign-in (the `token` security scheme). */
        Authorization: string;
        /** @description The messages' language: en, id or fil (ph); English otherwise. */
        "Accept-Language"?: string;
        /** @description Any unique value of yours (a UUID) to retry this write safely: a repeat with the same key and the same request within 24 hours answers the first answer again (status and body, with `Idempotency-Replayed: true`) without doing the work twice; a repeat while the first still runs waits for it. The same key with another request: 422 `idempotency_key_reused`. Keys are the account's (without a token: the client address's). */
        "Idempotency-Key"?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          url: string;
        };
      };
    };
    responses: {
      /** @description Added: events are sent to it from now on. */
      201: {
        headers: {
          /** @description `true` when this is the kept answer to an earlier request with the same `Idempotency-Key`. */
          "Idempotency-Replayed"?: "true";
          /** @description The request's id, as the server's log names it (a trusted proxy's own when it sent a well-formed one): quote it when reporting a problem. */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            status: 201;
            /** @description For people, in the Accept-Language language: `success`, or what went wrong. */
            message: string;
            error: null;
            data: components["schemas"]["WebhookEndpoint"];
          };
        };
      };
      /** @description A missing or malformed APP header, malformed JSON, a field of the wrong type, or an address refused (named `url`). */
      400: {
        headers: {
          /** @description `true` when this is the kept answer to an earlier request with the same `Idempotency-Key`. */
          "Idempotency-Replayed"?: "true";
          /** @description The request's id, as the server's log names it (a trusted proxy's own when it sent a well-formed one): quote it when reporting a problem. */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Failure400"];
        };
      };
      /** @description The token is missing, expired or revoked (signed out): sign in again. */
      401: {
        headers: {
          /** @description `true` when this is the kept answer to an earlier request with the same `Idempotency-Key`. */
          "Idempotency-Replayed"?: "true";
          /** @description The request's id, as the server's log names it (a trusted proxy's own when it sent a well-formed one): quote it when reporting a problem. */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Failure401"];
        };
      };
      /** @description Another method; `Allow` names the methods the route answers. */
      405: {
        headers: {
          /** @description The methods this path answers. */
          Allow: string;
          /** @description `true` when this is the kept answer to an earlier request with the same `Idempotency-Key`. */
          "Idempotency-Replayed"?: "true";
          /** @description The request's id, as the server's log names it (a trusted proxy's own when it sent a well-formed one): quote it when reporting a problem. */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Failure405"];
        };
      };
      /** @description The account has 5 endpoints already. */
      409: {
        headers: {
          /** @description `true` when this is the kept answer to an earlier request with the same `Idempotency-Key`. */
          "Idempotency-Replayed"?: "true";
          /** @description The request's id, as the server's log names it (a trusted proxy's own when it sent a well-formed one): quote it when reporting a problem. */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Failure409"];
        };
      };
      /** @description The body is larger than 64 KB: refused while it streams, with `Connection: close` (a declared `Content-Length` is refused before a byte is read). */
      413: {
        headers: {
          /** @description `true` when this is the kept answer to an earlier request with the same `Idempotency-Key`. */
          "Idempotency-Replayed"?: "true";
          /** @description The request's id, as the server's log names it (a trusted proxy's own when it sent a well-formed one): quote it when reporting a problem. */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Failure413"];
        };
      };
      /** @description The body is not JSON (`Content-Type` is not application/json). */
      415: {
        headers: {
          /** @description `true` when this is the kept answer to an earlier request with the same `Idempotency-Key`. */
          "Idempotency-Replayed"?: "true";
          /** @description The request's id, as the server's log names it (a trusted proxy's own when it sent a well-formed one): quote it when reporting a problem. */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Failure415"];
        };
      };
      /** @description The `Idempotency-Key` was used in the last 24 hours with another request (another body or route). Use a new key for a new request. */
      422: {
        headers: {
          /** @description `true` when this is the kept answer to an earlier request with the same `Idempotency-Key`. */
          "Idempotency-Replayed"?: "true";
          /** @description The request's id, as the server's log names it (a trusted proxy's own when it sent a well-formed one): quote it when reporting a problem. */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Failure422"];
        };
      };
    };
  };
  getWebhookEndpoint: {
    parameters: {
      query?: never;
      header: {
        /** @description Your application id (the `app` security scheme). */
        APP: string;
        /** @description `Bearer <token>` from sign-in (the `token` security scheme). */
        Authorization: string;
        /** @description The messages' language: en, id or fil (ph); English otherwise. */
        "Accept-Language"?: string;
      };
      path: {
        /**
         * @description The endpoint's `id`.
         * @example cmi9x0hook001
         */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The endpoint, with its signing secret. */
      200: {
        headers: {
          /** @description The request's id, as the server's log names it (a trusted proxy's own when it sent a well-formed one): quote it when reporting a problem. */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            status: 200;
            /** @description For people, in the Accept-Language language: `success`, or what went wrong. */
            message: string;
            error: null;
            data: components["schemas"]["WebhookEndpoint"];
          };
        };
      };
      /** @description A missing or malformed APP header. */
      400: {
        headers: {
          /** @description The request's id, as the server's log names it (a trusted proxy's own when it sent a well-formed one): quote it when reporting a problem. */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Failure400"];
        };
      };
      /** @description The token is missing, expired or revoked (signed out): sign in again. */
      401: {
        headers: {
          /** @description The request's id, as the server's log names it (a trusted proxy's own when it sent a well-formed one): quote it when reporting a problem. */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Failure401"];
        };
      };
      /** @description No such endpoint in this account (another account's id answers the same). */
      404: {
        headers: {
          /** @description The request's id, as the server's log names it (a trusted proxy's own when it sent a well-formed one): quote it when reporting a problem. */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Failure404"];
        };
      };
      /** @description Another method; `Allow` names the methods the route answers. */
      405: {
        headers: {
          /** @description The methods this path answers. */
          Allow: string;
          /** @description The request's id, as the server's log names it (a trusted proxy's own when it sent a well-formed one): quote it when reporting a problem. */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Failure405"];
        };
      };
    };
  };
  removeWebhookEndpoint: {
    parameters: {
      query?: never;
      header: {
        /** @description Your application id (the `app` security scheme). */
        APP: string;
        /** @description `Bearer <token>` from sign-in (the `token` security scheme). */
        Authorization: string;
        /** @description The messages' language: en, id or fil (ph); English otherwise. */
        "Accept-Language"?: string;
      };
      path: {
        /**
         * @description The endpoint's `id`.
         * @example cmi9x0hook001
         */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Removed. */
      200: {
        headers: {
          /** @description The request's id, as the server's log names it (a trusted proxy's own when it sent a well-formed one): quote it when reporting a problem. */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            status: 200;
            /** @description For people, in the Accept-Language language: `success`, or what went wrong. */
            message: string;
            error: null;
            data: {
              /**
               * @description The endpoint and its delivery log are deleted.
               * @enum {boolean}
               */
              deleted: true;
            };
          };
        };
      };
      /** @description A missing or malformed APP header. */
      400: {
        headers: {
          /** @description The request's id, as the server's log names it (a trusted proxy's own when it sent a well-formed one): quote it when reporting a problem. */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Failure400"];
        };
      };
      /** @description The token is missing, expired or revoked (signed out): sign in again. */
      401: {
        headers: {
          /** @description The request's id, as the server's log names it (a trusted proxy's own when it sent a well-formed one): quote it when reporting a problem. */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Failure401"];
        };
      };
      /** @description No such endpoint in this account (another account's id answers the same). */
      404: {
        headers: {
          /** @description The request's id, as the server's log names it (a trusted proxy's own when it sent a well-formed one): quote it when reporting a problem. */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Failure404"];
        };
      };
      /** @description Another method; `Allow` names the methods the route answers. */
      405: {
        headers: {
          /** @description The methods this path answers. */
          Allow: string;
          /** @description The request's id, as the server's log names it (a trusted proxy's own when it sent a well-formed one): quote it when reporting a problem. */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Failure405"];
        };
      };
    };
  };
  listWebhookDeliveries: {
    parameters: {
      query?: never;
      header: {
        /** @description Your application id (the `app` security scheme). */
        APP: string;
        /** @description `Bearer <token>` from sign-in (the `token` security scheme). */
        Authorization: string;
        /** @description The messages' language: en, id or fil (ph); English otherwise. */
        "Accept-Language"?: string;
      };
      path: {
        /**
         * @description The endpoint's `id`.
         * @example cmi9x0hook001
         */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The deliveries. */
      200: {
        headers: {
          /** @description The request's id, as the server's log names it (a trusted proxy's own when it sent a well-formed one): quote it when reporting a problem. */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            status: 200;
            /** @description For people, in the Accept-Language language: `success`, or what went wrong. */
            message: string;
            error: null;
            data: {
              deliveries: components["schemas"]["WebhookDelivery"][];
            };
          };
        };
      };
      /** @description A missing or malformed APP header. */
      400: {
        headers: {
          /** @description The request's id, as the server's log names it (a trusted proxy's own when it sent a well-formed one): quote it when reporting a problem. */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Failure400"];
        };
      };
      /** @description The token is missing, expired or revoked (signed out): sign in again. */
      401: {
        headers: {
          /** @description The request's id, as the server's log names it (a trusted proxy's own when it sent a well-formed one): quote it when reporting a problem. */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Failure401"];
        };
      };
      /** @description No such endpoint in this account (another account's id answers the same). */
      404: {
        headers: {
          /** @description The request's id, as the server's log names it (a trusted proxy's own when it sent a well-formed one): quote it when reporting a problem. */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Failure404"];
        };
      };
      /** @description Another method than GET; `Allow` names the methods the route answers. */
      405: {
        headers: {
          /** @description The methods this path answers. */
          Allow: string;
          /** @description The request's id, as the server's log names it (a trusted proxy's own when it sent a well-formed one): quote it when reporting a problem. */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Failure405"];
        };
      };
    };
  };
  rollWebhookSecret: {
    parameters: {
      query?: never;
      header: {
        /** @description Your application id (the `app` security scheme). */
        APP: string;
        /** @description `Bearer <token>` from sign-in (the `token` security scheme). */
        Authorization: string;
        /** @description The messages' language: en, id or fil (ph); English otherwise. */
        "Accept-Language"?: string;
        /** @description Any unique value of yours (a UUID) to retry this write safely: a repeat with the same key and the same request within 24 hours answers the first answer again (status and body, with `Idempotency-Replayed: true`) without doing the work twice; a repeat while the first still runs waits for it. The same key with another request: 422 `idempotency_key_reused`. Keys are the account's (without a token: the client address's). */
        "Idempotency-Key"?: string;
      };
      path: {
        /**
         * @description The endpoint's `id`.
         * @example cmi9x0hook001
         */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The endpoint with its new secret. */
      200: {
        headers: {
          /** @description `true` when this is the kept answer to an earlier request with the same `Idempotency-Key`. */
          "Idempotency-Replayed"?: "true";
          /** @description The request's id, as the server's log names it (a trusted proxy's own when it sent a well-formed one): quote it when reporting a problem. */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            status: 200;
            /** @description For people, in the Accept-Language language: `success`, or what went wrong. */
            message: string;
            error: null;
            data: components["schemas"]["WebhookEndpoint"];
          };
        };
      };
      /** @description A missing or malformed APP header. */
      400: {
        headers: {
          /** @description `true` when this is the kept answer to an earlier request with the same `Idempotency-Key`. */
          "Idempotency-Replayed"?: "true";
          /** @description The request's id, as the server's log names it (a trusted proxy's own when it sent a well-formed one): quote it when reporting a problem. */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Failure400"];
        };
      };
      /** @description The token is missing, expired or revoked (signed out): sign in again. */
      401: {
        headers: {
          /** @description `true` when this is the kept answer to an earlier request with the same `Idempotency-Key`. */
          "Idempotency-Replayed"?: "true";
          /** @description The request's id, as the server's log names it (a trusted proxy's own when it sent a well-formed one): quote it when reporting a problem. */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Failure401"];
        };
      };
      /** @description No such endpoint in this account (another account's id answers the same). */
      404: {
        headers: {
          /** @description `true` when this is the kept answer to an earlier request with the same `Idempotency-Key`. */
          "Idempotency-Replayed"?: "true";
          /** @description The request's id, as the server's log names it (a trusted proxy's own when it sent a well-formed one): quote it when reporting a problem. */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Failure404"];
        };
      };
      /** @description Another method than POST; `Allow` names the methods the route answers. */
      405: {
        headers: {
          /** @description The methods this path answers. */
          Allow: string;
          /** @description `true` when this is the kept answer to an earlier request with the same `Idempotency-Key`. */
          "Idempotency-Replayed"?: "true";
          /** @description The request's id, as the server's log names it (a trusted proxy's own when it sent a well-formed one): quote it when reporting a problem. */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Failure405"];
        };
      };
    };
  };
  enableWebhookEndpoint: {
    parameters: {
      query?: never;
      header: {
        /** @description Your application id (the `app` security scheme). */
        APP: string;
        /** @description `Bearer <token>` from sign-in (the `token` security scheme). */
        Authorization: string;
        /** @description The messages' language: en, id or fil (ph); English otherwise. */
        "Accept-Language"?: string;
      };
      path: {
        /**
         * @description The endpoint's `id`.
         * @example cmi9x0hook001
         */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The endpoint, enabled. */
      200: {
        headers: {
          /** @description The request's id, as the server's log names it (a trusted proxy's own when it sent a well-formed one): quote it when reporting a problem. */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            status: 200;
            /** @description For people, in the Accept-Language language: `success`, or what went wrong. */
            message: string;
            error: null;
            data: components["schemas"]["WebhookEndpoint"];
          };
        };
      };
      /** @description A missing or malformed APP header. */
      400: {
        headers: {
          /** @description The request's id, as the server's log names it (a trusted proxy's own when it sent a well-formed one): quote it when reporting a problem. */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Failure400"];
        };
      };
      /** @description The token is missing, expired or revoked (signed out): sign in again. */
      401: {
        headers: {
          /** @description The request's id, as the server's log names it (a trusted proxy's own when it sent a well-formed one): quote it when reporting a problem. */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Failure401"];
        };
      };
      /** @description No such endpoint in this account (another account's id answers the same). */
      404: {
        headers: {
          /** @description The request's id, as the server's log names it (a trusted proxy's own when it sent a well-formed one): quote it when reporting a problem. */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Failure404"];
        };
      };
      /** @description Another method than POST; `Allow` names the methods the route answers. */
      405: {
        headers: {
          /** @description The methods this path answers. */
          Allow: string;
          /** @description The request's id, as the server's log names it (a trusted proxy's own when it sent a well-formed one): quote it when reporting a problem. */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Failure405"];
        };
      };
    };
  };
  paidAmount: {
    parameters: {
      query?: never;
      header: {
        /** @description Your application id (the `app` security scheme). */
        APP: string;
        /** @description `Bearer <token>` from sign-in (the `token` security scheme). */
        Authorization: string;
        /** @description The messages' language: en, id or fil (ph); English otherwise. */
        "Accept-Language"?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Totals per currency and the payments. */
      200: {
        headers: {
          /** @description The request's id, as the server's log names it (a trusted proxy's own when it sent a well-formed one): quote it when reporting a problem. */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            status: 200;
            /** @description For people, in the Accept-Language language: `success`, or what went wrong. */
            message: string;
            error: null;
            data: components["schemas"]["PaidAmount"];
          };
        };
      };
      /** @description A missing or malformed APP header. */
      400: {
        headers: {
          /** @description The request's id, as the server's log names it (a trusted proxy's own when it sent a well-formed one): quote it when reporting a problem. */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Failure400"];
        };
      };
      /** @description The token is missing, expired or revoked (signed out): sign in again. */
      401: {
        headers: {
          /** @description The request's id, as the server's log names it (a trusted proxy's own when it sent a well-formed one): quote it when reporting a problem. */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Failure401"];
        };
      };
      /** @description Another method than POST; `Allow` names the methods the route answers. */
      405: {
        headers: {
          /** @description The methods this path answers. */
          Allow: string;
          /** @description The request's id, as the server's log names it (a trusted proxy's own when it sent a well-formed one): quote it when reporting a problem. */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Failure405"];
        };
      };
    };
  };
  registerQuery: {
    parameters: {
      query?: never;
      header: {
        /** @description Your application id (the `app` security scheme). */
        APP: string;
        /** @description The messages' language: en, id or fil (ph); English otherwise. */
        "Accept-Language"?: string;
      };
      path: {
        /**
         * @description The checkout's id from registerAndSign.
         * @example chk_none
         */
        id: string;
      };
      cookie?: {
        /** @description Set by registerAndSign: the automatic sign-in after payment happens only with it. */
        checkout_browser?: string;
      };
    };
    requestBody?: never;
    responses: {
      /** @description The status; `unknown` for an id that names no checkout. */
      200: {
        headers: {
          /** @description The request's id, as the server's log names it (a trusted proxy's own when it sent a well-formed one): quote it when reporting a problem. */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            status: 200;
            /** @description For people, in the Accept-Language language: `success`, or what went wrong. */
            message: string;
            error: null;
            data: components["schemas"]["RegisterStatus"];
          };
        };
      };
      /** @description A missing or malformed APP header, or an id longer than a checkout's. */
      400: {
        headers: {
          /** @description The request's id, as the server's log names it (a trusted proxy's own when it sent a well-formed one): quote it when reporting a problem. */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Failure400"];
        };
      };
      /** @description Another method than GET; `Allow` names the methods the route answers. */
      405: {
        headers: {
          /** @description The methods this path answers. */
          Allow: string;
          /** @description The request's id, as the server's log names it (a trusted proxy's own when it sent a well-formed one): quote it when reporting a problem. */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Failure405"];
        };
      };
    };
  };
  registerAndSign: {
    parameters: {
      query?: never;
      header: {
        /** @description Your application id (the `app` security scheme). */
        APP: string;
        /** @description `Bearer <token>` from sign-in, when signed in; an invalid one answers 401. */
        Authorization?: string;
        /** @description The messages' language: en, id or fil (ph); English otherwise. */
        "Accept-Language"?: string;
        /** @description Any unique value of yours (a UUID) to retry this write safely: a repeat with the same key and the same request within 24 hours answers the first answer again (status and body, with `Idempotency-Replayed: true`) without doing the work twice; a repeat while the first still runs waits for it. The same key with another request: 422 `idempotency_key_reused`. Keys are the account's (without a token: the client address's). */
        "Idempotency-Key"?: string;
      };
      path: {
        /**
         * @description v5pay is always answered 501.
         * @example stripe
         */
        provider: "stripe" | "paypal" | "v5pay";
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "name": "Ana",
         *       "surname": "Reyes",
         *       "email": "ana.reyes@example.com",
         *       "adult": true,
         *       "locale": "ph"
         *     }
         */
        "application/json": {
          name: string;
          surname: string;
          /**
           * Format: email
           * @description The buyer's e-mail address: the account's, once paid (required to open a checkout).
           * @default
           */
          email?: string;
          /**
           * @description true: the buyer confirms being 18 or older (required).
           * @enum {boolean}
           */
          adult: true;
          /** @description An optional mobile number, read in the locale's country unless it starts with +. */
          phone?: string;
          /** @description en, id or ph: the plan's currency and the e-mails' language (else Accept-Language). */
          locale?: string;
        };
      };
    };
    responses: {
      /** @description The checkout is open; the answer sets the `checkout_browser` cookie. For an address that already has an account (of someone else than the token's), the answer is the same, but nothing is opened or charged and nothing of the account changes: `url` is this site's "check your e-mail" page and the address's owner is e-mailed (at most once an hour) where to sign in or reset the password. So the answer never says which addresses have accounts; only following `url` (or the register query of `id`, which answers `unknown`) does, as for a buyer paying (docs/decisions/050). */
      200: {
        headers: {
          /** @description `checkout_browser=…; HttpOnly; Secure; SameSite=Lax`: keep it (a cookie jar) for the register query and loginByAuthCode. */
          "Set-Cookie": string;
          /** @description `true` when this is the kept answer to an earlier request with the same `Idempotency-Key`. */
          "Idempotency-Replayed"?: "true";
          /** @description The request's id, as the server's log names it (a trusted proxy's own when it sent a well-formed one): quote it when reporting a problem. */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            status: 200;
            /** @description For people, in the Accept-Language language: `success`, or what went wrong. */
            message: string;
            error: null;
            data: components["schemas"]["CheckoutOpened"];
          };
        };
      };
      /** @description A missing or malformed APP header, malformed JSON, a field of the wrong type (`data` null), or a value the payment form refuses: `data.field` names the first, `data.errors` every one with its message. */
      400: {
        headers: {
          /** @description `true` when this is the kept answer to an earlier request with the same `Idempotency-Key`. */
          "Idempotency-Replayed"?: "true";
          /** @description The request's id, as the server's log names it (a trusted proxy's own when it sent a well-formed one): quote it when reporting a problem. */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            status: 400;
            /** @description For people, in the Accept-Language language: `success`, or what went wrong. */
            message: string;
            /** @description The same text as `message`. */
            error: string;
            data: null | components["schemas"]["CheckoutInvalid"];
            code: components["schemas"]["ErrorCode"];
            /** @description The input the failure concerns (a body field, query or path parameter), or null. */
            field: string | null;
          };
        };
      };
      /** @description A token was sent and is expired or revoked: sign in again (without a token, the checkout is a sign-up). */
      401: {
        headers: {
          /** @description `true` when this is the kept answer to an earlier request with the same `Idempotency-Key`. */
          "Idempotency-Replayed"?: "true";
          /** @description The request's id, as the server's log names it (a trusted proxy's own when it sent a well-formed one): quote it when reporting a problem. */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Failure401"];
        };
      };
      /** @description Another method than POST; `Allow` names the methods the route answers. */
      405: {
        headers: {
          /** @description The methods this path answers. */
          Allow: string;
          /** @description `true` when this is the kept answer to an earlier request with the same `Idempotency-Key`. */
          "Idempotency-Replayed"?: "true";
          /** @description The request's id, as the server's log names it (a trusted proxy's own when it sent a well-formed one): quote it when reporting a problem. */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Failure405"];
        };
      };
      /** @description With a token of an account that still has access (active, or cancelled with paid days left): nothing is opened, so an account never pays two subscriptions. */
      409: {
        headers: {
          /** @description `true` when this is the kept answer to an earlier request with the same `Idempotency-Key`. */
          "Idempotency-Replayed"?: "true";
          /** @description The request's id, as the server's log names it (a trusted proxy's own when it sent a well-formed one): quote it when reporting a problem. */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Failure409"];
        };
      };
      /** @description The body is larger than 64 KB: refused while it streams, with `Connection: close` (a declared `Content-Length` is refused before a byte is read). */
      413: {
        headers: {
          /** @description `true` when this is the kept answer to an earlier request with the same `Idempotency-Key`. */
          "Idempotency-Replayed"?: "true";
          /** @description The request's id, as the server's log names it (a trusted proxy's own when it sent a well-formed one): quote it when reporting a problem. */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Failure413"];
        };
      };
      /** @description The body is not JSON (`Content-Type` is not application/json). */
      415: {
        headers: {
          /** @description `true` when this is the kept answer to an earlier request with the same `Idempotency-Key`. */
          "Idempotency-Replayed"?: "true";
          /** @description The request's id, as the server's log names it (a trusted proxy's own when it sent a well-formed one): quote it when reporting a problem. */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Failure415"];
        };
      };
      /** @description The `Idempotency-Key` was used in the last 24 hours with another request (another body or route). Use a new key for a new request. */
      422: {
        headers: {
          /** @description `true` when this is the kept answer to an earlier request with the same `Idempotency-Key`. */
          "Idempotency-Replayed"?: "true";
          /** @description The request's id, as the server's log names it (a trusted proxy's own when it sent a well-formed one): quote it when reporting a problem. */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Failure422"];
        };
      };
      /** @description Past a limit: `Retry-After` says in how many seconds to try again, the message says it for people. */
      429: {
        headers: {
          /** @description Seconds to wait before trying again. */
          "Retry-After": number;
          /** @description `true` when this is the kept answer to an earlier request with the same `Idempotency-Key`. */
          "Idempotency-Replayed"?: "true";
          /** @description The request's id, as the server's log names it (a trusted proxy's own when it sent a well-formed one): quote it when reporting a problem. */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Failure429"];
        };
      };
      /** @description The provider in the path is not configured; always for v5pay. */
      501: {
        headers: {
          /** @description `true` when this is the kept answer to an earlier request with the same `Idempotency-Key`. */
          "Idempotency-Replayed"?: "true";
          /** @description The request's id, as the server's log names it (a trusted proxy's own when it sent a well-formed one): quote it when reporting a problem. */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Failure501"];
        };
      };
      /** @description The provider failed to open the checkout. */
      502: {
        headers: {
          /** @description `true` when this is the kept answer to an earlier request with the same `Idempotency-Key`. */
          "Idempotency-Replayed"?: "true";
          /** @description The request's id, as the server's log names it (a trusted proxy's own when it sent a well-formed one): quote it when reporting a problem. */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Failure502"];
        };
      };
    };
  };
  paymentWebhook: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @example stripe */
        provider: "stripe" | "paypal";
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "id": "evt_1QexampleCustomer",
         *       "object": "event",
         *       "type": "customer.created",
         *       "created": 1795000000,
         *       "api_version": "2026-10-28.endive",
         *       "livemode": false,
         *       "data": {
         *         "object": {
         *           "id": "cus_example",
         *           "object": "customer"
         *         }
         *       }
         *     }
         */
        "application/json": {
          [key: string]: unknown;
        };
      };
    };
    responses: {
      /** @description Verified; `status` says whether it changed anything (`duplicate`: delivered before). */
      200: {
        headers: {
          /** @description The request's id, as the server's log names it (a trusted proxy's own when it sent a well-formed one): quote it when reporting a problem. */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["WebhookAnswer"];
        };
      };
      /** @description The signature does not verify: nothing changes. */
      400: {
        headers: {
          /** @description The request's id, as the server's log names it (a trusted proxy's own when it sent a well-formed one): quote it when reporting a problem. */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["WebhookAnswer"];
        };
      };
      /** @description No such provider is configured. */
      404: {
        headers: {
          /** @description The request's id, as the server's log names it (a trusted proxy's own when it sent a well-formed one): quote it when reporting a problem. */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["WebhookAnswer"];
        };
      };
      /** @description Another method than POST; `Allow` names the methods the route answers. */
      405: {
        headers: {
          /** @description The methods this path answers. */
          Allow: string;
          /** @description The request's id, as the server's log names it (a trusted proxy's own when it sent a well-formed one): quote it when reporting a problem. */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Failure405"];
        };
      };
    };
  };
  sendSms: {
    parameters: {
      query?: never;
      header: {
        /** @description Your application id (the `app` security scheme). */
        APP: string;
        /** @description `Bearer <token>` from sign-in (the `token` security scheme). */
        Authorization: string;
        /** @description The messages' language: en, id or fil (ph); English otherwise. */
        "Accept-Language"?: string;
        /** @description Any unique value of yours (a UUID) to retry this write safely: a repeat with the same key and the same request within 24 hours answers the first answer again (status and body, with `Idempotency-Replayed: true`) without doing the work twice; a repeat while the first still runs waits for it. The same key with another request: 422 `idempotency_key_reused`. Keys are the account's (without a token: the client address's). */
        "Idempotency-Key"?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "requesterName": "Ana",
         *       "countryCode": "+63",
         *       "phone": "9171234567",
         *       "locale": "ph"
         *     }
         */
        "application/json": {
          requesterName: string;
          /**
           * @default en
           * @enum {string}
           */
          locale?: "en" | "id" | "ph";
          /** @default  */
          countryCode?: string;
          phone: string;
          /**
           * @default family
           * @enum {string}
           */
          template?: "family" | "checkIn" | "safety";
        };
      };
    };
    responses: {
      /** @description Stored and sent (or, for a link, created): `link` is the recipient's consent page. */
      200: {
        headers: {
          /** @description `true` when this is the kept answer to an earlier request with the same `Idempotency-Key`. */
          "Idempotency-Replayed"?: "true";
          /** @description The request's id, as the server's log names it (a trusted proxy's own when it sent a well-formed one): quote it when reporting a problem. */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            status: 200;
            /** @description For people, in the Accept-Language language: `success`, or what went wrong. */
            message: string;
            error: null;
            data: components["schemas"]["RequestCreated"];
          };
        };
      };
      /** @description A missing or malformed APP header, malformed JSON, a field of the wrong type or size (named), or a value the domain refuses (its own message). */
      400: {
        headers: {
          /** @description `true` when this is the kept answer to an earlier request with the same `Idempotency-Key`. */
          "Idempotency-Replayed"?: "true";
          /** @description The request's id, as the server's log names it (a trusted proxy's own when it sent a well-formed one): quote it when reporting a problem. */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Failure400"];
        };
      };
      /** @description The token is missing, expired or revoked (signed out): sign in again. */
      401: {
        headers: {
          /** @description `true` when this is the kept answer to an earlier request with the same `Idempotency-Key`. */
          "Idempotency-Replayed"?: "true";
          /** @description The request's id, as the server's log names it (a trusted proxy's own when it sent a well-formed one): quote it when reporting a problem. */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Failure401"];
        };
      };
      /** @description The subscription gives no access (expired, or never bought): a web client opens /dashboard/?s=-1&at=10. */
      403: {
        headers: {
          /** @description `true` when this is the kept answer to an earlier request with the same `Idempotency-Key`. */
          "Idempotency-Replayed"?: "true";
          /** @description The request's id, as the server's log names it (a trusted proxy's own when it sent a well-formed one): quote it when reporting a problem. */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Failure403"];
        };
      };
      /** @description Another method than POST; `Allow` names the methods the route answers. */
      405: {
        headers: {
          /** @description The methods this path answers. */
          Allow: string;
          /** @description `true` when this is the kept answer to an earlier request with the same `Idempotency-Key`. */
          "Idempotency-Replayed"?: "true";
          /** @description The request's id, as the server's log names it (a trusted proxy's own when it sent a well-formed one): quote it when reporting a problem. */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Failure405"];
        };
      };
      /** @description Not delivered: the number or address opted out of every request, blocked this account, or had RECIPIENT_DAILY_LIMIT requests today. The same answer for the three reasons, on purpose; the request is stored with `delivery: not_accepted` and no link, and the three-hour limit is given back. */
      409: {
        headers: {
          /** @description `true` when this is the kept answer to an earlier request with the same `Idempotency-Key`. */
          "Idempotency-Replayed"?: "true";
          /** @description The request's id, as the server's log names it (a trusted proxy's own when it sent a well-formed one): quote it when reporting a problem. */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            status: 409;
            /** @description For people, in the Accept-Language language: `success`, or what went wrong. */
            message: string;
            /** @description The same text as `message`. */
            error: string;
            data: components["schemas"]["RequestNotAccepted"];
            code: components["schemas"]["ErrorCode"];
            /** @description The input the failure concerns (a body field, query or path parameter), or null. */
            field: string | null;
          };
        };
      };
      /** @description The body is larger than 64 KB: refused while it streams, with `Connection: close` (a declared `Content-Length` is refused before a byte is read). */
      413: {
        headers: {
          /** @description `true` when this is the kept answer to an earlier request with the same `Idempotency-Key`. */
          "Idempotency-Replayed"?: "true";
          /** @description The request's id, as the server's log names it (a trusted proxy's own when it sent a well-formed one): quote it when reporting a problem. */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Failure413"];
        };
      };
      /** @description The body is not JSON (`Content-Type` is not application/json). */
      415: {
        headers: {
          /** @description `true` when this is the kept answer to an earlier request with the same `Idempotency-Key`. */
          "Idempotency-Replayed"?: "true";
          /** @description The request's id, as the server's log names it (a trusted proxy's own when it sent a well-formed one): quote it when reporting a problem. */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Failure415"];
        };
      };
      /** @description The `Idempotency-Key` was used in the last 24 hours with another request (another body or route). Use a new key for a new request. */
      422: {
        headers: {
          /** @description `true` when this is the kept answer to an earlier request with the same `Idempotency-Key`. */
          "Idempotency-Replayed"?: "true";
          /** @description The request's id, as the server's log names it (a trusted proxy's own when it sent a well-formed one): quote it when reporting a problem. */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Failure422"];
        };
      };
      /** @description One SMS per three hours per account; or the recipient declined this account's last request less than DECLINE_COOLDOWN_HOURS ago (nothing is stored or sent, no limit used). `Retry-After` and `data` say when. */
      429: {
        headers: {
          /** @description Seconds to wait before trying again. */
          "Retry-After": number;
          /** @description `true` when this is the kept answer to an earlier request with the same `Idempotency-Key`. */
          "Idempotency-Replayed"?: "true";
          /** @description The request's id, as the server's log names it (a trusted proxy's own when it sent a well-formed one): quote it when reporting a problem. */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            status: 429;
            /** @description For people, in the Accept-Language language: `success`, or what went wrong. */
            message: string;
            /** @description The same text as `message`. */
            error: string;
            data: components["schemas"]["Limited"];
            code: components["schemas"]["ErrorCode"];
            /** @description The input the failure concerns (a body field, query or path parameter), or null. */
            field: string | null;
          };
        };
      };
      /** @description The SMS or e-mail provider refused the message for good (a 4xx answer such as an invalid number), or every try failed: the request is kept with `delivery: failed` and returned as on success, and the limit is given back, so the caller may try again at once or share `link` another way. A provider that is down (5xx, no connection) is not this: the answer is the success one, the request reads `delivery: queued`, and the message is tried again (docs/api.md). */
      502: {
        headers: {
          /** @description `true` when this is the kept answer to an earlier request with the same `Idempotency-Key`. */
          "Idempotency-Replayed"?: "true";
          /** @description The request's id, as the server's log names it (a trusted proxy's own when it sent a well-formed one): quote it when reporting a problem. */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            status: 502;
            /** @description For people, in the Accept-Language language: `success`, or what went wrong. */
            message: string;
            /** @description The same text as `message`. */
            error: string;
            data: components["schemas"]["RequestCreated"];
            code: components["schemas"]["ErrorCode"];
            /** @description The input the failure concerns (a body field, query or path parameter), or null. */
            field: string | null;
          };
        };
      };
    };
  };
  sendEmail: {
    parameters: {
      query?: never;
      header: {
        /** @description Your application id (the `app` security scheme). */
        APP: string;
        /** @description `Bearer <token>` from sign-in (the `token` security scheme). */
        Authorization: string;
        /** @description The messages' language: en, id or fil (ph); English otherwise. */
        "Accept-Language"?: string;
        /** @description Any unique value of yours (a UUID) to retry this write safely: a repeat with the same key and the same request within 24 hours answers the first answer again (status and body, with `Idempotency-Replayed: true`) without doing the work twice; a repeat while the first still runs waits for it. The same key with another request: 422 `idempotency_key_reused`. Keys are the account's (without a token: the client address's). */
        "Idempotency-Key"?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "requesterName": "Ana",
         *       "email": "rosa@example.com",
         *       "locale": "id",
         *       "template": "checkIn"
         *     }
         */
        "application/json": {
          requesterName: string;
          /**
           * @default en
           * @enum {string}
           */
          locale?: "en" | "id" | "ph";
          /** Format: email */
          email: string;
          /**
           * @default family
           * @enum {string}
           */
          template?: "family" | "checkIn" | "safety";
        };
      };
    };
    responses: {
      /** @description Stored and sent (or, for a link, created): `link` is the recipient's consent page. */
      200: {
        headers: {
          /** @description `true` when this is the kept answer to an earlier request with the same `Idempotency-Key`. */
          "Idempotency-Replayed"?: "true";
          /** @description The request's id, as the server's log names it (a trusted proxy's own when it sent a well-formed one): quote it when reporting a problem. */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            status: 200;
            /** @description For people, in the Accept-Language language: `success`, or what went wrong. */
            message: string;
            error: null;
            data: components["schemas"]["RequestCreated"];
          };
        };
      };
      /** @description A missing or malformed APP header, malformed JSON, a field of the wrong type or size (named), or a value the domain refuses (its own message). */
      400: {
        headers: {
          /** @description `true` when this is the kept answer to an earlier request with the same `Idempotency-Key`. */
          "Idempotency-Replayed"?: "true";
          /** @description The request's id, as the server's log names it (a trusted proxy's own when it sent a well-formed one): quote it when reporting a problem. */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Failure400"];
        };
      };
      /** @description The token is missing, expired or revoked (signed out): sign in again. */
      401: {
        headers: {
          /** @description `true` when this is the kept answer to an earlier request with the same `Idempotency-Key`. */
          "Idempotency-Replayed"?: "true";
          /** @description The request's id, as the server's log names it (a trusted proxy's own when it sent a well-formed one): quote it when reporting a problem. */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Failure401"];
        };
      };
      /** @description The subscription gives no access (expired, or never bought): a web client opens /dashboard/?s=-1&at=10. */
      403: {
        headers: {
          /** @description `true` when this is the kept answer to an earlier request with the same `Idempotency-Key`. */
          "Idempotency-Replayed"?: "true";
          /** @description The request's id, as the server's log names it (a trusted proxy's own when it sent a well-formed one): quote it when reporting a problem. */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Failure403"];
        };
      };
      /** @description Another method than POST; `Allow` names the methods the route answers. */
      405: {
        headers: {
          /** @description The methods this path answers. */
          Allow: string;
          /** @description `true` when this is the kept answer to an earlier request with the same `Idempotency-Key`. */
          "Idempotency-Replayed"?: "true";
          /** @description The request's id, as the server's log names it (a trusted proxy's own when it sent a well-formed one): quote it when reporting a problem. */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Failure405"];
        };
      };
      /** @description Not delivered: the number or address opted out of every request, blocked this account, or had RECIPIENT_DAILY_LIMIT requests today. The same answer for the three reasons, on purpose; the request is stored with `delivery: not_accepted` and no link, and the three-hour limit is given back. */
      409: {
        headers: {
          /** @description `true` when this is the kept answer to an earlier request with the same `Idempotency-Key`. */
          "Idempotency-Replayed"?: "true";
          /** @description The request's id, as the server's log names it (a trusted proxy's own when it sent a well-formed one): quote it when reporting a problem. */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            status: 409;
            /** @description For people, in the Accept-Language language: `success`, or what went wrong. */
            message: string;
            /** @description The same text as `message`. */
            error: string;
            data: components["schemas"]["RequestNotAccepted"];
            code: components["schemas"]["ErrorCode"];
            /** @description The input the failure concerns (a body field, query or path parameter), or null. */
            field: string | null;
          };
        };
      };
      /** @description The body is larger than 64 KB: refused while it streams, with `Connection: close` (a declared `Content-Length` is refused before a byte is read). */
      413: {
        headers: {
          /** @description `true` when this is the kept answer to an earlier request with the same `Idempotency-Key`. */
          "Idempotency-Replayed"?: "true";
          /** @description The request's id, as the server's log names it (a trusted proxy's own when it sent a well-formed one): quote it when reporting a problem. */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Failure413"];
        };
      };
      /** @description The body is not JSON (`Content-Type` is not application/json). */
      415: {
        headers: {
          /** @description `true` when this is the kept answer to an earlier request with the same `Idempotency-Key`. */
          "Idempotency-Replayed"?: "true";
          /** @description The request's id, as the server's log names it (a trusted proxy's own when it sent a well-formed one): quote it when reporting a problem. */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Failure415"];
        };
      };
      /** @description The `Idempotency-Key` was used in the last 24 hours with another request (another body or route). Use a new key for a new request. */
      422: {
        headers: {
          /** @description `true` when this is the kept answer to an earlier request with the same `Idempotency-Key`. */
          "Idempotency-Replayed"?: "true";
          /** @description The request's id, as the server's log names it (a trusted proxy's own when it sent a well-formed one): quote it when reporting a problem. */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Failure422"];
        };
      };
      /** @description One e-mail per three hours per account. `Retry-After` and `data` say when. */
      429: {
        headers: {
          /** @description Seconds to wait before trying again. */
          "Retry-After": number;
          /** @description `true` when this is the kept answer to an earlier request with the same `Idempotency-Key`. */
          "Idempotency-Replayed"?: "true";
          /** @description The request's id, as the server's log names it (a trusted proxy's own when it sent a well-formed one): quote it when reporting a problem. */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            status: 429;
            /** @description For people, in the Accept-Language language: `success`, or what went wrong. */
            message: string;
            /** @description The same text as `message`. */
            error: string;
            data: components["schemas"]["Limited"];
            code: components["schemas"]["ErrorCode"];
            /** @description The input the failure concerns (a body field, query or path parameter), or null. */
            field: string | null;
          };
        };
      };
      /** @description The SMS or e-mail provider refused the message for good (a 4xx answer such as an invalid number), or every try failed: the request is kept with `delivery: failed` and returned as on success, and the limit is given back, so the caller may try again at once or share `link` another way. A provider that is down (5xx, no connection) is not this: the answer is the success one, the request reads `delivery: queued`, and the message is tried again (docs/api.md). */
      502: {
        headers: {
          /** @description `true` when this is the kept answer to an earlier request with the same `Idempotency-Key`. */
          "Idempotency-Replayed"?: "true";
          /** @description The request's id, as the server's log names it (a trusted proxy's own when it sent a well-formed one): quote it when reporting a problem. */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            status: 502;
            /** @description For people, in the Accept-Language language: `success`, or what went wrong. */
            message: string;
            /** @description The same text as `message`. */
            error: string;
            data: components["schemas"]["RequestCreated"];
            code: components["schemas"]["ErrorCode"];
            /** @description The input the failure concerns (a body field, query or path parameter), or null. */
            field: string | null;
          };
        };
      };
    };
  };
  createLink: {
    parameters: {
      query?: never;
      header: {
        /** @description Your application id (the `app` security scheme). */
        APP: string;
        /** @description `Bearer <token>` from sign-in (the `token` security scheme). */
        Authorization: string;
        /** @description The messages' language: en, id or fil (ph); English otherwise. */
        "Accept-Language"?: string;
        /** @description Any unique value of yours (a UUID) to retry this write safely: a repeat with the same key and the same request within 24 hours answers the first answer again (status and body, with `Idempotency-Replayed: true`) without doing the work twice; a repeat while the first still runs waits for it. The same key with another request: 422 `idempotency_key_reused`. Keys are the account's (without a token: the client address's). */
        "Idempotency-Key"?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "requesterName": "Ana",
         *       "title": "Dad's phone",
         *       "locale": "en"
         *     }
         */
        "application/json": {
          requesterName: string;
          /**
           * @default en
           * @enum {string}
           */
          locale?: "en" | "id" | "ph";
          title: string;
        };
      };
    };
    responses: {
      /** @description Stored and sent (or, for a link, created): `link` is the recipient's consent page. */
      200: {
        headers: {
          /** @description `true` when this is the kept answer to an earlier request with the same `Idempotency-Key`. */
          "Idempotency-Replayed"?: "true";
          /** @description The request's id, as the server's log names it (a trusted proxy's own when it sent a well-formed one): quote it when reporting a problem. */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            status: 200;
            /** @description For people, in the Accept-Language language: `success`, or what went wrong. */
            message: string;
            error: null;
            data: components["schemas"]["RequestCreated"];
          };
        };
      };
      /** @description A missing or malformed APP header, malformed JSON, a field of the wrong type or size (named), or a value the domain refuses (its own message). */
      400: {
        headers: {
          /** @description `true` when this is the kept answer to an earlier request with the same `Idempotency-Key`. */
          "Idempotency-Replayed"?: "true";
          /** @description The request's id, as the server's log names it (a trusted proxy's own when it sent a well-formed one): quote it when reporting a problem. */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Failure400"];
        };
      };
      /** @description The token is missing, expired or revoked (signed out): sign in again. */
      401: {
        headers: {
          /** @description `true` when this is the kept answer to an earlier request with the same `Idempotency-Key`. */
          "Idempotency-Replayed"?: "true";
          /** @description The request's id, as the server's log names it (a trusted proxy's own when it sent a well-formed one): quote it when reporting a problem. */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Failure401"];
        };
      };
      /** @description The subscription gives no access (expired, or never bought): a web client opens /dashboard/?s=-1&at=10. */
      403: {
        headers: {
          /** @description `true` when this is the kept answer to an earlier request with the same `Idempotency-Key`. */
          "Idempotency-Replayed"?: "true";
          /** @description The request's id, as the server's log names it (a trusted proxy's own when it sent a well-formed one): quote it when reporting a problem. */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Failure403"];
        };
      };
      /** @description Another method than POST; `Allow` names the methods the route answers. */
      405: {
        headers: {
          /** @description The methods this path answers. */
          Allow: string;
          /** @description `true` when this is the kept answer to an earlier request with the same `Idempotency-Key`. */
          "Idempotency-Replayed"?: "true";
          /** @description The request's id, as the server's log names it (a trusted proxy's own when it sent a well-formed one): quote it when reporting a problem. */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Failure405"];
        };
      };
      /** @description The body is larger than 64 KB: refused while it streams, with `Connection: close` (a declared `Content-Length` is refused before a byte is read). */
      413: {
        headers: {
          /** @description `true` when this is the kept answer to an earlier request with the same `Idempotency-Key`. */
          "Idempotency-Replayed"?: "true";
          /** @description The request's id, as the server's log names it (a trusted proxy's own when it sent a well-formed one): quote it when reporting a problem. */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Failure413"];
        };
      };
      /** @description The body is not JSON (`Content-Type` is not application/json). */
      415: {
        headers: {
          /** @description `true` when this is the kept answer to an earlier request with the same `Idempotency-Key`. */
          "Idempotency-Replayed"?: "true";
          /** @description The request's id, as the server's log names it (a trusted proxy's own when it sent a well-formed one): quote it when reporting a problem. */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Failure415"];
        };
      };
      /** @description The `Idempotency-Key` was used in the last 24 hours with another request (another body or route). Use a new key for a new request. */
      422: {
        headers: {
          /** @description `true` when this is the kept answer to an earlier request with the same `Idempotency-Key`. */
          "Idempotency-Replayed"?: "true";
          /** @description The request's id, as the server's log names it (a trusted proxy's own when it sent a well-formed one): quote it when reporting a problem. */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Failure422"];
        };
      };
      /** @description One link per three hours per account. `Retry-After` and `data` say when. */
      429: {
        headers: {
          /** @description Seconds to wait before trying again. */
          "Retry-After": number;
          /** @description `true` when this is the kept answer to an earlier request with the same `Idempotency-Key`. */
          "Idempotency-Replayed"?: "true";
          /** @description The request's id, as the server's log names it (a trusted proxy's own when it sent a well-formed one): quote it when reporting a problem. */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            status: 429;
            /** @description For people, in the Accept-Language language: `success`, or what went wrong. */
            message: string;
            /** @description The same text as `message`. */
            error: string;
            data: components["schemas"]["Limited"];
            code: components["schemas"]["ErrorCode"];
            /** @description The input the failure concerns (a body field, query or path parameter), or null. */
            field: string | null;
          };
        };
      };
    };
  };
  listRequests: {
    parameters: {
      query?: {
        channel?: "sms" | "email" | "link";
        /** @description true: only requests whose recipient shared a position. */
        located?: "true" | "false";
        /**
         * @deprecated
         * @description Page number (counted from the newest). Kept for existing clients; `cursor` is cheaper on long histories.
         */
        page?: number;
        /** @description `nextCursor` (older requests) or `prevCursor` (newer) of a page already read; `page` is then ignored. */
        cursor?: string;
        pageSize?: number;
      };
      header: {
        /** @description Your application id (the `app` security scheme). */
        APP: string;
        /** @description `Bearer <token>` from sign-in (the `token` security scheme). */
        Authorization: string;
        /** @description The messages' language: en, id or fil (ph); English otherwise. */
        "Accept-Language"?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description One page. */
      200: {
        headers: {
          /** @description The request's id, as the server's log names it (a trusted proxy's own when it sent a well-formed one): quote it when reporting a problem. */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            status: 200;
            /** @description For people, in the Accept-Language language: `success`, or what went wrong. */
            message: string;
            error: null;
            data: components["schemas"]["RequestPage"];
          };
        };
      };
      /** @description A missing or malformed APP header, or a query value out of range (named). */
      400: {
        headers: {
          /** @description The request's id, as the server's log names it (a trusted proxy's own when it sent a well-formed one): quote it when reporting a problem. */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Failure400"];
        };
      };
      /** @description The token is missing, expired or revoked (signed out): sign in again. */
      401: {
        headers: {
          /** @description The request's id, as the server's log names it (a trusted proxy's own when it sent a well-formed one): quote it when reporting a problem. */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Failure401"];
        };
      };
      /** @description Another method than GET; `Allow` names the methods the route answers. */
      405: {
        headers: {
          /** @description The methods this path answers. */
          Allow: string;
          /** @description The request's id, as the server's log names it (a trusted proxy's own when it sent a well-formed one): quote it when reporting a problem. */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Failure405"];
        };
      };
    };
  };
  getRequest: {
    parameters: {
      query?: never;
      header: {
        /** @description Your application id (the `app` security scheme). */
        APP: string;
        /** @description `Bearer <token>` from sign-in (the `token` security scheme). */
        Authorization: string;
        /** @description The messages' language: en, id or fil (ph); English otherwise. */
        "Accept-Language"?: string;
      };
      path: {
        /**
         * @description The request's `id` from its creation or the list.
         * @example cmi9x0abc0001
         */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The request. An approximate (`ip_located`) position is an area: use `accuracyMeters` as its radius, never a pin. */
      200: {
        headers: {
          /** @description The request's id, as the server's log names it (a trusted proxy's own when it sent a well-formed one): quote it when reporting a problem. */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            status: 200;
            /** @description For people, in the Accept-Language language: `success`, or what went wrong. */
            message: string;
            error: null;
            data: components["schemas"]["LocationRequest"];
          };
        };
      };
      /** @description A missing or malformed APP header. */
      400: {
        headers: {
          /** @description The request's id, as the server's log names it (a trusted proxy's own when it sent a well-formed one): quote it when reporting a problem. */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Failure400"];
        };
      };
      /** @description The token is missing, expired or revoked (signed out): sign in again. */
      401: {
        headers: {
          /** @description The request's id, as the server's log names it (a trusted proxy's own when it sent a well-formed one): quote it when reporting a problem. */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Failure401"];
        };
      };
      /** @description No such request in this account (another account's id answers the same). */
      404: {
        headers: {
          /** @description The request's id, as the server's log names it (a trusted proxy's own when it sent a well-formed one): quote it when reporting a problem. */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Failure404"];
        };
      };
      /** @description Another method than GET; `Allow` names the methods the route answers. */
      405: {
        headers: {
          /** @description The methods this path answers. */
          Allow: string;
          /** @description The request's id, as the server's log names it (a trusted proxy's own when it sent a well-formed one): quote it when reporting a problem. */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Failure405"];
        };
      };
    };
  };
  deviceReport: {
    parameters: {
      query?: never;
      header: {
        /** @description Your application id (the `app` security scheme). */
        APP: string;
        /** @description The messages' language: en, id or fil (ph); English otherwise. */
        "Accept-Language"?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "visitorId": "3f2a9c1e5b7d40a8b6c2e9f1a0d4c7b3",
         *       "userAgent": "Mozilla/5.0 (Linux; Android 14)",
         *       "osName": "Android",
         *       "osVersion": "14",
         *       "browserName": "Chrome",
         *       "browserVersion": "131.0.0.0",
         *       "deviceType": "mobile",
         *       "deviceBrand": "Samsung",
         *       "deviceModel": "SM-A546E",
         *       "pageUrl": "https://example.com/?source=fb",
         *       "referrerUrl": "",
         *       "source": "fb",
         *       "visitTime": "2026-11-22T01:00:00.000Z"
         *     }
         */
        "application/json": {
          visitorId: "" | string;
          userAgent: string;
          osName: string;
          osVersion: string;
          browserName: string;
          browserVersion: string;
          /** @enum {string} */
          deviceType: "tablet" | "mobile" | "desktop";
          deviceBrand: string;
          deviceModel: string;
          /** Format: uri */
          pageUrl: string;
          referrerUrl: "" | string;
          source: string;
          /** Format: date-time */
          visitTime: string;
        };
      };
    };
    responses: {
      /** @description Stored. */
      200: {
        headers: {
          /** @description The request's id, as the server's log names it (a trusted proxy's own when it sent a well-formed one): quote it when reporting a problem. */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            status: 200;
            /** @description For people, in the Accept-Language language: `success`, or what went wrong. */
            message: string;
            error: null;
            data: components["schemas"]["Saved"];
          };
        };
      };
      /** @description A missing or malformed APP header, malformed JSON, or a missing, unknown or bad field (named). */
      400: {
        headers: {
          /** @description The request's id, as the server's log names it (a trusted proxy's own when it sent a well-formed one): quote it when reporting a problem. */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Failure400"];
        };
      };
      /** @description Another method than POST; `Allow` names the methods the route answers. */
      405: {
        headers: {
          /** @description The methods this path answers. */
          Allow: string;
          /** @description The request's id, as the server's log names it (a trusted proxy's own when it sent a well-formed one): quote it when reporting a problem. */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Failure405"];
        };
      };
      /** @description The body is larger than 64 KB: refused while it streams, with `Connection: close` (a declared `Content-Length` is refused before a byte is read). */
      413: {
        headers: {
          /** @description The request's id, as the server's log names it (a trusted proxy's own when it sent a well-formed one): quote it when reporting a problem. */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Failure413"];
        };
      };
      /** @description The body is not JSON (`Content-Type` is not application/json). */
      415: {
        headers: {
          /** @description The request's id, as the server's log names it (a trusted proxy's own when it sent a well-formed one): quote it when reporting a problem. */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Failure415"];
        };
      };
      /** @description Past a limit: `Retry-After` says in how many seconds to try again, the message says it for people. */
      429: {
        headers: {
          /** @description Seconds to wait before trying again. */
          "Retry-After": number;
          /** @description The request's id, as the server's log names it (a trusted proxy's own when it sent a well-formed one): quote it when reporting a problem. */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Failure429"];
        };
      };
    };
  };
  getRequestTrail: {
    parameters: {
      query?: {
        /** @description `nextAfter` of a page already read: only positions recorded after it. Omit for the oldest kept. */
        after?: string;
        limit?: number;
      };
      header: {
        /** @description Your application id (the `app` security scheme). */
        APP: string;
        /** @description `Bearer <token>` from sign-in (the `token` security scheme). */
        Authorization: string;
        /** @description The messages' language: en, id or fil (ph); English otherwise. */
        "Accept-Language"?: string;
      };
      path: {
        /**
         * @description The request's `id`.
         * @example cmi9x0abc0001
         */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description One page of the trail. */
      200: {
        headers: {
          /** @description The request's id, as the server's log names it (a trusted proxy's own when it sent a well-formed one): quote it when reporting a problem. */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            status: 200;
            /** @description For people, in the Accept-Language language: `success`, or what went wrong. */
            message: string;
            error: null;
            data: components["schemas"]["TrailPage"];
          };
        };
      };
      /** @description A missing or malformed APP header, or a query value out of range (named). */
      400: {
        headers: {
          /** @description The request's id, as the server's log names it (a trusted proxy's own when it sent a well-formed one): quote it when reporting a problem. */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Failure400"];
        };
      };
      /** @description The token is missing, expired or revoked (signed out): sign in again. */
      401: {
        headers: {
          /** @description The request's id, as the server's log names it (a trusted proxy's own when it sent a well-formed one): quote it when reporting a problem. */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Failure401"];
        };
      };
      /** @description No such request in this account (another account's id answers the same). */
      404: {
        headers: {
          /** @description The request's id, as the server's log names it (a trusted proxy's own when it sent a well-formed one): quote it when reporting a problem. */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Failure404"];
        };
      };
      /** @description Another method than GET; `Allow` names the methods the route answers. */
      405: {
        headers: {
          /** @description The methods this path answers. */
          Allow: string;
          /** @description The request's id, as the server's log names it (a trusted proxy's own when it sent a well-formed one): quote it when reporting a problem. */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Failure405"];
        };
      };
    };
  };
  lookup: {
    parameters: {
      query: {
        /** @description E.164 (+639171234567), or national with `country`. */
        number: string;
        /** @description An ISO 3166 region (PH) or a dial code (+63) for a national number. */
        country?: string;
      };
      header: {
        /** @description Your application id (the `app` security scheme). */
        APP: string;
        /** @description `Bearer <token>` from sign-in, when signed in; an invalid one answers 401. */
        Authorization?: string;
        /** @description The messages' language: en, id or fil (ph); English otherwise. */
        "Accept-Language"?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description What is known of the number. */
      200: {
        headers: {
          /** @description The request's id, as the server's log names it (a trusted proxy's own when it sent a well-formed one): quote it when reporting a problem. */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            status: 200;
            /** @description For people, in the Accept-Language language: `success`, or what went wrong. */
            message: string;
            error: null;
            data: components["schemas"]["Lookup"];
          };
        };
      };
      /** @description A missing or malformed APP header, no number, or one that is not valid. */
      400: {
        headers: {
          /** @description The request's id, as the server's log names it (a trusted proxy's own when it sent a well-formed one): quote it when reporting a problem. */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Failure400"];
        };
      };
      /** @description A token that is expired or revoked (without one, the caller is a visitor). */
      401: {
        headers: {
          /** @description The request's id, as the server's log names it (a trusted proxy's own when it sent a well-formed one): quote it when reporting a problem. */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Failure401"];
        };
      };
      /** @description Another method than GET; `Allow` names the methods the route answers. */
      405: {
        headers: {
          /** @description The methods this path answers. */
          Allow: string;
          /** @description The request's id, as the server's log names it (a trusted proxy's own when it sent a well-formed one): quote it when reporting a problem. */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Failure405"];
        };
      };
    };
  };
  sendVoiceMessage: {
    parameters: {
      query?: never;
      header: {
        /** @description Your application id (the `app` security scheme). */
        APP: string;
        /** @description `Bearer <token>` from sign-in (the `token` security scheme). */
        Authorization: string;
        /** @description The messages' language: en, id or fil (ph); English otherwise. */
        "Accept-Language"?: string;
        /** @description Any unique value of yours (a UUID) to retry this write safely: a repeat with the same key and the same request within 24 hours answers the first answer again (status and body, with `Idempotency-Replayed: true`) without doing the work twice; a repeat while the first still runs waits for it. The same key with another request: 422 `idempotency_key_reused`. Keys are the account's (without a token: the client address's). */
        "Idempotency-Key"?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "senderName": "Ana",
         *       "countryCode": "+63",
         *       "phone": "9171234567",
         *       "message": "Call me when you land."
         *     }
         */
        "application/json": {
          senderName: string;
          /** @default  */
          countryCode?: string;
          phone: string;
          message: string;
          /**
           * @default en
           * @enum {string}
           */
          language?: "en" | "id" | "fil";
          /**
           * @default female
           * @enum {string}
           */
          voice?: "female" | "male";
        };
      };
    };
    responses: {
      /** @description The call is placed; `state` follows the provider's call status. */
      200: {
        headers: {
          /** @description `true` when this is the kept answer to an earlier request with the same `Idempotency-Key`. */
          "Idempotency-Replayed"?: "true";
          /** @description The request's id, as the server's log names it (a trusted proxy's own when it sent a well-formed one): quote it when reporting a problem. */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            status: 200;
            /** @description For people, in the Accept-Language language: `success`, or what went wrong. */
            message: string;
            error: null;
            data: components["schemas"]["VoiceSent"];
          };
        };
      };
      /** @description A missing or malformed APP header, malformed JSON, a field of the wrong type, or a value the domain refuses. */
      400: {
        headers: {
          /** @description `true` when this is the kept answer to an earlier request with the same `Idempotency-Key`. */
          "Idempotency-Replayed"?: "true";
          /** @description The request's id, as the server's log names it (a trusted proxy's own when it sent a well-formed one): quote it when reporting a problem. */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Failure400"];
        };
      };
      /** @description The token is missing, expired or revoked (signed out): sign in again. */
      401: {
        headers: {
          /** @description `true` when this is the kept answer to an earlier request with the same `Idempotency-Key`. */
          "Idempotency-Replayed"?: "true";
          /** @description The request's id, as the server's log names it (a trusted proxy's own when it sent a well-formed one): quote it when reporting a problem. */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Failure401"];
        };
      };
      /** @description The subscription gives no access (expired, or never bought): a web client opens /dashboard/?s=-1&at=10. */
      403: {
        headers: {
          /** @description `true` when this is the kept answer to an earlier request with the same `Idempotency-Key`. */
          "Idempotency-Replayed"?: "true";
          /** @description The request's id, as the server's log names it (a trusted proxy's own when it sent a well-formed one): quote it when reporting a problem. */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Failure403"];
        };
      };
      /** @description Another method than POST; `Allow` names the methods the route answers. */
      405: {
        headers: {
          /** @description The methods this path answers. */
          Allow: string;
          /** @description `true` when this is the kept answer to an earlier request with the same `Idempotency-Key`. */
          "Idempotency-Replayed"?: "true";
          /** @description The request's id, as the server's log names it (a trusted proxy's own when it sent a well-formed one): quote it when reporting a problem. */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Failure405"];
        };
      };
      /** @description The number's owner asked not to receive voice messages. Told only to a sender whose three-hour limit is free, and it uses that limit like a call: a sender who must wait is answered 429 for this number as for any other. */
      409: {
        headers: {
          /** @description `true` when this is the kept answer to an earlier request with the same `Idempotency-Key`. */
          "Idempotency-Replayed"?: "true";
          /** @description The request's id, as the server's log names it (a trusted proxy's own when it sent a well-formed one): quote it when reporting a problem. */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Failure409"];
        };
      };
      /** @description The body is larger than 64 KB: refused while it streams, with `Connection: close` (a declared `Content-Length` is refused before a byte is read). */
      413: {
        headers: {
          /** @description `true` when this is the kept answer to an earlier request with the same `Idempotency-Key`. */
          "Idempotency-Replayed"?: "true";
          /** @description The request's id, as the server's log names it (a trusted proxy's own when it sent a well-formed one): quote it when reporting a problem. */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Failure413"];
        };
      };
      /** @description The body is not JSON (`Content-Type` is not application/json). */
      415: {
        headers: {
          /** @description `true` when this is the kept answer to an earlier request with the same `Idempotency-Key`. */
          "Idempotency-Replayed"?: "true";
          /** @description The request's id, as the server's log names it (a trusted proxy's own when it sent a well-formed one): quote it when reporting a problem. */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Failure415"];
        };
      };
      /** @description The `Idempotency-Key` was used in the last 24 hours with another request (another body or route). Use a new key for a new request. */
      422: {
        headers: {
          /** @description `true` when this is the kept answer to an earlier request with the same `Idempotency-Key`. */
          "Idempotency-Replayed"?: "true";
          /** @description The request's id, as the server's log names it (a trusted proxy's own when it sent a well-formed one): quote it when reporting a problem. */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Failure422"];
        };
      };
      /** @description One voice message per three hours per account; `Retry-After` and `data` say when. */
      429: {
        headers: {
          /** @description Seconds to wait before trying again. */
          "Retry-After": number;
          /** @description `true` when this is the kept answer to an earlier request with the same `Idempotency-Key`. */
          "Idempotency-Replayed"?: "true";
          /** @description The request's id, as the server's log names it (a trusted proxy's own when it sent a well-formed one): quote it when reporting a problem. */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            status: 429;
            /** @description For people, in the Accept-Language language: `success`, or what went wrong. */
            message: string;
            /** @description The same text as `message`. */
            error: string;
            data: components["schemas"]["Limited"];
            code: components["schemas"]["ErrorCode"];
            /** @description The input the failure concerns (a body field, query or path parameter), or null. */
            field: string | null;
          };
        };
      };
      /** @description The call could not be placed (the limit is given back). */
      502: {
        headers: {
          /** @description `true` when this is the kept answer to an earlier request with the same `Idempotency-Key`. */
          "Idempotency-Replayed"?: "true";
          /** @description The request's id, as the server's log names it (a trusted proxy's own when it sent a well-formed one): quote it when reporting a problem. */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Failure502"];
        };
      };
    };
  };
  listVoiceMessages: {
    parameters: {
      query?: {
        /** @description `nextCursor` of a page already read: the page of older messages after it. */
        cursor?: string;
        pageSize?: number;
      };
      header: {
        /** @description Your application id (the `app` security scheme). */
        APP: string;
        /** @description `Bearer <token>` from sign-in (the `token` security scheme). */
        Authorization: string;
        /** @description The messages' language: en, id or fil (ph); English otherwise. */
        "Accept-Language"?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The messages. */
      200: {
        headers: {
          /** @description The request's id, as the server's log names it (a trusted proxy's own when it sent a well-formed one): quote it when reporting a problem. */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {number} */
            status: 200;
            /** @description For people, in the Accept-Language language: `success`, or what went wrong. */
            message: string;
            error: null;
            data: components["schemas"]["VoiceMessages"];
          };
        };
      };
      /** @description A missing or malformed APP header, a query parameter of the wrong type or size (named), or a cursor this list did not give. */
      400: {
        headers: {
          /** @description The request's id, as the server's log names it (a trusted proxy's own when it sent a well-formed one): quote it when reporting a problem. */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Failure400"];
        };
      };
      /** @description The token is missing, expired or revoked (signed out): sign in again. */
      401: {
        headers: {
          /** @description The request's id, as the server's log names it (a trusted proxy's own when it sent a well-formed one): quote it when reporting a problem. */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Failure401"];
        };
      };
      /** @description Another method than GET; `Allow` names the methods the route answers. */
      405: {
        headers: {
          /** @description The methods this path answers. */
          Allow: string;
          /** @description The request's id, as the server's log names it (a trusted proxy's own when it sent a well-formed one): quote it when reporting a problem. */
          "X-Request-Id": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Failure405"];
        };
      };
    };
  };
  locationRequestShared: {
    parameters: {
      query?: never;
      header: {
        /** @description `t=<unix seconds>,v1=<hex>`: the hex HMAC-SHA-256 of `t + "." + rawBody` keyed with the endpoint's signing secret, made at this attempt. Refuse a `t` more than a few minutes from your clock. */
        "Locator-Signature": string;
        "Content-Type": "application/json";
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "id": "evt_3f1c9a0b7e2d4c5a6b7c8d9e",
         *       "object": "event",
         *       "type": "location_request.shared",
         *       "created": 1764345600,
         *       "data": {
         *         "requestId": "cmi9x0abc0001",
         *         "status": "shared_precise",
         *         "precision": "precise"
         *       }
         *     }
         */
        "application/json": components["schemas"]["WebhookEvent"];
      };
    };
    responses: {
      /** @description Any 2xx acknowledges the delivery; its body is not read. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  locationRequestDeclined: {
    parameters: {
      query?: never;
      header: {
        /** @description `t=<unix seconds>,v1=<hex>`: the hex HMAC-SHA-256 of `t + "." + rawBody` keyed with the endpoint's signing secret, made at this attempt. Refuse a `t` more than a few minutes from your clock. */
        "Locator-Signature": string;
        "Content-Type": "application/json";
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "id": "evt_3f1c9a0b7e2d4c5a6b7c8d9e",
         *       "object": "event",
         *       "type": "location_request.declined",
         *       "created": 1764345600,
         *       "data": {
         *         "requestId": "cmi9x0abc0001",
         *         "status": "declined"
         *       }
         *     }
         */
        "application/json": components["schemas"]["WebhookEvent"];
      };
    };
    responses: {
      /** @description Any 2xx acknowledges the delivery; its body is not read. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  locationRequestExpired: {
    parameters: {
      query?: never;
      header: {
        /** @description `t=<unix seconds>,v1=<hex>`: the hex HMAC-SHA-256 of `t + "." + rawBody` keyed with the endpoint's signing secret, made at this attempt. Refuse a `t` more than a few minutes from your clock. */
        "Locator-Signature": string;
        "Content-Type": "application/json";
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "id": "evt_3f1c9a0b7e2d4c5a6b7c8d9e",
         *       "object": "event",
         *       "type": "location_request.expired",
         *       "created": 1764345600,
         *       "data": {
         *         "requestId": "cmi9x0abc0001",
         *         "status": "expired"
         *       }
         *     }
         */
        "application/json": components["schemas"]["WebhookEvent"];
      };
    };
    responses: {
      /** @description Any 2xx acknowledges the delivery; its body is not read. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  locationRequestLiveStarted: {
    parameters: {
      query?: never;
      header: {
        /** @description `t=<unix seconds>,v1=<hex>`: the hex HMAC-SHA-256 of `t + "." + rawBody` keyed with the endpoint's signing secret, made at this attempt. Refuse a `t` more than a few minutes from your clock. */
        "Locator-Signature": string;
        "Content-Type": "application/json";
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "id": "evt_3f1c9a0b7e2d4c5a6b7c8d9e",
         *       "object": "event",
         *       "type": "location_request.live_started",
         *       "created": 1764345600,
         *       "data": {
         *         "requestId": "cmi9x0abc0001",
         *         "status": "shared_precise"
         *       }
         *     }
         */
        "application/json": components["schemas"]["WebhookEvent"];
      };
    };
    responses: {
      /** @description Any 2xx acknowledges the delivery; its body is not read. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  locationRequestLiveEnded: {
    parameters: {
      query?: never;
      header: {
        /** @description `t=<unix seconds>,v1=<hex>`: the hex HMAC-SHA-256 of `t + "." + rawBody` keyed with the endpoint's signing secret, made at this attempt. Refuse a `t` more than a few minutes from your clock. */
        "Locator-Signature": string;
        "Content-Type": "application/json";
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "id": "evt_3f1c9a0b7e2d4c5a6b7c8d9e",
         *       "object": "event",
         *       "type": "location_request.live_ended",
         *       "created": 1764345600,
         *       "data": {
         *         "requestId": "cmi9x0abc0001",
         *         "status": "shared_precise"
         *       }
         *     }
         */
        "application/json": components["schemas"]["WebhookEvent"];
      };
    };
    responses: {
      /** @description Any 2xx acknowledges the delivery; its body is not read. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
}
