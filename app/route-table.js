// The one route list. remix.config.js turns every page route into three routes (no prefix = en,
// /id, /ph); the sitemap and the page guards (app/auth/guards.server.ts) read the same list.

/**
 * @typedef {"visitor" | "anyone" | "user" | "subscriber"} Access
 * Who may open a page (its loader and its action alike; tests/security/access.test.ts walks every page):
 * `visitor`: only someone not signed in; a signed-in visitor goes to the dashboard.
 * `anyone`: signed in or not.
 * `user`: signed in (else the home page).
 * `subscriber`: signed in with an active subscription (else the home page, or the expired notice
 * `/dashboard/?s=-1&at=10` for a signed-in user without one). With `expiredReads`, an expired user
 * who has seen that notice may still read the page, never post to it (docs/decisions/013).
 * @typedef {{ path: string, file: string, access: Access, expiredReads?: boolean, sitemap?: boolean, tags?: boolean, geolocation?: boolean, formLimit?: number, sharedRender?: true | "slots" }} PageRoute
 * `visitor` and `anyone` pages are listed in /sitemap.xml unless `sitemap: false`; such a path with a
 * parameter needs its values in app/content/sitemap.server.ts.
 * `tags`: the third-party tags (docs/decisions/007) may run on this page after cookie consent; never
 * where a recipient's data is shown. `geolocation`: the page may ask for the browser's position
 * (Permissions-Policy). `formLimit`: bytes a form post may have, when a form needs more than 16 KB.
 * Every page posts forms and takes them only from its own origin (docs/decisions/010).
 * `sharedRender`: the page is the same for every visitor without a session who sends no query, so one
 * render serves them all for a few seconds (app/http/page-cache.server.ts, docs/decisions/051);
 * `"slots"`: the same, but for a few values each request writes into the render (the consent page of
 * a plain link: the requester's name, its initials, the code; app/recipient/consent-slots.server.ts,
 * docs/decisions/054).
 */

/**
 * @typedef {"form" | "json" | "callback" | "report"} BodyKind
 * How large a body may be (app/http/policy.ts): a form 16 KB, JSON 64 KB, a provider's callback 1 MB,
 * a browser's CSP report 16 KB.
 * @typedef {"same" | "signed" | "api" | "report"} OriginKind
 * Who may post: `same` only this site's own pages; `signed` a provider, whose signature the route
 * verifies; `api` the JSON API (needs the APP header, which a browser cannot send cross-site without a
 * preflight the server never grants); `report` any browser (CSP reports, only logged).
 * @typedef {"GET" | "POST" | "PUT" | "PATCH" | "DELETE"} Method
 * @typedef {{ path: string, file: string, body?: BodyKind, origin?: OriginKind, methods?: Method[] }} ResourceRoute
 * Defaults: `body: "form"`, `origin: "same"`, and `methods` from the module's exports: GET (and HEAD)
 * with a loader, POST with an action. A route whose loader or action only says "405" names the
 * methods it really answers: the edge answers every other method 405 with that `Allow`
 * (app/http/route-methods.ts), so a stub is never reached. A page answers GET and HEAD, and POST when
 * its module has an action.
 */

