// The one route list. remix.config.js turns every page route into three routes (no prefix = en,
// /id, /ph); the sitemap and the guards read the same list.

/**
 * @typedef {{ path: string, file: string, public?: boolean, sitemap?: boolean, tags?: boolean, geolocation?: boolean, formLimit?: number }} PageRoute
 * `public`: no sign-in needed (a signed-in visitor goes to the dashboard); public pages are listed in
 * /sitemap.xml unless `sitemap: false`. A public path with a parameter needs its values in
 * app/sitemap.server.ts.
 * `tags`: the third-party tags (docs/decisions/007) may run on this page after cookie consent; never
 * where a recipient's data is shown. `geolocation`: the page may ask for the browser's position
 * (Permissions-Policy). `formLimit`: bytes a form post may have, when a form needs more than 16 KB.
 * Every page posts forms and takes them only from its own origin (docs/decisions/010).
 */

/**
 * @typedef {"form" | "json" | "callback" | "report"} BodyKind
 * How large a body may be (app/http/policy.ts): a form 16 KB, JSON 64 KB, a provider's callback 1 MB,
 * a browser's CSP report 16 KB.
 * @typedef {"same" | "signed" | "api" | "report"} OriginKind
 * Who may post: `same` only this site's own pages; `signed` a provider, whose signature the route
 * verifies; `api` the JSON API (needs the APP header, which a browser cannot send cross-site without a
 * preflight the server never grants); `report` any browser (CSP reports, only logged).
 * @typedef {{ path: string, file: string, body?: BodyKind, origin?: OriginKind }} ResourceRoute
 * Defaults: `body: "form"`, `origin: "same"`.
 */

/** @type {PageRoute[]} Page routes, without locale prefix ("" is the home page). */
export const pageRoutes = [
  { path: "", file: "routes/home.tsx", public: true, tags: true },
  { path: "blog", file: "routes/blog.tsx", public: true, tags: true },
  { path: "blog/:slug", file: "routes/blog.$slug.tsx", public: true, tags: true },
  { path: "contact-us", file: "routes/contact-us.tsx", public: true, tags: true },
  // One module for the text pages; the path picks the content (see the module).
  { path: "about-us", file: "routes/content-page.tsx", public: true, tags: true },
  { path: "privacy-policy", file: "routes/content-page.tsx", public: true, tags: true },
  { path: "terms-of-use", file: "routes/content-page.tsx", public: true, tags: true },
  { path: "cookies-policy", file: "routes/content-page.tsx", public: true, tags: true },
  { path: "intellectual-property", file: "routes/content-page.tsx", public: true, tags: true },
  { path: "unsubscribe-and-refund", file: "routes/content-page.tsx", public: true, tags: true },
  // The e-mailed confirmation link of a refund request: for whoever holds it, signed in or not.
  { path: "unsubscribe-and-refund/confirm", file: "routes/refund-confirm.tsx", sitemap: false },
  { path: "faqs", file: "routes/content-page.tsx", public: true, tags: true },
  { path: "tracking-phone-number", file: "routes/content-page.tsx", public: true, tags: true },
  // Open to signed-in users too (subscribers get the full lookup), so it does not send them away.
  { path: "reverse-phone-lookup", file: "routes/reverse-phone-lookup.tsx", public: true },
  // Signed in with an active subscription (the route guards itself).
  { path: "send-voice-message", file: "routes/send-voice-message.tsx" },
  { path: "200", file: "routes/content-page.tsx", public: true, tags: true },
  // Answers 404 on purpose, so it stays out of the sitemap.
  { path: "404", file: "routes/content-page.tsx", public: true, tags: true, sitemap: false },
  { path: "dashboard", file: "routes/dashboard.tsx" },
  { path: "dashboard/modules/MySubscription", file: "routes/dashboard.modules.my-subscription.tsx" },
  { path: "dashboard/modules/cancleMySubscriptionModal", file: "routes/dashboard.modules.cancel.tsx" },
  { path: "dashboard/modules/subscriptionExpiredModal", file: "routes/dashboard.modules.expired.tsx" },
  { path: "dashboard/modules/SuccessModal", file: "routes/dashboard.modules.success.tsx" },
  // The user's own review (written by subscribers, published by an operator: scripts/reviews.ts).
  { path: "dashboard/modules/Review", file: "routes/dashboard.modules.review.tsx" },
  // Payment: the buy page (also for renewals, so not "public"), the result page after checkout, and
  // the embedded sandbox provider's hosted checkout.
  { path: "checkout", file: "routes/checkout.tsx" },
  { path: "register", file: "routes/register.tsx", public: true, sitemap: false },
  { path: "checkout/sandbox/:id", file: "routes/checkout.sandbox.$id.tsx", public: true, sitemap: false },
  // The recipient's pages, rendered without hydration (handle.bare) for phones on 2G. Signed-in
  // visitors may open them too (a requester can try their own link); private, so not in the sitemap.
  { path: "share", file: "routes/share.tsx", public: true, sitemap: false },
  { path: "location-failed", file: "routes/location-failed.tsx", public: true, sitemap: false },
  { path: "enter-link", file: "routes/enter-link.tsx", public: true, sitemap: false },
  // The catch-all comes last in spirit; the router ranks it below every static path.
  { path: "*", file: "routes/catch-all.tsx", geolocation: true },
];

