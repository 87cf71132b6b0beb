// The one route list. remix.config.js turns every page route into three routes (no prefix = en,
// /id, /ph); the sitemap and the guards read the same list.

/**
 * @typedef {{ path: string, file: string, public?: boolean, sitemap?: boolean }} PageRoute
 * `public`: no sign-in needed (a signed-in visitor goes to the dashboard); public pages are listed in
 * /sitemap.xml unless `sitemap: false`. A public path with a parameter needs its values in
 * app/sitemap.server.ts.
 */

/** @type {PageRoute[]} Page routes, without locale prefix ("" is the home page). */
export const pageRoutes = [
  { path: "", file: "routes/home.tsx", public: true },
  { path: "blog", file: "routes/blog.tsx", public: true },
  { path: "blog/:slug", file: "routes/blog.$slug.tsx", public: true },
  { path: "contact-us", file: "routes/contact-us.tsx", public: true },
  // One module for the text pages; the path picks the content (see the module).
  { path: "about-us", file: "routes/content-page.tsx", public: true },
  { path: "privacy-policy", file: "routes/content-page.tsx", public: true },
  { path: "terms-of-use", file: "routes/content-page.tsx", public: true },
  { path: "cookies-policy", file: "routes/content-page.tsx", public: true },
  { path: "intellectual-property", file: "routes/content-page.tsx", public: true },
  { path: "unsubscribe-and-refund", file: "routes/content-page.tsx", public: true },
  // The e-mailed confirmation link of a refund request: for whoever holds it, signed in or not.
  { path: "unsubscribe-and-refund/confirm", file: "routes/refund-confirm.tsx", sitemap: false },
  { path: "faqs", file: "routes/content-page.tsx", public: true },
  { path: "tracking-phone-number", file: "routes/content-page.tsx", public: true },
  // Open to signed-in users too (subscribers get the full lookup), so it does not send them away.
  { path: "reverse-phone-lookup", file: "routes/reverse-phone-lookup.tsx", public: true },
  // Signed in with an active subscription (the route guards itself).
  { path: "send-voice-message", file: "routes/send-voice-message.tsx" },
  { path: "200", file: "routes/content-page.tsx", public: true },
  // Answers 404 on purpose, so it stays out of the sitemap.
  { path: "404", file: "routes/content-page.tsx", public: true, sitemap: false },
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
  { path: "*", file: "routes/catch-all.tsx" },
];

/** Resource routes (no UI, not localized). */
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
  { path: "sitemap.xml", file: "routes/sitemap.xml.ts" },
  { path: "robots.txt", file: "routes/robots.txt.ts" },
  { path: "api/v1/auth/login", file: "routes/api.v1.auth.login.ts" },
  { path: "api/v1/auth/sendCode", file: "routes/api.v1.auth.send-code.ts" },
  { path: "api/v1/auth/resetPassword", file: "routes/api.v1.auth.reset-password.ts" },
  { path: "api/v1/auth/loginByAuthCode", file: "routes/api.v1.auth.login-by-auth-code.ts" },
  { path: "api/v1/auth/publicKey", file: "routes/api.v1.auth.public-key.ts" },
  { path: "api/v1/personnal/subscribe/info", file: "routes/api.v1.personnal.subscribe.info.ts" },
  { path: "api/v1/personnal/subscribe/cancel", file: "routes/api.v1.personnal.subscribe.cancel.ts" },
  { path: "api/v1/personnal/getPaidAmount", file: "routes/api.v1.personnal.get-paid-amount.ts" },
  { path: "api/v1/personnal/registerQuery/:id", file: "routes/api.v1.personnal.register-query.ts" },
  { path: "api/v1/auth/registerAndSign/:provider", file: "routes/api.v1.auth.register-and-sign.ts" },
  { path: "api/v1/webhooks/:provider", file: "routes/api.v1.webhooks.ts" },
  { path: "payments/checkout", file: "routes/payments.checkout.ts" },
  { path: "api/v1/locate/sendSms", file: "routes/api.v1.locate.send-sms.ts" },
  { path: "api/v1/locate/sendEmail", file: "routes/api.v1.locate.send-email.ts" },
  { path: "api/v1/locate/createLink", file: "routes/api.v1.locate.create-link.ts" },
  { path: "api/v1/locate/requests", file: "routes/api.v1.locate.requests.ts" },
  { path: "api/v1/locate/requests/:id", file: "routes/api.v1.locate.request.ts" },
  { path: "api/v1/locate/userAgent", file: "routes/api.v1.locate.user-agent.ts" },
  { path: "api/v1/lookup", file: "routes/api.v1.lookup.ts" },
  { path: "api/v1/voice/send", file: "routes/api.v1.voice.send.ts" },
  { path: "api/v1/voice/messages", file: "routes/api.v1.voice.messages.ts" },
  // Twilio's callbacks for voice messages (signed with the auth token).
  { path: "voice/status", file: "routes/voice.status.ts" },
  { path: "voice/opt-out", file: "routes/voice.opt-out.ts" },
  { path: "api/v1/*", file: "routes/api.v1.not-found.ts" },
];

/** Page routes that exist only when the embedded providers are in use (never in production). */
export const devRoutes = [{ path: "dev/outbox", file: "routes/dev.outbox.tsx" }];

export const localePrefixes = /** @type {const} */ ({ en: "", id: "id", ph: "ph" });