/** @type {PageRoute[]} Page routes, without locale prefix ("" is the home page). */
export const pageRoutes = [
  { path: "", file: "routes/home.tsx", access: "visitor", tags: true, sharedRender: true },
  { path: "blog", file: "routes/blog.tsx", access: "visitor", tags: true },
  { path: "blog/:slug", file: "routes/blog.$slug.tsx", access: "visitor", tags: true },
  { path: "contact-us", file: "routes/contact-us.tsx", access: "visitor", tags: true },
  // One module for the pages of text only; the path picks the content (see the module).
  { path: "about-us", file: "routes/content-page.tsx", access: "visitor", tags: true },
  { path: "privacy-policy", file: "routes/content-page.tsx", access: "visitor", tags: true },
  { path: "terms-of-use", file: "routes/content-page.tsx", access: "visitor", tags: true },
  { path: "cookies-policy", file: "routes/content-page.tsx", access: "visitor", tags: true },
  { path: "intellectual-property", file: "routes/content-page.tsx", access: "visitor", tags: true },
  // The refund policy, with the refund request form: for a signed-in subscriber too (My Subscription
  // links to it), so it does not send them away (docs/decisions/032).
  { path: "unsubscribe-and-refund", file: "routes/unsubscribe-and-refund.tsx", access: "anyone", tags: true },
  // The e-mailed confirmation link of a refund request: for whoever holds it, signed in or not.
  { path: "unsubscribe-and-refund/confirm", file: "routes/refund-confirm.tsx", access: "anyone", sitemap: false },
  // The account e-mail's link that proves the address (docs/decisions/038): for whoever holds it; only
  // someone signed in to that account confirms.
  { path: "verify-email", file: "routes/verify-email.tsx", access: "anyone", sitemap: false },
  // The signed link under each e-mail about a request: turns those e-mails off, signed in or not; a
  // mail client's one-click unsubscribe (RFC 8058) posts here too (docs/decisions/043).
  { path: "notifications/off", file: "routes/notifications.off.tsx", access: "anyone", sitemap: false },
  { path: "faqs", file: "routes/content-page.tsx", access: "visitor", tags: true },
  { path: "tracking-phone-number", file: "routes/content-page.tsx", access: "visitor", tags: true },
  // Open to signed-in users too (subscribers get the full lookup), so it does not send them away.
  { path: "reverse-phone-lookup", file: "routes/reverse-phone-lookup.tsx", access: "anyone" },
  { path: "send-voice-message", file: "routes/send-voice-message.tsx", access: "subscriber" },
  { path: "200", file: "routes/content-page.tsx", access: "visitor", tags: true },
  // Answers 404 on purpose, so it stays out of the sitemap.
  { path: "404", file: "routes/content-page.tsx", access: "visitor", tags: true, sitemap: false },
  { path: "dashboard", file: "routes/dashboard.tsx", access: "subscriber", expiredReads: true },
  { path: "dashboard/modules/MySubscription", file: "routes/dashboard.modules.my-subscription.tsx", access: "user" },
  {
    path: "dashboard/modules/cancleMySubscriptionModal",
    file: "routes/dashboard.modules.cancel.tsx",
    access: "subscriber",
  },
  // The renewal form: for a signed-in user without an active subscription (a subscriber goes to the dashboard).
  { path: "dashboard/modules/subscriptionExpiredModal", file: "routes/dashboard.modules.expired.tsx", access: "user" },
  { path: "dashboard/modules/SuccessModal", file: "routes/dashboard.modules.success.tsx", access: "subscriber" },
  // The user's own review (written by subscribers, published by an operator: scripts/reviews.ts).
  { path: "dashboard/modules/Review", file: "routes/dashboard.modules.review.tsx", access: "user" },
  // The owner's data (docs/privacy.md): delete the account (the password again), read everything held about it.
  { path: "dashboard/modules/DeleteAccount", file: "routes/dashboard.modules.delete-account.tsx", access: "user" },
  { path: "dashboard/modules/MyData", file: "routes/dashboard.modules.my-data.tsx", access: "user" },
  // The account's settings: e-mails about requests on or off, and their language (docs/decisions/043).
  { path: "dashboard/modules/Settings", file: "routes/dashboard.modules.settings.tsx", access: "user" },
  // The account's webhook endpoints for integrators, their secrets and delivery log (docs/webhooks.md).
  { path: "dashboard/modules/Webhooks", file: "routes/dashboard.modules.webhooks.tsx", access: "user" },
  // Payment: the buy address (the payment dialog over the home page for visitors, the renewal form for
  // expired users, the dashboard for a subscriber), the result page after checkout, and the embedded
  // sandbox provider's hosted checkout.
  { path: "checkout", file: "routes/checkout.tsx", access: "anyone", sitemap: false },
  { path: "register", file: "routes/register.tsx", access: "anyone", sitemap: false },
  { path: "checkout/email", file: "routes/checkout.email.tsx", access: "anyone", sitemap: false },
  { path: "checkout/sandbox/:id", file: "routes/checkout.sandbox.$id.tsx", access: "anyone", sitemap: false },
  // The recipient's pages, rendered without hydration (handle.bare) for phones on 2G. Signed-in
  // visitors may open them too (a requester can try their own link); private, so not in the sitemap.
  // It may ask for the position: live sharing starts there (docs/decisions/046).
  { path: "share", file: "routes/share.tsx", access: "anyone", sitemap: false, geolocation: true },
  // A recipient reports a request as abuse (stored, forwarded to CONTACT_EMAIL, the requester blocked for them).
  { path: "report", file: "routes/report.tsx", access: "anyone", sitemap: false },
  { path: "location-failed", file: "routes/location-failed.tsx", access: "anyone", sitemap: false },
  { path: "enter-link", file: "routes/enter-link.tsx", access: "anyone", sitemap: false },
  // The catch-all: a request's short link opens its consent page; any other address is 'Page not
  // found'. It comes last in spirit; the router ranks it below every static path.
  {
    path: "*",
    file: "routes/consent-page.tsx",
    access: "anyone",
    sitemap: false,
    geolocation: true,
    sharedRender: "slots",
  },
];