/** @type {ResourceRoute[]} Resource routes (no UI, not localized). */
export const resourceRoutes = [
  { path: "set-locale", file: "routes/set-locale.ts" },
  // The cookie banner's choice (Accept / Reject of the optional third-party tags).
  { path: "consent", file: "routes/consent.ts" },
  { path: "auth/login", file: "routes/auth.login.ts" },
  { path: "auth/logout", file: "routes/auth.logout.ts" },
  { path: "auth/send-code", file: "routes/auth.send-code.ts" },
  { path: "auth/reset-password", file: "routes/auth.reset-password.ts" },
  // The open dashboard polls this to learn whether its lists changed.
  { path: "dashboard/live", file: "routes/dashboard.live.ts" },
  // Content-Security-Policy violation reports from browsers: logged, rate-limited per address.
  { path: "csp-report", file: "routes/csp-report.ts", body: "report", origin: "report" },
  { path: "sitemap.xml", file: "routes/sitemap.xml.ts" },
  { path: "robots.txt", file: "routes/robots.txt.ts" },
  { path: "api/v1/auth/login", file: "routes/api.v1.auth.login.ts", body: "json", origin: "api" },
  { path: "api/v1/auth/sendCode", file: "routes/api.v1.auth.send-code.ts", body: "json", origin: "api" },
  { path: "api/v1/auth/resetPassword", file: "routes/api.v1.auth.reset-password.ts", body: "json", origin: "api" },
  { path: "api/v1/auth/loginByAuthCode", file: "routes/api.v1.auth.login-by-auth-code.ts", body: "json", origin: "api" },
  { path: "api/v1/auth/publicKey", file: "routes/api.v1.auth.public-key.ts", body: "json", origin: "api" },
  { path: "api/v1/personnal/subscribe/info", file: "routes/api.v1.personnal.subscribe.info.ts", body: "json", origin: "api" },
  { path: "api/v1/personnal/subscribe/cancel", file: "routes/api.v1.personnal.subscribe.cancel.ts", body: "json", origin: "api" },
  { path: "api/v1/personnal/getPaidAmount", file: "routes/api.v1.personnal.get-paid-amount.ts", body: "json", origin: "api" },
  { path: "api/v1/personnal/registerQuery/:id", file: "routes/api.v1.personnal.register-query.ts", body: "json", origin: "api" },
  { path: "api/v1/auth/registerAndSign/:provider", file: "routes/api.v1.auth.register-and-sign.ts", body: "json", origin: "api" },
  { path: "api/v1/webhooks/:provider", file: "routes/api.v1.webhooks.ts", body: "callback", origin: "signed" },
  { path: "payments/checkout", file: "routes/payments.checkout.ts" },
  { path: "api/v1/locate/sendSms", file: "routes/api.v1.locate.send-sms.ts", body: "json", origin: "api" },
  { path: "api/v1/locate/sendEmail", file: "routes/api.v1.locate.send-email.ts", body: "json", origin: "api" },
  { path: "api/v1/locate/createLink", file: "routes/api.v1.locate.create-link.ts", body: "json", origin: "api" },
  { path: "api/v1/locate/requests", file: "routes/api.v1.locate.requests.ts", body: "json", origin: "api" },
  { path: "api/v1/locate/requests/:id", file: "routes/api.v1.locate.request.ts", body: "json", origin: "api" },
  { path: "api/v1/locate/userAgent", file: "routes/api.v1.locate.user-agent.ts", body: "json", origin: "api" },
  { path: "api/v1/lookup", file: "routes/api.v1.lookup.ts", body: "json", origin: "api" },
  { path: "api/v1/voice/send", file: "routes/api.v1.voice.send.ts", body: "json", origin: "api" },
  { path: "api/v1/voice/messages", file: "routes/api.v1.voice.messages.ts", body: "json", origin: "api" },
  // Twilio's callbacks for voice messages (signed with the auth token).
  { path: "voice/status", file: "routes/voice.status.ts", body: "callback", origin: "signed" },
  { path: "voice/opt-out", file: "routes/voice.opt-out.ts", body: "callback", origin: "signed" },
  // Replies to our SMS (STOP / START / HELP), signed with the auth token (routes/sms.inbound.ts).
  { path: "sms/inbound", file: "routes/sms.inbound.ts", body: "callback", origin: "signed" },
  // One-click unsubscribe (RFC 8058) of request e-mails: mail providers post here with no cookies and
  // no Origin; the key in the URL is the authority (routes/unsubscribe.ts), as a signature is for a callback.
  { path: "unsubscribe/:id", file: "routes/unsubscribe.ts", origin: "signed" },
  { path: "api/v1/*", file: "routes/api.v1.not-found.ts", body: "json", origin: "api" },
];

/** Page routes that exist only when the embedded providers are in use (never in production). */
export const devRoutes = [{ path: "dev/outbox", file: "routes/dev.outbox.tsx" }];

export const localePrefixes = /** @type {const} */ ({ en: "", id: "id", ph: "ph" });