/** @type {ResourceRoute[]} Resource routes (no UI, not localized). */
export const resourceRoutes = [
  { path: "set-locale", file: "routes/set-locale.ts" },
  // The cookie banner's choice (Accept / Reject of the optional third-party tags).
  { path: "consent", file: "routes/cookie-consent.ts" },
  { path: "auth/login", file: "routes/auth.login.ts" },
  { path: "auth/logout", file: "routes/auth.logout.ts" },
  { path: "auth/send-code", file: "routes/auth.send-code.ts" },
  { path: "auth/reset-password", file: "routes/auth.reset-password.ts" },
  // The open dashboard polls this to learn whether its lists changed.
  { path: "dashboard/live", file: "routes/dashboard.live.ts" },
  // Download my data: the signed-in owner's data as a JSON file (anyone else is sent home).
  { path: "account/export.json", file: "routes/account.export.ts" },
  // Content-Security-Policy violation reports from browsers: logged, rate-limited per address.
  { path: "csp-report", file: "routes/csp-report.ts", body: "report", origin: "report", methods: ["POST"] },
  // Live sharing from the share page (docs/decisions/046): GET its script, loaded only once chosen, and
  // POST the start; then the updates and the stop (the link id in `c`; both carry the start's secret).
  { path: "share/live", file: "routes/share.live.ts", methods: ["GET", "POST"] },
  { path: "share/live/update", file: "routes/share.live.update.ts", methods: ["POST"] },
  { path: "share/live/stop", file: "routes/share.live.stop.ts", methods: ["POST"] },
  { path: "sitemap.xml", file: "routes/sitemap.xml.ts" },
  { path: "robots.txt", file: "routes/robots.txt.ts" },
  // The installable dashboard (docs/decisions/048): its manifest (`?lang=` for id and ph) and the
  // service worker that shows push notifications. Public and the same for everyone.
  { path: "manifest.webmanifest", file: "routes/manifest.webmanifest.ts" },
  { path: "sw.js", file: "routes/sw.js.ts" },
  // The OpenAPI document of every api/v1 route below (app/api/openapi: each one must be described there).
  { path: "api/v1/openapi.json", file: "routes/api.v1.openapi.ts", body: "json", origin: "api", methods: ["GET"] },
  { path: "api/v1/auth/login", file: "routes/api.v1.auth.login.ts", body: "json", origin: "api", methods: ["POST"] },
  {
    path: "api/v1/auth/sendCode",
    file: "routes/api.v1.auth.send-code.ts",
    body: "json",
    origin: "api",
    methods: ["POST"],
  },
  {
    path: "api/v1/auth/resetPassword",
    file: "routes/api.v1.auth.reset-password.ts",
    body: "json",
    origin: "api",
    methods: ["POST"],
  },
  {
    path: "api/v1/auth/loginByAuthCode",
    file: "routes/api.v1.auth.login-by-auth-code.ts",
    body: "json",
    origin: "api",
    methods: ["POST"],
  },
  {
    path: "api/v1/auth/publicKey",
    file: "routes/api.v1.auth.public-key.ts",
    body: "json",
    origin: "api",
    methods: ["GET"],
  },
  {
    path: "api/v1/personnal/subscribe/info",
    file: "routes/api.v1.personnal.subscribe.info.ts",
    body: "json",
    origin: "api",
    methods: ["GET"],
  },
  {
    path: "api/v1/personnal/subscribe/cancel",
    file: "routes/api.v1.personnal.subscribe.cancel.ts",
    body: "json",
    origin: "api",
    methods: ["POST"],
  },
  // The owner's data (docs/privacy.md): DELETE deletes the account, export answers everything held about it.
  {
    path: "api/v1/personnal/account",
    file: "routes/api.v1.personnal.account.ts",
    body: "json",
    origin: "api",
    methods: ["DELETE"],
  },
  {
    path: "api/v1/personnal/account/export",
    file: "routes/api.v1.personnal.account.export.ts",
    body: "json",
    origin: "api",
    methods: ["GET"],
  },
  {
    path: "api/v1/personnal/getPaidAmount",
    file: "routes/api.v1.personnal.get-paid-amount.ts",
    body: "json",
    origin: "api",
    methods: ["POST"],
  },
  {
    path: "api/v1/personnal/registerQuery/:id",
    file: "routes/api.v1.personnal.register-query.ts",
    body: "json",
    origin: "api",
    methods: ["GET"],
  },
  // Webhook endpoints for integrators (docs/webhooks.md): the account's signed event deliveries.
  {
    path: "api/v1/personnal/webhookEndpoints",
    file: "routes/api.v1.personnal.webhook-endpoints.ts",
    body: "json",
    origin: "api",
    methods: ["GET", "POST"],
  },
  {
    path: "api/v1/personnal/webhookEndpoints/:id",
    file: "routes/api.v1.personnal.webhook-endpoint.ts",
    body: "json",
    origin: "api",
    methods: ["GET", "DELETE"],
  },
  {
    path: "api/v1/personnal/webhookEndpoints/:id/deliveries",
    file: "routes/api.v1.personnal.webhook-endpoint.deliveries.ts",
    body: "json",
    origin: "api",
    methods: ["GET"],
  },
  {
    path: "api/v1/personnal/webhookEndpoints/:id/rollSecret",
    file: "routes/api.v1.personnal.webhook-endpoint.roll-secret.ts",
    body: "json",
    origin: "api",
    methods: ["POST"],
  },
  {
    path: "api/v1/personnal/webhookEndpoints/:id/enable",
    file: "routes/api.v1.personnal.webhook-endpoint.enable.ts",
    body: "json",
    origin: "api",
    methods: ["POST"],
  },
  {
    path: "api/v1/auth/registerAndSign/:provider",
    file: "routes/api.v1.auth.register-and-sign.ts",
    body: "json",
    origin: "api",
    methods: ["POST"],
  },
  {
    path: "api/v1/webhooks/:provider",
    file: "routes/api.v1.webhooks.ts",
    body: "callback",
    origin: "signed",
    methods: ["POST"],
  },
  { path: "payments/checkout", file: "routes/payments.checkout.ts" },
  {
    path: "api/v1/locate/sendSms",
    file: "routes/api.v1.locate.send-sms.ts",
    body: "json",
    origin: "api",
    methods: ["POST"],
  },
  {
    path: "api/v1/locate/sendEmail",
    file: "routes/api.v1.locate.send-email.ts",
    body: "json",
    origin: "api",
    methods: ["POST"],
  },
  {
    path: "api/v1/locate/createLink",
    file: "routes/api.v1.locate.create-link.ts",
    body: "json",
    origin: "api",
    methods: ["POST"],
  },
  {
    path: "api/v1/locate/requests",
    file: "routes/api.v1.locate.requests.ts",
    body: "json",
    origin: "api",
    methods: ["GET"],
  },
  {
    path: "api/v1/locate/requests/:id",
    file: "routes/api.v1.locate.request.ts",
    body: "json",
    origin: "api",
    methods: ["GET"],
  },
  // A live share's trail, paged by key (docs/decisions/049).
  {
    path: "api/v1/locate/requests/:id/trail",
    file: "routes/api.v1.locate.request-trail.ts",
    body: "json",
    origin: "api",
    methods: ["GET"],
  },
  {
    path: "api/v1/locate/userAgent",
    file: "routes/api.v1.locate.user-agent.ts",
    body: "json",
    origin: "api",
    methods: ["POST"],
  },
  { path: "api/v1/lookup", file: "routes/api.v1.lookup.ts", body: "json", origin: "api", methods: ["GET"] },
  { path: "api/v1/voice/send", file: "routes/api.v1.voice.send.ts", body: "json", origin: "api", methods: ["POST"] },
  {
    path: "api/v1/voice/messages",
    file: "routes/api.v1.voice.messages.ts",
    body: "json",
    origin: "api",
    methods: ["GET"],
  },
  // Twilio's callbacks for voice messages (signed with the auth token).
  { path: "voice/status", file: "routes/voice.status.ts", body: "callback", origin: "signed", methods: ["POST"] },
  { path: "voice/opt-out", file: "routes/voice.opt-out.ts", body: "callback", origin: "signed", methods: ["POST"] },
  // Replies to our SMS (STOP / START / HELP), signed with the auth token (routes/sms.inbound.ts).
  { path: "sms/inbound", file: "routes/sms.inbound.ts", body: "callback", origin: "signed", methods: ["POST"] },
  // Delivery reports of location requests' messages: Twilio's SMS StatusCallback (signed with the auth
  // token) and SendGrid's Event Webhook (signed with ECDSA, SENDGRID_WEBHOOK_PUBLIC_KEY): docs/decisions/035.
  { path: "sms/status", file: "routes/sms.status.ts", body: "callback", origin: "signed", methods: ["POST"] },
  { path: "email/events", file: "routes/email.events.ts", body: "callback", origin: "signed", methods: ["POST"] },
  // One-click unsubscribe (RFC 8058) of request e-mails: mail providers post here with no cookies and
  // no Origin; the key in the URL is the authority (routes/unsubscribe.ts), as a signature is for a callback.
  { path: "unsubscribe/:id", file: "routes/unsubscribe.ts", origin: "signed" },
  { path: "api/v1/*", file: "routes/api.v1.not-found.ts", body: "json", origin: "api" },
];

/** @type {PageRoute[]} Page routes that exist only when the embedded providers are in use (never in production). */
export const devRoutes = [{ path: "dev/outbox", file: "routes/dev.outbox.tsx", access: "anyone", sitemap: false }];

export { localePrefixes } from "./i18n/locale-prefixes.js";

/**
 * The id Remix gives a page route in one language (remix.config.js): `en:dashboard`, `id:index`. The
 * HTTP edge, the page guards and the page headers find a request's route by this id, from what Remix
 * matched (app/http/route-match.server.ts), never by comparing paths themselves.
 * @param {string} locale
 * @param {string} path
 */
export const pageRouteId = (locale, path) => `${locale}:${path || "index"}`;

/**
 * The id of a resource route: its path.
 * @param {string} path
 */
export const resourceRouteId = (path) => path;
